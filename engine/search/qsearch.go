package search

import (
	"time"

	"github.com/ablate-chess/ablate/engine/chess"
)

// qsearch searches captures and promotions (all moves when in check) until
// the position is quiet, so that the static evaluation is only ever taken
// where nothing hangs. The side to move may "stand pat" on the static eval
// instead of capturing. With quiescence off, a leaf is its static eval.
func (s *Searcher) qsearch(ply, alpha, beta int) int {
	s.pvLen[ply] = 0
	if s.enter(ply) {
		return 0
	}
	if s.tracer != nil {
		s.emit(Event{Kind: EvQNode, Alpha: alpha, Beta: beta}, ply)
	}
	if !s.on.Has(Quiescence) {
		return s.evaluate(ply)
	}
	if statsOn {
		s.stats.QNodes++
	}
	f := &s.stack[ply]
	p := &f.pos
	if p.InsufficientMaterial() {
		return 0
	}
	if ply >= MaxPly {
		return s.evaluate(ply)
	}
	inCheck := p.InCheck()
	// The static eval is taken before the table is read, though the
	// table may end the node: the table slot, prefetched as the move was
	// played, arrives meanwhile. Neither changes the other.
	standPat := -Infinity
	if !inCheck {
		standPat, _ = s.staticEval(ply)
	}
	if score, cut := s.probeQTT(ply, alpha, beta); cut {
		return score
	}
	alphaBeta := s.on.Has(AlphaBeta)

	f.threat = chess.NullMove // a null move's threat is the main search's, at its own node

	best, bestMove, origAlpha := -Infinity, chess.NullMove, alpha
	mode := chess.GenAll // in check, every evasion
	if !inCheck {
		best = standPat
		if alphaBeta && best >= beta {
			return best
		}
		if alphaBeta && best > alpha {
			alpha = best
		}
		mode = chess.GenNoisy
	}

	f.moves.N = 0
	p.Generate(&f.moves, mode)
	if f.moves.N == 0 && inCheck {
		return -Mate + ply
	}
	s.scoreMoves(ply, chess.NullMove, false)
	for i := 0; i < f.moves.N; i++ {
		m := f.pickMove(i)
		if !inCheck {
			// Under-promotions are left to the main search.
			if pr := m.Promotion(); pr != chess.NoPieceType && pr != chess.Queen {
				continue
			}
			// SEE pruning: a capture that loses material by exchange
			// will not raise a standing pat.
			threshold := s.cfg.Params.QSearchSEEThreshold
			if s.on.Has(QSearchSEEFutility) {
				// With qs-see-futility the exchange must also win
				// enough to bring the standing pat near alpha.
				threshold = max(threshold, alpha-best-s.cfg.Params.QSFutilityMargin)
			}
			if s.on.Has(QSearchSEE) && p.SEE(m) < threshold {
				s.count(EvQSEE)
				continue
			}
			// Delta pruning: a capture that, with a margin, cannot lift
			// the standing pat to alpha is not worth its search.
			if s.on.Has(DeltaPruning) && m.Promotion() == chess.NoPieceType &&
				best+capturedValue(p, m)+s.cfg.Params.DeltaMargin <= alpha {
				s.count(EvDelta)
				continue
			}
		}
		s.play(ply, m)
		score := -s.qsearch(ply+1, -beta, -alpha)
		if s.stopped {
			return 0
		}
		if score > best {
			best = score
			if score > alpha {
				bestMove = m
				s.updatePV(ply, m)
				if alphaBeta {
					alpha = score
					if score >= beta {
						break
					}
				}
			}
		}
	}
	// qs-tt-store: the result kept for the next visit, its bound by
	// where it fell against the window this node was given.
	if s.on.Has(QSearchTTStore) && alphaBeta {
		b := boundUpper
		switch {
		case best >= beta:
			b = boundLower
		case best > origAlpha:
			b = boundExact
		}
		s.tt.storeQ(p.Key(), bestMove, best, ply, b)
	}
	return best
}

// Quiet reports whether p is quiet: not in check, and its quiescence
// search (captures and promotions to the end, an open window) returns its
// static evaluation, so that nothing hangs and no exchange is under way.
// Texel's tuner keeps such positions, whose evaluation is their value.
func (s *Searcher) Quiet(p chess.Position) bool {
	if p.InCheck() {
		return false
	}
	s.stats = Stats{}
	s.stack[0].pos = p
	s.stack[0].move, s.stack[0].piece = chess.NullMove, chess.NoPiece
	if cap(s.keys) < MaxPly+4 {
		s.keys = make([]uint64, 0, MaxPly+4)
	}
	s.keys, s.rootKeys = s.keys[:0], 0
	s.nodeLimit, s.stop, s.stopped, s.deadline = 0, nil, false, time.Time{}
	eval, _ := s.staticEval(0)
	return s.qsearch(0, -Infinity, Infinity) == eval
}

// probeQTT is the table read in quiescence search (qs-tt): any entry
// will do, since every stored search went at least as deep as this one,
// and a bound that decides the window ends the node.
func (s *Searcher) probeQTT(ply, alpha, beta int) (int, bool) {
	if !s.on.Has(QSearchTT) {
		return 0, false
	}
	e, hit := s.tt.probe(s.stack[ply].pos.Key())
	if !hit {
		return 0, false
	}
	score := scoreFromTT(int(e.score), ply)
	if e.bound() == boundExact ||
		(e.bound() == boundLower && score >= beta) ||
		(e.bound() == boundUpper && score <= alpha) {
		s.note(Event{Kind: EvQTTCutoff, Alpha: alpha, Beta: beta, Score: score}, ply)
		return score, true
	}
	return 0, false
}

// capturedValue is the value of what the capture m takes.
func capturedValue(p *chess.Position, m chess.Move) int {
	return chess.SEEValue[captured(p, m)]
}
