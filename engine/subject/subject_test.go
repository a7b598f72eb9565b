package subject

import (
	"testing"

	"github.com/ablate-chess/ablate/engine/chess"
	"github.com/ablate-chess/ablate/engine/search"
)

// TestNativeIsTheSearcher: through the interface, ablate's engine counts
// exactly what the searcher counts, iteration by iteration.
func TestNativeIsTheSearcher(t *testing.T) {
	p, _ := chess.ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	cfg, _ := search.ParseConfig("full,-lmp")
	want := search.New(cfg, 4).Search(p, nil, search.Limits{Depth: 6}, nil)

	sub := Native{HashMB: 4}
	c, err := sub.ParseConfig("default,-lmp")
	if err != nil {
		t.Fatal(err)
	}
	if c.Has("lmp") || !c.Has("lmr") || c.Techniques() != cfg.Techniques.Effective().String() {
		t.Errorf("config %s", c.Techniques())
	}
	e, _ := sub.Start()
	defer e.Close()
	e.Reset(c)
	calls := 0
	got, err := e.Search(chess.NewGame(p), Limits{Depth: 6}, func(*Iteration) { calls++ })
	if err != nil {
		t.Fatal(err)
	}
	if calls != 6 || got.Depth() != 6 || got.Move != want.Move || got.Nodes != want.Stats.Nodes {
		t.Fatalf("got depth %d move %v nodes %d after %d calls; searcher: move %v nodes %d",
			got.Depth(), got.Move, got.Nodes, calls, want.Move, want.Stats.Nodes)
	}
	for i, it := range got.Iterations {
		if it.Nodes != want.Iterations[i].Stats.Nodes || it.Stats == nil || it.Stats.QNodes != want.Iterations[i].Stats.QNodes {
			t.Errorf("iteration %d differs", i+1)
		}
	}
	// A node limit stops it: the nodes are exactly the limit.
	e.Reset(c)
	cut, _ := e.Search(chess.NewGame(p), Limits{Depth: 6, Nodes: 3000}, nil)
	if cut.Nodes != 3000 || cut.Depth() >= 6 {
		t.Errorf("limited: %d nodes, depth %d", cut.Nodes, cut.Depth())
	}
}

func TestMateScore(t *testing.T) {
	for _, c := range []struct{ moves, score int }{{1, search.Mate - 1}, {3, search.Mate - 5}, {-1, -search.Mate + 2}, {-4, -search.Mate + 8}} {
		if got := MateScore(c.moves); got != c.score || search.MateIn(got) != c.moves {
			t.Errorf("mate in %d: score %d (MateIn %d), want %d", c.moves, got, search.MateIn(got), c.score)
		}
	}
}
