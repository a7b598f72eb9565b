package search

import "github.com/ablate-chess/ablate/engine/chess"

// The techniques that act on one move of a node: pruning it before it is
// searched, extending it, reducing it.

// pruneMove tries the move pruning techniques on the node's i-th move m
// (not yet played), after quiets quiet moves searched: late move pruning,
// futility, SEE and history pruning.
// Each skips a move only once one has scored above a mated score (best),
// so that the one defence against a mate is never pruned.
func (s *Searcher) pruneMove(n *node, i int, m chess.Move, quiet, givesCheck bool, best, quiets int) bool {
	if n.pv || best <= -mateBound {
		return false
	}
	par := &s.cfg.Params
	// An ordinary move is a quiet one, made out of check, that gives none:
	// the moves LMR, LMP and futility may touch.
	ordinary := quiet && !n.inCheck && !givesCheck
	// The depth LMR's table would leave the move (the table's plies
	// alone, none of LMR's refinements): with futility-lmr-depth futility
	// pruning judges the move at it, with history-prune-lmr-depth history
	// pruning; each at the node's depth without.
	lmrDepth := n.depth
	if n.depth >= par.LMRMinDepth && i >= par.LMRMinMoves && (s.on.Has(FutilityLMRDepth) || s.on.Has(HistoryPruneLMRDepth)) {
		lmrDepth = max(0, n.depth-s.lmr[min(n.depth, 63)][min(i, 63)])
	}
	futilityDepth, historyDepth := n.depth, n.depth
	if s.on.Has(FutilityLMRDepth) {
		futilityDepth = lmrDepth
	}
	if s.on.Has(HistoryPruneLMRDepth) {
		historyDepth = lmrDepth
	}

	// Late move pruning: near the leaves, after enough quiet moves, skip
	// the rest.
	if s.on.Has(LateMovePruning) &&
		ordinary &&
		n.depth <= par.LMPMaxDepth &&
		quiets >= s.lmpCount(n.depth, n.improving) {
		s.note(Event{Kind: EvLMP, Depth: n.depth, Move: m, Index: i}, n.ply)
		return true
	}

	// Futility pruning: near the leaves, a quiet move cannot lift a
	// static eval this far below alpha back into the window.
	if s.on.Has(Futility) &&
		ordinary &&
		futilityDepth <= par.FutilityMaxDepth &&
		n.eval+par.FutilityBase+par.FutilityMargin*futilityDepth <= n.alpha {
		s.note(Event{Kind: EvFutility, Depth: n.depth, Move: m, Index: i}, n.ply)
		return true
	}

	// SEE pruning: near the leaves, a move that loses material by
	// exchange, more the deeper the node, is skipped: a quiet one (giving
	// no check) beyond a margin per ply, a capture beyond one per ply
	// squared.
	if s.on.Has(SEEPruning) &&
		!n.inCheck &&
		i > 0 &&
		n.depth <= par.SEEMaxDepth &&
		(!quiet || !givesCheck) {
		threshold := -par.SEECaptureMargin * n.depth * n.depth
		if quiet {
			threshold = -par.SEEQuietMargin * n.depth
		}
		if s.stack[n.ply].pos.SEE(m) < threshold {
			s.note(Event{Kind: EvSEEPrune, Depth: n.depth, Move: m, Index: i}, n.ply)
			return true
		}
	}

	// History pruning: near the leaves, a quiet move whose history says
	// it has failed here time and again is skipped.
	if s.on.Has(HistoryPruning) &&
		ordinary &&
		i > 0 &&
		historyDepth <= par.HistPruneMaxDepth &&
		s.quietScore(n.ply, m, s.stack[n.ply].pos.PieceOn(m.From())) < -par.HistPrunePoints*historyDepth {
		s.note(Event{Kind: EvHistoryPrune, Depth: n.depth, Move: m, Index: i}, n.ply)
		return true
	}
	return false
}

// extension is the plies the move m (just played) is searched beyond the
// node's depth less one.
func (s *Searcher) extension(n *node, m chess.Move, singularExt int, givesCheck bool) int {
	switch {
	case singularExt != 0 && m == n.ttMove:
		// The singular search's verdict on the hash move.
		if singularExt >= 2 {
			s.stack[n.ply+1].doubleExt++
		}
		return singularExt
	case s.on.Has(CheckExtension) && givesCheck:
		// Check extension: a check may start a forcing line; see it one
		// ply further. With check-ext-see, only a check whose exchange
		// on its square loses nothing: a checker left hanging forces
		// nothing but its own capture.
		if s.on.Has(CheckExtSEE) && s.stack[n.ply].pos.SEE(m) < 0 {
			return 0
		}
		s.count(EvExtension)
		return 1
	}
	return 0
}

