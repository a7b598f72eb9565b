#!/usr/bin/env bash
# usage: counts.sh FEN MAXNODES -> prints ";D1 n ;D2 n ..." up to the deepest depth under MAXNODES (max depth 6)
fen="$1"; max="$2"; out=""
for d in 1 2 3 4 5 6; do
  n=$(printf 'position fen %s\ngo perft %d\nquit\n' "$fen" "$d" | /usr/games/stockfish 2>/dev/null | awk '/Nodes searched/{print $3}')
  [ -z "$n" ] && break
  out="$out ;D$d $n"
  [ "$n" -gt "$max" ] && break
  [ "$n" -eq 0 ] && break
done
echo "$out"
