package eval

import "github.com/ablate-chess/ablate/engine/chess"

// Trace is what one evaluation counted, for the tuner: for every weight
// and every piece-square entry, how many times White's side
// added it minus how many times Black's did, with the phase and the
// endgame's scale. The evaluation is then linear in the weights:
//
//	White's score = (Σ coef·mg · phase + Σ coef·eg · scale/64 · (24 - phase)) / 24
//
// (rounding aside). The counts come from the code that scores (add), so
// that the tuner and the engine cannot drift apart.
type Trace struct {
	Coef  []int      // by Weights' index
	PSQ   [7][64]int // by piece type and table square (the eighth rank first, as White sees it)
	Phase int        // 0 (pawns and kings) to 24 (every piece)
	Scale int        // of 64
}

func (t *Trace) count(c chess.Color, w Weight, n int) {
	if c == chess.Black {
		n = -n
	}
	t.Coef[w] += n
}

func (t *Trace) countSquare(pc chess.Piece, sq chess.Square) {
	if pc.Color() == chess.White {
		t.PSQ[pc.Type()][sq.Flip()]++
	} else {
		t.PSQ[pc.Type()][sq]--
	}
}

// Coefficients evaluates p with the terms on and returns what it counted,
// and the evaluation from White's point of view.
func Coefficients(p *chess.Position, on Terms) (Trace, int) {
	t := Trace{Coef: make([]int, NumWeights), Scale: 64}
	score := evaluate(p, on, nil, &t)
	if p.SideToMove() == chess.Black {
		score = -score
	}
	return t, score
}
