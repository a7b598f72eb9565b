#!/bin/sh
# Issue 24's evaluation ablation for Toga II 3.0 (Debian's toga2), whose
# evaluation terms are UCI options (weights in percent: on 100, off 0):
# each taken out of its default, the tree at bench depth 10 beside the Elo
# at a fixed depth of 7 plies a move (Toga II ignores 'go nodes'; a depth
# measures knowledge apart from speed), 100 pairs each from the openings
# suite, Hash 16 (Debian's Toga II 3.0 has no Threads option: it searches on
# one thread; the profile sets "Number of Threads" to 1). Run again to resume.
set -e
cd "$(dirname "$0")/../.."
exec ${ABLATE:-go run -buildvcs=true ./cmd/ablate} worth --engine /usr/games/toga2 --profile toga2 \
  --hash 16 \
  --leave-one-out piece-activity,piece-square,king-safety,pawn-structure,passed-pawns \
  --move-depth 7 --pairs 100 --openings openings --openings-order random --seed 1 \
  -j "${JOBS:-2}" --quiet --format markdown --out results/worth/toga2-eval
