#!/bin/sh
# Issue 63: how often LMR's shortcut is wrong, on stage 26 (full) and on
# lmr-level (LMR reducing one to three plies more: make-sprts.sh). ablate trace
# --check-lmr searches again each reduced move whose reduced search failed
# low (up to 200 a position, evenly spread), at the depth it would have had
# unreduced, from the position after it with an empty table, and counts it
# overturned where that search beats the node's alpha; first the same
# check at the reduced depth, where the tree said no: a move that check
# finds above alpha is the floor (the check's own disagreement with the
# tree), not counted overturned. The bench suite to depth 10. Then the
# null move's cutoffs the same way (--check-null, up to 100 a position;
# its floor is the null search checked at its own depth), on stage 26,
# stage 19 and stage 20 (which added correction history, ProbCut and the
# null move's eval margin and threat), and stage 20 without correction
# history; then stage 27, with and without nmp-raw-eval (the null move
# tried, and reduced, by the raw static eval, not the corrected one: the
# lead the endgame rows of stage 20 gave). Searches are deterministic: the
# same tables on any machine.
set -e
cd "$(dirname "$0")/../.."
ablate=${ABLATE:-go run -buildvcs=true ./cmd/ablate}
mkdir -p results/testbed/recheck
for c in stage26=stage-26 lmr-level=stage-26,lmr-base-plies-x100=175,+lmr-improving,-all-node; do
  $ablate trace --check-lmr --config "${c#*=}" -p bench -d 10 --limit 200 --format csv \
    > "results/testbed/recheck/${c%%=*}-lmr.csv" 2>/dev/null
done
for c in stage26=stage-26 stage19=stage-19 stage20=stage-20 stage20-no-correction=stage-20,-correction-history \
  stage27=stage-27 stage27-nmp-raw-eval=stage-27,+nmp-raw-eval; do
  $ablate trace --check-null --config "${c#*=}" -p bench -d 10 --limit 100 --format csv \
    > "results/testbed/recheck/${c%%=*}-null.csv" 2>/dev/null
done
