package trace

import (
	"testing"

	"github.com/ablate-chess/ablate/engine/search"
)

// TestShapeSumsToTheSearch: the node types' nodes are the searches' main
// nodes, their table cutoffs and prunes before the moves the searches'
// counts of those events, no PV node takes the table's bound, and the
// by-move and by-depth counts of cutoffs, reductions, their plies and the
// move prunes are the searches' own counts.
func TestShapeSumsToTheSearch(t *testing.T) {
	ps := sixBoards(t)
	for _, spec := range []string{"full", "stage-14", "stage-9"} {
		cfg, err := search.ParseConfig(spec)
		if err != nil {
			t.Fatal(err)
		}
		shape := MeasureShape(cfg, ps, 6, 2)
		want := searchStats(cfg, ps, 6)
		types := shape.Types
		var nodes, table, pruned uint64
		for ty := range NumNodeTypes {
			nodes += types.Entered[ty]
			table += types.End(ty, EndTable)
			pruned += types.End(ty, EndPruned)
			var ends uint64
			for e := range NumNodeEnds {
				ends += types.End(ty, e)
			}
			if other := types.End(ty, EndOther); other > types.Entered[ty] || ends != types.Entered[ty] {
				t.Errorf("%s: %s nodes: %d entered, the ends sum to %d (other %d)", spec, ty, types.Entered[ty], ends, other)
			}
		}
		counted := want.Count[search.EvCutoff] != 0 // not with -tags nostats: the search keeps its node count alone
		if main := want.Nodes - want.QNodes; counted && nodes != main {
			t.Errorf("%s: the node types hold %d nodes, the searches %d main nodes", spec, nodes, main)
		}
		if n := types.End(PVNode, EndTable); n != 0 {
			t.Errorf("%s: %d PV nodes ended by the table's bound", spec, n)
		}
		if n := types.Entered[CutNode]; n == 0 {
			t.Errorf("%s: no expected cut node", spec)
		}
		if !counted {
			continue
		}
		if table != want.Count[search.EvTTCutoff] {
			t.Errorf("%s: %d table cutoffs by type, the searches counted %d", spec, table, want.Count[search.EvTTCutoff])
		}
		var prunes uint64
		for _, k := range []search.EventKind{search.EvNullCutoff, search.EvHyperPrune, search.EvRFP, search.EvRazor,
			search.EvProbCut, search.EvMDP, search.EvMultiCut} {
			prunes += want.Count[k]
		}
		if pruned != prunes {
			t.Errorf("%s: %d nodes pruned before their moves by type, the searches counted %d", spec, pruned, prunes)
		}
		m := shape.Moves
		for _, k := range []search.EventKind{search.EvCutoff, search.EvReduce, search.EvLMRResearch, search.EvLMP, search.EvFutility} {
			var sum uint64
			for b := range MoveBuckets {
				sum += m.Kind[b][k]
			}
			if sum != want.Count[k] {
				t.Errorf("%s: %s by move sums to %d, the searches counted %d", spec, k, sum, want.Count[k])
			}
		}
		var plies, byMovePlies, reduced, quiet uint64
		for b := range MoveBuckets {
			byMovePlies += m.ReducedPlies[b]
			quiet += m.QuietCutoffs[b]
			if m.QuietCutoffs[b] > m.Kind[b][search.EvCutoff] {
				t.Errorf("%s: move %s: %d quiet cutoffs of %d", spec, BucketName(b), m.QuietCutoffs[b], m.Kind[b][search.EvCutoff])
			}
			var byClass uint64
			for _, n := range m.Cutoffs[b] {
				byClass += n
			}
			c := m.Cutoffs[b]
			if byClass != m.Kind[b][search.EvCutoff] || c[search.OrderKiller]+c[search.OrderCounter]+c[search.OrderHistory] > m.QuietCutoffs[b] {
				t.Errorf("%s: move %s: cutoffs by class %v sum to %d of %d, %d quiet", spec, BucketName(b), c, byClass,
					m.Kind[b][search.EvCutoff], m.QuietCutoffs[b])
			}
		}
		for d := range m.Reductions {
			for b := range MoveBuckets {
				reduced += m.Reductions[d][b]
				plies += m.Plies[d][b]
			}
		}
		if reduced != want.Count[search.EvReduce] || plies != want.Count[search.EvReducedPlies] || byMovePlies != plies {
			t.Errorf("%s: %d reductions of %d plies by depth (%d by move), the searches counted %d of %d",
				spec, reduced, plies, byMovePlies, want.Count[search.EvReduce], want.Count[search.EvReducedPlies])
		}
		if m.Kind[0][search.EvReduce] != 0 {
			t.Errorf("%s: the first move reduced %d times", spec, m.Kind[0][search.EvReduce])
		}
	}
}

// TestBucketNames: the buckets of move numbers read as the tables print
// them, and each move number falls in the bucket that names it.
func TestBucketNames(t *testing.T) {
	want := []string{"1", "2", "3", "4", "5", "6", "7-8", "9-12", "13-16", "17-24", "25+"}
	for i, w := range want {
		if got := BucketName(i); got != w {
			t.Errorf("bucket %d: %q, want %q", i, got, w)
		}
	}
	for _, c := range []struct{ move, bucket int }{{1, 0}, {2, 1}, {6, 5}, {7, 6}, {8, 6}, {9, 7}, {12, 7}, {24, 9}, {25, 10}, {200, 10}} {
		if got := BucketOf(c.move - 1); got != c.bucket {
			t.Errorf("move %d: bucket %d, want %d", c.move, got, c.bucket)
		}
	}
}
