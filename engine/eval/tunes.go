package eval

import "github.com/ablate-chess/ablate/engine/chess"

// A tune is one Texel fit (ablate tune texel): piece-square tables, piece
// values included, and term weights by name, in place of PeSTO's tables
// and the hand-set weights while its switch is on. Each fit is a switch of
// its own, so that a new fit leaves the node counts of every result made
// with an older one as they were. The tables list the eighth rank first,
// as White sees the board; a weight the fit does not name stays hand-set.
type tune struct {
	term    Term
	mg, eg  *[7][64]int
	weights map[string]Score
}

// tunes are the fits, a switch each: tuned.go (the first, on 5,000-node
// self-play) and tuned2.go (full's at 10,000 nodes, every
// game its own opening, held out by opening).
var tunes = [...]tune{
	{Tuned, &tunedMG, &tunedEG, tunedWeights},
	{Tuned2, &tuned2MG, &tuned2EG, tuned2Weights},
}

// tuneTerms are the tunes' switches: with one on, the evaluation reads its
// tables and weights; with two, the later one's.
const tuneTerms = Terms(1<<Tuned | 1<<Tuned2)

// TuneTerms is the set of the tunes' switches.
func TuneTerms() Terms { return tuneTerms }

// tunePSQ and tuneWeights are each tune's tables as Evaluate reads them
// (see psq) and its full weight set.
var (
	tunePSQ     [len(tunes)][16][64]Score
	tuneWeights [len(tunes)][NumWeights]Score
)

func init() {
	for i, t := range tunes {
		fillPSQ(&tunePSQ[i], t.mg, t.eg)
		tuneWeights[i] = handSet
		for j, name := range WeightNames {
			if s, ok := t.weights[name]; ok {
				tuneWeights[i][j] = s
			}
		}
	}
}

// tuneOf is the index in tunes of the tune on in on (the last of them),
// or -1 with none.
func tuneOf(on Terms) int {
	for i := len(tunes) - 1; i >= 0; i-- {
		if on.Has(tunes[i].term) {
			return i
		}
	}
	return -1
}

// TuneIn is the tune whose tables the evaluation reads with on (the later
// of two), and whether one is on.
func TuneIn(on Terms) (Term, bool) {
	if i := tuneOf(on); i >= 0 {
		return tunes[i].term, true
	}
	return 0, false
}

// tables is the piece-square tables and weights the evaluation reads with
// on: a tune's, or PeSTO's and the hand-set ones.
func tables(on Terms) (*[16][64]Score, *[NumWeights]Score) {
	if on&tuneTerms != 0 {
		i := tuneOf(on)
		return &tunePSQ[i], &tuneWeights[i]
	}
	return &psq, &handSet
}

// WeightSet is the term weights the evaluation uses with on: the tune's
// that is on, else the hand-set ones.
func WeightSet(on Terms) [NumWeights]Score {
	_, ws := tables(on)
	return *ws
}

// PSQTables is the piece-square tables, piece values included, as the
// evaluation reads them with on (the eighth rank first, as White sees the
// board): the tune's that is on, else PeSTO's.
func PSQTables(on Terms) (mg, eg [7][64]int) {
	if i := tuneOf(on); i >= 0 {
		return *tunes[i].mg, *tunes[i].eg
	}
	return pestoTables()
}

// fillPSQ sets dst[piece][square] from tables of the eighth rank first as
// White sees it: White's square s is row-flipped, Black's read as is.
func fillPSQ(dst *[16][64]Score, mg, eg *[7][64]int) {
	for t := chess.Pawn; t <= chess.King; t++ {
		for s := chess.Square(0); s < 64; s++ {
			w, b := chess.MakePiece(chess.White, t), chess.MakePiece(chess.Black, t)
			dst[w][s] = Score{mg[t][s.Flip()], eg[t][s.Flip()]}
			dst[b][s] = Score{mg[t][s], eg[t][s]}
		}
	}
}
