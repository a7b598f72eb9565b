#!/bin/sh
# Issue 25's re-tuned worth: null move taken out of full-pesto (the full of
# every result stored before 2026-12-01) as-is, and again after the search
# around it is re-tuned without it (LMR's base and divisor, reverse
# futility's and futility's margins, by SPSA over 4,000 pairs), each 400
# pairs at 5,000 nodes a move from the openings suite. Run again to resume:
# the tune and both matches go on where they stopped.
set -e
cd "$(dirname "$0")/../.."
exec ${ABLATE:-go run -buildvcs=true ./cmd/ablate} worth --base full-pesto --leave-one-out nmp --nodes 5000 --pairs 400 \
  --retune 4000 --retune-params lmr-base-centiplies,lmr-divisor-hundredths,rfp-margin-cp-per-ply,futility-margin-cp-per-ply \
  --openings openings --openings-order random --seed 1 -j "${JOBS:-2}" --quiet --format markdown \
  --out results/worth/retune-nmp > results/worth/retune-nmp.md
