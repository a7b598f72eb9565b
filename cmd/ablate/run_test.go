package main

import (
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ablate-chess/ablate/experiments/records"
	"github.com/ablate-chess/ablate/experiments/resultdir"
)

func readRecords(t *testing.T, dir string) []records.Record {
	t.Helper()
	return readTable(t, dir, "records.csv", records.ReadCSV)
}

// readTable reads one of a directory's CSV files with its reader, failing
// the test if it cannot.
func readTable[T any](t *testing.T, dir, name string, read func(io.Reader, string) ([]T, error)) []T {
	t.Helper()
	f, err := os.Open(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := read(f, name)
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

func TestRunWritesFiles(t *testing.T) {
	dir := t.TempDir()
	out, errw, code := ablate(t, "run", "--config", "base=full", "--config", "lmr-100=full,lmr-base-centiplies=100",
		"--leave-one-out", "lmr,lmp", "--depth", "4", "-j", "2", "--out", dir, "--format", "csv", "--set", "lmp-base-moves=4")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errw)
	}
	if !strings.HasPrefix(out, strings.Join(records.SummaryColumns(), ",")+"\n") {
		t.Errorf("stdout is not summary CSV: %q", out[:min(len(out), 200)])
	}
	recs := readRecords(t, dir)
	// (2 configs + 3 leave-one-out rows) x 6 positions x depths 1..4.
	if len(recs) != 5*6*4 {
		t.Errorf("%d records", len(recs))
	}
	for _, r := range recs {
		// params is every value off the registry's defaults: the spec's
		// two, and full's tuned thresholds and margins it did not override.
		if r.Config == "lmr-100" && r.Params != "lmr-base-plies-x100=100;lmr-divisor-x100=216;lmp-base-moves=4;"+
			"nmp-base-plies=2;rfp-margin-cp-per-ply=54;futility-base-cp=59;futility-margin-cp-per-ply=55;aspiration-window-cp=21;"+
			"razoring-margin-cp-per-ply=253;delta-margin-cp=201;see-quiet-cp-per-ply=58;correction-history-max-cp=148;nmp-eval-cp-per-ply=202" {
			t.Errorf("lmr-100 params %q", r.Params)
		}
		if r.Config == "-lmr" && strings.Contains(","+r.Techniques+",", ",lmr,") {
			t.Errorf("-lmr record has lmr on: %s", r.Techniques)
		}
	}
	var info resultdir.RunInfo
	data, _ := os.ReadFile(filepath.Join(dir, "run.json"))
	if err := json.Unmarshal(data, &info); err != nil || !info.Complete || info.Jobs != 30 || info.GoVersion == "" || len(info.Configs) != 5 {
		t.Errorf("run.json: %v %+v", err, info)
	}
	if _, err := os.Stat(filepath.Join(dir, "summary.csv")); err != nil {
		t.Error(err)
	}
}

func TestRunResumeFinishesTheRun(t *testing.T) {
	whole := t.TempDir()
	args := []string{"run", "--config", "a=full", "--config", "b=stage-13", "--depth", "5", "--quiet"}
	if _, errw, code := ablate(t, append(args, "--out", whole)...); code != 0 {
		t.Fatalf("exit %d: %s", code, errw)
	}
	if _, err := os.Stat(filepath.Join(whole, resultdir.JournalName)); !os.IsNotExist(err) {
		t.Errorf("a complete run kept its journal: %v", err)
	}
	// An interrupted run: run.json marked incomplete, and a journal with
	// the records of the first four jobs (five depths each).
	part := t.TempDir()
	ri, err := resultdir.ReadRunInfo(whole)
	if err != nil {
		t.Fatal(err)
	}
	ri.Complete = false
	j, err := resultdir.OpenDir(part, ri, false)
	if err != nil {
		t.Fatal(err)
	}
	recs := readRecords(t, whole)
	for k := range 4 { // a job a unit
		j.AppendJSON(recs[k*5 : (k+1)*5])
	}
	j.Close()
	if _, errw, code := ablate(t, "run", "--resume", whole); code != 0 || !strings.Contains(errw, "complete: nothing to do") {
		t.Errorf("resuming a complete run: exit %d, %s", code, errw)
	}
	if _, errw, code := ablate(t, "run", "--resume", part); code != 0 {
		t.Fatalf("resume: exit %d: %s", code, errw)
	}
	a, b := readRecords(t, whole), readRecords(t, part)
	if len(a) != len(b) {
		t.Fatalf("%d records resumed, %d whole", len(b), len(a))
	}
	for i := range a {
		if a[i].Config != b[i].Config || a[i].Position != b[i].Position || a[i].Depth != b[i].Depth || a[i].Nodes != b[i].Nodes {
			t.Errorf("record %d: %s/%s/%d %d nodes resumed, %s/%s/%d %d whole", i,
				b[i].Config, b[i].Position, b[i].Depth, b[i].Nodes, a[i].Config, a[i].Position, a[i].Depth, a[i].Nodes)
		}
	}
}

