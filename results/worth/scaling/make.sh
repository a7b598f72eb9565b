#!/usr/bin/env bash
# Remakes results/worth/scaling: what null move, LMR, LMP, reverse futility,
# futility and PVS are worth at node budgets from 2,500 to 160,000 a move
# (each 4x the one before), and null move at a 10+0.1 clock. Each match stops
# once its 95% interval is within 15 Elo, or at its cap: 600 pairs up to
# 40,000 nodes (400 for rfp, futility and pvs), 250 at 160,000 (deep.toml).
# Every match resumes at any -j: run this again after an interruption and it
# finishes what is left (cells done are reused). About 16 hours on 2 cores.
# Run from the repository root, with bin/ablate built (make build).
set -euo pipefail
ablate=${ABLATE:-bin/ablate}
common=(--openings openings --openings-order random --seed 1 -j 2 --quiet --format markdown)
ladder() { # DIR TECHNIQUES BUDGETS [FLAGS]
  local dir=$1 techniques=$2 budgets=$3; shift 3
  "$ablate" worth --leave-one-out "$techniques" --budgets "$budgets" "${common[@]}" "$@" \
    --out "results/worth/scaling/$dir" > "results/worth/scaling/$dir.md"
}
# The cheap rungs of every technique first, then the deep ones.
ladder deep nmp,lmr,lmp nodes=2500,10000,40000 --precision 15 --pairs 600
ladder shallow rfp,futility,pvs nodes=2500,10000,40000 --precision 15 --pairs 400
# The whole deep ladder, 160,000 nodes with a cap of its own.
"$ablate" worth "${common[@]}" --out results/worth/scaling/deep results/worth/scaling/deep.toml \
  > results/worth/scaling/deep.md
# The clock: nothing else should run on the machine meanwhile.
ladder clock nmp tc=10+0.1 --pairs 200
