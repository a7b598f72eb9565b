#!/bin/sh
# Issue 37's validation: the 17 techniques of the modern leave-one-out
# (results/worth/modern: 17 matches of 200 pairs at 10,000 nodes a move,
# 6,800 games) measured instead by one screening of as many games: 3,400
# pairs, each the base (full) without 8 of them (k from the design: see its log) drawn by the design,
# against full. Run again to resume; the journal is stored gzipped.
set -e
cd "$(dirname "$0")/../.."
dir=results/worth/screen-modern
ablate=${ABLATE:-go run -buildvcs=true ./cmd/ablate}
journal=$dir/matches/screening/pairs.jsonl
. results/journal.sh
unpack "$journal"
status=0
$ablate worth --design screening \
  --leave-one-out mdp,iir,razoring,delta,see-prune,history-prune,capture-history,capture-lmr,cont-history-2,singular,singular-double,singular-negative,multi-cut,probcut,correction-history,nmp-eval,nmp-threat \
  --nodes 10000 --pairs 3400 --openings openings --openings-order random --seed 37 \
  -j "${JOBS:-1}" --quiet --format markdown --out "$dir" || status=$?
pack "$journal"
exit $status
