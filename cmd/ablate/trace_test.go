package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/ablate-chess/ablate/experiments/trace"
)

func TestTraceJSONAndFilters(t *testing.T) {
	out, errw, code := ablate(t, "trace", "--depth", "3")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errw)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	nodes := 0
	for _, l := range lines {
		var e trace.Line
		if err := json.Unmarshal([]byte(l), &e); err != nil {
			t.Fatalf("%q: %v", l, err)
		}
		if e.Event == "node" || e.Event == "qnode" {
			nodes++
		}
	}
	if !strings.Contains(errw, "traced 217 nodes") || nodes != 217 {
		t.Errorf("%d node events; stderr %q", nodes, errw)
	}
	// Filters: only reductions and cutoffs under g1f3, up to ply 2.
	out, _, code = ablate(t, "trace", "--depth", "4", "--kinds", "cutoff,reduce", "--move-path", "g1f3", "--ply", "2")
	if code != 0 || out == "" {
		t.Fatalf("exit %d", code)
	}
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var e trace.Line
		json.Unmarshal([]byte(l), &e)
		if (e.Event != "cutoff" && e.Event != "reduce") || !strings.HasPrefix(e.Path, "g1f3") || e.Ply > 2 {
			t.Errorf("filtered out: %s", l)
		}
	}
	// The tree form indents by ply.
	out, _, _ = ablate(t, "trace", "--depth", "2", "--format", "tree", "--ply", "1")
	if !strings.HasPrefix(out, "root  d1 [-32000, 32000] pv\n  ") {
		t.Errorf("tree:\n%s", out[:min(len(out), 200)])
	}
}

func TestTraceStopsAtMaxNodes(t *testing.T) {
	out, errw, code := ablate(t, "trace", "--depth", "8", "--max-nodes", "2000", "--event", "best")
	if code != 1 || !strings.Contains(errw, "trace stopped at 2000 nodes (its cap, --max-nodes)") {
		t.Errorf("exit %d: %s", code, errw)
	}
	_ = out
	for _, c := range []struct{ args []string }{
		{[]string{"trace", "--event", "nosuch"}},
		{[]string{"trace", "--move-path", "e2e5"}},
		{[]string{"trace", "--fen", "8/8 w"}},
		{[]string{"trace", "--config", "full,-lmx"}},
	} {
		if _, _, code := ablate(t, c.args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", c.args, code)
		}
	}
}

// TestTraceVsFindsWherePruningStarts: stage 13 adds LMR and LMP to stage
// 12; walked in step from the start position, the trees part where one of
// them first acts, and B (stage 13) has the reductions and prunes.
func TestTraceVsFindsWherePruningStarts(t *testing.T) {
	out, errw, code := ablate(t, "trace", "--depth", "6", "--config", "stage-12", "--vs", "stage-13", "--format", "csv")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errw)
	}
	first := strings.SplitN(out, "\n", 2)[0]
	if !strings.HasPrefix(first, "at ") || !(strings.Contains(first, "B pruned") || strings.Contains(first, "B reduced")) {
		t.Errorf("first divergence: %q", first)
	}
	if !strings.Contains(out, "\nlmp,0,") || !strings.Contains(out, "\nreduce,0,") {
		t.Errorf("counts by cause:\n%s", out)
	}
	same, _, _ := ablate(t, "trace", "--depth", "4", "--config", "full", "--vs", "full")
	if !strings.HasPrefix(same, "the two trees are the same") {
		t.Errorf("a tree against itself: %q", same[:min(len(same), 80)])
	}
}

// TestTraceByDepth: --by-depth's table has a row a depth, the default
// kinds as columns; an unknown kind is refused.
func TestTraceByDepth(t *testing.T) {
	out, errw, code := ablate(t, "trace", "--by-depth", "--depth", "4", "--format", "csv")
	if code != 0 || !strings.HasPrefix(out, "depth left,node,qnode,null-try,rfp,razoring,futility,lmp,reduce\n4,1,0,") ||
		!strings.HasSuffix(out, "\n") || strings.Count(out, "\n") != 6 {
		t.Errorf("exit %d, %q\n%s", code, errw, out)
	}
	if _, errw, code := ablate(t, "trace", "--by-depth", "--kinds", "node,nodez"); code != 2 || !strings.Contains(errw, `"nodez": no such event`) {
		t.Errorf("an unknown kind: exit %d, %q", code, errw)
	}
}

