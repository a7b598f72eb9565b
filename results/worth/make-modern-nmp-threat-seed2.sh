#!/bin/sh
# Issue 26: the largest gain from taking a technique out of the final full
# at 10,000 nodes (results/worth/modern: the null move's threat, +37.5 +/-
# 26.8 over 200 pairs), checked by a match of its own on other openings
# (seed 2) and twice the pairs. It was played in a scratch directory and
# moved here, so its match.json names that --out; the games are the same
# wherever it runs (node-limited). Run again to resume.
# full was stage 21 when this was played (2026-12-02); since stage 22 it
# is named so.
set -e
cd "$(dirname "$0")/../.."
OUT=results/worth/modern-nmp-threat-seed2
if [ -f "$OUT/match.json" ]; then
  exec ${ABLATE:-go run -buildvcs=true ./cmd/ablate} match --resume "$OUT" -j "${JOBS:-2}" --quiet
fi
exec ${ABLATE:-go run -buildvcs=true ./cmd/ablate} match --config no-threat=stage-21,-nmp-threat --config full=stage-21 --nodes 10000 \
  --pairs 400 --openings openings --openings-order random --seed 2 -j "${JOBS:-2}" --quiet --out "$OUT"
