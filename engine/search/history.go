package search

import "github.com/ablate-chess/ablate/engine/chess"

// The tables that learn during a search: butterfly history (by side, from
// and to), continuation history (by the previous move's piece and
// destination, then this move's; cont2 likewise for the side's own move two
// plies back), counter-moves (the quiet move that last refuted a given
// previous move), capture history (by piece, destination and victim) and
// correction history (how far searches found the static eval off, by pawn
// and material key). Killers live in the per-ply frames.

// historyMax bounds every history entry: an update moves it part of the way
// towards ±historyMax ("gravity"), so old results fade.
const historyMax = 16384

type ordering struct {
	butterfly [2][64][64]int16
	cont      contTable
	counter   [16][64]chess.Move
	capture   [16][64][8]int16
	cont2     contTable
	corrPawn  [2][corrSize]int16
	corrMat   [2][corrSize]int16
}

// contTable is a continuation history (two megabytes), with the entries
// written since it was last cleared: a search clears it by zeroing those
// alone, not the whole table, which at a few thousand nodes a move cost
// more than the search (a third of a tune's time at 1,000 nodes a move).
// The table is all zeroes at each search's start either way.
type contTable struct {
	h       [16][64][16][64]int16
	touched [contTouchedMax]int32 // flat offsets into h
	n       int                   // entries in touched; past its length, clear all
}

const contTouchedMax = 1 << 14

// at is the entry for the move to `to` by pc, after the move to prevTo by
// prev, and its flat offset.
func (c *contTable) at(prev chess.Piece, prevTo chess.Square, pc chess.Piece, to chess.Square) (*int16, int32) {
	return &c.h[prev][prevTo][pc][to], ((int32(prev)*64+int32(prevTo))*16+int32(pc))*64 + int32(to)
}

// update moves an entry by bonus (gravity), noting it for the next clear.
func (c *contTable) update(prev chess.Piece, prevTo chess.Square, pc chess.Piece, to chess.Square, bonus int) {
	e, off := c.at(prev, prevTo, pc, to)
	if *e == 0 && c.n <= len(c.touched) {
		if c.n < len(c.touched) {
			c.touched[c.n] = off
		}
		c.n++ // one past the list: too many to list, clear all
	}
	gravity(e, bonus)
}

// clear zeroes every entry written since the last clear.
func (c *contTable) clear() {
	if c.n > len(c.touched) {
		clear(c.h[:])
	} else {
		for _, off := range c.touched[:c.n] {
			c.h[off>>16&15][off>>10&63][off>>6&15][off&63] = 0
		}
	}
	c.n = 0
}

// CopyHistories sets s's history tables (quiet, continuation, capture,
// counter-move, correction) to from's as they stand, so that with
// keep-history on s's next search starts from what from's searches
// learned. The tables are copied whole (a few megabytes): for experiments,
// not for play.
func (s *Searcher) CopyHistories(from *Searcher) { s.order = from.order }

// clearOrdering empties the tables the switched-on techniques use (the others stay
// untouched and unread).
func (s *Searcher) clearOrdering() {
	o := &s.order
	clear(o.butterfly[:])
	o.cont.clear()
	clear(o.counter[:])
	if s.on.Has(CaptureHistory) {
		clear(o.capture[:])
	}
	if s.on.Has(ContinuationHistory2) {
		o.cont2.clear()
	}
	if s.on.Has(CorrectionHistory) {
		clear(o.corrPawn[:])
		clear(o.corrMat[:])
	}
}

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
			score += int(s.order.cont.h[prev.piece][prev.move.To()][pc][m.To()])
		}
	}
	if s.on.Has(ContinuationHistory2) && ply >= 1 {
		if own := &s.stack[ply-1]; own.piece != chess.NoPiece {
			score += int(s.order.cont2.h[own.piece][own.move.To()][pc][m.To()])
		}
	}
	return score
}

// captured is the type of piece m takes: a pawn en passant, none for a
// promotion that captures nothing.
func captured(p *chess.Position, m chess.Move) chess.PieceType {
	if m.Kind() == chess.EnPassant {
		return chess.Pawn
	}
	return p.PieceOn(m.To()).Type()
}

// captureScore is a noisy move's capture history.
func (s *Searcher) captureScore(p *chess.Position, m chess.Move) int {
	return int(s.order.capture[p.PieceOn(m.From())][m.To()][captured(p, m)])
}

// updateCaptureHistory rewards the capture that caused a cutoff at ply (if
// best is one) and penalises the noisy moves searched before it.
func (s *Searcher) updateCaptureHistory(ply, depth int, best chess.Move, tried []chess.Move) {
	p := &s.stack[ply].pos
	bonus := historyBonus(depth)
	for _, m := range tried {
		b := -bonus
		if m == best {
			b = bonus
		}
		gravity(&s.order.capture[p.PieceOn(m.From())][m.To()][captured(p, m)], b)
	}
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
			s.order.cont.update(f.piece, f.move.To(), pc, m.To(), b)
		}
		if s.on.Has(ContinuationHistory2) && ply >= 1 && s.stack[ply-1].piece != chess.NoPiece {
			own := &s.stack[ply-1]
			s.order.cont2.update(own.piece, own.move.To(), pc, m.To(), b)
		}
	}
}
