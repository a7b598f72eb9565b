package match

import (
	"strings"
	"testing"

	"github.com/ablate-chess/ablate/engine/chess"
	"github.com/ablate-chess/ablate/experiments/records"
)

// Two games of a pair: a book move each side, then the engines' moves
// with depth (and, in the first game, nodes and seconds) in their comments.
const phasesPGN = `[White "a"]
[Black "b"]
[Result "1/2-1/2"]

1. e4 {book} e5 {book} 2. Nf3 {+0.20/10 0.250s n=1000} Nc6 {-0.10/8 0.125s n=500}
3. Bb5 {+0.30/12 0.500s n=3000} a6 {-0.20/9 n=700} 4. Ba4 {+0.10/14 1.000s n=100} 1/2-1/2

[White "b"]
[Black "a"]
[Result "1-0"]

1. d4 {+0.10/6} d5 {-0.10/7} 2. c4 {+0.20/8} e6 {-0.30/9} 3. Nc3 {+0.10/4} 1-0
`

func TestPhases(t *testing.T) {
	games, err := chess.ReadPGN(strings.NewReader(phasesPGN), "p.pgn")
	if err != nil {
		t.Fatal(err)
	}
	got, err := Phases(games, "a", "b", []int{1})
	if err != nil {
		t.Fatal(err)
	}
	// a's own moves: game 1 depths 10, 12, 14 (nodes 1000, 3000, 100;
	// seconds 0.25, 0.5, 1); game 2 depths 7, 9. b's: game 1 depths 8, 9
	// (nodes 500, 700; seconds 0.125 for the first only); game 2 depths
	// 6, 8, 4.
	want := []records.Phase{
		{From: 1, To: 1, Moves: [2]int{2, 2}, Depth: [2]float64{8.5, 7}, Nodes: [2]float64{1000, 500}, Seconds: [2]float64{0.25, 0.125}},
		{From: 2, To: 0, Moves: [2]int{3, 3}, Depth: [2]float64{35.0 / 3, 7}, Nodes: [2]float64{1550, 700}, Seconds: [2]float64{0.75, 0}},
	}
	if len(got) != len(want) {
		t.Fatalf("%d phases, want %d: %+v", len(got), len(want), got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("phase %d: %+v, want %+v", i, got[i], want[i])
		}
	}
	for _, bounds := range [][]int{{0}, {10, 10}, {20, 10}} {
		if _, err := Phases(games, "a", "b", bounds); err == nil {
			t.Errorf("bounds %v accepted", bounds)
		}
	}
}
