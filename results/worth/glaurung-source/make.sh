#!/usr/bin/env bash
# Remakes results/worth/glaurung-source: Glaurung 2.2 built from Debian's
# source in variants, each taking one technique out by a small named edit
# (cmd/ablate/testdata/glaurung-variants.sh: null move, which Glaurung has no
# option for, LMR, futility pruning, razoring, internal iterative
# deepening), against the unchanged base: tree size on bench at depth 11,
# and Elo at 10,000 nodes a move, 200 pairs each from the openings suite.
# Needs the source: add a deb-src entry, then 'apt-get source glaurung'
# (.ci/run does both), and give its directory as ABLATE_GLAURUNG_SRC. The
# builds are cached; the matches resume. Run from the repository root.
set -euo pipefail
src=${ABLATE_GLAURUNG_SRC:?set ABLATE_GLAURUNG_SRC to Debian\'s glaurung source}
repo=${TMPDIR:-/tmp}/ablate-glaurung-variants
cmd/ablate/testdata/glaurung-variants.sh "$src" "$repo"
variants=()
for v in base no-nmp no-lmr no-futility no-razoring no-iid; do
  variants+=(--variant "$v=$v")
done
${ABLATE:-bin/ablate} worth --engine-src "$repo" --build 'make -C src -j2 EXE={out}' "${variants[@]}" \
  --positions bench --tree-depth 11 --pairs 200 --nodes 10000 --openings openings --openings-order random --seed 1 \
  -j "${JOBS:-1}" --quiet --format markdown --out results/worth/glaurung-source > results/worth/glaurung-source/worth.md
