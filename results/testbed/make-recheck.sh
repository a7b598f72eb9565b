#!/bin/sh
# Issue 63: how often LMR's shortcut is wrong, on stage 26 (full) and on
# lmr-level (LMR's level set to Ethereal 12's: make-sprts.sh). ablate trace
# --check-lmr searches again each reduced move whose reduced search failed
# low (up to 200 a position, evenly spread), at the depth it would have had
# unreduced, from the position after it with an empty table, and counts it
# overturned where that search beats the node's alpha; first the same
# check at the reduced depth, where the tree said no: a move that check
# finds above alpha is the floor (the check's own disagreement with the
# tree), not counted overturned. The bench suite to depth 10. Node counts
# and searches are deterministic: the same tables on any machine.
set -e
cd "$(dirname "$0")/../.."
ablate=${ABLATE:-go run -buildvcs=true ./cmd/ablate}
mkdir -p results/testbed/recheck
for c in stage26=stage-26 lmr-level=stage-26,lmr-base-plies-x100=175,+lmr-improving,-all-node; do
  $ablate trace --check-lmr --config "${c#*=}" -p bench -d 10 --limit 200 --format csv \
    > "results/testbed/recheck/${c%%=*}-lmr.csv" 2>/dev/null
done
