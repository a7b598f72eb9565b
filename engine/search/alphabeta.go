package search

import "github.com/ablate-chess/ablate/engine/chess"

// negamax searches the position at ply to depth within (alpha, beta) and
// returns its score for the side to move (fail-soft: the score may lie
// outside the window). pvNode says the node is on the principal variation
// (the root, and the first move or a PVS re-search below a PV node);
// cutNode says it is expected to fail high. With PVS on, a PV node is
// exactly one searched with a window wider than one; passing the flag keeps
// the same node types with PVS off, where every window is wide.
func (s *Searcher) negamax(ply, depth, alpha, beta int, pvNode, cutNode bool) int {
	if depth <= 0 {
		return s.qsearch(ply, alpha, beta)
	}
	s.pvLen[ply] = 0
	if s.enter(ply) {
		return 0
	}
	if s.tracer != nil {
		s.emit(Event{Kind: EvNode, Depth: depth, Alpha: alpha, Beta: beta, PV: pvNode, Cut: cutNode}, ply)
	}
	f := &s.stack[ply]
	p := &f.pos
	root := ply == 0
	if !root && s.isDraw(ply) {
		return 0
	}
	if ply >= MaxPly {
		return s.evaluate(ply)
	}
	inCheck := p.InCheck()

	// Mate distance pruning: from here no line mates faster than in one
	// move, nor is mated sooner than now; a window beyond those bounds
	// (a shorter mate found already) cannot be met.
	if s.on.Has(MateDistance) && !root {
		alpha, beta = max(alpha, -Mate+ply), min(beta, Mate-ply-1)
		if alpha >= beta {
			s.count(EvMDP)
			if s.tracer != nil {
				s.emit(Event{Kind: EvMDP, Depth: depth, Score: alpha}, ply)
			}
			return alpha
		}
	}

	// A singular search re-enters this node without one move (excluded):
	// it is a different search of the same position, so it neither reads
	// the table's verdict nor stores its own, and prunes nothing before
	// its moves.
	excluded := f.excluded
	if excluded == chess.NullMove {
		f.threat = chess.NullMove
	}

	// Transposition table: a stored bound deep enough to decide this
	// window ends the node; a stored move is searched first.
	ttMove, ttPV := chess.NullMove, pvNode
	var tte ttEntry // the entry found, if ttHit
	ttHit := false
	if s.on.Has(TranspositionTable) && excluded == chess.NullMove {
		s.count(EvTTProbe)
		if e, hit := s.tt.probe(p.Key()); hit {
			s.count(EvTTHit)
			tte, ttHit = *e, true
			if s.on.Has(HashMove) {
				ttMove = e.move
			}
			ttPV = ttPV || e.wasPV()
			score := scoreFromTT(int(e.score), ply)
			if !pvNode && int(e.depth) >= depth &&
				(e.bound() == boundExact ||
					(e.bound() == boundLower && score >= beta) ||
					(e.bound() == boundUpper && score <= alpha)) {
				s.count(EvTTCutoff)
				if s.tracer != nil {
					s.emit(Event{Kind: EvTTCutoff, Depth: depth, Score: score}, ply)
				}
				return score
			}
		}
	}

	// Internal iterative reductions: a node that matters (PV or expected
	// cut) but that the table has no move for is likely new to the
	// search; search it a ply shallower, and the table will have a move
	// when it comes back deeper.
	if s.on.Has(IIR) && excluded == chess.NullMove && depth >= s.cfg.Params.IIRMinDepth && ttMove == chess.NullMove && (pvNode || cutNode) {
		depth--
		s.count(EvIIR)
		if s.tracer != nil {
			s.emit(Event{Kind: EvIIR, Depth: depth}, ply)
		}
	}

	staticEval, rawEval := -Infinity, -Infinity
	if !inCheck {
		staticEval, rawEval = s.staticEval(ply)
	}
	f.staticEval, f.rawEval = staticEval, rawEval
	// Improving: better than two plies ago, when this side last moved.
	improving := !inCheck && ply >= 2 && staticEval > s.stack[ply-2].staticEval

	// Razoring: near the leaves, a static eval far below alpha is unlikely
	// to be saved by a quiet move; ask quiescence search, and if it too
	// stays at or below alpha, trust it.
	if s.on.Has(Razoring) && !pvNode && !inCheck && excluded == chess.NullMove && depth <= s.cfg.Params.RazorMaxDepth &&
		staticEval+s.cfg.Params.RazorMargin*depth <= alpha {
		score := s.qsearch(ply, alpha, alpha+1)
		if s.stopped {
			return 0
		}
		if score <= alpha {
			s.count(EvRazor)
			if s.tracer != nil {
				s.emit(Event{Kind: EvRazor, Depth: depth, Score: score}, ply)
			}
			return score
		}
		s.pvLen[ply] = 0
	}

	if !pvNode && !inCheck && excluded == chess.NullMove {
		if score, pruned := s.prune(ply, depth, beta, staticEval, cutNode); pruned {
			return score
		}
		// ProbCut: a capture that beats beta by a margin in a shallow
		// search would very likely beat beta in the full one. Skipped
		// when the table already knows a search deeper than the one
		// ProbCut would store (depth less its reduction) that did not
		// reach the raised bound.
		if s.on.Has(ProbCut) && depth >= s.cfg.Params.ProbCutMinDepth && beta < mateBound && beta > -mateBound {
			probBeta := beta + s.cfg.Params.ProbCutMargin
			if !ttHit || int(tte.depth) <= depth-s.cfg.Params.ProbCutReduction || scoreFromTT(int(tte.score), ply) >= probBeta {
				if score, cut := s.probCut(ply, depth, probBeta, staticEval, ttMove, ttPV, cutNode); cut {
					return score
				}
			}
		}
	}

	// Singular extensions: is the hash move the only good one? Search the
	// node without it, shallower, against a bound a little below the
	// table's score. If nothing else reaches it, the hash move is
	// singular and is searched deeper; if something else beats even beta,
	// two moves do and the node is cut (multi-cut); if the hash move is
	// not singular where the node will fail high anyway, it is searched
	// shallower (a negative extension).
	singularExt := 0
	if s.on.Has(Singular) && !root && excluded == chess.NullMove && ttHit && ttMove != chess.NullMove &&
		depth >= s.cfg.Params.SingularMinDepth && ply < 2*s.rootDepth &&
		tte.bound() != boundUpper && int(tte.depth) >= depth-s.cfg.Params.SingularTTDepth {
		if ttScore := scoreFromTT(int(tte.score), ply); ttScore < mateBound && ttScore > -mateBound {
			ext, score, cut := s.singular(ply, depth, beta, ttMove, ttScore, pvNode, cutNode)
			if s.stopped {
				return 0
			}
			if cut {
				return score
			}
			singularExt = ext
		}
	}

	f.moves.N = 0
	p.LegalMoves(&f.moves)
	if f.moves.N == 0 {
		if inCheck {
			return -Mate + ply
		}
		return 0
	}
	s.scoreMoves(ply, ttMove)
	s.stack[ply+1].cutoffCount = 0
	s.stack[ply+2].killers = [2]chess.Move{}

	alphaBeta := s.on.Has(AlphaBeta)
	origAlpha := alpha
	best, bestMove := -Infinity, chess.NullMove
	quiets, noisies := 0, 0
	for i := 0; i < f.moves.N; i++ {
		m := f.pickMove(i)
		if m == excluded {
			continue
		}
		quiet := !m.IsNoisy()
		child := s.play(ply, m)
		givesCheck := child.pos.InCheck()
		// An ordinary move is a quiet one, made out of check, that gives
		// none: the moves LMR, LMP and futility may touch.
		ordinary := quiet && !inCheck && !givesCheck

		// Late move pruning: near the leaves, after enough quiet moves,
		// skip the rest, once a move has shown we are not simply getting
		// mated (else the one quiet defence could be pruned).
		if s.on.Has(LateMovePruning) &&
			ordinary && !pvNode &&
			depth <= s.cfg.Params.LMPMaxDepth &&
			best > -mateBound &&
			quiets >= s.lmpCount(depth, improving) {
			s.count(EvLMP)
			if s.tracer != nil {
				s.emit(Event{Kind: EvLMP, Depth: depth, Move: m, Index: i}, ply)
			}
			continue
		}

		// Futility pruning: near the leaves, a quiet move cannot lift a
		// static eval this far below alpha back into the window.
		if s.on.Has(Futility) &&
			ordinary && !pvNode &&
			depth <= s.cfg.Params.FutilityMaxDepth &&
			best > -mateBound &&
			staticEval+s.cfg.Params.FutilityBase+s.cfg.Params.FutilityMargin*depth <= alpha {
			s.count(EvFutility)
			if s.tracer != nil {
				s.emit(Event{Kind: EvFutility, Depth: depth, Move: m, Index: i}, ply)
			}
			continue
		}

		// SEE pruning: near the leaves, a move that loses material by
		// exchange, more the deeper the node, is skipped: a quiet one
		// (giving no check) beyond a margin per ply, a capture beyond one
		// per ply squared.
		if s.on.Has(SEEPruning) && !pvNode && !inCheck && i > 0 &&
			depth <= s.cfg.Params.SEEMaxDepth && best > -mateBound && (!quiet || !givesCheck) {
			threshold := -s.cfg.Params.SEECaptureMargin * depth * depth
			if quiet {
				threshold = -s.cfg.Params.SEEQuietMargin * depth
			}
			if p.SEE(m) < threshold {
				s.count(EvSEEPrune)
				if s.tracer != nil {
					s.emit(Event{Kind: EvSEEPrune, Depth: depth, Move: m, Index: i}, ply)
				}
				continue
			}
		}

		// History pruning: near the leaves, a quiet move whose history
		// says it has failed here time and again is skipped.
		if s.on.Has(HistoryPruning) && ordinary && !pvNode && i > 0 &&
			depth <= s.cfg.Params.HistPruneMaxDepth && best > -mateBound &&
			s.quietScore(ply, m, child.piece) < -s.cfg.Params.HistPrunePoints*depth {
			s.count(EvHistoryPrune)
			if s.tracer != nil {
				s.emit(Event{Kind: EvHistoryPrune, Depth: depth, Move: m, Index: i}, ply)
			}
			continue
		}

		newDepth := depth - 1
		switch {
		case singularExt != 0 && m == ttMove:
			// The singular search's verdict on the hash move.
			newDepth += singularExt
			if singularExt >= 2 {
				child.doubleExt++
			}
		case s.on.Has(CheckExtension) && givesCheck:
			// Check extension: a check may start a forcing line; see it
			// one ply further.
			newDepth++
			s.count(EvExtension)
		}

		reduction := 0
		var why Reasons
		switch {
		case i > 0 && ordinary:
			reduction, why = s.reduction(ply, depth, i, pvNode, cutNode, ttMove, ttPV, m)
		case i > 0 && !quiet && !inCheck && !givesCheck && s.on.Has(CaptureLMR):
			reduction, why = s.captureReduction(ply, depth, i, pvNode, m)
		}
		if s.tracer != nil && reduction > 0 {
			s.emit(Event{Kind: EvReduce, Depth: depth, Move: m, Index: i, Reduction: reduction, Why: why}, ply)
		}
		score := s.searchMove(ply, newDepth, alpha, beta, i, reduction, pvNode, cutNode)
		if s.stopped {
			return 0
		}
		if quiet {
			f.quiets[quiets] = m
			quiets++
		} else {
			f.noisies[noisies] = m
			noisies++
		}

		if score > best {
			best = score
			if score > alpha {
				bestMove = m
				s.updatePV(ply, m)
				if alphaBeta {
					alpha = score
				}
				if alphaBeta && score >= beta {
					s.count(EvCutoff)
					if i == 0 {
						s.count(EvFirstMoveCutoff)
					}
					f.cutoffCount++
					if quiet {
						s.updateQuietHistory(ply, depth, m, f.quiets[:quiets])
					}
					if s.on.Has(CaptureHistory) {
						s.updateCaptureHistory(ply, depth, m, f.noisies[:noisies])
					}
					if s.tracer != nil {
						s.emit(Event{Kind: EvCutoff, Depth: depth, Move: m, Index: i, Score: score}, ply)
					}
					break
				}
			}
		}
	}

	if excluded != chess.NullMove && best == -Infinity {
		return alpha // every move but the excluded one was pruned
	}
	b := boundUpper
	switch {
	case alphaBeta && best >= beta:
		b = boundLower
	case best > origAlpha:
		b = boundExact
	}
	if s.on.Has(TranspositionTable) && excluded == chess.NullMove {
		s.tt.store(p.Key(), bestMove, best, depth, ply, b, ttPV)
	}
	// Correction history learns where the score says which way the static
	// eval was off: not from a capture's gain, nor from a bound on the
	// eval's own side.
	if s.on.Has(CorrectionHistory) && !inCheck && excluded == chess.NullMove &&
		(bestMove == chess.NullMove || !bestMove.IsNoisy()) && !IsMate(best) &&
		!(b == boundLower && best <= staticEval) && !(b == boundUpper && best >= staticEval) {
		s.updateCorrection(ply, depth, best, staticEval)
	}
	if s.tracer != nil {
		s.emit(Event{Kind: EvBest, Depth: depth, Alpha: origAlpha, Beta: beta, Move: bestMove, Score: best}, ply)
	}
	return best
}

