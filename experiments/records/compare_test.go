package records_test

import (
	"math"
	"strings"
	"testing"

	"github.com/ablate-chess/ablate/experiments/records"
	"github.com/ablate-chess/ablate/experiments/records/recordstest"
)

func TestCompare(t *testing.T) {
	old := []records.Record{
		{Group: "g", Config: "a", Position: "p1", Depth: 3, Nodes: 100, TimeMS: 10, TimesMS: "10;10.2;9.9;10.1", BestMove: "e2e4", Counts: recordstest.Counts("pvs_searches", 10, "pvs_researches", 1)},
		{Group: "g", Config: "a", Position: "p2", Depth: 3, Nodes: 300, TimeMS: 30, TimesMS: "30;30.1;29.8;30.2", BestMove: "d2d4"},
		{Group: "g", Config: "a", Position: "gone", Depth: 3, Nodes: 5, TimeMS: 1},
		{Group: "g", Config: "old-only", Position: "p1", Depth: 3, Nodes: 1},
	}
	new := []records.Record{
		{Group: "g", Config: "a", Position: "p1", Depth: 3, Nodes: 110, TimeMS: 20, TimesMS: "20;20.3;19.8;20.1", BestMove: "e2e4", Counts: recordstest.Counts("pvs_searches", 10, "pvs_researches", 2)},
		{Group: "g", Config: "a", Position: "p2", Depth: 3, Nodes: 330, TimeMS: 60, TimesMS: "60;60.2;59.9;60.1", BestMove: "g1f3"},
		{Group: "g", Config: "new-only", Position: "p1", Depth: 3, Nodes: 1},
	}
	cs := records.Compare(old, new)
	if len(cs) != 3 || cs[1].Missing != "new" || cs[2].Missing != "old" {
		t.Fatalf("comparisons: %+v", cs)
	}
	a := cs[0]
	if a.Positions != 2 || a.MissingPos != 1 || a.OldNodes != 400 || a.NewNodes != 440 {
		t.Errorf("a: %+v", a)
	}
	if math.Abs(a.NodeChange-0.10) > 1e-9 || a.MovesChanged != 1 || a.Changed[0] != "p2:d2d4->g1f3" {
		t.Errorf("a: change %v, moves %v", a.NodeChange, a.Changed)
	}
	if !a.TimeKnown || a.TimeVerdict() != "slower" || math.Abs(a.TimeRatio-2) > 0.01 || a.TimeLow > 2 || a.TimeHigh < 2 {
		t.Errorf("a: time ratio %v [%v, %v] %s", a.TimeRatio, a.TimeLow, a.TimeHigh, a.TimeVerdict())
	}
	if a.OldPVSResearch != 0.1 || a.NewPVSResearch != 0.2 {
		t.Errorf("a: pvs re-search %v -> %v", a.OldPVSResearch, a.NewPVSResearch)
	}

	// Noise: overlapping samples are "no change"; single samples "unknown".
	noisy := records.Compare(
		[]records.Record{{Config: "a", Position: "p", Depth: 1, Nodes: 1, TimeMS: 10, TimesMS: "9;11;10;12"}},
		[]records.Record{{Config: "a", Position: "p", Depth: 1, Nodes: 1, TimeMS: 10.5, TimesMS: "10;12;9;11"}})
	if v := noisy[0].TimeVerdict(); v != "no change" {
		t.Errorf("noisy times: %s [%v, %v]", v, noisy[0].TimeLow, noisy[0].TimeHigh)
	}
	single := records.Compare(
		[]records.Record{{Config: "a", Position: "p", Depth: 1, Nodes: 1, TimeMS: 10}},
		[]records.Record{{Config: "a", Position: "p", Depth: 1, Nodes: 1, TimeMS: 20}})
	if single[0].TimeVerdict() != "unknown" {
		t.Errorf("one sample each: %s", single[0].TimeVerdict())
	}
	// Different depths: compared at the deepest both reached.
	deep := records.Compare(
		[]records.Record{{Config: "a", Position: "p", Depth: 1, Nodes: 5}, {Config: "a", Position: "p", Depth: 2, Nodes: 50}},
		[]records.Record{{Config: "a", Position: "p", Depth: 1, Nodes: 6}})
	if deep[0].Depth != 1 || deep[0].OldNodes != 5 || deep[0].NewNodes != 6 {
		t.Errorf("depth alignment: %+v", deep[0])
	}
}

// TestFailRules: --fail-on's rules read and judge a comparison: nodes over
// the limit fail, time only when the interval says slower.
func TestFailRules(t *testing.T) {
	rules, err := records.ParseFailRules([]string{"nodes:0.5", "time:5%"})
	if err != nil || len(rules) != 2 || rules[1].Pct != 5 {
		t.Fatalf("%v %v", rules, err)
	}
	for _, bad := range []string{"nodes", "nodes:x", "depth:1", "time:-1"} {
		if _, err := records.ParseFailRules([]string{bad}); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
	cs := []records.Comparison{
		{Config: "a", NodeChange: 0.004},
		{Config: "b", NodeChange: 0.006},
		{Config: "c", TimeRatio: 1.2, TimeLow: 1.1, TimeHigh: 1.3, TimeKnown: true},
		{Config: "d", NodeChange: 0.5, Missing: "new"},
	}
	f := records.Failures(cs, rules)
	if len(f) != 2 || !strings.HasPrefix(f[0], "b: nodes +0.60%") || !strings.HasPrefix(f[1], "c: time x1.200") {
		t.Errorf("failures %q", f)
	}
}

// TestBaselineDiff: a changed count that repeats is the search's change;
// one that moves again is the engine's nondeterminism.
func TestBaselineDiff(t *testing.T) {
	want := []records.BaselineRow{{Config: "full", Position: "a", Nodes: 100}, {Config: "full", Position: "b", Nodes: 200},
		{Config: "full", Position: "c", Nodes: 300}}
	got := map[records.BaselineKey]uint64{{"full", "a"}: 100, {"full", "b"}: 210, {"full", "c"}: 290}
	changed, total := records.Changed(want, got)
	if len(changed) != 2 || total != 600 {
		t.Fatalf("changed %v, total %d", changed, total)
	}
	again := map[records.BaselineKey]uint64{{"full", "b"}: 210, {"full", "c"}: 295}
	diff, unrepeatable := records.BaselineDiff(changed, got, again)
	if len(diff) != 1 || diff[0][1] != "b" || diff[0][4] != "5.00%" || len(unrepeatable) != 1 {
		t.Errorf("diff %v, unrepeatable %v", diff, unrepeatable)
	}
}
