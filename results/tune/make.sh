#!/bin/sh
# The stored SPSA tune of ablate's search (issue 25): 20,000 pairs at 5,000
# nodes a move from the openings suite, seeded; run again to resume.
set -e
cd "$(dirname "$0")/../.."
exec ${ABLATE:-go run ./cmd/ablate} tune spsa --params results/tune/search-start.txt --base full \
  --pairs 20000 --batch 8 --nodes 5000 --openings openings --openings-order random --seed 1 \
  -j "${JOBS:-2}" --quiet --out results/tune/search
