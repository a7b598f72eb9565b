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
		{capture, scoreBadNoisy + 100, OrderNoisy},
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

// TestBadCapturesLast: with bad-captures-last the main search's order puts
// a capture that loses material by SEE (Nxd5, the pawn held by e6, f6 and
// d8) after every quiet move and keeps a winning one (hxg4, a bishop for a
// pawn) before them; asked without it, every capture comes before every
// quiet move.
func TestBadCapturesLast(t *testing.T) {
	p, err := chess.ParseFEN("rn1qkb1r/ppp2ppp/4pn2/3p4/3P2b1/2N4P/PPP1PPP1/R1BQKBNR w KQkq - 1 5")
	if err != nil {
		t.Fatal(err)
	}
	good, _ := p.ParseUCI("h3g4")
	bad, _ := p.ParseUCI("c3d5")
	if p.SEE(good) <= 0 || p.SEE(bad) >= 0 {
		t.Fatalf("SEE: %s %d, %s %d; the test wants one winning capture and one losing", good, p.SEE(good), bad, p.SEE(bad))
	}
	for _, badLast := range []bool{false, true} {
		s := New(mustConfig(t, "full,+bad-captures-last"), 1)
		f := &s.stack[0]
		f.pos, f.move, f.piece = p, chess.NullMove, chess.NoPiece
		f.moves.N = 0
		f.pos.LegalMoves(&f.moves)
		s.scoreMoves(0, chess.NullMove, badLast)
		at := map[chess.Move]int{}
		firstQuiet, lastQuiet, quiets := -1, -1, 0
		for i := 0; i < f.moves.N; i++ {
			m := f.pickMove(i)
			at[m] = i
			if !m.IsNoisy() {
				if firstQuiet < 0 {
					firstQuiet = i
				}
				lastQuiet = i
				quiets++
			}
		}
		if quiets < 20 {
			t.Fatalf("%d quiet moves: the position is not the one meant", quiets)
		}
		if at[good] > firstQuiet {
			t.Errorf("badLast=%v: the winning capture at %d, after the first quiet move (%d)", badLast, at[good], firstQuiet)
		}
		if badLast && at[bad] < lastQuiet {
			t.Errorf("badLast: the losing capture at %d, before the last quiet move (%d)", at[bad], lastQuiet)
		}
		if !badLast && at[bad] > firstQuiet {
			t.Errorf("without badLast: the losing capture at %d, after the first quiet move (%d)", at[bad], firstQuiet)
		}
	}
}

// TestPruneAtLMRDepth: futility and history pruning ask of a late quiet
// move (the 21st) a margin, or a history, for the node's depth without
// their -lmr-depth switches, and for the depth LMR's table would leave
// the move with them: a move just short of the smaller depth's bar is
// pruned only with the switch, at a node inside the pruning's depth limit
// and at one beyond it.
func TestPruneAtLMRDepth(t *testing.T) {
	p, err := chess.ParseFEN("rn1qkb1r/ppp2ppp/4pn2/3p4/3P2b1/2N4P/PPP1PPP1/R1BQKBNR w KQkq - 1 5")
	if err != nil {
		t.Fatal(err)
	}
	m, _ := p.ParseUCI("a2a3")
	const index = 20
	for _, c := range []struct {
		switchName string
		depths     []int
		limit      func(*Params) int
	}{
		{"futility-lmr-depth", []int{6, 9}, func(par *Params) int { return par.FutilityMaxDepth }},
		{"history-prune-lmr-depth", []int{3, 6}, func(par *Params) int { return par.HistPruneMaxDepth }},
	} {
		for _, depth := range c.depths {
			for _, on := range []bool{false, true} {
				spec := "full"
				if on {
					spec += ",+" + c.switchName
				}
				s := New(mustConfig(t, spec), 1)
				s.stack[0].pos = p
				par := &s.cfg.Params
				reduced := depth - s.lmr[depth][index]
				if reduced < 1 || reduced > c.limit(par) || reduced >= depth {
					t.Fatalf("%s, depth %d: the table leaves the move %d plies; the test wants fewer than the node's, within the pruning's limit", c.switchName, depth, reduced)
				}
				alpha := 0
				n := node{depth: depth, alpha: alpha, beta: alpha + 1, excluded: chess.NullMove, eval: alpha + 2000}
				if c.switchName == "futility-lmr-depth" {
					n.eval = alpha - par.FutilityBase - par.FutilityMargin*reduced
				} else {
					s.order.butterfly[chess.White][m.From()][m.To()] = int16(-par.HistPrunePoints*reduced - 1)
				}
				if pruned := s.pruneMove(&n, index, m, true, false, 0, 0); pruned != on {
					t.Errorf("%s %v, depth %d: pruned %v (the table leaves %d plies)", c.switchName, on, depth, pruned, reduced)
				}
			}
		}
	}
}
