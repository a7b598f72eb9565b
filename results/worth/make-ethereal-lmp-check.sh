#!/bin/sh
# Issue 38: the screening of Ethereal 12's switches at 10,000 nodes
# (results/worth/ethereal-screen-n10000) found that taking LMP out gains
# (+34.0 ± 18.9 Elo), against its note of 77; a surprising figure is
# checked by a match of its own: Ethereal without LMP against Ethereal
# whole, 200 pairs at 10,000 nodes, the openings in another order (seed 2).
# Run again to resume; journals are stored gzipped.
set -e
cd "$(dirname "$0")/../.."
ablate=${ABLATE:-go run -buildvcs=true ./cmd/ablate}
src=${ETHEREAL_SRC:-../shared/engines/ethereal-chess_12.00+ds1.orig.tar.xz}
dir=results/worth/ethereal-lmp-n10000
. results/journal.sh
unpack "$dir/matches/leave-one-out__-lmp/pairs.jsonl"
status=0
$ablate worth --engine-src "$src" --profile ethereal --leave-one-out lmp --tree-depth 10 --nodes 10000 --pairs 200 \
  --openings openings --openings-order random --seed 2 -j "${JOBS:-1}" --quiet --format markdown --out "$dir" || status=$?
[ -d "$dir/matches/leave-one-out__-lmp" ] && pack "$dir/matches/leave-one-out__-lmp/pairs.jsonl"
exit $status
