#!/bin/sh
# The check of the margins SPSA on stage 22 (results/tune/make-margins22.sh):
# its tuned values against stage 22 itself, 1,000 pairs at the tune's 10,000
# nodes a move, from the openings suite in another order than the tune's
# (seed 23). Node-limited: the same games on any machine, at any -j and any
# load. Run again to resume.
set -e
cd "$(dirname "$0")/../.."
ablate=${ABLATE:-go run -buildvcs=true ./cmd/ablate}
. results/journal.sh
grep -q '"complete": true' results/tune/margins22/tune.json || { echo "the tune is not finished: run results/tune/make-margins22.sh" >&2; exit 2; }
spec=$(sed -n 's/^  "spec": "\(.*\)",*$/\1/p' results/tune/margins22/tune.json)
play results/tune/margins22-verify --config "tuned=$spec" --config stage-22=stage-22 --nodes 10000 \
  --pairs 1000 --openings openings --openings-order random --seed 23
