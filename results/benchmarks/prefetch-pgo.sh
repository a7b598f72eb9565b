#!/bin/sh
# The search's speed before and after the three speed changes of
# 2026-12-07: the child's table slot prefetched as a move is played
# (68f8015), the profile-guided build of ./cmd/ablate (efcb7fd,
# cmd/ablate/default.pgo), and quiescence's static eval taken before its
# table read, so that the prefetched slot has time to arrive (c135659;
# the profile made again after it in f66a9d4).
# Four builds, each with the changes before it: f137761 (none), 68f8015,
# efcb7fd and f66a9d4 (the last two's test binaries built with -pgo=
# cmd/ablate/default.pgo, as go build builds ablate). Each round runs, one
# after another, BenchmarkSearch/config=full (5 iterations) and ablate
# bench --depth 10 of each build, and Ethereal 12's bench (Debian's binary:
# its own positions, at its depth 13) for scale. Run it on an idle machine;
# it writes before.txt, prefetch.txt, pgo.txt, evalfirst.txt and
# ethereal.txt in results/benchmarks/prefetch-pgo/ for benchstat (ns/node
# is 1e9 over the Nodes/second the bench prints). Node counts are the same
# in all four.
set -e
cd "$(dirname "$0")/../.."
root=$(pwd)
out=results/benchmarks/prefetch-pgo
rounds=${ROUNDS:-10}
ethereal=${ETHEREAL:-/usr/games/ethereal-chess}
tmp=$(mktemp -d)
trap 'for r in before prefetch pgo evalfirst; do git worktree remove --force "$tmp/$r" 2>/dev/null || true; done; rm -rf "$tmp"' EXIT
mkdir -p "$out"
for x in before:f137761 prefetch:68f8015 pgo:efcb7fd evalfirst:f66a9d4; do
  name=${x%:*} rev=${x#*:}
  git worktree add -q --detach "$tmp/$name" "$rev"
  pgo=off
  [ -f "$tmp/$name/cmd/ablate/default.pgo" ] && pgo="$tmp/$name/cmd/ablate/default.pgo"
  (cd "$tmp/$name" && go test -c -pgo="$pgo" -o "$tmp/$name.test" ./engine/search &&
    go build -o "$tmp/$name.ablate" ./cmd/ablate)
  : > "$out/$name.txt"
done
: > "$out/ethereal.txt"
nsnode() { awk -v n="$1" -v name="$2" 'BEGIN { printf "%s 1 %.2f ns/node\n", name, 1e9 / n }'; }
i=0
while [ $i -lt "$rounds" ]; do
  for name in before prefetch pgo evalfirst; do
    "$tmp/$name.test" -test.run '^$' -test.bench 'Search/config=full$' -test.benchtime 5x | grep '^Benchmark' >> "$out/$name.txt"
    nps=$("$tmp/$name.ablate" bench --depth 10 | awk '/Nodes\/second/ { print $2 }')
    nsnode "$nps" BenchmarkBench >> "$out/$name.txt"
  done
  nps=$("$ethereal" bench 2>&1 | awk '/^NPS/ { print $3 }')
  nsnode "$nps" BenchmarkBench >> "$out/ethereal.txt"
  i=$((i + 1))
done
