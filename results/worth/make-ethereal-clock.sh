#!/bin/sh
# Issue 38's clock column: the switches of Ethereal 12.00 (from its source
# with ethereal.patch; profile ethereal) that weigh most at 10,000 and
# 40,000 nodes, each taken out against Ethereal whole at 10+0.1, one
# thread and Hash 16 each, from the openings suite in seeded order (the
# node-limited runs' seed). The five heaviest at both budgets: history
# updates, TT cutoffs and LMR (each over 160 Elo: results/worth/ethereal-heavy-n*),
# aspiration windows and reverse futility (about 94 and 80: the
# screenings); and a sixth, null move (about 45 at both), the technique
# whose worth ablate and Ethereal's note disagree on most. Pairs by
# weight: the heavier a technique, the fewer games its figure needs (an
# interval of about ±40 to ±60 for the three heavy ones, ±30 for the
# other three). About 3.3 hours at -j 2 (36 s a pair), in four
# directories so each part stands on its own when a session ends between
# them. Play it alone on the machine: nothing else running. Run again
# to resume; journals are stored gzipped.
set -e
cd "$(dirname "$0")/../.."
ablate=${ABLATE:-go run -buildvcs=true ./cmd/ablate}
src=${ETHEREAL_SRC:-../shared/engines/ethereal-chess_12.00+ds1.orig.tar.xz}
. results/journal.sh

common="--engine-src $src --profile ethereal --tc 10+0.1 --hash 16 --tree-depth 10 --openings openings --openings-order random --seed 38 -j ${JOBS:-2} --quiet --format markdown"
playworth results/worth/ethereal-clock-history-updates --leave-one-out history-updates --pairs 25 $common
playworth results/worth/ethereal-clock-heavy --leave-one-out tt-cutoffs,lmr --pairs 50 $common
playworth results/worth/ethereal-clock-rest --leave-one-out aspiration,rfp --pairs 100 $common
playworth results/worth/ethereal-clock-nmp --leave-one-out nmp --pairs 100 $common
