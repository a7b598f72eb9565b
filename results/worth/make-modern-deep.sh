#!/bin/sh
# Issue 26's three modern techniques that weigh most at 10,000 nodes a move
# (results/worth/modern: SEE pruning -49 Elo, the null move's threat +38,
# singular extensions +26, each taken out of full), taken out of full again
# at 40,000 nodes a move: does each weigh the same four times deeper? Each
# match stops at +/-15 Elo (95%) or at 400 pairs; the openings suite in a
# seeded random order, as at 10,000. Stored in results/worth/modern-deep.
# Run again to resume: worth finishes the cells begun and reuses those done.
set -e
cd "$(dirname "$0")/../.."
ablate=${ABLATE:-go run -buildvcs=true ./cmd/ablate}
$ablate worth --leave-one-out see-prune,nmp-threat,singular --nodes 40000 --precision 15 --pairs 400 \
  --openings openings --openings-order random --seed 1 -j "${JOBS:-2}" --quiet --format markdown \
  --out results/worth/modern-deep > results/worth/modern-deep.md
