#!/bin/sh
# Issue 37's table: every switch of full (its search techniques and its
# evaluation terms; all but alpha-beta, qsearch and tt, which the game is
# not played without) from one screening at 40,000 nodes a move: each pair
# plays full without k of them (k and the sets from the design and
# --seed) against full, until every technique's 95% interval is within
# ±15 Elo (--precision 15) or 20,000 pairs are played (begun with 8,000;
# at 3,330 pairs the widest interval, lmp's, was ±32, which puts ±15 near
# 15,000 pairs, so the cap was raised: the match goes on, its games kept,
# since pair i is the same pair at any count). eval-cache is in
# the list as a control: it changes no node, so its figure must be zero.
# k comes from --prior-elo 25: the mean cost of full's switches in the
# stored one-at-a-time tables (results/worth/modern, card, eval-terms and
# the 40,000-node column of scaling) is about 24 Elo, more at 40,000
# nodes; 25 gives k = 9.
# Node-limited games are deterministic: the same games on any machine and
# at any -j. The base is named stage-22 (full when this began), so the
# script replays the same games once full moves on. Run again to resume;
# the journal is stored gzipped.
set -e
cd "$(dirname "$0")/../.."
ablate=${ABLATE:-go run -buildvcs=true ./cmd/ablate}
. results/journal.sh
playworth results/worth/screen-full-40k --base stage-22 --design screening --prior-elo 25 --nodes 40000 \
  --pairs 20000 --precision 15 --openings openings --openings-order random --seed 37 \
  -j "${JOBS:-1}" --quiet --format markdown
