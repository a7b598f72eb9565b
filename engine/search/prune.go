package search

import "github.com/ablate-chess/ablate/engine/chess"

// The techniques that end a node before its moves are searched.

// pruneNode tries, at a node off the principal variation, the techniques
// that end it before its moves: razoring, then (out of check) reverse
// futility, hyper null-move and null-move pruning, and ProbCut. cut says
// one did, with the node's score.
func (s *Searcher) pruneNode(n *node) (int, bool) {
	if n.pv || n.inCheck || n.excluded != chess.NullMove {
		return 0, false
	}
	par := &s.cfg.Params

	// Razoring: near the leaves, a static eval far below alpha is unlikely
	// to be saved by a quiet move; ask quiescence search, and if it too
	// stays at or below alpha, trust it.
	if s.on.Has(Razoring) &&
		n.depth <= par.RazorMaxDepth &&
		n.eval+par.RazorMargin*n.depth <= n.alpha {
		score := s.qsearch(n.ply, n.alpha, n.alpha+1)
		if s.stopped {
			return 0, true
		}
		if score <= n.alpha {
			s.note(Event{Kind: EvRazor, Depth: n.depth, Score: score}, n.ply)
			return score, true
		}
		s.pvLen[n.ply] = 0
	}

	if score, pruned := s.prune(n); pruned {
		return score, true
	}

	// ProbCut: a capture that beats beta by a margin in a shallow search
	// would very likely beat beta in the full one. Skipped when the table
	// already knows a search deeper than the one ProbCut would store
	// (depth less its reduction) that did not reach the raised bound.
	if s.on.Has(ProbCut) &&
		n.depth >= par.ProbCutMinDepth &&
		n.beta < mateBound && n.beta > -mateBound {
		probBeta := n.beta + par.ProbCutMargin
		if !n.ttHit || int(n.tte.depth) <= n.depth-par.ProbCutReduction || scoreFromTT(int(n.tte.score), n.ply) >= probBeta {
			if score, cut := s.probCut(n.ply, n.depth, probBeta, n.eval, n.ttMove, n.ttPV, n.cut); cut {
				return score, true
			}
		}
	}
	return 0, false
}

