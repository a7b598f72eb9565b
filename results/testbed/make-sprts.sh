#!/bin/sh
# Issue 63's changes after lmr-improving (make-sprt-lmr-improving.sh), each
# a parameter of full moved to what Ethereal 12 does, tested the same way:
# full with the change against full, at 10,000 nodes a move, an SPRT of
# elo0=0 against elo1=5, up to 20,000 pairs from the openings suite in the
# same seeded order. Each line below names its change, the measure
# (docs/findings.md, results/testbed/measures-*) that led to it, and what
# it does to full's tree at bench depth 10 (ablate bench --depth 10
# --config full=full --config NAME=SPEC; full is 3,316,153 nodes).
#
#   qs-see-1     qs-see-threshold-cp=1: quiescence searches only captures
#                that win material by SEE, as Ethereal's QSEEMargin of 1
#                (even trades are left to the main search). Measure: 1.24
#                quiescence nodes a main node against Ethereal's 0.89.
#                Tree 2,635,918 (-20.5%).
#   nmp-depth-2  nmp-min-depth-plies=2: the null move tried from depth 2,
#                as Ethereal's NullMovePruningDepth. Measure: null tries
#                at 4.8% of main nodes against Ethereal's 17.6%. Tree
#                2,837,607 (-14.4%).
#   lmr-reach    +lmr-reach: a late quiet move LMR may reduce is reduced
#                at least a ply, and as far as the quiescence search (the
#                default clamp is 0..depth-2 plies, as Ethereal's and
#                Stockfish's are: this one is our own). Measure: LMR
#                reduces 28.7% of later moves' searches against Ethereal's
#                42.0%. Tree 2,783,403 (-16.1%).
#   qs-tt        +qs-tt: the quiescence search reads the transposition
#                table and stops at an entry whose bound decides it, as
#                Ethereal's and Stockfish's do (ours wrote it but never
#                read it). Measure: 1.24 quiescence nodes a main node
#                against Ethereal's 0.89. Tree 3,205,723 (-3.3%).
#   nmp-tt       +nmp-tt: no null move where the table's entry is an upper
#                bound below beta, as Ethereal's condition. Measure: none
#                of its own (it came with qs-tt, from reading Ethereal's
#                search). Tree 3,315,918 (-0.007%): too few games differ
#                to be worth an SPRT, so it is not in the default list.
#   tt-eval      +tt-eval on stage 25: the table's score of an earlier
#                search stands in for the static eval in the prunings
#                that compare it with the window, where its bound points
#                the same way (Stockfish and Ethereal both refine their
#                eval so). Measure: qs-tt's gain, the table's knowledge
#                read where it was not; put into stage 23 at 10,000
#                nodes it read +7.1 +/- 10.0 (results/strength/
#                tt-eval-n10000, stopped by precision, not decided).
#                Tree 3,267,644 (+1.9%; stage 25 is 3,205,723).
#   free-passers +free-passers on stage 25: passed pawns with a clear way
#                to promotion, and ones the enemy king cannot catch, score
#                (Toga II's terms; an evaluation change, where the measure
#                at equal nodes points: stage 24 -257.6 +/- 53.7 against
#                Ethereal at 40,000 nodes each). Put into stage 23 it read
#                +8.0 +/- 10.5 over 1,000 pairs (results/strength/
#                free-passers-n10000*). Tree 3,402,301 (+6.1%).
#   lmr-checks   +lmr-checks on stage 25: LMR reduces late quiet checks
#                and moves made in check like other late quiet moves, as
#                Ethereal 12 does (ours never reduced either). Measures:
#                LMR reduces 28% of later moves' searches against
#                Ethereal's 42% (33% with it), and the check extension
#                costs ablate 51% of its tree against Ethereal's 9%
#                (docs/findings.md's tree table). Tree 2,599,929 (-18.9%).
#   check-ext-see +check-ext-see on stage 25: the check extension only for
#                checks that lose nothing by SEE (Stockfish's condition
#                before 12). Measure: the check extension's cost, as
#                lmr-checks. Tree 2,972,941 (-7.3%).
#   qs-tt-store  +qs-tt-store on stage 25: the quiescence search writes its
#                results to the table too (at depth 0, never over a main
#                search's entry), as Ethereal's and Stockfish's do, so that
#                qs-tt finds them on the next visit. Measure: qs-tt's gain.
#                Tree 3,311,120 (+3.3%: the main search finds a table move
#                where it found none, so IIR reduces less).
#   qs-see-futility +qs-see-futility on stage 25: quiescence skips a
#                capture whose exchange cannot bring the node's best so far
#                (the standing pat, until a capture beats it) to within 100
#                cp of alpha (SEE below alpha - best - 100), after Ethereal
#                12's noisy picker (its threshold, max(QSEEMargin, alpha -
#                eval - QFutilityMargin), keeps the standing pat). Measure:
#                quiescence nodes a main node, 1.23 on stage 25 against
#                Ethereal's 0.89; 0.94 with it. Tree 2,824,357 (-11.9%).
#   tm-longer    tm-stability-changed-pct=225,tm-stability-held-pct=112 on
#                stage 25: the soft time limit a quarter longer whatever the
#                best move's stability (180% and 90% of the clock's share
#                before). Measure: in the timed match against Ethereal 12
#                (results/strength/full25-vs-ethereal, its move comments)
#                stage 25 spends 0.226 s a move against Ethereal's 0.262
#                (stage 24 the same: 0.227 and 0.263), so it ends games
#                with time unspent. A clock's question, played under the
#                clock counted in nodes (--tc 10+0.1@128: 128 nodes a
#                millisecond, about 15,000 nodes for an early move), so
#                that the games are as deterministic as the others'. Tree:
#                unchanged (no clock at bench).
#   no-all-node  -all-node on stage 26: LMR no longer reduces a ply less at
#                an expected all-node (stage 14's refinement taken out).
#                Measure: the screening of the switches stage 25 and 26
#                touched (results/testbed/worth-touched, 40,000 nodes) read
#                its removal at +149.5 +/- 95.8 over its first 63 pairs;
#                stage 22's table at 40,000 nodes +9.6 (results/worth/
#                screen-full-40k): an all-node's late moves fail low
#                whatever their depth. Tree 2,372,748 (-8.7%; full is
#                2,599,929).
#   lmr-level    lmr-base-plies-x100=175,+lmr-improving,-all-node on stage
#                26: LMR a ply deeper everywhere (the table's base 0.78 to
#                1.75), a ply more when not improving, and no ply less at
#                an expected all-node. Meant as Ethereal 12's level, it is
#                a ply beyond it: Ethereal's R (R += !PvNode + !improving,
#                then clamped to 1..depth-1) counts the ply every move
#                loses, so its reduction off the PV is its table's plies,
#                and a ply more when not improving; this change read R as
#                the reduction. So it asks what reducing one to three
#                plies more than full costs or gains. Measures: the mean
#                reduction under the table from move 5 (make-shape.sh)
#                and LMR's share, 33% of zero-window searches against
#                Ethereal's 42%. Played at 40,000 nodes (NAME-26-n40000),
#                where a reduction's worth is nearer the clock's than at
#                10,000. Tree 1,479,702 (-43.1%); at depth 12 3,791,482
#                against 8,710,025 (-56.5%).
#   lmp-deep     lmp-max-depth-plies=8 on stage 27: late move pruning to
#                depth 8 (full's stops at 3), as Ethereal 12's
#                LateMovePruningDepth; the count stays full's (1 + depth^2
#                quiet moves, twice that when improving: 17 at depth 4, 65
#                at 8, where Ethereal's table lets 10 and 31 through when
#                not improving). Measure: the tree by depth (make-by-depth.sh,
#                by-depth/stage27.csv) puts 8.4% of stage 27's main nodes
#                at depth 4 and above, where full prunes no late quiet
#                move by count; Ethereal's LMP
#                is its second-largest step (~77 Elo in its search.c).
#                Tree 2,319,113 (-8.3%; stage 27 is 2,529,788).
#   bad-captures-last +bad-captures-last on stage 27: the main search
#                orders a capture that loses material by SEE after the
#                quiet moves (killers, counter move, histories), where
#                full puts every capture before them, as Ethereal 12's
#                and Stockfish's move pickers do (their bad noisy stage
#                comes last). Measure: fail-highs on the first move,
#                76.9% against Ethereal's 79.0% (measures-stage27), the
#                ordering the findings say Ethereal's depth rests on.
#                Fail-highs on the first move 84.4% with it
#                (measures-stage27-bad-captures-last); re-searches 1.6%
#                of reduced searches against 2.0%. Tree 2,544,416 (+0.6%).
#                Passed: +32.45 +/- 12.25 over 902 pairs, LLR +2.96, and
#                made stage 28 (its spec is full itself since).
#   futility-lmr-depth +futility-lmr-depth on stage 28: futility pruning
#                judges a late quiet move at the depth LMR's table would
#                leave it (the node's depth less the table's plies for
#                its move number), in its depth limit and its margin, as
#                Stockfish 15.1's parent-node futility does (lmrDepth;
#                Ethereal 12's uses the node's depth). Measure:
#                main-search nodes, 1,199,819 on stage 28 against
#                Ethereal's 591,813 (measures-stage27-bad-captures-last).
#                Tree 2,493,985 (-2.0%; stage 28 is 2,544,416).
#                Passed: +9.41 +/- 6.06 over 3,509 pairs, LLR +2.94; to
#                make stage 29.
#   history-prune-lmr-depth +history-prune-lmr-depth on stage 28: history
#                pruning judges a late quiet move at that same depth, in
#                its depth limit and its threshold (-1,000 points a ply),
#                so a move the table would leave no depth is skipped
#                with any history below zero: our own mix of Stockfish
#                15.1's continuation-history pruning (lmrDepth below 5,
#                the threshold at the node's depth) and Ethereal 12's
#                counter-move pruning (a history below 0 at depth 3 or
#                less, the node's). Measure: main-search nodes, as above.
#                Tree 2,318,576 (-8.9%).
#
# The five above were played against the full of their day, stage 24;
# qs-tt passed and made stage 25, so the changes named after it were
# tested against stage 25; lmr-checks passed there (+7.65 +/- 5.30, 4,609
# pairs) and made stage 26, today's full. A stopped match whose full has
# moved since is refused on resume (its players would change mid-match),
# so the stage-25 round's unfinished SPRTs stay stored as they stopped,
# and each is played again on stage 26 under its name with -26 added
# (results/testbed/sprt-NAME-26): the same change against today's full.
# qs-see-futility passed there (+4.30 +/- 3.44, 11,512 pairs) and made stage 27, so the
# stage-26 round's unfinished SPRTs stay stored as they stopped in turn,
# and are played again on stage 27 as NAME-27. bad-captures-last passed
# there (+32.45 +/- 12.25, 902 pairs) and made stage 28, so the stage-27
# round's unfinished SPRTs (lmp-deep's 2,018 pairs, stored in
# sprt-lmp-deep) stay as they stopped, and are played on stage 28 as
# NAME-28.
#
# no-all-node-26-n40000 is no-all-node-26 at 40,000 nodes a move: the
# screening of the switches the stages touched (make-worth-touched.sh, at
# 40,000 nodes, 1,100 pairs) read all-node's removal at +26.0 +/- 19.3
# where the SPRT at 10,000 reads +1.75 +/- 9.03 over 1,690 pairs, and the
# node types (make-shape.sh) say an expected all-node fails low a third
# of the time: a change whose worth may grow with the budget, as LMR's
# does.
#
# sh results/testbed/make-sprts.sh [NAME...] plays the named SPRTs (stage
# 28's round, one after another, when none is named); run again to
# resume. Node-limited games are deterministic (the same on any machine,
# at any -j and load), so these may run beside other work, one process
# each.
set -e
cd "$(dirname "$0")/../.."
ablate=${ABLATE:-go run -buildvcs=true ./cmd/ablate}
. results/journal.sh

