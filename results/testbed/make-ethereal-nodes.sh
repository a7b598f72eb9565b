#!/bin/sh
# Issue 63: what the gap to Ethereal 12.00 is made of. At 10+0.1 stage 24
# (full) scores -374.6 +- 41.1 against it (results/strength/full24-vs-ethereal),
# reaching 14.6 plies a move to its 16.2. Here both search the same 40,000
# nodes a move (the worth tables' budget), so the speed of each engine's
# code drops out and what is left is what a node buys: the tree's shape and
# the evaluation. 100 pairs from the openings suite in seeded order, Hash
# 16 and one thread each. Debian's ethereal-chess has no `go nodes` (asked
# for nodes it searches one ply), so Ethereal is the one built from its
# source with ethereal.patch (docs/engines.md), all its steps on: the
# build is made or reused by a one-ply run, whose first line names the
# build's directory. Node-limited, so the same games at any load: it may
# run beside other work. Run again to resume; the journal is stored gzipped.
# stage26-vs-ethereal-n40000 is the same match for stage 26 (stage 24 with
# qs-tt and lmr-checks), the same openings in the same order: what the
# round's tree changes did to what a node buys; stage27-vs-ethereal-n40000
# the same for stage 27 (stage 26 with qs-see-futility).
set -e
cd "$(dirname "$0")/../.."
ablate=${ABLATE:-go run -buildvcs=true ./cmd/ablate}
. results/journal.sh
. results/testbed/ethereal-build.sh
play results/testbed/full-vs-ethereal-n40000 --config full=stage-24 --engine "ethereal=$ethereal" \
  --engine-option ethereal:Threads=1 --nodes 40000 --pairs 100 --hash 16 --openings openings \
  --openings-order random --seed 63
play results/testbed/stage26-vs-ethereal-n40000 --config stage26=stage-26 --engine "ethereal=$ethereal" \
  --engine-option ethereal:Threads=1 --nodes 40000 --pairs 100 --hash 16 --openings openings \
  --openings-order random --seed 63
play results/testbed/stage27-vs-ethereal-n40000 --config stage27=stage-27 --engine "ethereal=$ethereal" \
  --engine-option ethereal:Threads=1 --nodes 40000 --pairs 100 --hash 16 --openings openings \
  --openings-order random --seed 63
