#!/bin/sh
# What the modern search (stages 17 to 20) is worth at a clock: full
# against full-eval at 2+0.02, 100 pairs from the openings suite, Hash 16.
# Played on one core (taskset -c 0, -j 1) while node-limited work used the
# other: each game's two engines take turns on a core of their own. Run
# again to resume.
set -e
cd "$(dirname "$0")/../.."
OUT=results/strength/full-vs-full-eval-2s
if [ -f "$OUT/match.json" ]; then
  exec ${ABLATE:-go run -buildvcs=true ./cmd/ablate} match --resume "$OUT" -j "${JOBS:-1}" --quiet
fi
exec ${ABLATE:-go run -buildvcs=true ./cmd/ablate} match --config full=full --config full-eval=full-eval --tc 2+0.02 \
  --pairs 100 --hash 16 -j "${JOBS:-1}" --openings openings --openings-order random --seed 1 \
  --out "$OUT" --quiet
