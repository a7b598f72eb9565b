#!/bin/sh
# Issue 61's tree table: Stockfish 15.1 (from its source with
# stockfish.patch; profile stockfish) with one step of its search taken
# out at a time, on the bench suite at depth 10 (the depth and positions
# of ablate's and Ethereal's tree runs, results/experiments/tree-ablate
# and tree-ethereal) and at depth 13 (the depth of Stockfish's own
# bench): the nodes each step saves at a fixed depth. Node counts are
# deterministic; times come from a busy machine and are not the point.
# Run again to resume either run; an unfinished run's journal is stored
# gzipped.
set -e
cd "$(dirname "$0")/../.."
ablate=${ABLATE:-go run -buildvcs=true ./cmd/ablate}
src=${STOCKFISH_SRC:-../shared/engines/stockfish-sf_15.1.tar.xz}
. results/journal.sh
steps=mdp,tt-cutoffs,tt-hit-history,tt-hit-bonus,tt-hit-prior-penalty,tt-hit-malus,tt-eval,eval-diff-history,razoring,rfp,nmp,probcut,iir,iir-cut,probcut-check,shallow-pruning,lmp,futility-captures,see-prune-noisy,history-prune,futility,see-prune-quiet,extensions,singular,singular-double,singular-negative,multi-cut,check-ext,quiet-tt-ext,lmr,tt-pv,lmr-opp-moves,cut-node,tt-capture,lmr-singular,lmr-threat,history-lmr,aspiration,qs-tt-eval,delta,qs-see,qs-history-prune
$ablate run --engine-src "$src" --profile stockfish -p bench -d 10 --leave-one-out $steps \
  -j "${JOBS:-1}" --quiet --format markdown --out results/stockfish/tree-d10
# At depth 13 the jobs are ordered by depth 10's times (--estimates), not
# by a shallow pass of their own: for an engine started afresh for every
# search that pass alone takes longer than depth 10's whole run.
unpack results/stockfish/tree-d13/records.jsonl
status=0
$ablate run --engine-src "$src" --profile stockfish -p bench -d 13 --leave-one-out $steps \
  --estimates results/stockfish/tree-d10 -j "${JOBS:-1}" --quiet --format markdown --out results/stockfish/tree-d13 || status=$?
pack results/stockfish/tree-d13/records.jsonl
exit $status
