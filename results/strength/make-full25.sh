#!/bin/sh
# Issue 63's strength of stage 25 (stage 24 with qs-tt) at 10+0.1, each
# match 200 pairs from the openings suite in the order of seed 39, the
# order stage 24's were played in (make-full24-ethereal.sh,
# make-full24-toga2.sh), so that the two stages' rows pair up: against
# Ethereal 12.00 (Debian's ethereal-chess, Threads=1), against Toga II
# 3.0, and against stage 24 itself. Hash 16 each, one thread each; -j 2 on
# this 2-core machine. Timed: play them alone on the machine, nothing else
# running, one after another. Name a match to play only it (ethereal,
# toga2, stage24). Run again to resume: journals are stored gzipped.
set -e
cd "$(dirname "$0")/../.."
ablate=${ABLATE:-go run -buildvcs=true ./cmd/ablate}
. results/journal.sh
common="--tc 10+0.1 --pairs 200 --hash 16 --openings openings --openings-order random --seed 39"
[ $# -gt 0 ] || set -- ethereal toga2 stage24
for m in "$@"; do
  case $m in
  ethereal) play results/strength/full25-vs-ethereal --config stage25=stage-25 \
    --engine ethereal=/usr/games/ethereal-chess --engine-option ethereal:Threads=1 $common ;;
  toga2) play results/strength/full25-vs-toga2 --config stage25=stage-25 --engine toga2=/usr/games/toga2 $common ;;
  stage24) play results/strength/full25-vs-full24 --config stage25=stage-25 --config stage24=stage-24 $common ;;
  *) echo "make-full25.sh: no match named $m (ethereal, toga2, stage24)" >&2; exit 2 ;;
  esac
done
