#!/bin/sh
# The final full (stage 21) against Toga II 3.0 at 10+0.1 again, 150 pairs
# on the openings suite in another seeded order (seed 2), to narrow the
# first match's +4.3 +/- 29.4 (results/strength/full-vs-toga2, seed 1).
# As there: Hash 16 for both, one thread each (Toga II has no Threads
# option), -j 2 on this 2-core machine with nothing else running (each
# game has one engine thinking at a time). Run again to resume.
# full was stage 21 when this was played (2026-12-02); since stage 22 it
# is named so.
set -e
cd "$(dirname "$0")/../.."
OUT=results/strength/full-vs-toga2-seed2
if [ -f "$OUT/match.json" ]; then
  exec ${ABLATE:-go run -buildvcs=true ./cmd/ablate} match --resume "$OUT" -j "${JOBS:-2}" --quiet
fi
exec ${ABLATE:-go run -buildvcs=true ./cmd/ablate} match --config full=stage-21 --engine toga2=/usr/games/toga2 --tc 10+0.1 \
  --pairs 150 --hash 16 -j "${JOBS:-2}" --openings openings --openings-order random --seed 2 \
  --out "$OUT" --quiet
