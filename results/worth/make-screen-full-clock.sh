#!/bin/sh
# Issue 37's clock column: the 15 switches of full that weigh most at
# 40,000 nodes (results/worth/screen-full-40k, by |Elo|), screened again
# at 10+0.1 on full (stage 24, named so that the script replays the same
# configurations if full moves on), each pair full without 3 of them (k
# from --prior-elo 68, their mean cost at 40,000 nodes, 67.8) against
# full, from the openings suite in seeded order. The list is the
# finished 40,000-node table's top 15 by |Elo| (13,900 pairs): tt-move,
# pvs, lmr, aspiration, qs-see, passed-pawns, lmp, mvv-lva, history,
# rfp, pawn-structure, tuned-2, see-prune, mobility, capture-history
# (−153 to −28 Elo); the next three, nmp, cutoff-count and threats (−25
# to −24), are within noise of the last two. It stops when every
# interval is within ±25 Elo or at 2,400 pairs, 2.2 to 2.4 pairs a
# minute at -j 2 (measured on an idle machine). It is finished: it
# stopped at its cap, 2,400 pairs (4,800 games, 17.3 hours of play,
# every game alone on an idle machine), every interval within ±25 but
# pvs's (±25.5). Its table is in docs/findings.md beside the 40,000-node
# one. A clock: play it alone on the machine, nothing else running.
# Run again and it prints the table from the stored games (a run
# stopped short would resume from its journal, stored gzipped).
set -e
cd "$(dirname "$0")/../.."
ablate=${ABLATE:-go run -buildvcs=true ./cmd/ablate}
. results/journal.sh
playworth results/worth/screen-full-clock --base stage-24 --design screening \
  --leave-one-out tt-move,pvs,lmr,aspiration,qs-see,passed-pawns,lmp,mvv-lva,history,rfp,pawn-structure,tuned-2,see-prune,mobility,capture-history \
  --prior-elo 68 --tc 10+0.1 --pairs 2400 --precision 25 --openings openings --openings-order random --seed 37 \
  -j "${JOBS:-2}" --quiet --format markdown
