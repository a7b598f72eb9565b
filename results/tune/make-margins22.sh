#!/bin/sh
# Issue 39: the SPSA tune of the search's margins on stage 22. Stage 22's
# evaluation (tuned-2) was fitted at the hand-set weights' logistic scale,
# so its centipawns should mean what the margins were tuned in; this asks
# the games instead. Eleven margins (results/tune/margins22-start.txt),
# 4,000 pairs at 10,000 nodes a move on stage 22 from the openings suite,
# seeded. stage-22 is a stage: later commits keep its node counts, so any
# build resumes it. Run again to resume.
set -e
cd "$(dirname "$0")/../.."
ablate=${ABLATE:-go run -buildvcs=true ./cmd/ablate}
exec $ablate tune spsa --params results/tune/margins22-start.txt --base stage-22 \
  --pairs 4000 --batch 8 --nodes 10000 --openings openings --openings-order random --seed 22 \
  -j "${JOBS:-2}" --quiet --out results/tune/margins22
