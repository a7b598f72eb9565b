#!/bin/sh
# Issue 24's strength figure: full-eval (full-pesto with the ten evaluation
# terms, hand-set) against full-pesto at 10+0.1, 200 pairs from the openings
# suite. Run again to resume.
set -e
cd "$(dirname "$0")/../.."
OUT=results/strength/full-eval-vs-full-pesto
if [ -f "$OUT/match.json" ]; then
  exec ${ABLATE:-go run -buildvcs=true ./cmd/ablate} match --resume "$OUT" -j "${JOBS:-2}" --quiet
fi
exec ${ABLATE:-go run -buildvcs=true ./cmd/ablate} match --config full-eval=full-eval --config full-pesto=full-pesto --tc 10+0.1 \
  --pairs 200 -j "${JOBS:-2}" --openings openings --openings-order random --seed 1 \
  --out "$OUT" --quiet
