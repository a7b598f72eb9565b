#!/bin/sh
# Issue 61: how a clock counted in nodes and a plain node budget a move
# compare with Stockfish's real clock at 10+0.1 (results/stockfish/clock-
# nodes, the same 10 pairs: seed 61): Stockfish against itself at
# 10+0.1@960 (960 nodes a millisecond, about what the real clock bought
# on this machine) and at 274,800 nodes a move (the real clock's mean).
# Both are node-limited, so the games are the same on any machine and may
# be played beside other work. Run again to resume. Compare the three by
# stretch of the game with ablate elo --by-move 10,20,40 DIR/games.pgn.gz.
set -e
cd "$(dirname "$0")/../.."
ablate=${ABLATE:-go run -buildvcs=true ./cmd/ablate}
. results/journal.sh
common="--engine-src ${STOCKFISH_SRC:-../shared/engines/stockfish-sf_15.1.tar.xz} --profile stockfish --config sf=default --config sf2=default --pairs 10 --openings openings --openings-order random --seed 61"
play results/stockfish/node-clock --tc 10+0.1@960 $common
play results/stockfish/node-budget --nodes 274800 $common
