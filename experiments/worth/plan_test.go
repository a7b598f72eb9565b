package worth

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ablate-chess/ablate/engine/subject"
	"github.com/ablate-chess/ablate/experiments/match"
	"github.com/ablate-chess/ablate/experiments/matrix"
	"github.com/ablate-chess/ablate/experiments/records"
	"github.com/ablate-chess/ablate/experiments/setup"
)

// matchDefaults are a small match's settings.
func matchDefaults() match.Settings {
	return match.Settings{Configs: []string{"a=full", "b=full,-lmp"}, Openings: "bench", Order: "sequential", Pairs: 2,
		Nodes: match.DefaultNodes, Resign: match.DefaultResign, Draw: match.DefaultDraw, MaxMoves: match.DefaultMaxMoves,
		Workers: 1, HashMB: 2, Event: match.DefaultEvent}
}

// TestPlanCells: a leave-one-out's rows, each at every budget, in
// worth.csv's order; played cheapest budget first; each cell's settings
// carry its budget and players.
func TestPlanCells(t *testing.T) {
	plan, err := matrix.Build(matrix.Request{LeaveOneOut: []string{"lmp", "nmp"}, DefaultDepth: 2,
		Options: matrix.Options{Positions: "six", Subject: subject.Native{HashMB: 2}}})
	if err != nil {
		t.Fatal(err)
	}
	var sums []records.Summary
	for _, r := range plan.Rows {
		sums = append(sums, records.Summary{Group: r.Group, Config: r.Name})
	}
	budgets, _ := setup.ParseBudgets("nodes=4000,1000")
	cells, err := planCells(plan, plan.Groups(), budgets, sums)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range cells {
		got = append(got, c.Row.Name+" "+c.Budget.String())
	}
	if strings.Join(got, "; ") != "-lmp nodes=4000; -lmp nodes=1000; -nmp nodes=4000; -nmp nodes=1000" {
		t.Errorf("cells: %q", got)
	}
	got = nil
	for _, c := range playOrder(cells) {
		got = append(got, c.Row.Name+" "+c.Budget.String())
	}
	if strings.Join(got, "; ") != "-lmp nodes=1000; -nmp nodes=1000; -lmp nodes=4000; -nmp nodes=4000" {
		t.Errorf("play order: %q", got)
	}
	s := cells[1].Settings(matchDefaults(), false)
	if s.Nodes != 1000 || s.Configs[0] != "-lmp=full,-lmp" || s.Configs[1] != "full=full" {
		t.Errorf("settings %+v", s)
	}
	if w := cells[1].WorthRow("nodes=1000"); w.Budget != "nodes=1000" || w.MatchDir() != filepath.Join("matches", "leave-one-out__-lmp__nodes-1000") {
		t.Errorf("row %+v, dir %s", w, w.MatchDir())
	}
	if _, err := planCells(plan, plan.Groups(), nil, sums[:1]); err == nil {
		t.Error("a row without a tree size made a cell")
	}
}

// TestBudgetPairs: a matrix's budget_pairs caps the pairs at the budgets it
// names, the group's pairs hold at the others, --pairs overrides both; a
// budget the group does not play, or no pairs, is an error.
func TestBudgetPairs(t *testing.T) {
	build := func(extra string) (*matrix.Plan, error) {
		path := filepath.Join(t.TempDir(), "ladder.toml")
		text := "name = \"ladder\"\npositions = \"six\"\ndepth = 2\nbase = \"full\"\n" +
			"[[matrix]]\nname = \"deep\"\nleave_one_out = [\"nmp\"]\nbudgets = \"nodes=1000,4000\"\npairs = 20\n" + extra
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return matrix.Build(matrix.Request{Experiment: path,
			Options: matrix.Options{Subject: subject.Native{HashMB: 2}}})
	}
	cells := func(plan *matrix.Plan) ([]planned, error) {
		var sums []records.Summary
		for _, r := range plan.Rows {
			sums = append(sums, records.Summary{Group: r.Group, Config: r.Name})
		}
		return planCells(plan, plan.Groups(), nil, sums)
	}
	plan, err := build("budget_pairs = { \"nodes=4000\" = 5 }\n")
	if err != nil {
		t.Fatal(err)
	}
	cs, err := cells(plan)
	if err != nil || len(cs) != 2 {
		t.Fatalf("cells %v, %v", cs, err)
	}
	for i, want := range []int{20, 5} {
		if got := cs[i].Settings(matchDefaults(), false).Pairs; got != want {
			t.Errorf("%s: %d pairs, want %d", cs[i].Budget, got, want)
		}
		if got := cs[i].Settings(matchDefaults(), true).Pairs; got != matchDefaults().Pairs {
			t.Errorf("%s with --pairs: %d pairs, want %d", cs[i].Budget, got, matchDefaults().Pairs)
		}
	}
	for _, c := range []struct{ extra, want string }{
		{"budget_pairs = { \"nodes=9000\" = 5 }\n", "budget_pairs nodes=9000 is not one of its budgets"},
		{"budget_pairs = { \"nodes=4000,1000\" = 5 }\n", "is not one budget"},
		{"budget_pairs = { \"pairs=5\" = 5 }\n", "is not one budget"},
	} {
		plan, err := build(c.extra)
		if err == nil {
			_, err = cells(plan)
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", strings.TrimSpace(c.extra), err, c.want)
		}
	}
	if _, err := build("budget_pairs = { \"nodes=4000\" = 0 }\n"); err == nil || !strings.Contains(err.Error(), "at least one pair") {
		t.Errorf("no pairs: error %v", err)
	}
}

// TestChanceNote: from ten matches on, worth says how many 95% intervals
// miss by chance (one in twenty, rounded half up).
func TestChanceNote(t *testing.T) {
	for _, c := range []struct {
		matches int
		want    string
	}{
		{1, ""},
		{9, ""},
		{10, "10 matches, each with a 95% interval: about 1 of them"},
		{17, "17 matches, each with a 95% interval: about 1 of them"},
		{29, "about 1 of them"},
		{30, "about 2 of them"},
		{60, "about 3 of them"},
	} {
		got := chanceNote(c.matches)
		if c.want == "" && got != "" || !strings.Contains(got, c.want) {
			t.Errorf("%d matches: %q, want %q", c.matches, got, c.want)
		}
	}
}
