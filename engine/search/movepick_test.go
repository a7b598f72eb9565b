package search

import (
	"testing"

	"github.com/ablate-chess/ablate/engine/chess"
)

// TestOrderOf: a move's class is read from the band scoreMoves put it
// in, a capture's from the move whatever its score (with the capture
// orderings off it scores 0, as an unknown quiet move does), the table's
// move first whatever it is.
func TestOrderOf(t *testing.T) {
	p, err := chess.ParseFEN("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
	if err != nil {
		t.Fatal(err)
	}
	quiet, _ := p.ParseUCI("f1c4")
	capture, _ := p.ParseUCI("f3e5")
	for _, c := range []struct {
		m     chess.Move
		score int32
		want  OrderClass
	}{
		{capture, scoreHashMove, OrderHash},
		{quiet, scoreHashMove, OrderHash},
		{capture, scoreNoisy + 100, OrderNoisy},
		{capture, 0, OrderNoisy},
		{quiet, scoreKiller, OrderKiller},
		{quiet, scoreKiller - 1, OrderKiller},
		{quiet, scoreCounter, OrderCounter},
		{quiet, scoreThreat, OrderThreat},
		{quiet, 0, OrderHistory},
		{quiet, -5000, OrderHistory},
		{quiet, 3 * 16384, OrderHistory},
	} {
		if got := orderOf(c.m, c.score); got != c.want {
			t.Errorf("%s scored %d: %s, want %s", c.m, c.score, got, c.want)
		}
	}
}
