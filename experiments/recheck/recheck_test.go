package recheck

import (
	"testing"

	"github.com/ablate-chess/ablate/engine/chess"
	"github.com/ablate-chess/ablate/engine/search"
)

// sums checks that a tally's tables add up to its checked and overturned
// counts.
func sums(t *testing.T, name string, m map[int][3]int, n Tally) {
	t.Helper()
	var c, o, f int
	for _, x := range m {
		c, o, f = c+x[0], o+x[1], f+x[2]
	}
	if c != n.Checked || o != n.Overturned || f != n.Floor {
		t.Errorf("%s: %v sums to %d checked, %d overturned, %d floor; the tally says %d, %d, %d", name, m, c, o, f, n.Checked, n.Overturned, n.Floor)
	}
}

// TestNull: a known position's null-move cutoffs, each searched again: the
// counts are exact (none of thirteen overturned, where a check from empty
// histories overturned one by 7 cp), a limit checks an evenly spread
// subset, and a configuration without null move has none.
func TestNull(t *testing.T) {
	pos, _ := chess.ParseFEN("8/8/8/3k4/8/8/2BBK3/8 w - - 0 1")
	full, _ := search.ParseConfig("full-pesto")
	n := Null(full, pos, 7, 2, 0)
	if n.Shortcuts != 13 || n.Checked != 13 || n.Overturned != 0 || n.Loss != 0 {
		t.Errorf("full: %+v", n)
	}
	sums(t, "by depth", n.ByDepth, n)
	if len(n.ByMove) != 0 {
		t.Errorf("null cutoffs have no move index: %v", n.ByMove)
	}
	if m := Null(full, pos, 7, 2, 5); m.Shortcuts != 13 || m.Checked != 5 {
		t.Errorf("limit 5: %+v", m)
	}
	// A middlegame one of whose null searches, checked, fails low where the
	// tree's failed high: the floor, not counted overturned.
	scandinavian, _ := chess.ParseFEN("rn1qkb1r/pp3p1p/2p1pp2/5b2/2BP4/5N2/PPPB1PPP/R2QK2R w KQkq - 0 10")
	stage26, _ := search.ParseConfig("stage-26")
	if m := Null(stage26, scandinavian, 7, 16, 0); m.Shortcuts != 97 || m.Checked != 97 || m.Overturned != 1 || m.Floor != 1 || m.Loss != 6 {
		t.Errorf("stage 26, a Scandinavian: %+v", m)
	} else {
		sums(t, "by depth", m.ByDepth, m)
	}
	noNull, _ := search.ParseConfig("full-pesto,-nmp")
	if m := Null(noNull, pos, 7, 2, 0); m.Shortcuts != 0 || m.Checked != 0 {
		t.Errorf("without null move: %+v", m)
	}
}

// TestReductions: a middlegame's reduced moves that failed low, each
// searched again unreduced. They are the search's own reductions less its
// LMR re-searches; the counts are exact; a limit checks an evenly spread
// subset; without LMR there are none.
func TestReductions(t *testing.T) {
	pos, _ := chess.ParseFEN("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8")
	stage26, _ := search.ParseConfig("stage-26")
	n := Reductions(stage26, pos, 7, 2, 0)
	if n.Shortcuts != 928 || n.Checked != 928 || n.Overturned != 11 || n.Loss != 87 || n.Floor != 0 {
		t.Errorf("stage 26: %+v", n)
	}
	res := search.New(stage26, 2).Search(pos, nil, search.Limits{Depth: 7}, nil)
	reduced, again := res.Stats.Count[search.EvReduce], res.Stats.Count[search.EvLMRResearch]
	if reduced != 0 && int(reduced-again) != n.Shortcuts { // not counted with -tags nostats
		t.Errorf("%d reductions taken; the search reduced %d and searched %d again", n.Shortcuts, reduced, again)
	}
	sums(t, "by depth", n.ByDepth, n)
	sums(t, "by move", n.ByMove, n)
	if m := Reductions(stage26, pos, 7, 2, 10); m.Shortcuts != n.Shortcuts || m.Checked != 10 {
		t.Errorf("limit 10: %+v", m)
	}
	noLMR, _ := search.ParseConfig("full,-lmr")
	if m := Reductions(noLMR, pos, 7, 2, 0); m.Shortcuts != 0 || m.Checked != 0 {
		t.Errorf("without LMR: %+v", m)
	}
}

// TestReplay: a path through a null move (a shortcut below a null-move
// search) is played as the search played it: the side to move passes,
// and each position before the end is kept for repetitions.
func TestReplay(t *testing.T) {
	start, _ := chess.ParseFEN(chess.StartFEN)
	e4, _ := start.ParseUCI("e2e4")
	after := start
	after.Play(e4)
	after.PlayNull()
	d4, _ := after.ParseUCI("d2d4")
	p, history := replay(start, []chess.Move{e4, chess.NullMove, d4})
	want, _ := chess.ParseFEN("rnbqkbnr/pppppppp/8/8/3PP3/8/PPP2PPP/RNBQKBNR b KQkq - 0 2")
	if p.Key() != want.Key() {
		t.Errorf("replayed to %s", p.String())
	}
	if len(history) != 3 || history[0] != start.Key() || history[2] != after.Key() {
		t.Errorf("history %x", history)
	}
}
