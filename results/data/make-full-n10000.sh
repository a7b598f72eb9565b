#!/bin/sh
# Issue 39's Texel data: self-play of the full of 2026-12-02 (stage 21,
# named so below; full is stage 22 since, the evaluation fitted to these
# games) at 10,000 nodes a move,
# 13,000 pairs (26,000 games). Each game's opening is a line of the
# openings suite extended by 4 random plies drawn for that game alone
# (--random-per game), so no game has a colour-swapped twin; the PGN's
# Opening tag names the suite's line first (open-0913+1.0: line open-0913,
# pair 1, game 0), which the tuner's split by opening reads. Node-limited
# games are deterministic: the same PGN, byte for byte, on any machine and
# at any -j. Run again to resume: the journal is stored gzipped
# (pairs.jsonl.gz) and unpacked for the resume.
set -e
cd "$(dirname "$0")/../.."
dir=results/data/selfplay-full-n10000
ablate=${ABLATE:-go run -buildvcs=true ./cmd/ablate}
. results/journal.sh
unpack "$dir/pairs.jsonl"
status=0
if [ -f "$dir/match.json" ]; then
  $ablate match --resume "$dir" -j "${JOBS:-1}" --quiet || status=$?
else
  $ablate match --config a=stage-21 --config b=stage-21 --nodes 10000 \
    --random-plies 4 --random-per game --openings openings --openings-order random --seed 39 --pairs 13000 \
    -j "${JOBS:-1}" --quiet --event "ablate self-play data" --out "$dir" || status=$?
fi
pack "$dir/pairs.jsonl"
exit $status
