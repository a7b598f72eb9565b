package resultdir

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// kinds are a description of every kind resultdir knows, each fresh.
var kinds = map[string]func() Description{
	"run":   func() Description { return &RunInfo{Experiment: "x"} },
	"match": func() Description { return &MatchInfo{Event: "x"} },
	"worth": func() Description { return &WorthInfo{Args: []string{"worth"}} },
}

// readLife reads the life a directory's description file says.
func readLife(t *testing.T, path string) Life {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var l Life
	if err := json.Unmarshal(data, &l); err != nil {
		t.Fatal(err)
	}
	return l
}

// TestFinishReplacesEveryKind: each kind, opened beside its target and
// finished, takes the target's place whole: the old files gone, the
// description complete and replacing nothing, the journal dropped.
func TestFinishReplacesEveryKind(t *testing.T) {
	for name, desc := range kinds {
		t.Run(name, func(t *testing.T) {
			tmp := t.TempDir()
			target := filepath.Join(tmp, "D")
			os.MkdirAll(target, 0o755)
			os.WriteFile(filepath.Join(target, "old"), []byte("old result"), 0o644)
			d, err := OpenDir(Staging(target), desc(), false)
			if err != nil {
				t.Fatal(err)
			}
			d.Replacing(target)
			if err := d.Finish(true, func(dir string) error {
				return os.WriteFile(filepath.Join(dir, "result"), []byte("new"), 0o644)
			}); err != nil {
				t.Fatal(err)
			}
			if d.Path != target {
				t.Errorf("Path = %s, want %s", d.Path, target)
			}
			file, journal := d.desc.Names()
			if l := readLife(t, filepath.Join(target, file)); !l.Complete || l.Replaces != "" || l.Finished.IsZero() {
				t.Errorf("%s says %+v", file, l)
			}
			for f, want := range map[string]bool{"old": false, "result": true, journal: false} {
				if f == "" {
					continue
				}
				if _, err := os.Stat(filepath.Join(target, f)); (err == nil) != want {
					t.Errorf("%s there: %v, want %v", f, err == nil, want)
				}
			}
			if _, err := os.Stat(Staging(target)); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("the staging directory is left: %v", err)
			}
		})
	}
}

// TestUnfinishedKeepsItsJournal: a directory finished incomplete keeps its
// journal and its place beside the target.
func TestUnfinishedKeepsItsJournal(t *testing.T) {
	tmp := t.TempDir()
	target := filepath.Join(tmp, "D")
	os.MkdirAll(target, 0o755)
	d, err := OpenDir(Staging(target), &MatchInfo{}, false)
	if err != nil {
		t.Fatal(err)
	}
	d.Replacing(target)
	if err := d.AppendJSON(map[string]int{"pair": 1}); err != nil {
		t.Fatal(err)
	}
	if err := d.Finish(false, nil); err != nil {
		t.Fatal(err)
	}
	if d.Path != Staging(target) {
		t.Errorf("an unfinished replacement moved to %s", d.Path)
	}
	if l := readLife(t, filepath.Join(d.Path, "match.json")); l.Complete || l.Replaces != target {
		t.Errorf("match.json says %+v", l)
	}
	if _, err := os.Stat(filepath.Join(d.Path, "pairs.jsonl")); err != nil {
		t.Errorf("the journal is gone: %v", err)
	}
}

// TestFailedExchangeIsFinishedAgain: a complete replacement that cannot
// take its target's place still names the target, so that finishing it
// again (the same command again) puts it there; it never reads as done
// while the target holds the old result.
func TestFailedExchangeIsFinishedAgain(t *testing.T) {
	defer func(e func(a, b string) error, r func(a, b string) error) { exchange, rename = e, r }(exchange, rename)
	busy := errors.New("device or resource busy")
	exchange = func(a, b string) error { return busy }
	rename = func(a, b string) error { return busy }
	tmp := t.TempDir()
	target := filepath.Join(tmp, "D")
	os.MkdirAll(target, 0o755)
	os.WriteFile(filepath.Join(target, "old"), nil, 0o644)
	d, err := OpenDir(Staging(target), &RunInfo{}, false)
	if err != nil {
		t.Fatal(err)
	}
	d.Replacing(target)
	if err := d.Finish(true, nil); err == nil || !strings.Contains(err.Error(), "could not replace") {
		t.Fatalf("Finish: %v, want could not replace", err)
	}
	staged := filepath.Join(Staging(target), "run.json")
	if l := readLife(t, staged); !l.Complete || l.Replaces != target {
		t.Fatalf("after the failed exchange run.json says %+v", l)
	}
	exchange, rename = exchangeDirs, os.Rename
	info := &RunInfo{}
	data, _ := os.ReadFile(staged)
	json.Unmarshal(data, info)
	if err := NewDir(Staging(target), info).Finish(true, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(target, "old")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the old result is still at the target")
	}
	if l := readLife(t, filepath.Join(target, "run.json")); !l.Complete || l.Replaces != "" {
		t.Errorf("run.json says %+v", l)
	}
}

