#!/usr/bin/env bash
# Remakes positions/openings.epd (balanced) and openings-unbalanced.epd
# from Scid's ECO file, scored by Stockfish. About 10 minutes each on 2
# cores. Run from the repository root.
set -euo pipefail
need=()
[ -f /usr/share/scid/data/scid.eco ] || need+=(scid-data)
command -v /usr/games/stockfish >/dev/null || need+=(stockfish)
if [ ${#need[@]} -gt 0 ]; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}"
fi
go run ./positions/tools/openings -eco /usr/share/scid/data/scid.eco -min-plies 10 -max-plies 16 \
  -depth 14 -margin 40 -j "$(nproc)" > positions/openings.epd.new
mv positions/openings.epd.new positions/openings.epd
go run ./positions/tools/openings -eco /usr/share/scid/data/scid.eco -min-plies 10 -max-plies 16 \
  -depth 14 -min-score 90 -margin 130 -id unb -title "The unbalanced opening suite" \
  -j "$(nproc)" > positions/openings-unbalanced.epd.new
mv positions/openings-unbalanced.epd.new positions/openings-unbalanced.epd
