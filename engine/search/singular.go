package search

import "github.com/ablate-chess/ablate/engine/chess"

// singularVerdict tests the node's hash move for singularity, if it is a
// candidate: its extension, or cut with the node's score (multi-cut, or a
// stop, whose score is 0).
func (s *Searcher) singularVerdict(n *node) (ext, score int, cut bool) {
	if !s.singularCandidate(n) {
		return 0, 0, false
	}
	ext, score, cut = s.singular(n.ply, n.depth, n.beta, n.ttMove, scoreFromTT(int(n.tte.score), n.ply), n.pv, n.cut)
	if s.stopped {
		return 0, 0, true
	}
	return ext, score, cut
}

// singularCandidate says whether the node's hash move is to be tested for
// singularity. Singular extensions: is the hash move the only good one?
// Search the node without it, shallower, against a bound a little below
// the table's score. If nothing else reaches it, the hash move is singular
// and is searched deeper; if something else beats even beta, two moves do
// and the node is cut (multi-cut); if the hash move is not singular where
// the node will fail high anyway, it is searched shallower (a negative
// extension). Only a move the table trusts, from a search nearly as deep,
// and not a mate score, is tested.
func (s *Searcher) singularCandidate(n *node) bool {
	par := &s.cfg.Params
	if !s.on.Has(Singular) ||
		n.ply == 0 ||
		n.excluded != chess.NullMove ||
		!n.ttHit || n.ttMove == chess.NullMove ||
		n.depth < par.SingularMinDepth ||
		n.ply >= 2*s.rootDepth || // extensions stay within twice the root's depth
		n.tte.bound() == boundUpper ||
		int(n.tte.depth) < n.depth-par.SingularTTDepth {
		return false
	}
	ttScore := scoreFromTT(int(n.tte.score), n.ply)
	return ttScore < mateBound && ttScore > -mateBound
}

// singular runs the singular search of the node at ply: the node again,
// without the hash move, at half its depth, with a null window just below
// ttScore - margin × depth. It returns the hash move's extension, or cut
// with the node's score when multi-cut ends the node.
func (s *Searcher) singular(ply, depth, beta int, ttMove chess.Move, ttScore int, pvNode, cutNode bool) (ext, score int, cut bool) {
	par := &s.cfg.Params
	f := &s.stack[ply]
	singularBeta := ttScore - par.SingularMargin*depth
	s.note(Event{Kind: EvSingularSearch, Depth: depth, Beta: singularBeta, Move: ttMove}, ply)
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
		if ext >= 2 {
			s.count(EvDoubleExt)
		}
		s.note(Event{Kind: EvSingularExt, Depth: depth, Move: ttMove, Score: score, Reduction: -ext}, ply)
	case s.on.Has(MultiCut) && singularBeta >= beta:
		// Another move beat singularBeta, itself at or above beta, and the
		// hash move beat it before: two moves refute the node.
		s.note(Event{Kind: EvMultiCut, Depth: depth, Beta: beta, PV: pvNode, Cut: cutNode, Score: singularBeta}, ply)
		return 0, singularBeta, true
	case s.on.Has(SingularNegative) && (ttScore >= beta || cutNode):
		// Not singular, at a node expected to fail high: the hash move
		// need not be searched as deep as a singular one would.
		ext = -1
		s.note(Event{Kind: EvNegativeExt, Depth: depth, Move: ttMove, Score: score, Reduction: 1}, ply)
	}
	return ext, 0, false
}
