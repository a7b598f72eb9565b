#!/bin/sh
# Issue 63's first change, tested: full with lmr-improving (a late quiet
# move reduced a ply more when the side to move is not improving, as
# Ethereal 12 and Stockfish do) against full, at 10,000 nodes a move, an
# SPRT of elo0=0 against elo1=5 (fishtest's bounds for a gain), up to
# 20,000 pairs from the openings suite in seeded order. At bench depth 10
# the switch makes full's tree 14.8% smaller (3,316,153 nodes to
# 2,825,112: ablate bench --depth 10 --config full=full --config
# imp=full,+lmr-improving). Node-limited games are deterministic: the
# same games on any machine and at any -j, at any load, so this may run
# beside other work. Run again to resume.
set -e
cd "$(dirname "$0")/../.."
ablate=${ABLATE:-go run -buildvcs=true ./cmd/ablate}
. results/journal.sh
play results/testbed/sprt-lmr-improving --config lmr-improving=full,+lmr-improving --config full=full --nodes 10000 \
  --sprt elo0=0,elo1=5 --pairs 20000 --openings openings --openings-order random --seed 63
