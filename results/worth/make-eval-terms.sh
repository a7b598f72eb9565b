#!/bin/sh
# Issue 24's evaluation ablation: each of the ten evaluation terms taken out
# of full-eval (full-pesto's search with the terms, hand-set), its tree at
# bench depth 10 beside its Elo at 10,000 nodes a move, 200 pairs each
# from the openings suite. Run again to resume: worth finishes the cells
# begun and reuses those done. full-eval's node counts are pinned by
# ablate check, so any later commit plays the same games.
set -e
cd "$(dirname "$0")/../.."
exec ${ABLATE:-go run -buildvcs=true ./cmd/ablate} worth --base full-eval \
  --leave-one-out bishop-pair,tempo,rook-files,mobility,passed-pawns,pawn-structure,king-safety,threats,outposts,endgame-scaling \
  --nodes 10000 --pairs 200 --openings openings --openings-order random --seed 1 \
  -j "${JOBS:-2}" --quiet --format markdown --out results/worth/eval-terms
