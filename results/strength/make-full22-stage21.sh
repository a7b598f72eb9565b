#!/bin/sh
# Stage 22 (full: stage 21 with the second Texel tune's
# evaluation, tuned-2) against the hand-set evaluation it was fitted from
# (stage 21, the full of 2026-12-02): issue 39 asks +20 Elo or more over
# 800 games. At 10+0.1, 400 pairs from the openings suite in seeded order,
# Hash 16 each, one thread each; -j 2 on this 2-core machine, each game
# one engine thinking at a time. Play it alone on the machine: nothing
# else running.
# Run again to resume: the journal is stored gzipped.
set -e
cd "$(dirname "$0")/../.."
ablate=${ABLATE:-go run -buildvcs=true ./cmd/ablate}
. results/journal.sh
play results/strength/full22-vs-stage21 --config full=stage-22 --config stage-21=stage-21 --tc 10+0.1 \
  --pairs 400 --hash 16 --openings openings --openings-order random --seed 39
