#!/bin/sh
# Stage 24 (full: stage 22's tuned evaluation, the margins tuned for it
# and the clock's two techniques) against Ethereal 12.00 (Debian's
# ethereal-chess, Threads=1): issue 39 asks the gap measured over 400
# games or more. At 10+0.1, 200 pairs from the openings suite in seeded
# order, Hash 16 each, one thread each; -j 2 on this 2-core machine, each
# game one engine thinking at a time. Play it alone on the machine:
# nothing else running. Run again to resume: the journal is stored
# gzipped.
set -e
cd "$(dirname "$0")/../.."
ablate=${ABLATE:-go run -buildvcs=true ./cmd/ablate}
. results/journal.sh
play results/strength/full24-vs-ethereal --config full=stage-24 --engine ethereal=/usr/games/ethereal-chess --engine-option ethereal:Threads=1 --tc 10+0.1 \
  --pairs 200 --hash 16 --openings openings --openings-order random --seed 39
