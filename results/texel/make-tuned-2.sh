#!/bin/sh
# Issue 39's Texel tune: the tuned-2 switch's tables and weights
# (engine/eval/tuned2.go), fitted to full's self-play at 10,000 nodes a
# move (results/data/make-full-n10000.sh: 26,000 games, every game its own
# opening) with one opening line in ten held out, and the Toga II-Glaurung
# games (results/data/make-check-toga2-glaurung.sh) as a check set no
# fit sees.
#
# First a sweep of the two settings a loss can choose: the labels (the
# games' results, or half the engine's own score, --score-weight) and the
# prior that holds a weight near where it started, PeSTO's or the hand-set
# value (--prior). The sweep's held-out losses choose; the check set's
# loss, at its own K, is reported beside. Then the chosen fit is written
# where the engine reads it. Each fit is exact: the same data and binary
# give the same losses and weights, to the bit, at any -j. Run again to
# resume: a finished fit is left as it is.
set -e
cd "$(dirname "$0")/../.."
ablate=${ABLATE:-go run -buildvcs=true ./cmd/ablate}
data=results/data/selfplay-full-n10000/games.pgn.gz
check=results/data/check-toga2-glaurung/games.pgn.gz
fit() { # fit DIR W PRIOR
  $ablate tune texel --data $data --check $check --score-weight "$2" --prior "$3" --epochs 300 \
    -j "${JOBS:-2}" -q --out "$1"
}
for w in 0 0.5 1; do
  for prior in 0 1e-4 1e-3; do
    fit results/texel/sweep-n10000/w$w-prior$prior $w $prior
  done
done
# The chosen: the lowest held-out loss of the sweep (docs/findings.md).
W=${W:-0} PRIOR=${PRIOR:-1e-4}
cp results/texel/sweep-n10000/w$W-prior$PRIOR/tuned.go.txt engine/eval/tuned2.go
