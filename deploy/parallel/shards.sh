#!/usr/bin/env bash
# An ablate run spread by GNU parallel: N shards, on this machine or on ssh
# hosts, then merged.
#
#   deploy/parallel/shards.sh N OUT [ablate run flags]
#
# Each shard is 'ablate run --shard auto/N' (the index from PARALLEL_SEQ)
# into OUT/shard-<i>. PARALLEL_ARGS adds parallel's own options: for ssh
# hosts, each with ablate on its PATH and a shared OUT (or --return),
#
#   PARALLEL_ARGS="-S host1,host2 --workdir ." deploy/parallel/shards.sh 8 out ...
#
# ABLATE names the binary (default: ablate on PATH).
set -euo pipefail
n="$1"; out="$2"; shift 2
mkdir -p "$out"
ablate="${ABLATE:-ablate}"
# shellcheck disable=SC2086
seq "$n" | parallel --will-cite ${PARALLEL_ARGS:--j "$(nproc)"} --halt now,fail=1 \
  "$ablate" run --shard "auto/$n" --quiet -j 1 --out "$out/shard-{}" "$@"
"$ablate" merge "$out/merged" "$out"/shard-* >/dev/null
echo "merged $n shards into $out/merged"
