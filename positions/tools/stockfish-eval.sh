#!/usr/bin/env bash
# usage: sfeval.sh FEN DEPTH -> "score ... | bestmove"
fen="$1"; depth="$2"
coproc SF { /usr/games/stockfish 2>/dev/null; }
printf 'position fen %s\ngo depth %s\n' "$fen" "$depth" >&${SF[1]}
last=""
while read -r line <&${SF[0]}; do
  case "$line" in
    "info depth"*score*) last="$line";;
    bestmove*) best=$(echo "$line" | awk '{print $2}'); break;;
  esac
done
echo "quit" >&${SF[1]}
echo "$(echo "$last" | grep -oE 'score (cp|mate) -?[0-9]+')|$best"
