#!/bin/sh
# Instructions a node of BenchmarkSearch's bench searches (the bench suite
# at depth 8, 16 MB of table, a new game a position), configuration by
# configuration: valgrind counts the benchmark binary's instructions for
# one pass, less those of the binary doing nothing, over the pass's
# nodes. The count is the same on a busy machine as on an idle one: a
# proxy for nodes a second, whose own figures BenchmarkSearch gives on an
# idle machine. Usage: results/benchmarks/instructions.sh [CONFIG ...],
# names as BenchmarkSearch's sub-benchmarks have them (default: full,
# full-noterms, full-pesto, full-eval, full-eval,+eval-cache). Needs
# valgrind.
set -e
cd "$(dirname "$0")/../.."
[ $# -gt 0 ] || set -- full full-noterms full-pesto full-eval full-eval,+eval-cache
bin=${TMPDIR:-/tmp}/ablate-search.test
go test -c -o "$bin" ./engine/search
count() { # count PATTERN: the instructions and the output
  GOGC=off GOMAXPROCS=1 GODEBUG=asyncpreemptoff=1 valgrind --tool=cachegrind --cache-sim=no \
    --cachegrind-out-file=/dev/null "$bin" -test.run '^$' -test.bench "$1" -test.benchtime 1x 2>&1
}
refs() { sed -n 's/.*I *refs: *//p' | tr -d ,; }
base=$(count '^$' | refs)
printf '%s\t%s\t%s\n' config nodes instructions/node
for name in "$@"; do
  out=$(count "^BenchmarkSearch/config=$(printf '%s' "$name" | sed 's/[+.]/\\&/g')\$")
  nodes=$(echo "$out" | sed -n 's/.* \([0-9][0-9]*\) nodes\/op.*/\1/p')
  [ -n "$nodes" ] || { echo "$name: no such configuration in BenchmarkSearch" >&2; exit 2; }
  printf '%s\t%s\t%s\n' "$name" "$nodes" $(( ($(echo "$out" | refs) - base) / nodes ))
done
