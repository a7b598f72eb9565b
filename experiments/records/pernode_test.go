package records_test

import (
	"math"
	"testing"

	"github.com/ablate-chess/ablate/experiments/records"
	"github.com/ablate-chess/ablate/experiments/records/recordstest"
)

// TestPerNodes: each configuration summed at its deepest complete depth
// (a position cut short left out), its measures the sums' ratios, NaN
// where an engine counts nothing or a denominator is 0, and an engine
// whose records lack a column (a patched external engine) blank there
// alone.
func TestPerNodes(t *testing.T) {
	recs := recordstest.CutAndExternal()
	recs[1].QNodes, recs[2].QNodes = 40, 200 // full: 500 nodes, 240 in quiescence
	patched := records.Counts{Names: []string{"null_tries", "null_cutoffs"}, Values: []uint64{6, 3}}
	recs = append(recs,
		records.Record{Group: "g", Config: "patched", Position: "p1", Depth: 3, Nodes: 80, QNodes: 20, Counts: patched})
	ps, err := records.PerNodes(recs)
	if err != nil {
		t.Fatal(err)
	}
	name := func(m string) int {
		for i, x := range records.PerNodeMeasures {
			if x.Name == m {
				return i
			}
		}
		t.Fatalf("no measure %q", m)
		return 0
	}
	for _, c := range []struct {
		config           string
		depth, positions int
		nodes            uint64
		measure          string
		want             float64 // NaN: blank
	}{
		{"full", 2, 2, 500, "main-search nodes", 260},
		{"full", 2, 2, 500, "quiescence nodes per main node", 240.0 / 260},
		{"full", 2, 2, 500, "zero-window searches reduced by LMR", 100.0 / 200},
		{"full", 2, 2, 500, "reduced searches searched again", 5.0 / 100},
		{"full", 2, 2, 500, "fail-highs on the first move", 9.0 / 10},
		{"full", 2, 2, 500, "null-move cutoffs per try", math.NaN()}, // none tried
		{"no-nmp", 2, 1, 800, "main-search nodes", 800},              // p1 cut short
		{"toga", 2, 2, 250, "main-search nodes", math.NaN()},
		{"toga", 2, 2, 250, "quiescence nodes per main node", math.NaN()},
		{"patched", 3, 1, 80, "null-move tries per main node", 6.0 / 60},
		{"patched", 3, 1, 80, "null-move cutoffs per try", 0.5},
		{"patched", 3, 1, 80, "extensions per main node", math.NaN()}, // not counted
	} {
		var p *records.PerNode
		for i := range ps {
			if ps[i].Config == c.config {
				p = &ps[i]
			}
		}
		if p == nil || p.Depth != c.depth || p.Positions != c.positions || p.Nodes != c.nodes {
			t.Fatalf("%s: %+v", c.config, p)
		}
		got := p.Measures[name(c.measure)]
		if (math.IsNaN(c.want) != math.IsNaN(got)) || (!math.IsNaN(got) && math.Abs(got-c.want) > 1e-12) {
			t.Errorf("%s, %s: %v, want %v", c.config, c.measure, got, c.want)
		}
	}
}
