package search

import "github.com/ablate-chess/ablate/engine/chess"

// node is what one call of negamax knows of its node, for the helpers
// that each try one group of techniques on it. It lives on the caller's
// stack: nothing allocates.
type node struct {
	ply, depth  int
	alpha, beta int
	pv, cut     bool // on the principal variation; expected to fail high
	inCheck     bool
	excluded    chess.Move // the move a singular search leaves out, else NullMove
	ttMove      chess.Move // the table's move, if HashMove is on
	ttPV        bool       // the node is or was on the principal variation
	tte         ttEntry    // the table's entry, if ttHit
	ttHit       bool
	staticEval  int
	eval        int  // what the prunings compare with the window: the static eval, or the table's score (tt-eval)
	improving   bool // the static eval is better than two plies ago
}

// note counts an event and, when a tracer listens, reports it: the one
// call by which the search says what it did.
func (s *Searcher) note(e Event, ply int) {
	if statsOn {
		s.stats.Count[e.Kind]++
	}
	if s.tracer != nil {
		s.emit(e, ply)
	}
}

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
	n := node{ply: ply, depth: depth, alpha: alpha, beta: beta, pv: pvNode, cut: cutNode, inCheck: p.InCheck(),
		excluded: f.excluded, ttMove: chess.NullMove, ttPV: pvNode}

	if score, cut := s.mateDistance(&n); cut {
		return score
	}

	// A singular search re-enters this node without one move (excluded):
	// it is a different search of the same position, so it neither reads
	// the table's verdict nor stores its own, and prunes nothing before
	// its moves.
	if n.excluded == chess.NullMove {
		f.threat = chess.NullMove
	}
	if score, cut := s.probeTT(&n); cut {
		return score
	}

	s.reduceUnknown(&n)
	s.evaluateNode(&n)

	if score, cut := s.pruneNode(&n); cut {
		return score
	}
	singularExt, score, cut := s.singularVerdict(&n)
	if cut {
		return score
	}
	f.moves.N = 0
	if p.LegalMoves(&f.moves); f.moves.N == 0 {
		return s.gameOver(&n)
	}
	s.scoreMoves(ply, n.ttMove, s.on.Has(BadCapturesLast))
	s.stack[ply+1].cutoffCount = 0
	s.stack[ply+2].killers = [2]chess.Move{}

	alphaBeta := s.on.Has(AlphaBeta)
	origAlpha := n.alpha
	// The root counts its nodes and its best move's, for the clock
	// (tm-node-share): at the root only, nothing per node below it.
	var rootStart, moveStart uint64
	if root {
		rootStart, s.rootBestNodes = s.stats.Nodes, 0
	}
	best, bestMove := -Infinity, chess.NullMove
	quiets, noisies := 0, 0
	for i := 0; i < f.moves.N; i++ {
		m := f.pickMove(i)
		if m == n.excluded {
			continue
		}
		quiet := !m.IsNoisy()
		givesCheck := p.GivesCheck(m)
		if s.pruneMove(&n, i, m, quiet, givesCheck, best, quiets) {
			continue
		}
		s.play(ply, m) // only now: a pruned move is never played
		newDepth := n.depth - 1 + s.extension(&n, m, singularExt, givesCheck)
		reduction, why := s.reductionOf(&n, i, m, quiet, givesCheck)
		if root {
			moveStart = s.stats.Nodes
		}
		score := s.searchMove(&n, newDepth, i, reduction, why)
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
		if score <= best {
			continue
		}
		best = score
		if score <= n.alpha {
			continue
		}
		bestMove = m
		s.updatePV(ply, m)
		if root {
			s.rootBestNodes = s.stats.Nodes - moveStart
		}
		if !alphaBeta {
			continue
		}
		n.alpha = score
		if score >= n.beta {
			s.failHigh(&n, i, m, score, f.quiets[:quiets], f.noisies[:noisies])
			break
		}
	}

	if root {
		s.rootNodes = s.stats.Nodes - rootStart
	}
	if n.excluded != chess.NullMove && best == -Infinity {
		return n.alpha // every move but the excluded one was pruned
	}
	s.storeNode(&n, origAlpha, best, bestMove, alphaBeta)
	if s.tracer != nil {
		s.emit(Event{Kind: EvBest, Depth: n.depth, Alpha: origAlpha, Beta: n.beta, PV: n.pv, Cut: n.cut, Move: bestMove, Score: best}, ply)
	}
	return best
}

