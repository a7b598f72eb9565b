#!/bin/sh
# The free-passers term (a passed pawn with its file clear, and one the
# enemy king cannot catch) put into stage 23 against stage 23, 400 pairs
# at 10,000 nodes a move from the openings suite in seeded order (seed
# 41), then 600 more in another order (seed 42): does the knowledge Toga
# II has and ablate lacked pay at the budget the tunes use? Node-limited: the same games on any machine, at any -j
# and any load. Run again to resume.
set -e
cd "$(dirname "$0")/../.."
ablate=${ABLATE:-go run -buildvcs=true ./cmd/ablate}
. results/journal.sh
play results/strength/free-passers-n10000 --config free-passers=stage-23,+free-passers --config stage-23=stage-23 \
  --nodes 10000 --pairs 400 --openings openings --openings-order random --seed 41
play results/strength/free-passers-n10000-seed42 --config free-passers=stage-23,+free-passers --config stage-23=stage-23 \
  --nodes 10000 --pairs 600 --openings openings --openings-order random --seed 42
