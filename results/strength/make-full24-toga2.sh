#!/bin/sh
# Stage 24 (full: stage 22's tuned evaluation, the margins tuned for it
# and the clock's two techniques, tm-stability and tm-node-share) against
# Toga II 3.0 (Debian's toga2; one thread, it has no Threads option; its
# book off, as ablate sets it): issue 39 asks +100 over 400 games or
# more. At 10+0.1, 200 pairs from the openings suite in seeded order,
# Hash 16 each, one thread each; -j 2 on this 2-core machine, each game
# one engine thinking at a time. Play it alone on the machine: nothing
# else running. The openings and their order are stage 22's match's
# (make-full22-toga2.sh), so the two pair up.
# Run again to resume: the journal is stored gzipped.
set -e
cd "$(dirname "$0")/../.."
ablate=${ABLATE:-go run -buildvcs=true ./cmd/ablate}
. results/journal.sh
play results/strength/full24-vs-toga2 --config full=stage-24 --engine toga2=/usr/games/toga2 --tc 10+0.1 \
  --pairs 200 --hash 16 --openings openings --openings-order random --seed 39
