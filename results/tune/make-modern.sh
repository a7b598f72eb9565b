#!/bin/sh
# The SPSA tune of the thresholds of the techniques after stage 16 (issue
# 26): 3,000 pairs at 10,000 nodes a move on full (stage 20) from the
# openings suite, seeded. Run again to resume (the tune keeps its journal
# in results/tune/modern). It finished on 2026-12-01 with every parameter
# within a third of its c_end of its start, closer than a verification
# could tell apart, so the 600 pairs of verification it was begun with
# were not played and the defaults stand (docs/matches.md).
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
  -j "${JOBS:-2}" --quiet --out results/tune/modern
