package resultdir

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestClaimRefusesWhatHoldsAResult: a new result goes only where nothing
// is; with replace it goes beside the old one, which stays whole.
func TestClaimRefusesWhatHoldsAResult(t *testing.T) {
	tmp := t.TempDir()
	empty := filepath.Join(tmp, "empty")
	os.Mkdir(empty, 0o755)
	run := filepath.Join(tmp, "run")
	d, err := OpenDir(run, &RunInfo{}, false)
	if err != nil {
		t.Fatal(err)
	}
	d.Finish(true, func(string) error { return nil })
	other := filepath.Join(tmp, "other")
	os.Mkdir(other, 0o755)
	os.WriteFile(filepath.Join(other, "notes.txt"), nil, 0o644)

	for _, c := range []struct {
		name, dir string
		replace   bool
		want      string // the directory to write in, or the error
	}{
		{"missing directory is taken", filepath.Join(tmp, "new"), false, filepath.Join(tmp, "new")},
		{"empty directory is taken", empty, false, empty},
		{"a complete run is refused", run, false, "--out " + run + " holds a complete run (run.json)"},
		{"other files are refused", other, false, "holds other files (notes.txt)"},
		{"replace writes beside", run, true, run + StagingSuffix},
	} {
		got, err := Claim("--out", c.dir, c.replace)
		if err != nil {
			got = err.Error()
		}
		if !strings.Contains(got, c.want) {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
	var occupied *OccupiedError
	if _, err := Claim("--out", run, false); !errors.As(err, &occupied) || occupied.Holding.What != "run" {
		t.Errorf("not an OccupiedError: %v", err)
	}
}

// TestForcedRunReplacesOnlyWhenComplete: a replacement interrupted leaves
// the old result as it was; finished, it takes the old one's place whole.
func TestForcedRunReplacesOnlyWhenComplete(t *testing.T) {
	tmp := t.TempDir()
	target := filepath.Join(tmp, "out")
	old, _ := OpenDir(target, &RunInfo{Experiment: "old"}, false)
	old.Finish(true, func(dir string) error { return os.WriteFile(filepath.Join(dir, "records.csv"), []byte("old\n"), 0o644) })

	staging, err := Claim("--out", target, true)
	if err != nil {
		t.Fatal(err)
	}
	info := &RunInfo{Experiment: "new", Replaces: target}
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

// TestFinishWorthReplaces: a forced worth takes the old one's place once
// complete.
func TestFinishWorthReplaces(t *testing.T) {
	tmp := t.TempDir()
	target, staging := filepath.Join(tmp, "w"), filepath.Join(tmp, "w"+StagingSuffix)
	os.MkdirAll(filepath.Join(target, "matches"), 0o755)
	os.MkdirAll(staging, 0o755)
	wi := &WorthInfo{Started: time.Now(), Replaces: target}
	got, err := FinishWorth(staging, wi)
	if err != nil || got != target {
		t.Fatalf("FinishWorth: %s, %v", got, err)
	}
	if h, _ := Inspect(target); h.What != "worth" || len(h.Files) != 1 || h.Files[0] != WorthInfoName {
		t.Errorf("after the replacement %s holds %v", target, h.Files)
	}
}
