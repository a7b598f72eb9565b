#!/bin/sh
# The stored SPSA tune of ablate's search (issue 25): 20,000 pairs at 5,000
# nodes a move from the openings suite, seeded; run again to resume.
#
# It tunes the full of commit 3949c81 (the full-pesto of later commits: the
# same engine), so it resumes with a binary built from that commit, which
# this script builds once into $CACHE (ABLATE overrides it).
set -e
cd "$(dirname "$0")/../.."
PIN=3949c81
. results/pinned.sh
exec $ABLATE tune spsa --params results/tune/search-start.txt --base full \
  --pairs 20000 --batch 8 --nodes 5000 --openings openings --openings-order random --seed 1 \
  -j "${JOBS:-2}" --quiet --out results/tune/search
