#!/usr/bin/env bash
# make parallel-test: 4 shards through GNU parallel on this machine, merged
# and checked against an unsharded run of the same plan.
set -euo pipefail
cd "$(dirname "$0")/../.."
if ! command -v parallel >/dev/null; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq parallel >/dev/null
fi
work=$(mktemp -d /tmp/ablate-parallel.XXXXXX)
trap 'rm -rf "$work"' EXIT
go build -o "$work/ablate" ./cmd/ablate
plan=(--leave-one-out lmr,lmp,nmp --positions six --depth 7)
"$work/ablate" run "${plan[@]}" -j 2 --quiet --out "$work/whole" >/dev/null
t0=$(date +%s%N)
ABLATE="$work/ablate" PARALLEL_ARGS="-j 2" deploy/parallel/shards.sh 4 "$work/out" "${plan[@]}"
echo "parallel-test: 4 shards on 2 cores in $(( ($(date +%s%N) - t0) / 1000000 )) ms"
"$work/ablate" merge --check-against "$work/whole" "$work/check" "$work"/out/shard-* >/dev/null
echo "parallel-test: passed: the merged records and summary are the unsharded run's, time columns aside"
