#!/bin/sh
# The SPSA tune of the thresholds of the techniques after stage 16 (issue
# 26): 3,000 pairs at 10,000 nodes a move on full (stage 20) from the
# openings suite, seeded, then 600 pairs of verification. Run again to
# resume (the tune keeps its journal in results/tune/modern).
#
# It tunes the full of commit $PIN, which it builds once into $CACHE
# (ABLATE overrides it), so that later changes to full leave it resumable.
# It began on e2a35b2; ed6a00c plays the same games (the same engine
# signature, which the tune checks on resume: the evaluation cache and the
# lighter clearing of the histories change speed alone), a third faster.
set -e
cd "$(dirname "$0")/../.."
PIN=ed6a00c
. results/pinned.sh
exec $ABLATE tune spsa --params results/tune/modern-start.txt --base full \
  --pairs 3000 --batch 8 --nodes 10000 --openings openings --openings-order random --seed 2 \
  --verify 600 -j "${JOBS:-2}" --quiet --out results/tune/modern
