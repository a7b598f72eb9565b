#!/bin/sh
# Issue 63's strength of a stage at 10+0.1: sh make-stage.sh N [MATCH...]
# plays stage N (25: stage 24 with qs-tt; 26: stage 25 with lmr-checks;
# 27: stage 26 with qs-see-futility; 28: stage 27 with bad-captures-last)
# in up to three matches, each 200 pairs from the openings suite in the
# order of seed 39, the order stage 24's were played in
# (make-full24-ethereal.sh, make-full24-toga2.sh), so that the stages'
# rows pair up: against Ethereal 12.00 (Debian's ethereal-chess,
# Threads=1), against Toga II 3.0, and against stage 24 itself. Hash 16
# each, one thread each; -j 2 on this 2-core machine. Timed: play them
# alone on the machine, nothing else running, one after another. Name a
# match to play only it (ethereal, toga2, stage24). Run again to resume:
# journals are stored gzipped. Stored in results/strength/fullN-vs-*.
set -e
cd "$(dirname "$0")/../.."
ablate=${ABLATE:-go run -buildvcs=true ./cmd/ablate}
. results/journal.sh
n=${1:?usage: make-stage.sh N [ethereal|toga2|stage24]...}
shift
case $n in
25 | 26 | 27 | 28) ;;
*) echo "make-stage.sh: stage $n has no strength matches (25, 26, 27, 28)" >&2; exit 2 ;;
esac
common="--tc 10+0.1 --pairs 200 --hash 16 --openings openings --openings-order random --seed 39"
me="stage$n=stage-$n"
[ $# -gt 0 ] || set -- ethereal toga2 stage24
for m in "$@"; do
  case $m in
  ethereal) play "results/strength/full$n-vs-ethereal" --config "$me" \
    --engine ethereal=/usr/games/ethereal-chess --engine-option ethereal:Threads=1 $common ;;
  toga2) play "results/strength/full$n-vs-toga2" --config "$me" --engine toga2=/usr/games/toga2 $common ;;
  stage24) play "results/strength/full$n-vs-full24" --config "$me" --config stage24=stage-24 $common ;;
  *) echo "make-stage.sh: no match named $m (ethereal, toga2, stage24)" >&2; exit 2 ;;
  esac
done
