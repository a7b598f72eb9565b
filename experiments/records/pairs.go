package records

import (
	"fmt"
	"io"

	"github.com/ablate-chess/ablate/experiments/stats"
)

// PairRecord is one row of pairs.csv: a game pair, from the first
// player's (A's) point of view. A is White in game 1, Black in game 2.
type PairRecord struct {
	Pair    int     `csv:"pair" json:"pair"` // from 1
	Opening string  `csv:"opening" json:"opening"`
	Game1   string  `csv:"game1" json:"game1"`   // result, A White
	Game2   string  `csv:"game2" json:"game2"`   // result, A Black
	Points  float64 `csv:"points" json:"points"` // A's points in the pair, 0 to 2
	Reason1 string  `csv:"reason1" json:"reason1"`
	Reason2 string  `csv:"reason2" json:"reason2"`
	Plies1  int     `csv:"plies1" json:"plies1"`
	Plies2  int     `csv:"plies2" json:"plies2"`
	// The mean depth of A's moves and of B's in the pair (out of book).
	DepthA float64 `csv:"depth_a" json:"depth_a"`
	DepthB float64 `csv:"depth_b" json:"depth_b"`
	// The mean nodes of A's moves and of B's under a clock (0: not known,
	// as in node-limited games).
	NodesA float64 `csv:"nodes_a" json:"nodes_a,omitempty"`
	NodesB float64 `csv:"nodes_b" json:"nodes_b,omitempty"`
}

// MeanDepths is the mean over pairs of each player's mean depth: A's, B's.
func MeanDepths(pairs []PairRecord) (float64, float64) {
	if len(pairs) == 0 {
		return 0, 0
	}
	var a, b float64
	for _, p := range pairs {
		a += p.DepthA
		b += p.DepthB
	}
	return a / float64(len(pairs)), b / float64(len(pairs))
}

// MeanNodes is the mean over the pairs that know them of each player's
// mean nodes a move under a clock: A's, B's (0: none known).
func MeanNodes(pairs []PairRecord) (float64, float64) {
	var a, b float64
	n := 0
	for _, p := range pairs {
		if p.NodesA > 0 && p.NodesB > 0 {
			a, b, n = a+p.NodesA, b+p.NodesB, n+1
		}
	}
	if n == 0 {
		return 0, 0
	}
	return a / float64(n), b / float64(n)
}

// WritePairsCSV writes pairs.csv.
func WritePairsCSV(w io.Writer, pairs []PairRecord) error { return WriteRows(w, pairs) }

// ReadPairsCSV reads pairs.csv.
func ReadPairsCSV(r io.Reader, name string) ([]PairRecord, error) {
	return readCSV[PairRecord](r, name)
}

// CheckPairs checks a match shard's pairs: each pair's number is one of
// the match's (1 to pairs), its games' results are results, and its points
// are theirs.
func CheckPairs(ps []PairRecord, pairs int, file string) error {
	valid := map[string]bool{"1-0": true, "0-1": true, "1/2-1/2": true}
	for i, p := range ps {
		switch {
		case p.Pair < 1 || p.Pair > pairs:
			return fmt.Errorf("%s: row %d: pair %d is not one of the match's 1 to %d", file, i+1, p.Pair, pairs)
		case !valid[p.Game1] || !valid[p.Game2]:
			return fmt.Errorf("%s: row %d: results %q and %q are not game results", file, i+1, p.Game1, p.Game2)
		case p.Points != stats.Points(p.Game1, true)+stats.Points(p.Game2, false):
			return fmt.Errorf("%s: row %d: %g points for %s and %s", file, i+1, p.Points, p.Game1, p.Game2)
		case p.Opening == "":
			return fmt.Errorf("%s: row %d: no opening", file, i+1)
		}
	}
	return nil
}

// CountPairs tallies pairs in order until the rule stops the match; it
// returns the tally and how many pairs it counted (the rest were played
// past the stop, by shards that could not know of it).
func CountPairs(r stats.Stop, pairs []PairRecord) (stats.Score, int) {
	var s stats.Score
	for i, p := range pairs {
		s.AddPair(stats.Points(p.Game1, true), stats.Points(p.Game2, false))
		if _, verdict, precise := r.Check(s); verdict != "" || precise {
			return s, i + 1
		}
	}
	return s, len(pairs)
}

// Phase is one stretch of the games, by the engines' own moves (book moves
// are not counted): the mean depth each player reached there, and the mean
// nodes and seconds where the moves' comments carry them (a clock's games
// do, a node budget's need not). It is how a node budget is compared with a clock:
// a clock spends more early, a plain budget the same on every move.
type Phase struct {
	From, To int        // the players' own moves From to To; To 0: to the game's end
	Moves    [2]int     // moves with a depth: the player's, the opponent's
	Depth    [2]float64 // mean depth
	Nodes    [2]float64 // mean nodes a move; 0 where no comment gives them
	Seconds  [2]float64 // mean seconds a move; 0 where no comment gives them
}
