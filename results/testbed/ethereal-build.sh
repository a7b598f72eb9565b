# ethereal-build.sh, sourced by the testbed's scripts that play Ethereal
# 12.00 built from its source with ethereal.patch (Debian's has no `go
# nodes`): the build is made or reused by a one-ply run, whose first line
# names the build's directory; $ethereal is its engine. Needs $ablate.
src=${ETHEREAL_SRC:-../shared/engines/ethereal-chess_12.00+ds1.orig.tar.xz}
dir=$($ablate run --engine-src "$src" --profile ethereal -p bench -d 1 --config e=default --quiet --format csv 2>&1 >/dev/null |
  sed -n 's/^ethereal: [a-z]* [0-9a-f]* (\(.*\))$/\1/p' | head -n 1)
[ -x "$dir/engine" ] || { echo "$0: no built Ethereal (got '$dir')" >&2; exit 1; }
ethereal=$dir/engine