func TestRunBadInput(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.epd")
	os.WriteFile(bad, []byte("4k3/8/8/8/8/8/8/4K3 w - - 0 1\nnot a fen\n"), 0o644)
	exp := filepath.Join(dir, "x.toml")
	os.WriteFile(exp, []byte("name = \"x\"\n[[matrix]]\ncolumns = [\"lmr\"]\nrows = [{ name = \"a\", cells = [3] }]\n"), 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"run", "--config", "a=full,+lmx"}, `unknown technique "lmx" (known: alpha-beta`},
		{[]string{"run", "--config", "a=fulll"}, `unknown preset "fulll"`},
		{[]string{"run", "--config", "a=full,lmr-base-centiplies=1000"}, "out of range 0..400"},
		{[]string{"run", "--config", "a=full", "--positions", bad}, "bad.epd:2: want a FEN"},
		{[]string{"run", "--experiment", exp}, "cell 1 is 3, want 1 (on) or 0 (off)"},
		{[]string{"run", "--experiment", "nosuch"}, "no built-in experiment of that name"},
		{[]string{"run", "--ladder", "lmr", "--format", "xml"}, `unknown format "xml"`},
		{[]string{"run", "--sweep", "lmr-base-centiplies=10"}, "want name=from:to:step"},
		{[]string{"run", "--resume", dir}, "--resume"},
		{[]string{"run", "--config", "a=full", "--set", "nope=1"}, `unknown parameter "nope"`},
	} {
		_, errw, code := ablate(t, c.args...)
		if code != 2 || !strings.Contains(errw, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", c.args, code, errw, c.want)
		}
	}
}

