package resultdir

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// runAsk is a claim of dir for a run whose plan is plan, the stored plan
// read from run.json's request.
func runAsk(dir string, plan any, replace bool) Ask {
	return Ask{Dir: dir, Kind: "run", Replace: replace, Plan: plan, Stored: func(dir string) (any, bool, error) {
		ri, err := ReadRunInfo(dir)
		if err != nil {
			return nil, false, err
		}
		var p any
		json.Unmarshal(ri.Request, &p)
		return p, ri.Complete, nil
	}}
}

type testPlan struct {
	Depth int    `json:"depth"`
	Base  string `json:"base,omitempty"`
}

// writeRun leaves in dir a run of plan, complete or interrupted.
func writeRun(t *testing.T, dir string, plan testPlan, complete bool) {
	t.Helper()
	req, _ := json.Marshal(plan)
	d, err := OpenDir(dir, &RunInfo{Request: req}, false)
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Finish(complete, func(string) error { return nil }); err != nil {
		t.Fatal(err)
	}
}

// TestOpenDecidesTheLife: a new result goes only where nothing is, or
// where the same plan was begun (resumed) or finished (complete); another
// plan is refused naming the difference, anything else refused; replace
// goes beside it, and never replaces the working directory.
func TestOpenDecidesTheLife(t *testing.T) {
	tmp := t.TempDir()
	empty := filepath.Join(tmp, "empty")
	os.Mkdir(empty, 0o755)
	done, begun := filepath.Join(tmp, "done"), filepath.Join(tmp, "begun")
	writeRun(t, done, testPlan{Depth: 8}, true)
	writeRun(t, begun, testPlan{Depth: 8}, false)
	other := filepath.Join(tmp, "other")
	os.Mkdir(other, 0o755)
	os.WriteFile(filepath.Join(other, "notes.txt"), nil, 0o644)

	for _, c := range []struct {
		name    string
		dir     string
		plan    testPlan
		replace bool
		state   State
		write   string // the directory written in, or the error
	}{
		{"missing directory is new", filepath.Join(tmp, "new"), testPlan{Depth: 8}, false, New, filepath.Join(tmp, "new")},
		{"empty directory is new", empty, testPlan{Depth: 8}, false, New, empty},
		{"the same plan, complete: nothing to do", done, testPlan{Depth: 8}, false, Complete, done},
		{"the same plan, interrupted: resumed", begun, testPlan{Depth: 8}, false, Resumed, begun},
		{"a default left out is the default given", begun, testPlan{Depth: 8, Base: ""}, false, Resumed, begun},
		{"another plan is refused, naming the change", done, testPlan{Depth: 9}, false, New, "holds a run made with another plan (depth: 8 there, 9 now)"},
		{"other files are refused", other, testPlan{Depth: 8}, false, New, "holds other files (notes.txt)"},
		{"replace writes beside another plan", done, testPlan{Depth: 9}, true, New, done + StagingSuffix},
		{"replace writes beside other files", other, testPlan{Depth: 8}, true, New, other + StagingSuffix},
	} {
		claim, err := Open(runAsk(c.dir, c.plan, c.replace))
		got := ""
		if err != nil {
			got = err.Error()
		} else {
			got = claim.Dir
			if claim.State != c.state {
				t.Errorf("%s: state %d, want %d", c.name, claim.State, c.state)
			}
			claim.Release()
		}
		if !strings.Contains(got, c.write) {
			t.Errorf("%s: got %q, want %q", c.name, got, c.write)
		}
	}
	var occupied *OccupiedError
	if _, err := Open(runAsk(other, testPlan{}, false)); !errors.As(err, &occupied) || occupied.Holding.What != "files" {
		t.Errorf("not an OccupiedError: %v", err)
	}
	// --force --out . (or a directory above it): refused before any work.
	t.Chdir(other)
	for _, dir := range []string{".", "..", other} {
		if _, err := Open(runAsk(dir, testPlan{}, true)); err == nil || !strings.Contains(err.Error(), "working directory") {
			t.Errorf("--force --out %s: %v", dir, err)
		}
	}
	if entries, _ := os.ReadDir(tmp); len(entries) != 4 {
		t.Errorf("refusals left files behind: %v", entries)
	}
}

