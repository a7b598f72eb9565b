# Sourced by the make.sh of a stored run that must resume with the binary
# that began it (a later commit may change the preset it plays): with PIN
# set to that commit, it builds ablate from it once into $CACHE and sets
# ABLATE to the binary, unless ABLATE is set already. Run from the
# repository root.
CACHE=${CACHE:-${TMPDIR:-/tmp}/ablate-$PIN}
if [ -z "$ABLATE" ]; then
  if [ ! -x "$CACHE/ablate" ]; then
    rm -rf "$CACHE.src" && git worktree add --detach "$CACHE.src" "$PIN" >/dev/null
    # Go records no revision for a build in a worktree: say it, so that
    # the runs record the commit they were made by (resultdir.BuiltFrom).
    (cd "$CACHE.src" && go build -ldflags "-X github.com/ablate-chess/ablate/experiments/resultdir.BuiltFrom=$(git rev-parse HEAD)" \
      -o "$CACHE/ablate" ./cmd/ablate)
    git worktree remove --force "$CACHE.src"
  fi
  ABLATE=$CACHE/ablate
fi
