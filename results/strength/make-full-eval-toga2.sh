#!/bin/sh
# Issue 24's standing against Toga II 3.0 (Debian's toga2): full-eval
# (full-pesto's search with the ten evaluation terms) at 10+0.1, 100 pairs
# from the openings suite, Hash 16 for both (Toga II 3.0 searches on one
# thread: it has no Threads option). full-eval's node counts are pinned by
# ablate check, so any later commit plays the same engine. Run again to
# resume.
set -e
cd "$(dirname "$0")/../.."
OUT=results/strength/full-eval-vs-toga2
if [ -f "$OUT/match.json" ]; then
  exec ${ABLATE:-go run -buildvcs=true ./cmd/ablate} match --resume "$OUT" -j "${JOBS:-2}" --quiet
fi
exec ${ABLATE:-go run -buildvcs=true ./cmd/ablate} match --config full-eval=full-eval --engine toga2=/usr/games/toga2 --tc 10+0.1 \
  --pairs 100 --hash 16 -j "${JOBS:-2}" --openings openings --openings-order random --seed 1 \
  --out "$OUT" --quiet
