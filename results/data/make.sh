#!/bin/sh
# The self-play data of issue 24 (Texel tuning on ablate's own games):
# 8,000 game pairs at 5,000 nodes a move between full and full,-history-lmr
# (two nearly equal players, so that a pair's two games differ), each
# pair's opening from the openings suite extended by 4 random plies drawn
# from the seed. Node-limited games are deterministic: the same PGN, byte
# for byte, on any machine and at any -j. Run again to resume: the journal
# is stored gzipped (pairs.jsonl.gz) and unpacked for the resume.
set -e
cd "$(dirname "$0")/../.."
dir=results/data/selfplay-n5000
ablate=${ABLATE:-go run -buildvcs=true ./cmd/ablate}
. results/journal.sh
unpack "$dir/pairs.jsonl"
status=0
if [ -f "$dir/match.json" ]; then
  $ablate match --resume "$dir" -j "${JOBS:-2}" --quiet || status=$?
else
  $ablate match --config a=full --config b=full,-history-lmr --nodes 5000 \
    --random-plies 4 --openings openings --openings-order random --seed 1 --pairs 8000 \
    -j "${JOBS:-2}" --quiet --event "ablate self-play data" --out "$dir" || status=$?
fi
pack "$dir/pairs.jsonl"
exit $status
