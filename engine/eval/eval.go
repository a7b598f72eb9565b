package eval

import "github.com/ablate-chess/ablate/engine/chess"

// psq[phase][piece][square] is a piece's value plus its square's value, for
// either colour, indexed by our square numbering (a1 = 0), so that Evaluate
// is one lookup per piece: PeSTO's tables (a tune's are in tunePSQ).
var psq [16][64]Score

func init() {
	mg, eg := pestoTables()
	fillPSQ(&psq, &mg, &eg)
}

// Evaluate returns the static evaluation of p in centipawns, from the side
// to move's point of view: material and piece-square values, middlegame and
// endgame, blended by how much material is left (tapered evaluation), and
// the terms that are on. With none on it is PeSTO's evaluation exactly.
// (A searcher evaluates through its own Evaluator, which keeps a pawn hash
// table; the result is the same.)
func Evaluate(p *chess.Position, on Terms) int { return evaluate(p, on, nil, nil) }

// Evaluator evaluates with a pawn hash table of its own, and a cache of
// whole evaluations: one a searcher, as it is not safe for concurrent use.
type Evaluator struct {
	pawns pawnTable
	cache [1 << 15]evalEntry
}

// evalEntry is one position's evaluation under one set of terms.
type evalEntry struct {
	key   uint64 // the position's Zobrist key
	score int32
	tag   uint32 // the terms it was scored with, plus one: zero is empty
}

// Evaluate is eval.Evaluate, the pawn structure cached.
func (e *Evaluator) Evaluate(p *chess.Position, on Terms) int { return evaluate(p, on, &e.pawns, nil) }

// EvaluateCached is Evaluate, looked up first in the evaluation cache by
// the position's key and the terms: a search evaluates the same position
// again and again (each iteration of iterative deepening, transpositions,
// razoring's and the singular search's second look). The score is the
// same as Evaluate's unless two positions share a 64-bit key, which the
// transposition table already takes as impossible.
func (e *Evaluator) EvaluateCached(p *chess.Position, on Terms) int {
	k := p.Key()
	c := &e.cache[k%uint64(len(e.cache))]
	if c.key == k && c.tag == uint32(on)+1 {
		return int(c.score)
	}
	score := evaluate(p, on, &e.pawns, nil)
	*c = evalEntry{k, int32(score), uint32(on) + 1}
	return score
}

func evaluate(p *chess.Position, on Terms, pt *pawnTable, tr *Trace) int {
	tab, ws := tables(on)
	sc := scorer{tr: tr, ws: ws}
	for c := chess.White; c <= chess.Black; c++ {
		s := &sc.s[c]
		for t := chess.Pawn; t <= chess.King; t++ {
			pc := chess.MakePiece(c, t)
			row := &tab[pc&15]
			for pcs := p.Pieces(c, t); pcs != 0; {
				sq := pcs.PopFirst()
				s.MG += row[sq&63].MG
				s.EG += row[sq&63].EG
				if tr != nil {
					tr.countSquare(pc, sq)
				}
			}
		}
	}
	phase := 0
	for t := chess.Knight; t <= chess.Queen; t++ {
		phase += phaseWeight[t] * (p.Pieces(chess.White, t) | p.Pieces(chess.Black, t)).Count()
	}
	if on&^tuneTerms != 0 {
		terms(p, on, &sc, pt)
	}
	phase = min(phase, maxPhase) // early promotions can exceed it
	mg := sc.s[chess.White].MG - sc.s[chess.Black].MG
	eg := sc.s[chess.White].EG - sc.s[chess.Black].EG
	if on.Has(EndgameScaling) {
		scale := endgameScale(p, eg)
		eg = eg * scale / 64
		if tr != nil {
			tr.Scale = scale
		}
	}
	if tr != nil {
		tr.Phase = phase
	}
	score := (mg*phase + eg*(maxPhase-phase)) / maxPhase
	if p.SideToMove() == chess.Black {
		return -score
	}
	return score
}
