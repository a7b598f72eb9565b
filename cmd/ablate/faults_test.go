package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The fault suite: what a hostile user tried, and what must hold after it.
// Each case reproduces one fault of issue 23 and checks that nothing
// already computed was lost.

// snapshot is every file under dir with its bytes, to show a directory
// unchanged.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	filepath.Walk(dir, func(path string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() {
			data, _ := os.ReadFile(path)
			files[strings.TrimPrefix(path, dir)] = string(data)
		}
		return nil
	})
	if len(files) == 0 {
		t.Fatalf("%s holds nothing", dir)
	}
	return files
}

func sameFiles(t *testing.T, what string, before, after map[string]string) {
	t.Helper()
	for name, data := range before {
		if after[name] != data {
			t.Errorf("%s: %s changed", what, name)
		}
	}
	if len(after) != len(before) {
		t.Errorf("%s: %d files, then %d", what, len(before), len(after))
	}
}

// TestOutNeverReplacesAResult: --out on a directory that holds a run, a
// match or other files is refused, exit 2, naming what it holds and what to
// do; nothing in it changes. --force replaces it, once complete.
func TestOutNeverReplacesAResult(t *testing.T) {
	tmp := t.TempDir()
	runDir, matchDir := filepath.Join(tmp, "run"), filepath.Join(tmp, "match")
	runArgs := []string{"run", "--config", "a=full", "--depth", "3", "--positions", "six", "--quiet"}
	matchArgs := []string{"match", "--config", "a=full", "--config", "b=full,-lmr", "--pairs", "2", "--nodes", "500",
		"--openings", "bench", "--quiet"}
	if _, errw, code := ablate(t, append(runArgs, "--out", runDir)...); code != 0 {
		t.Fatalf("run: exit %d: %s", code, errw)
	}
	if _, errw, code := ablate(t, append(matchArgs, "--out", matchDir)...); code != 0 {
		t.Fatalf("match: exit %d: %s", code, errw)
	}
	run, match := snapshot(t, runDir), snapshot(t, matchDir)
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"run over a run of another plan", append(runArgs, "--depth", "2", "--out", runDir), "holds a run made with another plan (depth: 3 there, 2 now)"},
		{"run over a match", append(runArgs, "--out", matchDir), "holds a complete match"},
		{"match over a match of another plan", append(matchArgs, "--pairs", "3", "--out", matchDir), "holds a match made with another plan (pairs: 2 there, 3 now)"},
		{"match over a run, by another name", append(matchArgs, "--out", runDir+"/./"), "holds a complete run"},
		{"worth over a run", []string{"worth", "--leave-one-out", "lmr", "--pairs", "1", "--out", runDir}, "holds a complete run"},
		{"worth over a match", []string{"worth", "--leave-one-out", "lmr", "--pairs", "1", "--out", matchDir}, "holds a complete match"},
	} {
		_, errw, code := ablate(t, c.args...)
		if code != 2 || !strings.Contains(errw, c.want) || !strings.Contains(errw, "--force") {
			t.Errorf("%s: exit %d, %q; want 2 and %q", c.name, code, errw, c.want)
		}
	}
	sameFiles(t, "the run", run, snapshot(t, runDir))
	sameFiles(t, "the match", match, snapshot(t, matchDir))

	// --force: the new result takes the old one's place, whole.
	if _, errw, code := ablate(t, append(runArgs, "--depth", "2", "--out", runDir, "--force")...); code != 0 {
		t.Fatalf("--force: exit %d: %s", code, errw)
	}
	if recs := readRecords(t, runDir); len(recs) != 6*2 {
		t.Errorf("the forced run has %d records, want 12 (six positions to depth 2)", len(recs))
	}
	if _, err := os.Stat(runDir + ".replacing"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the staging directory is left: %v", err)
	}
}