// TestTraceShape: --node-types, --by-move and --reductions each write
// their table (a row a type and one of all; a row a bucket of move
// numbers; a row a depth LMR reduced at, deepest first), one at a time.
func TestTraceShape(t *testing.T) {
	for _, c := range []struct {
		flag, header string
		rows         int
	}{
		{"--node-types", "node type,nodes,share,table cutoff,pruned before its moves,failed high,failed low,exact,other\npv,", 4},
		{"--by-move", "move,cutoff,quiet cutoff,by killer,by counter,by history,reduce,plies a reduction,lmr-research,pvs-research,lmp,futility,see-prune,history-prune\n1,", 11},
		{"--reductions", "depth left,move 2,move 3,move 4,move 5,move 6,move 7-8,move 9-12,move 13-16,move 17-24,move 25+,reduced\n6,", 4},
	} {
		out, errw, code := ablate(t, "trace", c.flag, "--depth", "6", "--format", "csv")
		if code != 0 || !strings.HasPrefix(out, c.header) || strings.Count(out, "\n") != c.rows+1 {
			t.Errorf("%s: exit %d, %q\n%s", c.flag, code, errw, out)
		}
	}
	for _, two := range [][]string{{"--by-move", "--reductions"}, {"--by-depth", "--node-types"}, {"--vs", "full", "--check-null"}, {"--check-null", "--check-lmr"}} {
		if _, errw, code := ablate(t, append([]string{"trace"}, two...)...); code != 2 || !strings.Contains(errw, "one at a time") {
			t.Errorf("%v: exit %d, %q", two, code, errw)
		}
	}
}

// TestTraceRecheck: --check-null and --check-lmr write a position's row
// and the total, then the counts by depth left; --check-lmr also by move
// number, each with the floor; neither writes JSON.
func TestTraceRecheck(t *testing.T) {
	fen := "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8"
	// On stage 27 (whose counts never move), where one reduction is overturned.
	out, errw, code := ablate(t, "trace", "--check-lmr", "--config", "stage-27", "--fen", fen, "--depth", "5", "--limit", "0", "--format", "csv")
	want := "position,reduced and failed low,checked,overturned,rate,mean loss (cp),floor,floor rate\n" +
		"fen,188,188,1,0.5%,1,0,0.0%\ntotal,188,188,1,0.5%,1,0,0.0%\n\n" +
		"depth left,checked,overturned,rate,floor,floor rate\n3,106,1,0.9%,0,0.0%\n4,55,0,0.0%,0,0.0%\n5,27,0,0.0%,0,0.0%\n\n" +
		"move,checked,overturned,rate,floor,floor rate\n5,1,0,0.0%,0,0.0%\n6,5,0,0.0%,0,0.0%\n7-8,15,0,0.0%,0,0.0%\n"
	if code != 0 || !strings.HasPrefix(out, want) || !strings.HasSuffix(out, "25+,53,0,0.0%,0,0.0%\n") || !strings.Contains(errw, "fen: 1 of 188 checked reductions overturned") {
		t.Errorf("--check-lmr: exit %d, %q\n%s", code, errw, out)
	}
	out, _, code = ablate(t, "trace", "--check-null", "--depth", "6", "--format", "csv")
	if code != 0 || out != "position,null cutoffs,checked,overturned,rate,mean loss (cp),floor,floor rate\nfen,12,12,0,0.0%,,0,0.0%\ntotal,12,12,0,0.0%,,0,0.0%\n\ndepth left,checked,overturned,rate,floor,floor rate\n3,12,0,0.0%,0,0.0%\n" {
		t.Errorf("--check-null: exit %d\n%s", code, out)
	}
	if _, errw, code := ablate(t, "trace", "--check-lmr", "--format", "json"); code != 2 || !strings.Contains(errw, "--check-lmr writes a table") {
		t.Errorf("--check-lmr as JSON: exit %d, %q", code, errw)
	}
}