// TestWholeDirFinishesPartial: a directory written once (NewDir, a merge)
// takes its target's place even when the result it holds is partial.
func TestWholeDirFinishesPartial(t *testing.T) {
	tmp := t.TempDir()
	target := filepath.Join(tmp, "D")
	os.MkdirAll(target, 0o755)
	os.MkdirAll(Staging(target), 0o755)
	d := NewDir(Staging(target), &RunInfo{})
	d.Replacing(target)
	if err := d.Finish(false, nil); err != nil {
		t.Fatal(err)
	}
	if l := readLife(t, filepath.Join(target, "run.json")); l.Complete || l.Replaces != "" {
		t.Errorf("run.json says %+v", l)
	}
}

// TestOpenFinishesAFailedReplacement: the same --force command again,
// after its complete replacement could not take the target's place, puts
// it there and finds it complete at the target; it is not "nothing to
// do" while the target holds the old result.
func TestOpenFinishesAFailedReplacement(t *testing.T) {
	tmp := t.TempDir()
	target := filepath.Join(tmp, "D")
	writeRun(t, target, testPlan{Depth: 5}, true) // the old result
	req, _ := json.Marshal(testPlan{Depth: 6})
	d, err := OpenDir(Staging(target), &RunInfo{Request: req}, false)
	if err != nil {
		t.Fatal(err)
	}
	d.Replacing(target)
	defer func(e func(a, b string) error, r func(a, b string) error) { exchange, rename = e, r }(exchange, rename)
	exchange = func(a, b string) error { return errors.ErrUnsupported }
	rename = func(a, b string) error { return errors.ErrUnsupported }
	if err := d.Finish(true, nil); err == nil {
		t.Fatal("the exchange cannot fail")
	}
	exchange, rename = exchangeDirs, os.Rename
	ask := runAsk(target, testPlan{Depth: 6}, true)
	ask.Description = &RunInfo{}
	c, err := Open(ask)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Release()
	if c.State != Complete || c.Dir != target {
		t.Errorf("claim: state %v in %s, want complete in %s", c.State, c.Dir, target)
	}
	ri, err := ReadRunInfo(target)
	var got testPlan
	if err == nil {
		err = json.Unmarshal(ri.Request, &got)
	}
	if err != nil || got.Depth != 6 || ri.Replaces != "" {
		t.Errorf("the target holds %s (replaces %q), %v; want the new run", ri.Request, ri.Replaces, err)
	}
}

// TestInterruptedSays: every interruption is one type, and says what was
// kept and how to go on.
func TestInterruptedSays(t *testing.T) {
	for _, c := range []struct {
		e    *Interrupted
		want string
	}{
		{&Interrupted{Done: 3, Total: 10, Units: "pairs", Dir: "m"}, "interrupted after 3 of 10 pairs; they are kept in m: the same command again finishes it"},
		{&Interrupted{Done: 3, Total: 10, Units: "jobs"}, "interrupted after 3 of 10 jobs"},
		{&Interrupted{Done: 1, Total: 2, Units: "pairs", Dir: "w", Hint: "with --no-play it prints the table"},
			"interrupted after 1 of 2 pairs; they are kept in w: the same command again finishes it; with --no-play it prints the table"},
		{Building, "interrupted during the build; the same command again begins it again: nothing half built is kept, and what was built is reused"},
		{&Interrupted{During: "the tree sizes, before any game"}, "interrupted during the tree sizes, before any game; the same command again begins it again"},
	} {
		if got := c.e.Error(); got != c.want {
			t.Errorf("%+v says %q, want %q", c.e, got, c.want)
		}
		if !errors.Is(c.e, context.Canceled) {
			t.Errorf("%+v is not a context.Canceled", c.e)
		}
	}
}