// TestLockRefusesASecondWriter: a directory one writer holds is refused
// to another at once (a LockedError naming the holder); released, or left
// by a killed process (a lock file no one holds), it is taken.
func TestLockRefusesASecondWriter(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	first, err := Open(runAsk(dir, testPlan{Depth: 8}, false))
	if err != nil {
		t.Fatal(err)
	}
	var locked *LockedError
	if _, err := Open(runAsk(dir, testPlan{Depth: 8}, false)); !errors.As(err, &locked) || !strings.Contains(err.Error(), "pid") {
		t.Errorf("a second writer: %v", err)
	}
	if _, err := Open(runAsk(dir, testPlan{Depth: 8}, true)); !errors.As(err, &locked) {
		t.Errorf("a second writer with --force: %v", err)
	}
	first.Release()
	if _, err := os.Stat(filepath.Join(dir, LockName)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the lock's file is left after its release: %v", err)
	}
	// A killed writer leaves its file, which no one holds.
	os.WriteFile(filepath.Join(dir, LockName), []byte("pid 1: ablate run\n"), 0o644)
	again, err := Open(runAsk(dir, testPlan{Depth: 8}, false))
	if err != nil || again.State != New {
		t.Fatalf("a stale lock: %v", err)
	}
	again.Release()
}

// TestForcedRunReplacesOnlyWhenComplete: a replacement interrupted leaves
// the old result as it was; finished, it takes the old one's place whole.
func TestForcedRunReplacesOnlyWhenComplete(t *testing.T) {
	tmp := t.TempDir()
	target := filepath.Join(tmp, "out")
	old, _ := OpenDir(target, &RunInfo{Experiment: "old"}, false)
	old.Finish(true, func(dir string) error { return os.WriteFile(filepath.Join(dir, "records.csv"), []byte("old\n"), 0o644) })

	claim, err := Open(runAsk(target, testPlan{Depth: 9}, true))
	if err != nil {
		t.Fatal(err)
	}
	defer claim.Release()
	staging := claim.Dir
	info := &RunInfo{Experiment: "new", Life: Life{Replaces: target}}
	d, err := OpenDir(staging, info, false)
	if err != nil {
		t.Fatal(err)
	}
	writeNew := func(dir string) error { return os.WriteFile(filepath.Join(dir, "records.csv"), []byte("new\n"), 0o644) }
	if err := d.Finish(false, writeNew); err != nil { // interrupted
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(filepath.Join(target, "records.csv")); string(got) != "old\n" {
		t.Fatalf("interrupted replacement changed the old result: %q", got)
	}
	// Resumed and finished, it replaces the old result.
	ri, _ := ReadRunInfo(staging)
	if ri.Replaces != target {
		t.Fatalf("staging run.json replaces %q", ri.Replaces)
	}
	d, err = OpenDir(staging, ri, true)
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Finish(true, writeNew); err != nil {
		t.Fatal(err)
	}
	if d.Path != target {
		t.Errorf("finished at %s", d.Path)
	}
	if got, _ := os.ReadFile(filepath.Join(target, "records.csv")); string(got) != "new\n" {
		t.Errorf("records.csv %q after the replacement", got)
	}
	ri, err = ReadRunInfo(target)
	if err != nil || ri.Experiment != "new" || ri.Replaces != "" || !ri.Complete {
		t.Errorf("run.json after the replacement: %+v, %v", ri, err)
	}
	if _, err := os.Stat(staging); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("staging left behind: %v", err)
	}
}

// TestSameDirComparesFiles: a symbolic link, a trailing slash and an
// absolute path name the same directory.
func TestSameDirComparesFiles(t *testing.T) {
	tmp := t.TempDir()
	a := filepath.Join(tmp, "a")
	os.Mkdir(a, 0o755)
	os.Symlink(a, filepath.Join(tmp, "link"))
	wd, _ := os.Getwd()
	defer os.Chdir(wd)
	os.Chdir(tmp)
	for _, c := range []struct {
		x, y string
		same bool
	}{
		{"a", filepath.Join(tmp, "link"), true},
		{"./a/", a, true},
		{"link", "a", true},
		{"a", "b", false},
		{"b", "./b", true},
	} {
		if got := SameDir(c.x, c.y); got != c.same {
			t.Errorf("SameDir(%q, %q) = %v", c.x, c.y, got)
		}
	}
}

