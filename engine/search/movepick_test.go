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

// TestFutilityLMRDepth: futility pruning asks of a late quiet move (the
// 21st) a margin for the node's depth without futility-lmr-depth, and for
// the depth LMR's table would leave it with the switch: an eval just
// short of the smaller margin prunes the move only with the switch, at a
// node inside futility's depth limit and at one beyond it.
func TestFutilityLMRDepth(t *testing.T) {
	p, err := chess.ParseFEN("rn1qkb1r/ppp2ppp/4pn2/3p4/3P2b1/2N4P/PPP1PPP1/R1BQKBNR w KQkq - 1 5")
	if err != nil {
		t.Fatal(err)
	}
	m, _ := p.ParseUCI("a2a3")
	const index = 20
	for _, depth := range []int{6, 9} {
		for _, on := range []bool{false, true} {
			spec := "full"
			if on {
				spec += ",+futility-lmr-depth"
			}
			s := New(mustConfig(t, spec), 1)
			s.stack[0].pos = p
			par := &s.cfg.Params
			reduced := depth - s.lmr[depth][index]
			if reduced < 1 || reduced > par.FutilityMaxDepth || reduced >= depth {
				t.Fatalf("depth %d: the table leaves the move %d plies; the test wants fewer than the node's, within futility's limit", depth, reduced)
			}
			alpha := 0
			n := node{ply: 0, depth: depth, alpha: alpha, beta: alpha + 1, excluded: chess.NullMove,
				eval: alpha - par.FutilityBase - par.FutilityMargin*reduced}
			pruned := s.pruneMove(&n, index, m, true, false, 0, 0)
			if pruned != on {
				t.Errorf("depth %d, futility-lmr-depth %v: pruned %v (the table leaves %d plies)", depth, on, pruned, reduced)
			}
		}
	}
}
