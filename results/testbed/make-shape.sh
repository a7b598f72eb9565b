#!/bin/sh
# Issue 63's measures of the tree's shape, beyond the counters of
# make-measures.sh, on the bench suite to depth 10 (its positions and
# depth) for stage 24 (the full of the first measures) and stage 26 (the
# full of its day): the main nodes by type (PV, expected cut, expected
# all) and how each ended; cutoffs (by what ordered the cutting move: a
# killer, the counter move, the histories), reductions, re-searches and move
# prunes by the move's number among its node's moves; LMR's mean
# reduction by remaining depth and move number. ablate trace --node-types,
# --by-move and --reductions; exact counts (a fixed depth), each table the
# command's own output. Ethereal's patch reports none of these.
set -e
cd "$(dirname "$0")/../.."
ablate=${ABLATE:-go run -buildvcs=true ./cmd/ablate}
mkdir -p results/testbed/shape
for stage in 24 26; do
  for table in node-types by-move reductions; do
    $ablate trace --$table --config stage-$stage -p bench -d 10 --format csv > results/testbed/shape/stage$stage-$table.csv
  done
done
