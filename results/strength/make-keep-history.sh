#!/bin/sh
# keep-history at a clock: full with the histories kept from one move of a
# game to the next against full without, 2+0.02, 60 pairs from the openings
# suite, Hash 16, played on one core (taskset -c 0, -j 1) while node-limited
# work used the other. Played when full had keep-history on (commit
# 2fac5f5), as "full" against "nokh=full,-keep-history"; it lost 61 +/- 49
# Elo, and keep-history left full. Today's spelling of the same match:
set -e
cd "$(dirname "$0")/../.."
exec ${ABLATE:-go run -buildvcs=true ./cmd/ablate} match --config full=full,+keep-history --config nokh=full --tc 2+0.02 \
  --pairs 60 --hash 16 -j "${JOBS:-1}" --openings openings --openings-order random --seed 1 \
  --out results/strength/keep-history-2s --quiet
