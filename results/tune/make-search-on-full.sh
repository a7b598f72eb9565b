#!/bin/sh
# Does the search tune (results/tune/make.sh, made on full-pesto at 5,000
# nodes) carry over to the modern search? Its values on stage 20 (the full
# before they were its defaults) against stage 20 as it is, 600 pairs at
# 10,000 nodes a move from the openings suite (seed 12). A match: run again
# to resume.
set -e
cd "$(dirname "$0")/../.."
ablate=${ABLATE:-go run -buildvcs=true ./cmd/ablate}
OUT=results/tune/search-on-full
if [ -f "$OUT/match.json" ]; then
  exec $ablate match --resume "$OUT" -j "${JOBS:-2}" --quiet
fi
spec=$(sed -n 's/^  "spec": "full,\(.*\)",*$/stage-20,\1/p' results/tune/search/tune.json)
exec $ablate match --config "tuned=$spec" --config stage-20=stage-20 --nodes 10000 --pairs 600 \
  --openings openings --openings-order random --seed 12 -j "${JOBS:-2}" --quiet --out "$OUT"