func TestRunJSONWithRecordsIsOneDocument(t *testing.T) {
	out, errw, code := ablate(t, "run", "--config", "a=full", "-d", "2", "-p", "six", "--format", "json", "--records", "--quiet")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errw)
	}
	var doc struct {
		Summary []records.Summary `json:"summary"`
		Records []records.Record  `json:"records"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil || len(doc.Summary) != 1 || len(doc.Records) != 12 {
		t.Errorf("json: %v, %d summaries, %d records", err, len(doc.Summary), len(doc.Records))
	}
}

// TestRunJSONRecordsTheAppsArgs: run.json holds the command line the app
// was given, not the test binary's flags.
func TestRunJSONRecordsTheAppsArgs(t *testing.T) {
	dir := t.TempDir()
	if _, errw, code := ablate(t, "run", "--config", "a=full", "-p", "six", "-d", "2", "--quiet", "--out", dir); code != 0 {
		t.Fatalf("exit %d: %s", code, errw)
	}
	ri, err := resultdir.ReadRunInfo(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"ablate", "run", "--config", "a=full", "-p", "six", "-d", "2", "--quiet", "--out", dir}
	if !slices.Equal(ri.Args, want) {
		t.Errorf("run.json args %q, want %q", ri.Args, want)
	}
}

// TestExperimentFileErrorsNameTheLine: an experiment file's errors name
// file:line:column, and a budget_pairs that names no budget of its group
// is found before the tree sizes run or anything is written.
func TestExperimentFileErrorsNameTheLine(t *testing.T) {
	tmp := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(tmp, name)
		os.WriteFile(path, []byte(text), 0o644)
		return path
	}
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"an unknown key", []string{"run", "-e", write("key.toml", "name = \"k\"\n[[matrix]]\nname = \"x\"\n  frobnicate = 3\n")},
			"key.toml:4:3: unknown key matrix.frobnicate"},
		{"an unknown technique", []string{"run", "-e", write("tech.toml", "name = \"t\"\n\n[[matrix]]\nname = \"x\"\nleave_one_out = [\"frobnicate\"]\n")},
			`tech.toml:3:1: matrix "x": unknown technique "frobnicate"`},
		{"budget_pairs of no budget", []string{"worth", "--out", filepath.Join(tmp, "w"), write("bp.toml",
			"name = \"b\"\n[[matrix]]\nname = \"x\"\npositions = \"six\"\nleave_one_out = [\"lmr\"]\n"+
				"budgets = \"nodes=1000,2000\"\nbudget_pairs = { \"nodes=4000\" = 3 }\n")},
			`bp.toml:2:1: matrix "x": budget_pairs nodes=4000 is not one of its budgets`},
		{"budget_pairs of no budget, in a run", []string{"run", "-e", filepath.Join(tmp, "bp.toml")},
			`bp.toml:2:1: matrix "x": budget_pairs nodes=4000 is not one of its budgets`},
		{"a bad spec in a row", []string{"run", "-e", write("row.toml", "name = \"r\"\n[[matrix]]\nname = \"x\"\nrows = [\n"+
			"  { name = \"a\", spec = \"full\" },\n  { name = \"b\", spec = \"full,-frobnicate\" },\n]\n")},
			`row.toml:6:5: matrix "x", row "b": configuration b (full,-frobnicate): unknown technique "frobnicate"`},
		{"bad cells in a table row", []string{"run", "-e", write("cells.toml", "name = \"c\"\n[[matrix]]\nname = \"x\"\n"+
			"columns = [\"lmr\", \"nmp\"]\n\n[[matrix.rows]]\nname = \"a\"\ncells = [1, 1]\n\n[[matrix.rows]]\nname = \"b\"\ncells = [1]\n")},
			`cells.toml:11:1: matrix "x", row "b": row b has 1 cells for 2 columns`},
	} {
		_, errw, code := ablate(t, c.args...)
		if code != 2 || !strings.Contains(errw, c.want) || strings.Contains(errw, "tree sizes") {
			t.Errorf("%s: exit %d, %q; want 2 and %q", c.name, code, errw, c.want)
		}
	}
	if _, err := os.Stat(filepath.Join(tmp, "w")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a worth refused for its budget_pairs wrote its directory: %v", err)
	}
}

// TestRunBudgetCutsShortAndSays: a run whose budget cuts jobs short still
// finishes, marks them in records.csv and says so in the summary and on
// stderr.
func TestRunBudgetCutsShortAndSays(t *testing.T) {
	dir := t.TempDir()
	out, errw, code := ablate(t, "run", "--config", "a=full", "--config", "b=stage-9", "--depth", "6",
		"--max-nodes", "30000", "--quiet", "--format", "csv", "--out", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errw)
	}
	if !strings.Contains(errw, "warning: configs / b:") || !strings.Contains(errw, "cut short by the cap") {
		t.Errorf("stderr: %s", errw)
	}
	cut := 0
	for _, r := range readRecords(t, dir) {
		if r.CapExceeded == "nodes" {
			cut++
			if r.Nodes != 30000 {
				t.Errorf("cut at %d nodes", r.Nodes)
			}
		}
	}
	if cut == 0 {
		t.Error("no record marked cap_exceeded")
	}
	// The summary leaves b's totals empty and counts its cut positions.
	lines := strings.Split(strings.TrimSpace(out), "\n")
	b := lines[len(lines)-1]
	if !strings.HasPrefix(b, "configs,b,a,") || !strings.Contains(b, ",,") || strings.HasSuffix(b, ",0") {
		t.Errorf("summary row %q", b)
	}
}

// TestRunKeepsRecordsOfFinishedJobs: the journal of a run interrupted
// before it ends holds what finished (see TestRunResumeFinishesTheRun);
// here a bad positions line stops a run before any search.
func TestBadPositionsFileStopsBeforeSearching(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "p.epd")
	os.WriteFile(file, []byte("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\nnot a fen\n"), 0o644)
	_, errw, code := ablate(t, "run", "--config", "a=full", "--positions", file, "--out", filepath.Join(dir, "out"))
	if code != 2 || !strings.Contains(errw, file+":2:") {
		t.Errorf("exit %d: %s", code, errw)
	}
}
