#!/bin/sh
# Issue 26's standing of the round's final full (stage 21: the evaluation
# terms, the modern search and the search tune's thresholds) against
# Toga II 3.0 (Debian's toga2, one thread: it has no Threads option) at
# 10+0.1, 200 pairs from the openings suite, Hash 16 for both. full's node
# counts are pinned by ablate check, so any later commit plays the same
# engine. Run again to resume.
# full was stage 21 when this was played (2026-12-02); since stage 22 it
# is named so.
set -e
cd "$(dirname "$0")/../.."
OUT=results/strength/full-vs-toga2
if [ -f "$OUT/match.json" ]; then
  exec ${ABLATE:-go run -buildvcs=true ./cmd/ablate} match --resume "$OUT" -j "${JOBS:-2}" --quiet
fi
exec ${ABLATE:-go run -buildvcs=true ./cmd/ablate} match --config full=stage-21 --engine toga2=/usr/games/toga2 --tc 10+0.1 \
  --pairs 200 --hash 16 -j "${JOBS:-2}" --openings openings --openings-order random --seed 1 \
  --out "$OUT" --quiet