// TestReplaceNeverRemovesWhatItDidNotMake: when the directories cannot be
// exchanged and the target cannot be moved (a mount point), nothing is
// removed: not the target, not the new result, not a user's DIR.old.
func TestReplaceNeverRemovesWhatItDidNotMake(t *testing.T) {
	defer func(e func(a, b string) error, r func(a, b string) error) { exchange, rename = e, r }(exchange, rename)
	exchange = func(a, b string) error { return errors.ErrUnsupported }
	tmp := t.TempDir()
	target, staging, old := filepath.Join(tmp, "D"), filepath.Join(tmp, "D.replacing"), filepath.Join(tmp, "D.old")
	for dir, file := range map[string]string{target: "old result", staging: "new result", old: "the user's"} {
		os.Mkdir(dir, 0o755)
		os.WriteFile(filepath.Join(dir, "f"), []byte(file), 0o644)
	}
	busy := errors.New("device or resource busy")
	rename = func(a, b string) error {
		if a == target {
			return busy
		}
		return os.Rename(a, b)
	}
	if err := replaceDir(staging, target); !errors.Is(err, busy) {
		t.Errorf("an immovable target: %v", err)
	}
	for dir, file := range map[string]string{target: "old result", staging: "new result", old: "the user's"} {
		if got, _ := os.ReadFile(filepath.Join(dir, "f")); string(got) != file {
			t.Errorf("%s holds %q, want %q", dir, got, file)
		}
	}
	// A target that can be moved is moved to a name of its own: D.old stays.
	rename = os.Rename
	if err := replaceDir(staging, target); err != nil {
		t.Fatal(err)
	}
	for dir, file := range map[string]string{target: "new result", old: "the user's"} {
		if got, _ := os.ReadFile(filepath.Join(dir, "f")); string(got) != file {
			t.Errorf("after the replacement %s holds %q, want %q", dir, got, file)
		}
	}
	if entries, _ := os.ReadDir(tmp); len(entries) != 2 {
		t.Errorf("left behind: %v", entries)
	}
}

// TestGrown: a plan grows only where it is asked a larger figure of a
// setting that grows, and nothing else changes.
func TestGrown(t *testing.T) {
	grows := []string{"games.pairs"}
	for _, c := range []struct {
		name        string
		stored, now growPlan
		grows       []string
		want        []string
	}{
		{"more pairs", grow(8000, 40000, 10), grow(16000, 40000, 10), grows, []string{"games.pairs: 8000 there, 16000 now"}},
		{"fewer pairs", grow(8000, 40000, 10), grow(4000, 40000, 10), grows, nil},
		{"the same plan", grow(8000, 40000, 10), grow(8000, 40000, 10), grows, nil},
		{"more pairs at other nodes", grow(8000, 40000, 10), grow(16000, 10000, 10), grows, nil},
		{"another depth", grow(8000, 40000, 10), grow(8000, 40000, 12), grows, nil},
		{"nodes do not grow", grow(8000, 40000, 10), grow(8000, 80000, 10), grows, nil},
		{"nothing grows", grow(8000, 40000, 10), grow(16000, 40000, 10), nil, nil},
		{"a key not in the plan", grow(8000, 40000, 10), grow(16000, 40000, 10), []string{"pairs"}, nil},
	} {
		got, err := Grown(c.stored, c.now, c.grows)
		if err != nil || !slices.Equal(got, c.want) {
			t.Errorf("%s: %q, %v; want %q", c.name, got, err, c.want)
		}
	}
}

