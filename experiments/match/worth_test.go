package match

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ablate-chess/ablate/engine/subject"
	"github.com/ablate-chess/ablate/experiments"
	"github.com/ablate-chess/ablate/results"
)

// TestWorthCells: a leave-one-out's rows, each at every budget, in
// worth.csv's order; played cheapest budget first; each cell's settings
// carry its budget and players.
func TestWorthCells(t *testing.T) {
	plan, err := experiments.Build(experiments.Request{LeaveOneOut: []string{"lmp", "nmp"}, DefaultDepth: 2,
		Options: experiments.Options{Positions: "six", Subject: subject.Native{HashMB: 2}}})
	if err != nil {
		t.Fatal(err)
	}
	var sums []results.Summary
	for _, r := range plan.Rows {
		sums = append(sums, results.Summary{Group: r.Group, Config: r.Name})
	}
	budgets, _ := ParseBudgets("nodes=4000,1000")
	cells, err := Cells(plan, plan.Groups(), budgets, sums)
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
	for _, c := range PlayOrder(cells) {
		got = append(got, c.Row.Name+" "+c.Budget.String())
	}
	if strings.Join(got, "; ") != "-lmp nodes=1000; -nmp nodes=1000; -lmp nodes=4000; -nmp nodes=4000" {
		t.Errorf("play order: %q", got)
	}
	s := cells[1].Settings(defaults(), false)
	if s.Nodes != 1000 || s.Configs[0] != "-lmp=full,-lmp" || s.Configs[1] != "full=full" {
		t.Errorf("settings %+v", s)
	}
	if w := cells[1].WorthRow("nodes=1000"); w.Budget != "nodes=1000" || w.MatchDir() != filepath.Join("matches", "leave-one-out__-lmp__nodes-1000") {
		t.Errorf("row %+v, dir %s", w, w.MatchDir())
	}
	if _, err := Cells(plan, plan.Groups(), nil, sums[:1]); err == nil {
		t.Error("a row without a tree size made a cell")
	}
}

// TestResumeACell: an empty directory holds nothing; a match made with
// other settings is refused; an interrupted one gives its journal's pairs,
// at any -j.
func TestResumeACell(t *testing.T) {
	dir := t.TempDir()
	s := defaults()
	if prev, done, err := Resume(dir, s); prev != nil || done != nil || err != nil {
		t.Fatalf("empty: %v %v %v", prev, done, err)
	}
	other := s
	other.Pairs = 99
	req, _ := jsonOf(other)
	d, err := results.OpenDir(dir, &results.MatchInfo{Request: req}, false)
	if err != nil {
		t.Fatal(err)
	}
	d.Close()
	if _, _, err := Resume(dir, s); err == nil || !strings.Contains(err.Error(), "other settings") {
		t.Errorf("other settings: %v", err)
	}
	req, _ = jsonOf(s)
	os.Remove(filepath.Join(dir, "match.json"))
	d, _ = results.OpenDir(dir, &results.MatchInfo{Request: req}, false)
	d.Close()
	if prev, done, err := Resume(dir, s); prev == nil || prev.Complete || len(done) != 0 || err != nil {
		t.Errorf("interrupted: %v %v %v", prev, done, err)
	}
	more := s
	more.Workers = s.Workers + 3 // another -j plays the same games
	if prev, _, err := Resume(dir, more); prev == nil || err != nil {
		t.Errorf("resumed at another -j: %v %v", prev, err)
	}
}

func jsonOf(s Settings) ([]byte, error) { return json.Marshal(s) }

