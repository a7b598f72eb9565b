#!/bin/sh
# Stage 22 (full: stage 21 with the second Texel tune's evaluation,
# tuned-2) against stage 21 (the hand-set evaluation it was fitted from)
# at 10,000 nodes a move, 400 pairs from the openings suite in seeded
# order: the tune's first test in play, before the clock
# (make-full22-stage21.sh). Node-limited games are deterministic: the
# same games on any machine and at any -j, at any load. Run again to
# resume.
set -e
cd "$(dirname "$0")/../.."
ablate=${ABLATE:-go run -buildvcs=true ./cmd/ablate}
. results/journal.sh
play results/strength/full22-vs-stage21-n10000 --config full=stage-22 --config stage-21=stage-21 --nodes 10000 \
  --pairs 400 --openings openings --openings-order random --seed 39
