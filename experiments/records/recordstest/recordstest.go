// Package recordstest holds the records the tests of records, render and
// resultdir share: a small run of two configurations, and one with a
// configuration cut short and one from an engine without counters.
package recordstest

import (
	"github.com/ablate-chess/ablate/engine/search"
	"github.com/ablate-chess/ablate/experiments/records"
)

// Counts makes a record's counters from column, count pairs, the other
// columns of the search's table 0.
func Counts(kv ...any) records.Counts {
	c := records.Counts{Names: search.CounterColumns()}
	c.Values = make([]uint64, len(c.Names))
	for i := 0; i+1 < len(kv); i += 2 {
		for j, n := range c.Names {
			if n == kv[i].(string) {
				c.Values[j] = uint64(kv[i+1].(int))
			}
		}
	}
	return c
}

// Sample is two configurations on two positions, the reference first.
func Sample() []records.Record {
	return []records.Record{
		{Group: "g", Config: "full", Position: "p1", Depth: 1, Nodes: 10, TimeMS: 1, Counts: Counts()},
		{Group: "g", Config: "full", Position: "p1", Depth: 2, Nodes: 100, TimeMS: 10, BestMove: "e2e4", ScoreCP: 20,
			Solved: "yes", Counts: Counts("pvs_searches", 50, "pvs_researches", 5, "lmr_reduced", 40, "lmr_researches", 4,
				"beta_cutoffs", 10, "first_move_cutoffs", 9)},
		{Group: "g", Config: "full", Position: "p2", Depth: 2, Nodes: 400, TimeMS: 30, BestMove: "d2d4", ScoreCP: -10,
			Solved: "no", Counts: Counts("pvs_searches", 150, "pvs_researches", 5, "lmr_reduced", 60, "lmr_researches", 1)},
		{Group: "g", Config: "no-lmr", Position: "p1", Depth: 2, Nodes: 400, TimeMS: 20, BestMove: "e2e4", ScoreCP: 24,
			Counts: Counts("pvs_searches", 100, "pvs_researches", 10)},
		{Group: "g", Config: "no-lmr", Position: "p2", Depth: 2, Nodes: 100, TimeMS: 20, BestMove: "g1f3", ScoreCP: -20,
			Solved: "yes", Counts: Counts("pvs_searches", 100, "pvs_researches", 30)},
	}
}

// CutAndExternal adds to Sample a configuration cut short on one position
// and one from an engine without counters.
func CutAndExternal() []records.Record {
	none := records.Counts{Names: search.CounterColumns()}
	return append(Sample(),
		records.Record{Group: "g", Config: "no-nmp", Position: "p1", Depth: 1, Nodes: 30, TimeMS: 3, Counts: Counts()},
		records.Record{Group: "g", Config: "no-nmp", Position: "p1", Depth: 2, Nodes: 900, TimeMS: 90, CapExceeded: "nodes", Counts: Counts()},
		records.Record{Group: "g", Config: "no-nmp", Position: "p2", Depth: 2, Nodes: 800, TimeMS: 50, BestMove: "d2d4", ScoreCP: -10, Counts: Counts()},
		records.Record{Group: "g", Config: "toga", Position: "p1", Depth: 2, Nodes: 50, TimeMS: 5, BestMove: "e2e4", NoCounters: true, Counts: none},
		records.Record{Group: "g", Config: "toga", Position: "p2", Depth: 2, Nodes: 200, TimeMS: 15, BestMove: "d2d4", NoCounters: true, Counts: none},
	)
}
