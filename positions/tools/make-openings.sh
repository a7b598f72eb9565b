#!/usr/bin/env bash
# Remakes positions/openings.epd from Scid's ECO file, scored by Stockfish.
# About 10 minutes on 2 cores. Run from the repository root.
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