// prune tries the techniques that end a node before its moves: reverse
// futility, hyper null-move and null-move pruning. It is called at non-PV
// nodes out of check.
func (s *Searcher) prune(ply, depth, beta, staticEval int, cutNode bool) (int, bool) {
	p := &s.stack[ply].pos
	par := &s.cfg.Params

	// Reverse futility pruning: near the leaves, a static eval far above
	// beta will rarely fall below it in the plies left, so return it.
	if s.on.Has(ReverseFutility) &&
		depth <= par.RFPMaxDepth &&
		staticEval < mateBound &&
		staticEval-par.RFPMargin*depth >= beta {
		s.count(EvRFP)
		if s.tracer != nil {
			s.emit(Event{Kind: EvRFP, Depth: depth, Beta: beta, Score: staticEval}, ply)
		}
		return staticEval, true
	}

	// Both null-move techniques need a real move to have led here, a side
	// with pieces (pawn-only endings are where zugzwang lives) and an eval
	// at or above beta.
	nullOK := s.stack[ply].move != chess.NullMove &&
		staticEval >= beta &&
		p.HasNonPawnMaterial(p.SideToMove())
	if !nullOK {
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
		s.count(EvHyperTry)
		if s.tracer != nil {
			s.emit(Event{Kind: EvHyperTry, Depth: depth, Beta: beta, Score: threshold}, ply)
		}
		s.playNull(ply)
		// The window [beta-1, threshold] decides both "at least
		// threshold" and "below beta".
		score := -s.qsearch(ply+1, -threshold, -(beta - 1))
		if s.stopped {
			return 0, true
		}
		if score >= threshold {
			s.count(EvHyperPrune)
			if s.tracer != nil {
				s.emit(Event{Kind: EvHyperPrune, Depth: depth, Beta: beta, Score: score}, ply)
			}
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
			nmpDepth -= min((staticEval-beta)/par.NMPEvalMargin, par.NMPEvalMax)
		}
		s.count(EvNullTry)
		if s.tracer != nil {
			s.emit(Event{Kind: EvNullTry, Depth: depth, Beta: beta, Reduction: depth - 1 - nmpDepth}, ply)
		}
		s.playNull(ply)
		score := -s.negamax(ply+1, nmpDepth, -beta, -beta+1, false, !cutNode)
		if s.stopped {
			return 0, true
		}
		if score >= beta {
			s.count(EvNullCutoff)
			if score >= mateBound {
				score = beta // a mate found by passing is not a proven mate
			}
			if s.tracer != nil {
				s.emit(Event{Kind: EvNullCutoff, Depth: depth, Beta: beta, Score: score}, ply)
			}
			return score, true
		}
		if s.tracer != nil {
			s.emit(Event{Kind: EvNullFail, Depth: depth, Beta: beta, Score: score}, ply)
		}
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
func (s *Searcher) probCut(ply, depth, probBeta, staticEval int, ttMove chess.Move, ttPV, cutNode bool) (int, bool) {
	f := &s.stack[ply]
	p := &f.pos
	f.moves.N = 0
	p.Generate(&f.moves, chess.GenNoisy)
	s.scoreMoves(ply, ttMove)
	for i := 0; i < f.moves.N; i++ {
		m := f.pickMove(i)
		if pr := m.Promotion(); pr != chess.NoPieceType && pr != chess.Queen {
			continue
		}
		if p.SEE(m) < probBeta-staticEval {
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
			s.count(EvProbCut)
			if s.tracer != nil {
				s.emit(Event{Kind: EvProbCut, Depth: depth, Beta: probBeta, Move: m, Index: i, Score: score}, ply)
			}
			if s.on.Has(TranspositionTable) {
				s.tt.store(p.Key(), m, score, depth-s.cfg.Params.ProbCutReduction, ply, boundLower, ttPV)
			}
			return score, true
		}
	}
	s.pvLen[ply] = 0
	return 0, false
}

// singular runs the singular search of the node at ply: the node again,
// without the hash move, at half its depth, with a null window just below
// ttScore - margin × depth. It returns the hash move's extension, or cut
// with the node's score when multi-cut ends the node.
func (s *Searcher) singular(ply, depth, beta int, ttMove chess.Move, ttScore int, pvNode, cutNode bool) (ext, score int, cut bool) {
	par := &s.cfg.Params
	f := &s.stack[ply]
	singularBeta := ttScore - par.SingularMargin*depth
	s.count(EvSingularSearch)
	if s.tracer != nil {
		s.emit(Event{Kind: EvSingularSearch, Depth: depth, Beta: singularBeta, Move: ttMove}, ply)
	}
	eval, raw, threat := f.staticEval, f.rawEval, f.threat
	f.excluded = ttMove
	score = s.negamax(ply, (depth-1)/2, singularBeta-1, singularBeta, false, cutNode)
	f.excluded = chess.NullMove
	f.staticEval, f.rawEval, f.threat = eval, raw, threat
	s.pvLen[ply] = 0
	if s.stopped {
		return 0, 0, false
	}
	switch {
	case score < singularBeta:
		// Singular: nothing else comes near. Far below the bound, off the
		// PV and with few such extensions on the line, two plies, or
		// three for a quiet move further still.
		ext = 1
		if s.on.Has(SingularDouble) && !pvNode && f.doubleExt < par.SingularDoubleMax {
			if score < singularBeta-par.SingularDouble {
				ext = 2
			}
			if !ttMove.IsNoisy() && score < singularBeta-par.SingularTriple {
				ext = 3
			}
		}
		s.count(EvSingularExt)
		if ext >= 2 {
			s.count(EvDoubleExt)
		}
		if s.tracer != nil {
			s.emit(Event{Kind: EvSingularExt, Depth: depth, Move: ttMove, Score: score, Reduction: -ext}, ply)
		}
	case s.on.Has(MultiCut) && singularBeta >= beta:
		// Another move beat singularBeta, itself at or above beta, and the
		// hash move beat it before: two moves refute the node.
		s.count(EvMultiCut)
		if s.tracer != nil {
			s.emit(Event{Kind: EvMultiCut, Depth: depth, Beta: beta, Score: singularBeta}, ply)
		}
		return 0, singularBeta, true
	case s.on.Has(SingularNegative) && (ttScore >= beta || cutNode):
		// Not singular, at a node expected to fail high: the hash move
		// need not be searched as deep as a singular one would.
		ext = -1
		s.count(EvNegativeExt)
		if s.tracer != nil {
			s.emit(Event{Kind: EvNegativeExt, Depth: depth, Move: ttMove, Score: score, Reduction: 1}, ply)
		}
	}
	return ext, 0, false
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

// reduction is LMR's reduction for the ordinary move m, the index-th at a
// node of the given depth, with each refinement that is switched on, and
// the refinements that changed it (for tracing).
func (s *Searcher) reduction(ply, depth, index int, pvNode, cutNode bool, ttMove chess.Move, ttPV bool, m chess.Move) (int, Reasons) {
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
	// Reduce a move with a good history less, a bad one more.
	if s.on.Has(HistoryLMR) {
		if h := s.quietScore(ply, m, s.stack[ply].pos.PieceOn(m.From())) / par.LMRHistoryDivisor; h != 0 {
			r -= h
			why |= WhyHistory
		}
	}
	// Never reduce into the quiescence search: structural, not a
	// parameter. The reduced search has depth-1-r plies; r = depth-2
	// leaves it one, the least that still searches a quiet reply.
	return max(0, min(r, depth-2)), why
}

// searchMove searches the move just played at ply (its position is at
// ply+1) to depth and returns its score for the mover.
//
// The first move gets the full window. With PVS off, so does every other
// move; below a PV node only the first is a PV node. With PVS on, a later
// move gets a null window first, at a reduced depth if LMR chose a reduction; if it beats
// alpha it is searched again at full depth, and then with the full window if
// it is inside it. cutNode is the parent's flag: the child of a null-window
// search is an expected cut node if its parent is an expected all-node, and
// the other way round; a child with the full window is a PV node, never a
// cut node; a late move's reduced search counts as a cut node whatever the
// parent.
func (s *Searcher) searchMove(ply, depth, alpha, beta int, index int, reduction int, pvNode, cutNode bool) int {
	first := index == 0
	nullWindow := beta-alpha == 1
	if first || !s.on.Has(PVS) {
		return -s.negamax(ply+1, depth, -beta, -alpha, pvNode && first, nullWindow && !cutNode)
	}
	s.count(EvPVSSearch)
	if statsOn && reduction > 0 {
		s.stats.Count[EvReduce]++
		s.stats.Count[EvReducedPlies] += uint64(reduction)
	}
	score := -s.negamax(ply+1, depth-reduction, -alpha-1, -alpha, false, reduction > 0 || !cutNode)
	if score > alpha && reduction > 0 && !s.stopped {
		s.count(EvLMRResearch)
		if s.tracer != nil {
			s.emit(Event{Kind: EvLMRResearch, Depth: depth, Alpha: alpha, Beta: beta, Move: s.stack[ply+1].move, Index: index, Score: score}, ply)
		}
		score = -s.negamax(ply+1, depth, -alpha-1, -alpha, false, !cutNode)
	}
	if score > alpha && score < beta && !s.stopped {
		s.count(EvPVSResearch)
		if s.tracer != nil {
			s.emit(Event{Kind: EvPVSResearch, Depth: depth, Alpha: alpha, Beta: beta, Move: s.stack[ply+1].move, Index: index, Score: score}, ply)
		}
		score = -s.negamax(ply+1, depth, -beta, -alpha, pvNode, false)
	}
	return score
}