// TestForcedReplacementInterrupted: a --force run stopped midway leaves
// the old result whole, and its resume finishes the replacement.
func TestForcedReplacementInterrupted(t *testing.T) {
	tmp := t.TempDir()
	dir := filepath.Join(tmp, "out")
	if _, errw, code := ablate(t, "run", "--config", "a=full", "--depth", "2", "--positions", "six", "--quiet", "--out", dir); code != 0 {
		t.Fatalf("run: exit %d: %s", code, errw)
	}
	old := snapshot(t, dir)
	cmd := self([]string{"run", "--config", "a=full", "--config", "b=full,-lmr", "--depth", "8", "--positions", "six",
		"-j", "1", "--quiet", "--out", dir, "--force"})
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	journal := filepath.Join(dir+".replacing", "records.jsonl")
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if data, _ := os.ReadFile(journal); bytes.Count(data, []byte("\n")) >= 2 {
			break
		}
	}
	cmd.Process.Signal(os.Interrupt)
	err := cmd.Wait()
	var exit interface{ ExitCode() int }
	if !errors.As(err, &exit) || exit.ExitCode() != 130 || !strings.Contains(stderr.String(), "kept in "+dir+".replacing: the same command again finishes it") {
		t.Fatalf("interrupted: %v, %s", err, stderr.String())
	}
	sameFiles(t, "the old run during its replacement", old, snapshot(t, dir))
	again := []string{"run", "--config", "a=full", "--config", "b=full,-lmr", "--depth", "8", "--positions", "six",
		"-j", "2", "--quiet", "--out", dir, "--force"}
	if _, errw, code := ablate(t, again...); code != 0 || !strings.Contains(errw, "resuming "+dir+".replacing") {
		t.Fatalf("the same command again: exit %d: %s", code, errw)
	}
	if recs := readRecords(t, dir); len(recs) != 2*6*8 {
		t.Errorf("after the replacement %s has %d records", dir, len(recs))
	}
}

// TestSameCommandResumes: the same command again finishes an interrupted
// result, or leaves a complete one (at any -j); a changed plan is refused,
// naming each change; --resume DIR takes the directory's own settings, and
// refuses flags that would change them.
func TestSameCommandResumes(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	args := []string{"run", "--depth", "3", "--config", "a=full", "--positions", "six", "--quiet", "--out", dir}
	if _, errw, code := ablate(t, args...); code != 0 {
		t.Fatalf("run: exit %d: %s", code, errw)
	}
	for _, c := range []struct {
		name string
		args []string
		want string // in stderr; exit 0 unless it says "another plan"
	}{
		{"the same command again", args, "holds this run, complete: nothing to do"},
		{"the same with -j and the old --continue", append(args, "-j", "1", "--continue"), "nothing to do"},
		{"the default base given", append(args, "--base", "full"), "nothing to do"},
		{"another depth", append([]string{"run", "-d", "4"}, args[3:]...), "another plan (depth: 3 there, 4 now)"},
		{"another configuration", append(args, "--config", "b=full,-lmr"), `configs: ["a=full"] there, ["a=full","b=full,-lmr"] now`},
	} {
		_, errw, code := ablate(t, c.args...)
		refused := strings.Contains(c.want, "another plan") || strings.Contains(c.want, "configs")
		if refused && code != 2 || !refused && code != 0 || !strings.Contains(errw, c.want) {
			t.Errorf("%s: exit %d, %q; want %q", c.name, code, errw, c.want)
		}
	}
	mdir := filepath.Join(t.TempDir(), "m")
	margs := []string{"match", "--config", "a=full", "--config", "b=full,-lmr", "--pairs", "40", "--nodes", "2000",
		"--openings", "bench", "--quiet", "-j", "1", "--out", mdir}
	cmd := self(margs)
	cmd.Start()
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if data, _ := os.ReadFile(filepath.Join(mdir, "pairs.jsonl")); bytes.Count(data, []byte("\n")) >= 1 {
			break
		}
	}
	cmd.Process.Signal(os.Interrupt)
	cmd.Wait()
	_, errw, code := ablate(t, "match", "--resume", mdir, "--nodes", "3000")
	if code != 2 || !strings.Contains(errw, "--resume takes the settings "+mdir+" began with: give no --nodes") {
		t.Errorf("match --resume --nodes 3000: exit %d, %q", code, errw)
	}
	if _, errw, code := ablate(t, append(margs, "--nodes", "3000")...); code != 2 || !strings.Contains(errw, "nodes: 2000 there, 3000 now") {
		t.Errorf("the match with another --nodes: exit %d, %q", code, errw)
	}
}

// TestWorthInterruptedSaysRunItAgain: Ctrl-C during a worth names the
// worth command, which finishes every cell, not one cell's match.
func TestWorthInterruptedSaysRunItAgain(t *testing.T) {
	dir := t.TempDir()
	args := []string{"worth", "--leave-one-out", "lmp", "--tree-depth", "3", "--positions", "six", "--pairs", "40",
		"--nodes", "2000", "--openings", "bench", "-j", "1", "--quiet", "--out", dir}
	cmd := self(args)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	cmd.Start()
	journal := filepath.Join(dir, "matches", "leave-one-out__-lmp", "pairs.jsonl")
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if data, _ := os.ReadFile(journal); bytes.Count(data, []byte("\n")) >= 1 {
			break
		}
	}
	cmd.Process.Signal(os.Interrupt)
	cmd.Wait()
	if got := stderr.String(); !strings.Contains(got, "kept in "+dir+": the same command again finishes it") ||
		strings.Contains(got, "ablate match --resume") {
		t.Errorf("stderr: %s", got)
	}
}