// TestOpenGrows: an unfinished result asked more of is resumed and says
// what grew; a finished one is refused, saying it is finished; one asked
// less of, refused as another plan.
func TestOpenGrows(t *testing.T) {
	tmp := t.TempDir()
	begun, done := filepath.Join(tmp, "begun"), filepath.Join(tmp, "done")
	writeRun(t, begun, testPlan{Depth: 8}, false)
	writeRun(t, done, testPlan{Depth: 8}, true)
	ask := func(dir string, depth int) Ask {
		a := runAsk(dir, testPlan{Depth: depth}, false)
		a.Grows = []string{"depth"}
		return a
	}

	c, err := Open(ask(begun, 10))
	if err != nil || c.State != Resumed || !slices.Equal(c.Grown, []string{"depth: 8 there, 10 now"}) {
		t.Fatalf("the unfinished run asked deeper: %v, %+v", err, c)
	}
	c.Release()

	c, err = Open(ask(begun, 8))
	if err != nil || c.State != Resumed || c.Grown != nil {
		t.Fatalf("the unfinished run asked the same: %v, %+v", err, c)
	}
	c.Release()

	var changed *PlanChangedError
	if _, err := Open(ask(begun, 6)); !errors.As(err, &changed) || changed.Finished {
		t.Errorf("the unfinished run asked shallower: %v", err)
	}
	if _, err := Open(ask(done, 10)); !errors.As(err, &changed) || !changed.Finished {
		t.Errorf("the finished run asked deeper: %v", err)
	} else if want := "out " + done + " holds a run made with another plan (depth: 8 there, 10 now); it is finished, " +
		"and only an unfinished run goes on to more"; err.Error() != want {
		t.Errorf("the finished run asked deeper:\n%v\nwant\n%s", err, want)
	}
}

// growPlan is a plan with settings that grow (games.pairs) and others.
type growPlan struct {
	Games struct {
		Pairs int    `json:"pairs"`
		Nodes int    `json:"nodes"`
		Order string `json:"order"`
	} `json:"games"`
	Depth int `json:"depth"`
}

func grow(pairs, nodes, depth int) growPlan {
	var p growPlan
	p.Games.Pairs, p.Games.Nodes, p.Games.Order, p.Depth = pairs, nodes, "random", depth
	return p
}

// TestPlanChangesNameWhatChanged: a list of another length is said by
// its lengths and the names added and taken away, not dumped whole; a
// long value is cut short.
func TestPlanChangesNameWhatChanged(t *testing.T) {
	type config struct {
		Name  string `json:"name"`
		Depth int    `json:"depth"`
	}
	type plan struct {
		Configs []config `json:"configs"`
		Base    string   `json:"base"`
	}
	many := func(names ...string) []config {
		var out []config
		for _, n := range names {
			out = append(out, config{n, 10})
		}
		return out
	}
	for _, c := range []struct {
		stored, now plan
		want        []string
	}{
		{plan{Configs: many("full", "-lmr", "-nmp")}, plan{Configs: many("full", "-lmr", "-rfp", "-lmp")},
			[]string{"configs: 3 there, 4 now; now also -rfp, -lmp; not now -nmp"}},
		{plan{Configs: many("full", "-lmr")}, plan{Configs: many("full")},
			[]string{"configs: 2 there, 1 now; not now -lmr"}},
		{plan{Base: strings.Repeat("x", 500)}, plan{Base: "full"},
			[]string{"base: \"" + strings.Repeat("x", 199) + "... there, \"full\" now"}},
	} {
		got, err := PlanChanges(c.stored, c.now)
		if err != nil || !slices.Equal(got, c.want) {
			t.Errorf("PlanChanges: %q, %v; want %q", got, err, c.want)
		}
	}
}

// TestInspectSkipsAKilledWritersTemp: a directory a writer was killed in
// while it wrote its first file holds only that file's temporary copy,
// and holds nothing: a resume or a new result may begin there. Other
// dotfiles are files.
func TestInspectSkipsAKilledWritersTemp(t *testing.T) {
	for _, c := range []struct {
		name  string
		empty bool
	}{
		{".run.json.488360645", true},
		{".match.json.12", true},
		{".run.json.tmp", false},
		{".notes", false},
		{"run.json.1", false},
		{".5", false},
	} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, c.name), []byte("{"), 0o644); err != nil {
			t.Fatal(err)
		}
		h, err := Inspect(dir)
		if err != nil || h.Empty() != c.empty {
			t.Errorf("%s: holds %s (%v), empty should be %v", c.name, h, err, c.empty)
		}
	}
}