// TestBudgetPairs: a matrix's budget_pairs caps the pairs at the budgets it
// names, the group's pairs hold at the others, --pairs overrides both; a
// budget the group does not play, or no pairs, is an error.
func TestBudgetPairs(t *testing.T) {
	build := func(extra string) (*experiments.Plan, error) {
		path := filepath.Join(t.TempDir(), "ladder.toml")
		text := "name = \"ladder\"\npositions = \"six\"\ndepth = 2\nbase = \"full\"\n" +
			"[[matrix]]\nname = \"deep\"\nleave_one_out = [\"nmp\"]\nbudgets = \"nodes=1000,4000\"\npairs = 20\n" + extra
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return experiments.Build(experiments.Request{Experiment: path,
			Options: experiments.Options{Subject: subject.Native{HashMB: 2}}})
	}
	cells := func(plan *experiments.Plan) ([]Cell, error) {
		var sums []results.Summary
		for _, r := range plan.Rows {
			sums = append(sums, results.Summary{Group: r.Group, Config: r.Name})
		}
		return Cells(plan, plan.Groups(), nil, sums)
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
		if got := cs[i].Settings(defaults(), false).Pairs; got != want {
			t.Errorf("%s: %d pairs, want %d", cs[i].Budget, got, want)
		}
		if got := cs[i].Settings(defaults(), true).Pairs; got != defaults().Pairs {
			t.Errorf("%s with --pairs: %d pairs, want %d", cs[i].Budget, got, defaults().Pairs)
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

// TestResumeDir: an interrupted match's directory gives back its settings;
// a complete one, or one without a request, is an error saying so.
func TestResumeDir(t *testing.T) {
	dir := t.TempDir()
	s := defaults()
	s.Pairs = 7
	req, _ := jsonOf(s)
	d, err := results.OpenDir(dir, &results.MatchInfo{Request: req}, false)
	if err != nil {
		t.Fatal(err)
	}
	d.Close()
	got, info, done, err := ResumeDir(dir)
	if err != nil || got.Pairs != 7 || info == nil || len(done) != 0 {
		t.Errorf("interrupted: %+v %v %v %v", got, info, done, err)
	}
	os.Remove(filepath.Join(dir, "match.json"))
	d, _ = results.OpenDir(dir, &results.MatchInfo{Request: []byte(`"x"`)}, false)
	d.Close()
	if _, _, _, err := ResumeDir(dir); err == nil || !strings.Contains(err.Error(), "no usable request") {
		t.Errorf("no request: %v", err)
	}
	os.Remove(filepath.Join(dir, "match.json"))
	d, _ = results.OpenDir(dir, &results.MatchInfo{Request: req}, false)
	if err := d.Finish(true, func(string) error { return nil }); err != nil {
		t.Fatal(err)
	}
	if _, _, _, err := ResumeDir(dir); err == nil || !strings.Contains(err.Error(), "is complete") {
		t.Errorf("complete: %v", err)
	}
}

// TestSamePlayers: a match resumes with the players it began with; a
// variant whose revision moved to another commit is refused, naming both.
func TestSamePlayers(t *testing.T) {
	a, b := subject.Provenance{Commit: "111"}, subject.Provenance{Commit: "222", Patch: "abc", PatchHash: "h"}
	m := &Match{A: Player{Name: "a", Config: builtConfig{fixedParams("variant=a"), a}},
		B: Player{Name: "b", Config: builtConfig{fixedParams("variant=b"), b}}}
	prev := &results.MatchInfo{A: results.PlayerInfo{Built: &a}, B: results.PlayerInfo{Built: &b}}
	if err := SamePlayers(prev, m); err != nil {
		t.Errorf("the same players: %v", err)
	}
	moved := b
	moved.Commit = "333"
	prev.B.Built = &moved
	if err := SamePlayers(prev, m); err == nil || !strings.Contains(err.Error(),
		"b began as commit=333;patch=abc;patch_sha256=h and would finish as commit=222;patch=abc;patch_sha256=h") {
		t.Errorf("a moved revision: %v", err)
	}
	prev.B.Built = nil
	if err := SamePlayers(prev, m); err == nil || !strings.Contains(err.Error(), "began as an engine of no recorded build") {
		t.Errorf("a build where none was: %v", err)
	}
	// Parameters alone (not a build) are the settings' business.
	prev.B.Params, m.B.Config = "lmr-base=100", fixedParams("lmr-base-centiplies=100")
	if err := SamePlayers(prev, m); err != nil {
		t.Errorf("renamed parameters: %v", err)
	}
}

// builtConfig is a configuration of a variant built from source.
type builtConfig struct {
	fixedParams
	p subject.Provenance
}

func (b builtConfig) Built() *subject.Provenance { return &b.p }

// fixedParams is a configuration that only names its parameters.
type fixedParams string

func (f fixedParams) Has(string) bool    { return false }
func (f fixedParams) Techniques() string { return "" }
func (f fixedParams) Params() string     { return string(f) }