spec() {
  name=${1%-n40000}
  name=${name%-26}
  name=${name%-27}
  case ${name%-28} in
  qs-see-1) echo full,qs-see-threshold-cp=1 ;;
  nmp-depth-2) echo full,nmp-min-depth-plies=2 ;;
  lmr-reach) echo full,+lmr-reach ;;
  qs-tt) echo full,+qs-tt ;;
  nmp-tt) echo full,+nmp-tt ;;
  tt-eval) echo full,+tt-eval ;;
  free-passers) echo full,+free-passers ;;
  lmr-checks) echo full,+lmr-checks ;;
  check-ext-see) echo full,+check-ext-see ;;
  qs-tt-store) echo full,+qs-tt-store ;;
  qs-see-futility) echo full,+qs-see-futility ;;
  tm-longer) echo full,tm-stability-changed-pct=225,tm-stability-held-pct=112 ;;
  no-all-node) echo full,-all-node ;;
  lmr-level) echo full,lmr-base-plies-x100=175,+lmr-improving,-all-node ;;
  lmp-deep) echo full,lmp-max-depth-plies=8 ;;
  bad-captures-last) echo full,+bad-captures-last ;;
  futility-lmr-depth) echo full,+futility-lmr-depth ;;
  history-prune-lmr-depth) echo full,+history-prune-lmr-depth ;;
  *) echo "make-sprts.sh: no change named $1" >&2; return 2 ;;
  esac
}

# With no name: the round on stage 28, the tree's changes first (at equal
# depth stage 25 beats Ethereal, so the gap is what a ply costs: results/
# testbed/stage25-vs-ethereal-d9), then the clock's, the table's and the
# evaluation's.
[ $# -gt 0 ] || set -- futility-lmr-depth history-prune-lmr-depth lmp-deep-28 check-ext-see-28 no-all-node-28 tm-longer-28 qs-tt-store-28 tt-eval-28 free-passers-28
# limits NAME: the budget a move, 10,000 nodes but for a clock's question
# and a NAME ending -n40000 (the same change at 40,000 nodes).
limits() {
  case $1 in
  tm-*) echo --tc 10+0.1@128 ;;
  *-n40000) echo --nodes 40000 ;;
  *) echo --nodes 10000 ;;
  esac
}

for name in "$@"; do
  s=$(spec "$name")
  play "results/testbed/sprt-$name" --config "$name=$s" --config full=full $(limits "$name") \
    --sprt elo0=0,elo1=5 --pairs 20000 --openings openings --openings-order random --seed 63
done