// reductionOf is the plies LMR takes off the node's i-th move m, and the
// refinements that set them: an ordinary move's reduction, or with
// capture LMR a capture's.
func (s *Searcher) reductionOf(n *node, i int, m chess.Move, quiet, givesCheck bool) (int, Reasons) {
	switch {
	case i == 0:
		return 0, 0
	case quiet && s.on.Has(LMRChecks):
		// Checks and evasions are reduced as other quiet moves: the
		// check extension already gives them their ply.
		return s.reduction(n, i, m)
	case n.inCheck || givesCheck:
		return 0, 0
	case quiet:
		return s.reduction(n, i, m)
	case s.on.Has(CaptureLMR):
		return s.captureReduction(n.ply, n.depth, i, n.pv, m)
	}
	return 0, 0
}

// captureReduction is the reduction of the index-th move m, a capture or
// promotion made out of check that gives none, at a node off the PV: the
// quiet moves' formula, less a ply for the capture, less again for a good
// capture history and more for a bad one.
func (s *Searcher) captureReduction(ply, depth, index int, pvNode bool, m chess.Move) (int, Reasons) {
	par := &s.cfg.Params
	if pvNode || depth < par.LMRMinDepth || index < par.LMRMinMoves {
		return 0, 0
	}
	r := s.lmr[min(depth, 63)][min(index, 63)] - 1 - s.captureScore(&s.stack[ply].pos, m)/par.CaptureLMRPoints
	return max(0, min(r, depth-2)), WhyFormula | WhyHistory
}

// lmpCount is how many quiet moves LMP lets through at depth: base +
// depth², times the improving factor when the eval is improving. The
// square is structural (the chapter's 3 + depth²): the number of moves
// worth trying grows with the subtree a move would get, not a tunable.
func (s *Searcher) lmpCount(depth int, improving bool) int {
	n := s.cfg.Params.LMPBase + depth*depth
	if improving {
		n *= s.cfg.Params.LMPImproving
	}
	return n
}

// reduction is LMR's reduction for the ordinary move m, the index-th at
// node n, with each refinement that is switched on, and
// the refinements that changed it (for tracing).
func (s *Searcher) reduction(n *node, index int, m chess.Move) (int, Reasons) {
	ply, depth, pvNode, cutNode, ttMove, ttPV := n.ply, n.depth, n.pv, n.cut, n.ttMove, n.ttPV
	par := &s.cfg.Params
	if !s.on.Has(LateMoveReductions) || depth < par.LMRMinDepth || index < par.LMRMinMoves {
		return 0, 0
	}
	r := s.lmr[min(depth, 63)][min(index, 63)]
	why := WhyFormula
	// Reduce the principal variation less: its exact score matters.
	if s.on.Has(LMRPV) && pvNode {
		r--
		why |= WhyPV
	}
	// Reduce more at an expected cut node: one move should refute it,
	// and the late ones seldom matter.
	if s.on.Has(LMRCutNode) && cutNode {
		r += par.LMRCutNode
		why |= WhyCutNode
	}
	// Reduce more when many moves here have been refuted: this node is
	// probably failing low, and its late moves with it.
	if s.on.Has(LMRCutoffCount) && s.stack[ply+1].cutoffCount > par.LMRCutoffCount {
		why |= WhyCutoffCount
		r += par.LMRCutoffPlies
		if !pvNode && !cutNode {
			r += par.LMRCutoffAllNode
		}
	}
	// Reduce more when the hash move is a capture: it is probably best,
	// and a quiet move this late seldom beats it.
	if s.on.Has(LMRTTCapture) && ttMove != chess.NullMove && ttMove.IsNoisy() {
		why |= WhyTTCapture
		if pvNode {
			r += par.LMRTTCapturePV
		} else {
			r += par.LMRTTCapture
		}
	}
	// Reduce less at an expected all-node: a late move wrongly reduced
	// into failing low makes the parent's move a refutation it isn't.
	if s.on.Has(LMRAllNode) && !pvNode && !cutNode {
		r -= par.LMRAllNode
		why |= WhyAllNode
	}
	// Reduce less at a node that has been on the principal variation.
	if s.on.Has(LMRTTPV) && ttPV && !pvNode {
		r -= par.LMRTTPV
		why |= WhyTTPV
	}
	// Reduce more when the side to move is not improving: its eval is no
	// better than when it last moved, and its late quiet moves are less
	// likely to turn that round.
	if s.on.Has(LMRImproving) && !n.improving {
		r += par.LMRNotImproving
		why |= WhyImproving
	}
	// Reduce a move with a good history less, a bad one more.
	if s.on.Has(HistoryLMR) {
		if h := s.quietScore(ply, m, s.stack[ply].pos.PieceOn(m.From())) / par.LMRHistoryPoints; h != 0 {
			r -= h
			why |= WhyHistory
		}
	}
	// LMR's reach: an eligible move is reduced at least a ply, and may be
	// reduced straight into the quiescence search (depth-1-r = 0). Our
	// own widening of the clamp: Ethereal 12 and Stockfish 15.1 keep
	// 0..depth-2 plies, as the default does.
	if s.on.Has(LMRReach) {
		return max(1, min(r, depth-1)), why
	}
	// Never reduce into the quiescence search: structural, not a
	// parameter. The reduced search has depth-1-r plies; r = depth-2
	// leaves it one, the least that still searches a quiet reply.
	return max(0, min(r, depth-2)), why
}
