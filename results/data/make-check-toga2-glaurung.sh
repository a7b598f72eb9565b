#!/bin/sh
# Issue 39's independent check set for the Texel fit: games between two
# other engines, Toga II 3.0 and Glaurung 2.2 (Debian's; Threads=1, books
# off, as ablate sets them), 600 pairs at a depth of 8 plies a move (Toga
# II ignores 'go nodes'), from the openings suite in seeded random order,
# each game's opening extended by 4 random plies of its own. Their
# positions, labelled with the games' results, are a loss no tune of
# ablate's weights has seen. Run again to resume: the journal is stored
# gzipped.
set -e
cd "$(dirname "$0")/../.."
dir=results/data/check-toga2-glaurung
ablate=${ABLATE:-go run -buildvcs=true ./cmd/ablate}
. results/journal.sh
unpack "$dir/pairs.jsonl"
status=0
$ablate match --engine toga2=/usr/games/toga2 --engine glaurung=/usr/games/glaurung --engine-option glaurung:Threads=1 \
  --move-depth 8 --random-plies 4 --random-per game --openings openings --openings-order random --seed 39 --pairs 600 \
  --hash 16 -j "${JOBS:-1}" --quiet --event "ablate check data" --out "$dir" || status=$?
pack "$dir/pairs.jsonl"
exit $status
