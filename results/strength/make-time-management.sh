#!/bin/sh
# The clock's two techniques (tm-stability, tm-node-share: the soft time
# limit scaled by the best move's stability and by its share of the
# nodes; engine/search/clock.go) on stage 23 against stage 23 without
# them, at 5+0.05: they change no node at a fixed depth or node count,
# so only a clock can measure them. 5+0.05 and not 10+0.1: what they move
# is how a game's time is split between moves, which any clock shows, at
# half the cost; 400 pairs (800 games), Hash 16 and one thread each,
# -j 2 on this 2-core machine, each game one engine thinking at a time.
# Play it alone on the machine: nothing else running. Run again to
# resume: the journal is stored gzipped.
set -e
cd "$(dirname "$0")/../.."
ablate=${ABLATE:-go run -buildvcs=true ./cmd/ablate}
. results/journal.sh
play results/strength/time-management-5s --config tm=stage-23,+tm-stability,+tm-node-share --config stage-23=stage-23 \
  --tc 5+0.05 --pairs 400 --hash 16 --openings openings --openings-order random --seed 40
