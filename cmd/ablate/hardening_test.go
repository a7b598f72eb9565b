package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBadNumbersAreErrors: sizes and depths outside their ranges are
// errors that name the range, with exit status 2 and no stack trace.
func TestBadNumbersAreErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"run", "--hash", "999999999"}, "--hash 999999999: the table size must be from 1 to 4096 MB"},
		{[]string{"run", "--hash", "0"}, "from 1 to 4096 MB"},
		{[]string{"run", "--hash", "4096", "-j", "100000"}, "MB a table fits with"},
		{[]string{"run", "--depth", "0"}, "--depth 0: the depth must be from 1 to 127"},
		{[]string{"run", "--depth", "-3"}, "from 1 to 127"},
		{[]string{"run", "--depth", "128"}, "from 1 to 127"},
		{[]string{"bench", "--depth", "0"}, "from 1 to 127"},
		{[]string{"bench", "--hash", "5000"}, "from 1 to 4096 MB"},
		{[]string{"check", "--update", "--depth", "200"}, "from 1 to 127"},
		{[]string{"bench", "--all", "--config", "a=full"}, "--all with configurations: give one or the other"},
	} {
		out, errw, code := ablate(t, c.args...)
		if code != 2 || !strings.Contains(errw, c.want) || strings.Contains(errw, "goroutine") || out != "" {
			t.Errorf("%v: exit %d, stderr %q, want 2 and %q", c.args, code, errw, c.want)
		}
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

// TestBenchDefaultIsFullAndParseable: bench with no configuration prints
// every position, then the two lines OpenBench reads.
func TestBenchDefaultIsFullAndParseable(t *testing.T) {
	out, errw, code := ablate(t, "bench", "--depth", "4")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errw)
	}
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	if len(lines) != 47+3 {
		t.Fatalf("%d lines:\n%s", len(lines), out)
	}
	if !strings.HasPrefix(lines[len(lines)-2], "Nodes searched: ") || !strings.HasPrefix(lines[len(lines)-1], "Nodes/second: ") {
		t.Errorf("last two lines: %q", lines[len(lines)-2:])
	}
	// --all: full, every leave-one-out and every term added, a signature line each.
	out, _, code = ablate(t, "bench", "--all", "--depth", "3", "--positions", "six")
	if code != 0 || strings.Count(out, "Nodes searched:") != 136+1 { // full, its family and the legacy presets' (keep-history put in), stages 20 to 23
		t.Errorf("bench --all: exit %d:\n%s", code, out)
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

// TestRenamedFlags: each renamed flag works under its new name and its
// old, which help no longer shows.
func TestRenamedFlags(t *testing.T) {
	for _, c := range []struct {
		cmd, new, old string
		args          []string
		want          string // in stderr: the flag reached the command
	}{
		{"match", "--move-depth", "--depth", []string{"--config", "a=full", "--config", "b=full", "--move-depth", "200"}, "--move-depth 200"},
		{"compare", "--old-rev", "--base", []string{"--old-rev", "HEAD"}, "give both revisions, the old and the new"},
		{"run", "--workers", "--jobs", []string{"--workers", "0", "--config", "a=full", "--depth", "1"}, "--workers 0"},
	} {
		_, errw, code := ablate(t, append([]string{c.cmd}, c.args...)...)
		if code != 2 || !strings.Contains(errw, c.want) {
			t.Errorf("%s %v: exit %d, %q; want 2 and %q", c.cmd, c.args, code, errw, c.want)
		}
		oldArgs := append([]string(nil), c.args...)
		for i, a := range oldArgs {
			if a == c.new {
				oldArgs[i] = c.old
			}
		}
		_, errw, code = ablate(t, append([]string{c.cmd}, oldArgs...)...)
		if code != 2 || !strings.Contains(errw, c.want) {
			t.Errorf("%s %v (old spelling): exit %d, %q; want 2 and %q", c.cmd, oldArgs, code, errw, c.want)
		}
		help, _, _ := ablate(t, c.cmd, "--help")
		if !strings.Contains(help, c.new) || strings.Contains(help, c.old+" ") || strings.Contains(help, c.old+"\n") {
			t.Errorf("%s --help: want %s and not %s:\n%s", c.cmd, c.new, c.old, help)
		}
	}
}
