#!/bin/sh
# Issue 63: where stage 25's tree is, and stage 27's, by the remaining depth of each node:
# nodes, quiescence nodes, null-move tries, reverse futility, razoring,
# futility, LMP and LMR's reductions, on the bench suite to depth 10 (the
# positions and depth of the per-node measures, make-measures.sh). The
# counts are exact (a fixed depth); the table is the command's own output.
set -e
cd "$(dirname "$0")/../.."
ablate=${ABLATE:-go run -buildvcs=true ./cmd/ablate}
mkdir -p results/testbed/by-depth
$ablate trace --by-depth --config stage-25 -p bench -d 10 --format csv > results/testbed/by-depth/stage25.csv
$ablate trace --by-depth --config stage-27 -p bench -d 10 --format csv > results/testbed/by-depth/stage27.csv
