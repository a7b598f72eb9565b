#!/bin/sh
# The verification of the stored SPSA tune of issue 25 (results/tune/make.sh,
# on the full of commit 3949c81, which is today's full-pesto: the same node
# counts): the tuned values against the start, 2,000 pairs at the tune's
# 5,000 nodes a move, from the openings suite in another order than the
# tune's (seed 11). A match like any other, so it resumes: run again.
set -e
cd "$(dirname "$0")/../.."
ablate=${ABLATE:-go run -buildvcs=true ./cmd/ablate}
OUT=results/tune/search-verify
if [ -f "$OUT/match.json" ]; then
  exec $ablate match --resume "$OUT" -j "${JOBS:-2}" --quiet
fi
grep -q '"complete": true' results/tune/search/tune.json || { echo "the tune is not finished: run results/tune/make.sh" >&2; exit 2; }
spec=$(sed -n 's/^  "spec": "full,\(.*\)",*$/full-pesto,\1/p' results/tune/search/tune.json)
exec $ablate match --config "tuned=$spec" --config start=full-pesto --nodes 5000 --pairs 2000 \
  --openings openings --openings-order random --seed 11 -j "${JOBS:-2}" --quiet --out "$OUT"