// mateDistance is mate distance pruning: from here no line mates faster
// than in one move, nor is mated sooner than now; a window beyond those
// bounds (a shorter mate found already) cannot be met. It narrows the
// node's window, and cuts when nothing is left of it.
func (s *Searcher) mateDistance(n *node) (int, bool) {
	if !s.on.Has(MateDistance) || n.ply == 0 {
		return 0, false
	}
	n.alpha, n.beta = max(n.alpha, -Mate+n.ply), min(n.beta, Mate-n.ply-1)
	if n.alpha < n.beta {
		return 0, false
	}
	s.note(Event{Kind: EvMDP, Depth: n.depth, Score: n.alpha}, n.ply)
	return n.alpha, true
}

// reduceUnknown is internal iterative reductions: a node that matters (PV
// or expected cut) but that the table has no move for is likely new to
// the search; search it a ply shallower, and the table will have a move
// when it comes back deeper.
func (s *Searcher) reduceUnknown(n *node) {
	if s.on.Has(IIR) &&
		n.excluded == chess.NullMove &&
		n.depth >= s.cfg.Params.IIRMinDepth &&
		n.ttMove == chess.NullMove &&
		(n.pv || n.cut) {
		n.depth--
		s.note(Event{Kind: EvIIR, Depth: n.depth}, n.ply)
	}
}

// evaluateNode fills in what the prunings compare: the static eval (none
// in check), the eval they use, and whether the side to move is
// improving.
func (s *Searcher) evaluateNode(n *node) {
	f := &s.stack[n.ply]
	staticEval, rawEval := -Infinity, -Infinity
	if !n.inCheck {
		staticEval, rawEval = s.staticEval(n.ply)
	}
	f.staticEval, f.rawEval = staticEval, rawEval
	n.staticEval, n.eval = staticEval, staticEval
	// TT eval: an earlier search's score of this node is a better
	// estimate than the static eval where its bound points the same way
	// (a lower bound above the eval, an upper bound below it). Mates are
	// left out: a mate bound says nothing of the margins.
	if s.on.Has(TTEval) && n.ttHit && !n.inCheck {
		ttScore := scoreFromTT(int(n.tte.score), n.ply)
		if !IsMate(ttScore) &&
			(n.tte.bound() == boundExact || (n.tte.bound() == boundLower) == (ttScore > staticEval)) {
			n.eval = ttScore
		}
	}
	// Improving: better than two plies ago, when this side last moved.
	n.improving = !n.inCheck && n.ply >= 2 && staticEval > s.stack[n.ply-2].staticEval
}

// gameOver is the score of a node without a legal move: mated, or
// stalemate.
func (s *Searcher) gameOver(n *node) int {
	if n.inCheck {
		return -Mate + n.ply
	}
	return 0
}

// probeTT reads the transposition table: a stored bound deep enough to
// decide the window ends the node (cut, with its score); a stored move
// is searched first.
func (s *Searcher) probeTT(n *node) (int, bool) {
	if !s.on.Has(TranspositionTable) || n.excluded != chess.NullMove {
		return 0, false
	}
	s.count(EvTTProbe)
	e, hit := s.tt.probe(s.stack[n.ply].pos.Key())
	if !hit {
		return 0, false
	}
	s.count(EvTTHit)
	n.tte, n.ttHit = *e, true
	if s.on.Has(HashMove) {
		n.ttMove = e.move
	}
	n.ttPV = n.ttPV || e.wasPV()
	score := scoreFromTT(int(e.score), n.ply)
	if !n.pv && int(e.depth) >= n.depth &&
		(e.bound() == boundExact ||
			(e.bound() == boundLower && score >= n.beta) ||
			(e.bound() == boundUpper && score <= n.alpha)) {
		s.note(Event{Kind: EvTTCutoff, Depth: n.depth, Score: score}, n.ply)
		return score, true
	}
	return 0, false
}

