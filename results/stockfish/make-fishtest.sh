#!/bin/sh
# Issue 61's worth table at the budget fishtest measured at: Stockfish 15.1
# (from its source with stockfish.patch; profile stockfish) with one step
# taken out against Stockfish whole, at 10+0.1 counted in nodes, 960 a
# millisecond (--tc 10+0.1@960: what the real 10+0.1 bought on this machine,
# results/stockfish/clock-nodes). Each step is one of search.cpp's notes of
# 20 Elo or more: the groups pruning at shallow depth and LMR (~98 each) and
# extensions (~66), singular extensions (~58), LMR's history adjustment
# (~30), futility of the child (~25), null move (~22); then two notes of ~0
# as controls (futility of captures, the quiet TT-move extension). Each
# until its 95% interval is within ±20 Elo, one at a time in that order, so
# an interrupted table has its first rows whole. Node-counted clocks give
# the same games on any machine and at any load, so this may run beside
# other work. Run again to resume; journals are stored gzipped.
set -e
cd "$(dirname "$0")/../.."
ablate=${ABLATE:-go run -buildvcs=true ./cmd/ablate}
src=${STOCKFISH_SRC:-../shared/engines/stockfish-sf_15.1.tar.xz}
. results/journal.sh
playworth results/stockfish/fishtest-tc \
  --leave-one-out extensions,singular,lmr,shallow-pruning,history-lmr,rfp,nmp,futility-captures,quiet-tt-ext \
  --tc 10+0.1@960 --pairs 1000 --precision 20 \
  --engine-src "$src" --profile stockfish --tree-depth 10 --openings openings \
  --openings-order random --seed 61 -j "${JOBS:-2}" --quiet --format markdown
