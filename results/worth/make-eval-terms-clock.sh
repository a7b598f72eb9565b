#!/bin/sh
# Issue 24's evaluation ablation at a clock, for the two terms that
# weigh most at 10,000 nodes a move (results/worth/eval-terms: passed
# pawns and pawn structure, about 50 Elo each): each taken out of full-eval, 100 pairs
# at 2 seconds a game plus 0.02 a move from the openings suite. Run alone
# on the machine (a clock). The stored run of 2026-12-01,
# results/worth/eval-terms-clock, was not: a niced tune ran beside it by
# mistake. This script plays it again into eval-terms-clock-idle, with
# nothing else on the machine, and leaves the first as it was. Run again
# to resume.
set -e
cd "$(dirname "$0")/../.."
exec ${ABLATE:-go run -buildvcs=true ./cmd/ablate} worth --base full-eval \
  --leave-one-out passed-pawns,pawn-structure \
  --tc 2+0.02 --pairs 100 --openings openings --openings-order random --seed 1 \
  -j "${JOBS:-2}" --quiet --format markdown --out results/worth/eval-terms-clock-idle > results/worth/eval-terms-clock-idle.md
