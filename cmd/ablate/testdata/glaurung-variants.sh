#!/bin/sh
# glaurung-variants.sh SRC REPO [VARIANT...]: turns Debian's source of
# Glaurung 2.2 (SRC, from 'apt-get source glaurung') into a git repository
# REPO whose branch base is the source as it is, and whose other branches
# each take one technique out by a small, named edit of src/search.cpp.
# Glaurung has no UCI option for null move; the others it has options for
# are edited too, so that every variant is a build. With VARIANT names,
# only those branches are made. Each edit must apply, or the script fails.
# Build a variant with: make -C src -j2 EXE=OUT (ablate: --build).
set -eu
# Fixed dates: the same source makes the same commits, so built variants
# are found in the build cache from one run of this script to the next.
export GIT_AUTHOR_DATE=2008-06-01T00:00:00Z GIT_COMMITTER_DATE=2008-06-01T00:00:00Z
src=$1 repo=$2
shift 2
want=${*:-no-nmp no-lmr no-futility no-razoring no-iid}
rm -rf "$repo"
cp -r "$src" "$repo"
cd "$repo"
rm -rf .pc debian
git init -q -b base
git add -A
git -c user.name=ablate -c user.email=ablate@localhost commit -qm "Glaurung 2.2, Debian's source"

# edit FROM TO: replace every FROM in src/search.cpp, which must be there.
edit() {
  grep -qF "$1" src/search.cpp || { echo "glaurung-variants: no '$1' in src/search.cpp" >&2; exit 1; }
  FROM=$1 TO=$2 perl -0pi -e 's/\Q$ENV{FROM}\E/$ENV{TO}/g' src/search.cpp
}

variant() { # NAME: a branch from base with the edits that follow
  git checkout -q -b "$1" base
}
commit() {
  git -c user.name=ablate -c user.email=ablate@localhost commit -qam "$1"
  git checkout -q base
}

for v in $want; do
  variant "$v"
  case $v in
  no-nmp) # null-move pruning: never tried
    edit "if(!pos.is_check() && allowNullmove && ok_to_do_nullmove(pos)" \
         "if(false && !pos.is_check() && allowNullmove && ok_to_do_nullmove(pos)" ;;
  no-lmr) # late move reductions: no move is late enough
    edit "moveCount >= LMRPVMoves" "false && moveCount >= LMRPVMoves"
    edit "moveCount >= LMRNonPVMoves" "false && moveCount >= LMRNonPVMoves" ;;
  no-futility) # futility pruning in the main search
    edit "UseFutilityPruning && depth < SelectiveDepth" "false && depth < SelectiveDepth"
    edit "UseFutilityPruning && sp->depth < SelectiveDepth" "false && sp->depth < SelectiveDepth" ;;
  no-razoring) # razoring at any depth
    edit "(depth < RazorDepth && approximateEval" "(false && approximateEval"
    edit "(depth < 2*OnePly && approximateEval < beta - RazorMargin1)" "(false && approximateEval < beta - RazorMargin1)" ;;
  no-iid) # internal iterative deepening at PV nodes
    edit "if(UseIIDAtPVNodes && ttMove == MOVE_NONE" "if(false && ttMove == MOVE_NONE" ;;
  *) echo "glaurung-variants: no variant '$v'" >&2; exit 1 ;;
  esac
  commit "$v: $(echo "$v" | sed 's/^no-/take out /')"
done
