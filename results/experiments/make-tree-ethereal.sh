#!/bin/sh
# Issue 38's tree table: Ethereal 12.00 (from its source, with
# ethereal.patch) and ablate's full, each with one switch of its search
# off at a time, on the bench suite at depth 10: the nodes each step saves
# at a fixed depth, the two engines side by side. The table pairs the
# switches that are the same idea (docs/engines.md). Node counts are
# deterministic; times come from a busy machine and are not the point.
# Run again to resume either run.
set -e
cd "$(dirname "$0")/../.."
ablate=${ABLATE:-go run -buildvcs=true ./cmd/ablate}
src=${ETHEREAL_SRC:-../shared/engines/ethereal-chess_12.00+ds1.orig.tar.xz}
$ablate run --engine-src "$src" --profile ethereal -p bench -d 10 \
  --leave-one-out tt-cutoffs,mdp,rfp,nmp,probcut,futility,futility-no-history,lmp,counter-move-pruning,follow-up-pruning,see-prune-quiet,see-prune-noisy,lmr,check-ext,history-ext,singular,multi-cut,history-updates,aspiration,delta \
  -j "${JOBS:-1}" --quiet --format markdown --out results/experiments/tree-ethereal
$ablate run -p bench -d 10 \
  --leave-one-out mdp,rfp,nmp,probcut,futility,lmp,history-prune,see-prune,lmr,check-ext,singular,multi-cut,aspiration,delta \
  -j "${JOBS:-1}" --quiet --format markdown --out results/experiments/tree-ablate
