#!/bin/sh
# Issue 63's per-node measures: ablate's full and Ethereal 12.00 (from its
# source with ethereal.patch, which reports its search's counters under
# ablate's names) each searching the bench suite to depth 10, the
# positions and depth of the tree tables (results/experiments/tree-ablate,
# tree-ethereal): first-move cutoff rate, the table's hits and cutoffs,
# null-move tries and cutoffs, reductions and their re-searches, per node.
# Node counts and counters are deterministic. Run again to resume.
# measures-ablate is stage 24 (the full of its day; made again on
# 2026-12-07 with --config full=stage-24, the same counters, so a run from
# scratch measures it and not today's full); measures-stage25 the same for
# stage 25 (stage 24 with qs-tt), the change the first measures
# led to; measures-stage26 for stage 26 (stage 25 with lmr-checks), and
# measures-stage27 for stage 27 (stage 26 with qs-see-futility);
# measures-stage27-bad-captures-last for stage 27 with bad-captures-last,
# the round's ordering change (make-sprts.sh), which made stage 28;
# measures-stage28-futility-lmr-depth and -history-prune-lmr-depth for
# stage 28 with each of the round's two pruning changes. records.csv
# is stored gzipped (gzip -n -9 after the run).
set -e
cd "$(dirname "$0")/../.."
ablate=${ABLATE:-go run -buildvcs=true ./cmd/ablate}
src=${ETHEREAL_SRC:-../shared/engines/ethereal-chess_12.00+ds1.orig.tar.xz}
$ablate run -p bench -d 10 --config full=stage-24 -j "${JOBS:-1}" --quiet --format markdown --out results/testbed/measures-ablate
$ablate run -p bench -d 10 --config stage-25=stage-25 -j "${JOBS:-1}" --quiet --format markdown --out results/testbed/measures-stage25
$ablate run -p bench -d 10 --config stage-26=stage-26 -j "${JOBS:-1}" --quiet --format markdown --out results/testbed/measures-stage26
$ablate run -p bench -d 10 --config stage-27=stage-27 -j "${JOBS:-1}" --quiet --format markdown --out results/testbed/measures-stage27
$ablate run -p bench -d 10 --config bad-captures-last=stage-27,+bad-captures-last -j "${JOBS:-1}" --quiet --format markdown --out results/testbed/measures-stage27-bad-captures-last
for sw in futility-lmr-depth history-prune-lmr-depth; do
  $ablate run -p bench -d 10 --config "$sw=stage-28,+$sw" -j "${JOBS:-1}" --quiet --format markdown --out "results/testbed/measures-stage28-$sw"
done
$ablate run --engine-src "$src" --profile ethereal -p bench -d 10 --config ethereal=default \
  -j "${JOBS:-1}" --quiet --format markdown --out results/testbed/measures-ethereal
