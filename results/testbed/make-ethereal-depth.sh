#!/bin/sh
# Issue 63: what the gap to Ethereal 12.00 is made of, the other cut. At
# the same 40,000 nodes a move stage 24 scored -257.6 +- 53.7 against it
# (make-ethereal-nodes.sh), Ethereal reaching two plies deeper on them.
# Here both search to the same depth, 9 plies a move: Ethereal's tree at a
# fixed depth is about a third of ablate's, so ablate searches the more
# thoroughly, and what is left against it is what each engine knows at a
# leaf (the evaluation) and how safely each prunes. Stage 25, 100 pairs
# from the openings suite in seeded order (seed 63, as at equal nodes),
# Hash 16 and one thread each, Ethereal built from its source with
# ethereal.patch, all its steps on (the build made or reused by a one-ply
# run). Depth-limited, so the same games at any load: it may run beside
# other work. Run again to resume; the journal is stored gzipped.
set -e
cd "$(dirname "$0")/../.."
ablate=${ABLATE:-go run -buildvcs=true ./cmd/ablate}
. results/journal.sh
. results/testbed/ethereal-build.sh
play results/testbed/stage25-vs-ethereal-d9 --config stage25=stage-25 --engine "ethereal=$ethereal" \
  --engine-option ethereal:Threads=1 --move-depth 9 --pairs 100 --hash 16 --openings openings \
  --openings-order random --seed 63
