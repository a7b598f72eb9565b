# journal.sh, sourced by the make scripts whose matches are stored while
# unfinished: a match's journal (pairs.jsonl, one line a pair played) is
# stored gzipped, and unpacked again for the resume.
#
# unpack JOURNAL...: each JOURNAL.gz back to JOURNAL, where JOURNAL is not
# there already (a run that stopped without packing keeps its own).
unpack() {
  for j in "$@"; do
    if [ -f "$j.gz" ] && [ ! -f "$j" ]; then
      gunzip -c "$j.gz" > "$j"
    fi
  done
}

# pack JOURNAL...: each JOURNAL an unfinished match kept stored gzipped; a
# finished match has dropped its journal (its games are all in
# games.pgn.gz), so its stale JOURNAL.gz goes too, but only where the
# directory's match.json (or run.json) says it is complete: a journal
# missing from an unfinished one is not a reason to drop the stored copy.
pack() {
  for j in "$@"; do
    if [ -f "$j" ]; then
      gzip -n -9 -c "$j" > "$j.gz" && rm "$j"
    elif grep -qs '"complete": true' "$(dirname "$j")/match.json" "$(dirname "$j")/run.json"; then
      rm -f "$j.gz"
    fi
  done
}

# lock OUT: this script holds a lock on OUT until it ends or locks another
# (flock(1) on a file under $TMPDIR named by OUT's path: OUT holds only the
# result's own files), and fails if another script holds it. Two scripts on
# one OUT race between unpack and pack: a second one started while the
# first was packing once read the journal, the first then deleted it, and
# the second's pairs went into a new journal that lacked the first's.
# Without flock(1), no lock.
lock() {
  command -v flock > /dev/null || return 0
  lockfile=${TMPDIR:-/tmp}/ablate-journal-$(printf %s "$PWD/$1" | cksum | cut -d' ' -f1).lock
  exec 9> "$lockfile"
  if ! flock -n 9; then
    echo "journal.sh: another script is playing $1 (it holds $lockfile); let it end first" >&2
    return 1
  fi
}

# play OUT ARGS...: the match kept in OUT, resumed if OUT holds one, else
# begun with ARGS (ablate match's flags but -j, --quiet and --out), with
# $ablate the binary; its journal unpacked for the resume and packed after.
# Returns the match's exit status.
play() {
  out=$1
  shift
  lock "$out" || return 1
  unpack "$out/pairs.jsonl"
  status=0
  if [ -f "$out/match.json" ]; then
    $ablate match --resume "$out" -j "${JOBS:-2}" --quiet || status=$?
  else
    $ablate match "$@" -j "${JOBS:-2}" --quiet --out "$out" || status=$?
  fi
  pack "$out/pairs.jsonl"
  return $status
}

# playworth OUT ARGS...: one ablate worth into OUT with ARGS (its flags but
# --out), with $ablate the binary; each of its matches' journals unpacked
# for the resume and packed after. Returns the worth's exit status.
playworth() {
  out=$1
  shift
  lock "$out" || return 1
  for m in "$out"/matches/*/; do
    unpack "${m}pairs.jsonl"
  done
  status=0
  $ablate worth "$@" --out "$out" || status=$?
  for m in "$out"/matches/*/; do
    [ -d "$m" ] && pack "${m}pairs.jsonl"
  done
  return $status
}