// failHigh is a move's cutoff: counted, and the histories taught that m
// refuted the node where the moves tried before it did not.
func (s *Searcher) failHigh(n *node, i int, m chess.Move, score int, quiets, noisies []chess.Move) {
	if i == 0 {
		s.count(EvFirstMoveCutoff)
	}
	s.stack[n.ply].cutoffCount++
	if !m.IsNoisy() {
		s.updateQuietHistory(n.ply, n.depth, m, quiets)
	}
	if s.on.Has(CaptureHistory) {
		s.updateCaptureHistory(n.ply, n.depth, m, noisies)
	}
	e := Event{Kind: EvCutoff, Depth: n.depth, Move: m, Index: i, Score: score}
	if s.tracer != nil {
		e.Order = orderOf(m, s.stack[n.ply].scores[i])
	}
	s.note(e, n.ply)
}

// storeNode keeps what the node found: its bound in the table, and in the
// correction history how far the static eval was off.
func (s *Searcher) storeNode(n *node, origAlpha, best int, bestMove chess.Move, alphaBeta bool) {
	b := boundUpper
	switch {
	case alphaBeta && best >= n.beta:
		b = boundLower
	case best > origAlpha:
		b = boundExact
	}
	if s.on.Has(TranspositionTable) && n.excluded == chess.NullMove {
		s.tt.store(s.stack[n.ply].pos.Key(), bestMove, best, n.depth, n.ply, b, n.ttPV)
	}
	// Correction history learns where the score says which way the static
	// eval was off: not from a capture's gain, nor from a bound on the
	// eval's own side.
	if s.on.Has(CorrectionHistory) &&
		!n.inCheck &&
		n.excluded == chess.NullMove &&
		(bestMove == chess.NullMove || !bestMove.IsNoisy()) &&
		!IsMate(best) &&
		!(b == boundLower && best <= n.staticEval) &&
		!(b == boundUpper && best >= n.staticEval) {
		s.updateCorrection(n.ply, n.depth, best, n.staticEval)
	}
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
func (s *Searcher) searchMove(n *node, depth, index, reduction int, why Reasons) int {
	ply, alpha, beta := n.ply, n.alpha, n.beta
	first := index == 0
	nullWindow := beta-alpha == 1
	if first || !s.on.Has(PVS) {
		return -s.negamax(ply+1, depth, -beta, -alpha, n.pv && first, nullWindow && !n.cut)
	}
	s.count(EvPVSSearch)
	if reduction > 0 {
		s.note(Event{Kind: EvReduce, Depth: n.depth, Alpha: alpha, Beta: beta, Move: s.stack[ply+1].move, Index: index, Reduction: reduction, Full: depth, Why: why}, ply)
		if statsOn {
			s.stats.Count[EvReducedPlies] += uint64(reduction)
		}
	}
	score := -s.negamax(ply+1, depth-reduction, -alpha-1, -alpha, false, reduction > 0 || !n.cut)
	if score > alpha && reduction > 0 && !s.stopped {
		s.note(Event{Kind: EvLMRResearch, Depth: depth, Alpha: alpha, Beta: beta, Move: s.stack[ply+1].move, Index: index, Score: score}, ply)
		score = -s.negamax(ply+1, depth, -alpha-1, -alpha, false, !n.cut)
	}
	if score > alpha && score < beta && !s.stopped {
		s.note(Event{Kind: EvPVSResearch, Depth: depth, Alpha: alpha, Beta: beta, Move: s.stack[ply+1].move, Index: index, Score: score}, ply)
		score = -s.negamax(ply+1, depth, -beta, -alpha, n.pv, false)
	}
	return score
}
