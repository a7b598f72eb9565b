#!/bin/sh
# Issue 26's worth of the modern search on the round's final full (stage
# 21: stage 20 with the search tune's thresholds), each technique taken
# out, beside its tree at bench depth 10:
#   results/worth/modern         every technique after stage 16 that changes
#                                a game at a node budget (all but eval-cache,
#                                which changes speed alone), 200 pairs each
#                                at 10,000 nodes a move;
#                                (results/worth/modern-2fac5f5 is the same
#                                run on full as it stood at commit 2fac5f5,
#                                with keep-history on and correction history's
#                                double count: taking that out gained 134 Elo,
#                                which found the bug)
#   results/worth/modern-ladder  null move, LMR and LMP at 2,500, 10,000 and
#                                40,000 nodes, 200 pairs each: does null move
#                                pay at shallow depth on the stronger testbed?
# From the openings suite, seeded. Run again to resume: worth finishes the
# cells begun and reuses those done. full's node counts are pinned by
# ablate check, so any later commit plays the same games.
set -e
cd "$(dirname "$0")/../.."
ablate=${ABLATE:-go run -buildvcs=true ./cmd/ablate}
common="--openings openings --openings-order random --seed 1 -j ${JOBS:-2} --quiet --format markdown"
$ablate worth --leave-one-out mdp,iir,razoring,delta,see-prune,history-prune,capture-history,capture-lmr,cont-history-2,singular,singular-double,singular-negative,multi-cut,probcut,correction-history,nmp-eval,nmp-threat \
  --nodes 10000 --pairs 200 $common --out results/worth/modern > results/worth/modern.md
$ablate worth --leave-one-out nmp,lmr,lmp --budgets nodes=2500,10000,40000 --pairs 200 $common \
  --out results/worth/modern-ladder > results/worth/modern-ladder.md
