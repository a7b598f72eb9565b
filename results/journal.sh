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
# games.pgn.gz), so its stale JOURNAL.gz goes too.
pack() {
  for j in "$@"; do
    if [ -f "$j" ]; then
      gzip -n -9 -c "$j" > "$j.gz" && rm "$j"
    else
      rm -f "$j.gz"
    fi
  done
}
