package chess

// Draw rules that a position alone can decide (the fifty-move rule and
// insufficient material) and repetition, which needs the keys of the
// positions before it.

// FiftyMoves reports whether fifty moves by each side have passed without a
// capture or a pawn move. (A mate on the hundredth half-move still wins; the
// search checks for mate first.)
func (p *Position) FiftyMoves() bool { return p.halfmove >= 100 }

// InsufficientMaterial reports whether neither side can possibly mate: bare
// kings, a single knight or bishop, or only bishops all on squares of one
// colour.
func (p *Position) InsufficientMaterial() bool {
	if p.pieces[Pawn]|p.pieces[Rook]|p.pieces[Queen] != 0 {
		return false
	}
	minors := p.pieces[Knight] | p.pieces[Bishop]
	if !minors.Several() {
		return true
	}
	const darkSquares Bitboard = 0xAA55AA55AA55AA55
	if p.pieces[Knight] == 0 {
		b := p.pieces[Bishop]
		return b&darkSquares == 0 || b&^darkSquares == 0
	}
	return false
}

// Repeats reports whether p repeats a position in history, the keys of the
// positions that led to it, oldest first. Only positions since the last
// capture or pawn move can repeat, and only those with the same side to
// move, so the scan steps back two plies at a time and no further than the
// half-move clock allows. One earlier occurrence is enough: within a search
// a repetition is treated as a draw at once.
func (p *Position) Repeats(history []uint64) bool {
	n := len(history)
	stop := max(n-int(p.halfmove), 0)
	for i := n - 2; i >= stop; i -= 2 {
		if history[i] == p.key {
			return true
		}
	}
	return false
}

// Game is a position with the moves and positions that led to it, for the
// rules that need history (threefold repetition) and for front ends such as
// UCI.
type Game struct {
	Start    Position
	Moves    []Move
	Position Position
	keys     []uint64 // keys of the positions before Position, oldest first
}

// NewGame starts a game from p.
func NewGame(p Position) *Game { return &Game{Start: p, Position: p} }

// Play plays a legal move.
func (g *Game) Play(m Move) {
	g.keys = append(g.keys, g.Position.key)
	g.Moves = append(g.Moves, m)
	g.Position.Play(m)
}

// History returns the keys of the positions before the current one, oldest
// first. The caller must not change them.
func (g *Game) History() []uint64 { return g.keys }

// Repetitions counts how often the current position occurred before.
func (g *Game) Repetitions() int {
	n := 0
	p := &g.Position
	for i := len(g.keys) - 2; i >= max(len(g.keys)-int(p.halfmove), 0); i -= 2 {
		if g.keys[i] == p.key {
			n++
		}
	}
	return n
}
