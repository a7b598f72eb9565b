package search

import "github.com/ablate-chess/ablate/engine/chess"

// The ordering tables that learn during a search: butterfly history (by
// side, from and to), continuation history (by the previous move's piece and
// destination, then this move's), and counter-moves (the quiet move that last
// refuted a given previous move). Killers live in the per-ply frames.

// historyMax bounds every history entry: an update moves it part of the way
// towards ±historyMax ("gravity"), so old results fade.
const historyMax = 16384

type ordering struct {
	butterfly [2][64][64]int16
	cont      [16][64][16][64]int16
	counter   [16][64]chess.Move
}

func (o *ordering) clear() { *o = ordering{} }

// gravity adds bonus to *h, scaled down as *h nears the bound.
func gravity(h *int16, bonus int) {
	v := int(*h)
	v += bonus - v*abs(bonus)/historyMax
	*h = int16(v)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// historyBonus is the reward for a cutoff at depth: depth², capped, so
// that deep cutoffs count more (structural: the usual shape, not a
// tunable; the cap keeps one deep cutoff from swamping the table).
func historyBonus(depth int) int { return min(32*depth*depth, 4096) }

// quietScore is a quiet move's history score as the switched-on tables see
// it: the ordering key for quiet moves and what history-LMR reads.
func (s *Searcher) quietScore(ply int, m chess.Move, pc chess.Piece) int {
	score := 0
	if s.on.Has(History) {
		score += int(s.order.butterfly[pc.Color()][m.From()][m.To()])
	}
	if s.on.Has(ContinuationHistory) {
		if prev := &s.stack[ply]; prev.piece != chess.NoPiece {
			score += int(s.order.cont[prev.piece][prev.move.To()][pc][m.To()])
		}
	}
	return score
}

// updateQuietHistory rewards the quiet move that caused a cutoff at ply and
// penalises the quiet moves searched before it.
func (s *Searcher) updateQuietHistory(ply, depth int, best chess.Move, tried []chess.Move) {
	f := &s.stack[ply]
	p := &f.pos
	bonus := historyBonus(depth)
	if s.on.Has(Killers) && f.killers[0] != best {
		f.killers[1] = f.killers[0]
		f.killers[0] = best
	}
	if s.on.Has(CounterMove) && f.piece != chess.NoPiece {
		s.order.counter[f.piece][f.move.To()] = best
	}
	for _, m := range tried {
		b := -bonus
		if m == best {
			b = bonus
		}
		pc := p.PieceOn(m.From())
		if s.on.Has(History) {
			gravity(&s.order.butterfly[pc.Color()][m.From()][m.To()], b)
		}
		if s.on.Has(ContinuationHistory) && f.piece != chess.NoPiece {
			gravity(&s.order.cont[f.piece][f.move.To()][pc][m.To()], b)
		}
	}
}
