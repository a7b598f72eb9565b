#!/bin/sh
# Issue 63's worth of the techniques its stages touched, at 40,000 nodes a
# move, beside the table of every switch of stage 22 at the same budget
# (results/worth/screen-full-40k). Stage 25 added qs-tt (the quiescence
# search reads the table) and stage 26 lmr-checks (LMR reduces late quiet
# checks and evasions); each changes what the techniques around it are
# worth: LMR and its refinements now act on checks too, the check
# extension is given back by a reduction, and quiescence ends at a stored
# bound before its SEE pruning or delta pruning is asked. The base is
# stage-26 (full when this began), so the games stay the same once full
# moves on.
# - first, one screening of twelve switches: each pair plays stage 26
#   without k of them (k from --prior-elo 10, about these switches' mean
#   on stage 22's table) against stage 26 whole. eval-cache is a control:
#   it changes no node, so its figure must be zero;
# - then the two that weigh most, one match each (leave-one-out): lmr and
#   qs-see (-113 and -74 at 40,000 nodes on stage 22); in a pool a pair
#   without one of them is all but lost whatever else it lacks.
# Each until its 95% interval is within ±20 Elo or the cap. Node-limited,
# so the same games on any machine and at any -j and load: it may run
# beside other work. Run again to resume; journals are stored gzipped.
set -e
cd "$(dirname "$0")/../.."
ablate=${ABLATE:-go run -buildvcs=true ./cmd/ablate}
. results/journal.sh
common="--base stage-26 --nodes 40000 --precision 20 --openings openings --openings-order random --seed 63 -j ${JOBS:-1} --quiet --format markdown"

playworth results/testbed/worth-touched --design screening --prior-elo 10 \
  --leave-one-out qs-tt,lmr-checks,lmr-pv,cut-node,cutoff-count,tt-capture,all-node,tt-pv,history-lmr,check-ext,delta,eval-cache \
  --pairs 20000 $common
playworth results/testbed/worth-touched-heavy --leave-one-out lmr,qs-see --pairs 2000 $common