// prune tries the techniques that end a node before its moves: reverse
// futility, hyper null-move and null-move pruning. It is called at non-PV
// nodes out of check; the prunings compare node.eval (the static eval, or
// the table's score where tt-eval takes it) with the window.
func (s *Searcher) prune(n *node) (int, bool) {
	ply, depth, beta, eval, cutNode := n.ply, n.depth, n.beta, n.eval, n.cut
	p := &s.stack[ply].pos
	par := &s.cfg.Params

	// Reverse futility pruning: near the leaves, a static eval far above
	// beta will rarely fall below it in the plies left, so return it.
	if s.on.Has(ReverseFutility) &&
		depth <= par.RFPMaxDepth &&
		eval < mateBound &&
		eval-par.RFPMargin*depth >= beta {
		s.note(Event{Kind: EvRFP, Depth: depth, Beta: beta, Score: eval}, ply)
		return eval, true
	}

	// Both null-move techniques need a real move to have led here, a side
	// with pieces (pawn-only endings are where zugzwang lives) and an eval
	// at or above beta: with nmp-raw-eval, the evaluation's own.
	nullEval := eval
	if s.on.Has(NMPRawEval) {
		nullEval = s.stack[ply].rawEval
	}
	nullOK := s.stack[ply].move != chess.NullMove &&
		nullEval >= beta &&
		p.HasNonPawnMaterial(p.SideToMove())
	if !nullOK {
		return 0, false
	}
	// The table's guard: an earlier search of this node that failed low
	// (an upper bound below beta) says passing will hardly fail high.
	if s.on.Has(NMPTTGuard) && n.ttHit && n.tte.bound() == boundUpper &&
		scoreFromTT(int(n.tte.score), ply) < beta {
		return 0, false
	}
	nmpDepth := depth - 1 - (par.NMPBase + depth/par.NMPDepthDivisor)
	skipNMP := false

	// Hyper null-move pruning (H.G. Muller): answer a null move with a
	// quiescence search only. If the side that passed still stands a
	// margin above beta, 3 pawns for every 2 plies of depth beyond 3, the
	// opponent has no threat that could bring him back, so prune.
	if s.on.Has(HyperNullMove) && depth >= par.HyperNMPMinDepth {
		// Structural, the proposal's own shape (not a parameter): the
		// margin grows by one step for every two plies beyond 3, where a
		// quiescence answer stops being the ordinary null search's.
		threshold := beta + par.HyperNMPMargin*((depth-3)/2)
		s.note(Event{Kind: EvHyperTry, Depth: depth, Beta: beta, Score: threshold}, ply)
		s.playNull(ply)
		// The window [beta-1, threshold] decides both "at least
		// threshold" and "below beta".
		score := -s.qsearch(ply+1, -threshold, -(beta - 1))
		if s.stopped {
			return 0, true
		}
		if score >= threshold {
			s.note(Event{Kind: EvHyperPrune, Depth: depth, Beta: beta, Score: score}, ply)
			return beta, true
		}
		// The thread's refinement: a null search that failed low here
		// has answered an ordinary null-move search of quiescence depth.
		if s.on.Has(HyperNMPReuse) && score < beta && nmpDepth <= 0 {
			skipNMP = true
		}
	}

	// Null-move pruning: give the opponent a free move; if a reduced
	// search still fails high, a real move would too.
	if s.on.Has(NullMovePruning) && !skipNMP && depth >= par.NMPMinDepth {
		// The eval margin's reduction: the further above beta the side
		// that passes stands, the less depth the null search needs.
		if s.on.Has(NMPEval) {
			nmpDepth -= min((nullEval-beta)/par.NMPEvalMargin, par.NMPEvalMax)
		}
		s.note(Event{Kind: EvNullTry, Depth: depth, Beta: beta, Reduction: depth - 1 - nmpDepth}, ply)
		s.playNull(ply)
		score := -s.negamax(ply+1, nmpDepth, -beta, -beta+1, false, !cutNode)
		if s.stopped {
			return 0, true
		}
		if score >= beta {
			if score >= mateBound {
				score = beta // a mate found by passing is not a proven mate
			}
			s.note(Event{Kind: EvNullCutoff, Depth: depth, Beta: beta, Score: score, Reduction: depth - 1 - nmpDepth}, ply)
			return score, true
		}
		s.note(Event{Kind: EvNullFail, Depth: depth, Beta: beta, Score: score}, ply)
		// The reply that refuted passing is what this side must meet: the
		// null search's best move, from its PV or else its table entry.
		if s.on.Has(NMPThreat) {
			s.stack[ply].threat = s.nullReply(ply)
		}
	}
	return 0, false
}

// nullReply is the best move the null search at ply+1 found, or NullMove.
func (s *Searcher) nullReply(ply int) chess.Move {
	if s.pvLen[ply+1] > 0 {
		return s.pv[ply+1][0]
	}
	if s.on.Has(TranspositionTable) {
		if e, hit := s.tt.probe(s.stack[ply+1].pos.Key()); hit {
			return e.move
		}
	}
	return chess.NullMove
}

// probCut searches the captures of the node at ply whose exchange alone
// could lift the static eval to probBeta: first by quiescence, then, if
// that holds, by a search reduced by probcut-reduction-plies. A capture
// that scores probBeta both times cuts the node; its score is stored as a
// lower bound at the depth it proves.
func (s *Searcher) probCut(ply, depth, probBeta, eval int, ttMove chess.Move, ttPV, cutNode bool) (int, bool) {
	f := &s.stack[ply]
	p := &f.pos
	f.moves.N = 0
	p.Generate(&f.moves, chess.GenNoisy)
	s.scoreMoves(ply, ttMove, false)
	for i := 0; i < f.moves.N; i++ {
		m := f.pickMove(i)
		if pr := m.Promotion(); pr != chess.NoPieceType && pr != chess.Queen {
			continue
		}
		if p.SEE(m) < probBeta-eval {
			continue
		}
		s.count(EvProbCutTry)
		s.play(ply, m)
		score := -s.qsearch(ply+1, -probBeta, -probBeta+1)
		if score >= probBeta && !s.stopped {
			score = -s.negamax(ply+1, depth-1-s.cfg.Params.ProbCutReduction, -probBeta, -probBeta+1, false, !cutNode)
		}
		if s.stopped {
			return 0, true
		}
		if score >= probBeta {
			s.note(Event{Kind: EvProbCut, Depth: depth, Beta: probBeta, Move: m, Index: i, Score: score}, ply)
			if s.on.Has(TranspositionTable) {
				s.tt.store(p.Key(), m, score, depth-s.cfg.Params.ProbCutReduction, ply, boundLower, ttPV)
			}
			return score, true
		}
	}
	s.pvLen[ply] = 0
	return 0, false
}
