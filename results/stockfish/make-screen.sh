#!/bin/sh
# Issue 61's worth table at node budgets: every switch of Stockfish 15.1
# (from its source with stockfish.patch; profile stockfish), at 10,000 and
# then 40,000 nodes a move, in two parts at each budget:
# - the four that weigh most, one match each (leave-one-out): the groups
#   LMR and pruning at shallow depth (~98 Elo each in search.cpp),
#   extensions (~66), and TT cutoffs (5.4 million bench nodes without them,
#   against 3.5). In a pool, a pair that takes one of them out is all but
#   lost whatever else it takes out, and says little of the others;
# - the other 38 from one screening of games: each pair plays Stockfish
#   without k of them (drawn by the design from --seed) against
#   Stockfish whole. The steps inside the groups are in it, with their
#   groups on.
# Each until its 95% interval is within ±15 Elo at 10,000 nodes and ±20
# at 40,000 (--precision), or the cap. Node-limited Stockfish at
# Threads=1 is deterministic (a new process a game): the same games on any
# machine and at any -j, so this may run beside other work. Run again to
# resume; journals are stored gzipped.
set -e
cd "$(dirname "$0")/../.."
ablate=${ABLATE:-go run -buildvcs=true ./cmd/ablate}
src=${STOCKFISH_SRC:-../shared/engines/stockfish-sf_15.1.tar.xz}
heavy=lmr,shallow-pruning,extensions,tt-cutoffs
rest=mdp,tt-hit-history,tt-hit-bonus,tt-hit-prior-penalty,tt-hit-malus,tt-eval,eval-diff-history,razoring,rfp,nmp,probcut,iir,iir-cut,probcut-check,lmp,futility-captures,see-prune-noisy,history-prune,futility,see-prune-quiet,singular,singular-double,singular-negative,multi-cut,check-ext,quiet-tt-ext,tt-pv,lmr-opp-moves,cut-node,tt-capture,lmr-singular,lmr-threat,history-lmr,aspiration,qs-tt-eval,delta,qs-see,qs-history-prune
common="--engine-src $src --profile stockfish --tree-depth 10 --openings openings --openings-order random --seed 61 -j ${JOBS:-1} --quiet --format markdown"

. results/journal.sh

for budget in 10000:15 40000:20; do
  nodes=${budget%:*} precision=${budget#*:}
  playworth results/stockfish/heavy-n$nodes --leave-one-out $heavy --nodes $nodes \
    --pairs 2000 --precision $precision $common
  playworth results/stockfish/screen-n$nodes --design screening --leave-one-out $rest \
    --prior-elo 15 --nodes $nodes --pairs 30000 --precision $precision $common
done
