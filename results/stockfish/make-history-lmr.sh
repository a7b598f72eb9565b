#!/bin/sh
# Issue 61: the one note of 20 Elo or more ablate's fishtest-budget table
# does not reproduce, LMR's history adjustment (~30; -10.4 +/- 15.0 at
# 10+0.1@960, results/stockfish/fishtest-tc), taken out one at a time at
# 10,000 and 40,000 nodes a move, as the four heaviest steps were
# (make-screen.sh's heavy rows: the same openings, order and seed), to see
# whether its worth moves toward the note as the budget grows (the budget
# explains the gap) or not. Node-limited, so the games are the same at any
# load. Run again to resume; journals are stored gzipped.
set -e
cd "$(dirname "$0")/../.."
ablate=${ABLATE:-go run -buildvcs=true ./cmd/ablate}
src=${STOCKFISH_SRC:-../shared/engines/stockfish-sf_15.1.tar.xz}
common="--engine-src $src --profile stockfish --tree-depth 10 --openings openings --openings-order random --seed 61 -j ${JOBS:-1} --quiet --format markdown"
. results/journal.sh
for budget in 10000:15 40000:20; do
  nodes=${budget%:*} precision=${budget#*:}
  playworth results/stockfish/history-lmr-n$nodes --leave-one-out history-lmr --nodes $nodes \
    --pairs 2000 --precision $precision $common
done
