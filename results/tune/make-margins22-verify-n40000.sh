#!/bin/sh
# The margins tuned on stage 22 at 10,000 nodes (results/tune/make-margins22.sh),
# now stage 23, against stage 22 four times deeper: 300 pairs at 40,000
# nodes a move from the openings suite in another order (seed 24), to see
# whether a tune at 10,000 nodes holds where the search is two plies
# deeper. Node-limited: the same games on any machine, at any -j and any
# load. Run again to resume.
set -e
cd "$(dirname "$0")/../.."
ablate=${ABLATE:-go run -buildvcs=true ./cmd/ablate}
. results/journal.sh
play results/tune/margins22-verify-n40000 --config stage-23=stage-23 --config stage-22=stage-22 --nodes 40000 \
  --pairs 300 --openings openings --openings-order random --seed 24
