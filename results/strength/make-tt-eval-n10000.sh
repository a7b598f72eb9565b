#!/bin/sh
# tt-eval (the table's score standing in for the static eval in the
# prunings that compare it with the window, where its bound says it is
# nearer the truth) put into stage 23 against stage 23: up to 1,500 pairs at
# 10,000 nodes a move from the openings suite in seeded order (seed 43),
# stopped early once the interval is within ±10 (--precision 10).
# Node-limited: the same games on any machine, at any -j and any load.
# Run again to resume.
set -e
cd "$(dirname "$0")/../.."
ablate=${ABLATE:-go run -buildvcs=true ./cmd/ablate}
. results/journal.sh
play results/strength/tt-eval-n10000 --config tt-eval=stage-23,+tt-eval --config stage-23=stage-23 \
  --nodes 10000 --pairs 1500 --precision 10 --openings openings --openings-order random --seed 43
