package search

import "github.com/ablate-chess/ablate/engine/chess"

// Move ordering. A node generates all its legal moves, gives each a score
// from the switched-on ordering techniques, and hands them out best first
// (selection sort; a tie goes to the move earlier in the list, so the order
// is deterministic).
// With every ordering technique off, moves come in generation order.

const (
	scoreHashMove = 1 << 30
	scoreNoisy    = 1 << 28
	scoreKiller   = 1 << 27
	scoreCounter  = 1<<27 - 2
	scoreThreat   = 1<<27 - 3
	// With bad-captures-last, a losing capture's band, below every quiet
	// move (three histories of at most 16,384 each).
	scoreBadNoisy = -(1 << 28)
)

// OrderClass is what put a move where the ordering put it, for tracing.
type OrderClass uint8

// The classes, by the score band a move was given.
const (
	OrderHash    OrderClass = iota // the table's move
	OrderNoisy                     // a capture or promotion
	OrderKiller                    // a quiet killer
	OrderCounter                   // the quiet counter move
	OrderThreat                    // a quiet move of the piece a null move's refutation attacks
	OrderHistory                   // any other quiet move: its histories' score
	NumOrderClasses
)

var orderNames = [...]string{"hash", "noisy", "killer", "counter", "threat", "history"}

func (c OrderClass) String() string { return orderNames[c] }

// orderOf is the class of move m, scored score by scoreMoves.
func orderOf(m chess.Move, score int32) OrderClass {
	switch {
	case score == scoreHashMove:
		return OrderHash
	case m.IsNoisy():
		return OrderNoisy
	case score == scoreKiller || score == scoreKiller-1:
		return OrderKiller
	case score == scoreCounter:
		return OrderCounter
	case score == scoreThreat:
		return OrderThreat
	}
	return OrderHistory
}

// mvvLVA ranks captures: the most valuable victim first, then the least
// valuable attacker; promotions count the new piece as the victim.
func mvvLVA(p *chess.Position, m chess.Move) int {
	v := int(captured(p, m)) * 8
	if pr := m.Promotion(); pr != chess.NoPieceType {
		v += int(pr) * 8
	}
	return v - int(p.PieceOn(m.From()).Type())
}

// scoreMoves scores the moves of the frame at ply. badLast puts the
// captures and promotions that lose material by SEE after the quiet moves
// (bad-captures-last, asked by the main search only: quiescence skips
// them, and ProbCut asks more of a capture than that).
func (s *Searcher) scoreMoves(ply int, ttMove chess.Move, badLast bool) {
	f := &s.stack[ply]
	p := &f.pos
	var counter chess.Move
	if s.on.Has(CounterMove) && f.piece != chess.NoPiece {
		counter = s.order.counter[f.piece][f.move.To()]
	}
	for i, m := range f.moves.Moves[:f.moves.N] {
		score := 0
		switch {
		case m == ttMove:
			score = scoreHashMove
		case m.IsNoisy() && s.on.Has(CaptureHistory):
			// The victim first, then the capture's history: it ranks
			// captures of the same victim and may lift a capture past
			// one of the next victim down.
			score = scoreNoisy + s.captureScore(p, m)
			if s.on.Has(MVVLVA) {
				score += mvvLVA(p, m) * 2048
			}
		case m.IsNoisy():
			if s.on.Has(MVVLVA) {
				score = scoreNoisy + mvvLVA(p, m)
			}
		case s.on.Has(Killers) && m == f.killers[0]:
			score = scoreKiller
		case s.on.Has(Killers) && m == f.killers[1]:
			score = scoreKiller - 1
		case m == counter:
			score = scoreCounter
		case f.threat != chess.NullMove && m.From() == f.threat.To():
			// The piece a null move's refutation attacks: moving it
			// meets the threat.
			score = scoreThreat
		default:
			score = s.quietScore(ply, m, p.PieceOn(m.From()))
		}
		if badLast && m != ttMove && m.IsNoisy() && p.SEE(m) < 0 {
			score += scoreBadNoisy - scoreNoisy // after the quiet moves
		}
		f.scores[i] = int32(score)
	}
}

// pickMove moves the best-scored of the moves from index i on to index i
// and returns it.
func (f *frame) pickMove(i int) chess.Move {
	best := i
	for j := i + 1; j < f.moves.N; j++ {
		if f.scores[j] > f.scores[best] {
			best = j
		}
	}
	f.moves.Moves[i], f.moves.Moves[best] = f.moves.Moves[best], f.moves.Moves[i]
	f.scores[i], f.scores[best] = f.scores[best], f.scores[i]
	return f.moves.Moves[i]
}
