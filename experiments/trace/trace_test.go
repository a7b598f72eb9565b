package trace

import (
	"testing"

	"github.com/ablate-chess/ablate/engine/chess"
	"github.com/ablate-chess/ablate/engine/search"
	"github.com/ablate-chess/ablate/positions"
)

// TestByDepthSumsToTheSearch: over the depths, each kind's count is the
// search's own count of it (nodes and quiescence nodes the search's
// node count), and every null-move try is where the null move may be
// tried (the depth its parameter starts it at, or deeper).
func TestByDepthSumsToTheSearch(t *testing.T) {
	ps := sixBoards(t)
	cfg, err := search.ParseConfig("full")
	if err != nil {
		t.Fatal(err)
	}
	counts := ByDepth(cfg, ps, 6, 2)
	want := searchStats(cfg, ps, 6)
	var nodes uint64
	for d, row := range counts {
		nodes += row[search.EvNode] + row[search.EvQNode]
		if d < cfg.Params.NMPMinDepth && row[search.EvNullTry] != 0 {
			t.Errorf("%d null-move tries at depth %d, below its least depth %d", row[search.EvNullTry], d, cfg.Params.NMPMinDepth)
		}
	}
	if nodes != want.Nodes {
		t.Errorf("nodes by depth sum to %d, the searches counted %d", nodes, want.Nodes)
	}
	if want.Count[search.EvReduce] == 0 {
		return // built with -tags nostats: the search keeps its node count alone
	}
	for _, k := range []search.EventKind{search.EvNullTry, search.EvRFP, search.EvLMP, search.EvReduce} {
		var sum uint64
		for _, row := range counts {
			sum += row[k]
		}
		if sum != want.Count[k] {
			t.Errorf("%s by depth sums to %d, the searches counted %d", k, sum, want.Count[k])
		}
	}
}

// sixBoards are the positions of the suite six.
func sixBoards(t *testing.T) []chess.Position {
	t.Helper()
	suite, err := positions.Load("six")
	if err != nil {
		t.Fatal(err)
	}
	var ps []chess.Position
	for _, e := range suite.Entries {
		ps = append(ps, e.Board)
	}
	return ps
}

// searchStats are the untraced searches' counters of ps under cfg to
// depth, summed.
func searchStats(cfg search.Config, ps []chess.Position, depth int) search.Stats {
	var sum search.Stats
	for _, p := range ps {
		r := search.New(cfg, 2).Search(p, nil, search.Limits{Depth: depth}, nil)
		sum.Nodes += r.Stats.Nodes
		sum.QNodes += r.Stats.QNodes
		for k := range search.NumEventKinds {
			sum.Count[k] += r.Stats.Count[k]
		}
	}
	return sum
}