// TestEnvironmentFaultsExitOne: output refused by the system (no
// permission) is exit 1, as the README says (command.TestExitFor has the
// errors one by one).
func TestEnvironmentFaultsExitOne(t *testing.T) {
	// /sys refuses a new directory even to root.
	if _, err := os.Stat("/sys/kernel"); err == nil {
		_, errw, code := ablate(t, "run", "--config", "a=full", "--depth", "1", "--positions", "six", "--quiet",
			"--out", "/sys/kernel/ablate-test")
		if code != 1 {
			t.Errorf("--out under /sys: exit %d: %s", code, errw)
		}
	}
}

// TestBuildInterruptedExits130: Ctrl-C during an engine's build is an
// interruption (130, and how to go on), and leaves no build directory.
func TestBuildInterruptedExits130(t *testing.T) {
	src := fakeSource(t)
	cache := filepath.Join(t.TempDir(), "cache")
	cmd := self([]string{"run", "--engine-src", src, "--variant", "a=HEAD", "--build", "sleep 30", "--build-cache", cache,
		"-p", "six", "-d", "1", "--quiet"})
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline) && !strings.Contains(stderr.String(), "building"); {
		time.Sleep(20 * time.Millisecond)
	}
	cmd.Process.Signal(os.Interrupt)
	err := cmd.Wait()
	var exit interface{ ExitCode() int }
	if !errors.As(err, &exit) || exit.ExitCode() != 130 || !strings.Contains(stderr.String(), "run the same command again") {
		t.Errorf("interrupted build: %v, %s", err, stderr.String())
	}
	entries, _ := os.ReadDir(cache)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".build-") {
			t.Errorf("left behind: %s", e.Name())
		}
	}
}

// TestCompareBadRevisionIsBadInput: a revision that names no commit is
// bad input (2), not a regression (1), found before any build.
func TestCompareBadRevisionIsBadInput(t *testing.T) {
	src := fakeSource(t)
	for _, args := range [][]string{
		{"--base", "nosuchrev", "--head", "HEAD"},
		{"--base", "HEAD", "--head", "nosuchrev"},
	} {
		_, errw, code := ablate(t, append([]string{"compare", "--engine-src", src, "--build-cache", t.TempDir()}, args...)...)
		if code != 2 || !strings.Contains(errw, `no revision "nosuchrev"`) || strings.Contains(errw, "building") {
			t.Errorf("%v: exit %d, %q", args, code, errw)
		}
	}
}

// TestEngineIgnoringNodesStopsTheMatch: Debian's Toga II 3.0 searches on
// past 'go nodes' until stop; the probe stops the match before any game,
// saying so, instead of hanging.
func TestEngineIgnoringNodesStopsTheMatch(t *testing.T) {
	toga := debianEngine(t, "toga2")
	_, errw, code := ablate(t, "match", "--config", "a=full", "--engine", "toga="+toga, "--nodes", "5000", "--pairs", "2",
		"--quiet", "--move-timeout", "1s")
	if code != 1 || !strings.Contains(errw, "engine toga did not stop at 5000 nodes within 1s: it may ignore 'go nodes'; use --tc") {
		t.Errorf("exit %d: %s", code, errw)
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

// TestOldSpellingsStillRead: --jobs, -j's name before --workers, still
// works, hidden from the help; merge's OUT may still come first.
func TestOldSpellingsStillRead(t *testing.T) {
	if _, errw, code := ablate(t, "run", "--config", "a=full", "--depth", "1", "--positions", "six", "--quiet", "--jobs", "1"); code != 0 {
		t.Errorf("--jobs: exit %d: %s", code, errw)
	}
	if _, errw, code := ablate(t, "run", "--config", "a=full", "--depth", "1", "--quiet", "-j", "0"); code != 2 ||
		!strings.Contains(errw, "--workers 0: must be at least 1") {
		t.Errorf("-j 0: exit %d: %s", code, errw)
	}
	for _, cmd := range []string{"run", "match", "worth", "bench", "check"} {
		out, _, _ := ablate(t, cmd, "--help")
		if !strings.Contains(out, "--workers value, -j value") || strings.Contains(out, "--jobs") {
			t.Errorf("%s --help does not show --workers alone", cmd)
		}
	}
}
