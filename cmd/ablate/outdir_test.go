package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ablate-chess/ablate/experiments/records"
	"github.com/ablate-chess/ablate/experiments/resultdir"
)

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
		{"another configuration", append(args, "--config", "b=full,-lmr"), `configs: 1 there, 2 now; now also b=full,-lmr`},
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
	interruptAfter(margs, mdir, 1)
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

// TestTwoWritersOfOneOut: a second command writing the --out another is
// writing now is refused at once, exit 2, and the first's result is whole
// .
func TestTwoWritersOfOneOut(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "mc")
	args := []string{"match", "--config", "a=full", "--config", "b=full,-lmr", "--pairs", "6", "--nodes", "2000",
		"--openings", "bench", "-j", "1", "--quiet", "--out", dir}
	first := self(args)
	var firstErr bytes.Buffer
	first.Stderr = &firstErr
	if err := first.Start(); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if _, err := os.Stat(filepath.Join(dir, resultdir.LockName)); err == nil {
			break
		}
	}
	second := append(append([]string(nil), args[:len(args)-2]...), "--pairs", "2", "--out", dir)
	out, errw, code := ablate(t, second...)
	if code != 2 || !strings.Contains(errw, "is being written by another ablate now") || out != "" {
		t.Errorf("the second writer: exit %d, %q, stdout %q", code, errw, out)
	}
	if err := first.Wait(); err != nil {
		t.Fatalf("the first writer: %v: %s", err, firstErr.String())
	}
	var info resultdir.MatchInfo
	data, _ := os.ReadFile(filepath.Join(dir, "match.json"))
	if err := json.Unmarshal(data, &info); err != nil || !info.Complete || info.Result.Pairs != 6 {
		t.Errorf("the first's result: complete %v, %+v, %v", info.Complete, info.Result, err)
	}
	if pairs := readTable(t, dir, "pairs.csv", records.ReadPairsCSV); len(pairs) != 6 {
		t.Errorf("pairs.csv holds %d pairs, want 6", len(pairs))
	}
}

// TestWorthOverAnotherPlanChangesNothing: worth --out W over a finished
// worth made with another --tree-depth, -p or --nodes is refused before
// anything is written.
func TestWorthOverAnotherPlanChangesNothing(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "w")
	args := []string{"worth", "--leave-one-out", "lmp", "--tree-depth", "3", "--positions", "six", "--pairs", "1",
		"--nodes", "500", "--openings", "bench", "-j", "1", "--quiet", "--out", dir}
	if _, errw, code := ablate(t, args...); code != 0 {
		t.Fatalf("worth: exit %d: %s", code, errw)
	}
	before := snapshot(t, dir)
	for _, c := range []struct {
		flag, value, change string
	}{
		{"--tree-depth", "4", "configs.depth: 3 there, 4 now"},
		{"--positions", "bench", `configs.positions: "six" there, "bench" now`},
		{"--nodes", "600", "games.nodes: 500 there, 600 now"},
	} {
		_, errw, code := ablate(t, append(args, c.flag, c.value)...)
		if code != 2 || !strings.Contains(errw, "holds a worth made with another plan") || !strings.Contains(errw, c.change) {
			t.Errorf("%s %s: exit %d, %q; want 2 naming %q", c.flag, c.value, code, errw, c.change)
		}
	}
	sameFiles(t, "the worth", before, snapshot(t, dir))
	// The same command again plays nothing and prints the table.
	out, errw, code := ablate(t, args...)
	if code != 0 || !strings.Contains(out, "-lmp") {
		t.Errorf("the same worth again: exit %d: %s %s", code, errw, out)
	}
}

// TestForceOutDotRefusedUpFront: --force --out . (or a directory above
// the working one) is refused before any work.
func TestForceOutDotRefusedUpFront(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("mine"), 0o644)
	t.Chdir(dir)
	for _, out := range []string{".", "..", dir} {
		_, errw, code := ablate(t, "run", "--config", "a=full", "--depth", "2", "--quiet", "--out", out, "--force")
		if code != 2 || !strings.Contains(errw, "cannot replace the working directory") {
			t.Errorf("--force --out %s: exit %d, %q", out, code, errw)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("left behind: %v", entries)
	}
	if entries, _ := os.ReadDir(filepath.Dir(dir)); len(entries) != 1 {
		t.Errorf("left beside it: %v", entries)
	}
}

// TestNoPlayWhileAnotherWrites: worth --no-play on a directory another
// ablate holds prints the table of what it holds, from a copy, and writes
// nothing there.
func TestNoPlayWhileAnotherWrites(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "w")
	args := []string{"worth", "--leave-one-out", "lmp", "--tree-depth", "3", "--positions", "six", "--pairs", "1",
		"--nodes", "500", "--openings", "bench", "-j", "1", "--quiet", "--format", "csv", "--out", dir}
	whole, errw, code := ablate(t, args...)
	if code != 0 {
		t.Fatalf("worth: exit %d: %s", code, errw)
	}
	lock, err := resultdir.LockDir(dir) // the writer
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Release()
	before := snapshot(t, dir)
	if _, errw, code := ablate(t, args...); code != 2 || !strings.Contains(errw, "is being written by another ablate now") {
		t.Errorf("without --no-play: exit %d, %q; want 2", code, errw)
	}
	out, errw, code := ablate(t, append(args, "--no-play")...)
	if code != 0 || out != whole || !strings.Contains(errw, "from a copy") {
		t.Errorf("--no-play: exit %d, %q\n%s\nwant\n%s", code, errw, out, whole)
	}
	sameFiles(t, "the worth being written", before, snapshot(t, dir))
	// Read again unlocked, it leaves worth.json as it is: the binary that
	// played (here another's commit) stays named in it.
	lock.Release()
	path := filepath.Join(dir, "worth.json")
	data, _ := os.ReadFile(path)
	var info map[string]any
	if err := json.Unmarshal(data, &info); err != nil {
		t.Fatal(err)
	}
	info["commit"] = "another binary's"
	data, _ = json.Marshal(info)
	os.WriteFile(path, data, 0o644)
	if out, errw, code := ablate(t, append(args, "--no-play")...); code != 0 || out != whole {
		t.Errorf("--no-play unlocked: exit %d, %q\n%s", code, errw, out)
	}
	if again, _ := os.ReadFile(path); string(again) != string(data) {
		t.Errorf("--no-play rewrote worth.json:\n%s", again)
	}
	// So does the same command again, playing: the worth is whole, nothing
	// is played, and the binary that played it stays named.
	if out, errw, code := ablate(t, args...); code != 0 || out != whole {
		t.Errorf("again: exit %d, %q\n%s", code, errw, out)
	}
	if again, _ := os.ReadFile(path); string(again) != string(data) {
		t.Errorf("running a whole worth again rewrote worth.json:\n%s", again)
	}
}

// TestNoPlayNeedsAWorth: --no-play reads what a directory holds; with no
// --out, or one that holds no worth, it is refused before any search and
// leaves nothing behind.
func TestNoPlayNeedsAWorth(t *testing.T) {
	args := []string{"worth", "--leave-one-out", "lmp", "--tree-depth", "2", "--positions", "six", "--pairs", "2", "--nodes", "500", "--no-play"}
	missing := filepath.Join(t.TempDir(), "missing")
	for _, c := range []struct {
		extra []string
		want  string
	}{
		{nil, "--no-play reads the worth a directory holds: give --out DIR"},
		{[]string{"--out", missing}, "holds none: nothing to show"},
	} {
		out, errw, code := ablate(t, append(args, c.extra...)...)
		if code != 2 || !strings.Contains(errw, c.want) || out != "" || strings.Contains(errw, "tree sizes") {
			t.Errorf("%v: exit %d, %q; want 2 and %q", c.extra, code, errw, c.want)
		}
	}
	if _, err := os.Stat(missing); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a refused --no-play made %s: %v", missing, err)
	}
}

// TestMatchNoPlay: match --resume DIR --no-play reads an interrupted
// match's journal (as ablate left it, or gzipped) without playing or
// writing, and a finished match's result as match.json holds it.
func TestMatchNoPlay(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "m")
	args := []string{"match", "--config", "a=full", "--config", "b=full,-lmr", "--pairs", "40", "--nodes", "2000",
		"--openings", "bench", "--quiet", "-j", "1", "--out", dir}
	interruptAfter(args, dir, 2)
	journal, err := os.ReadFile(filepath.Join(dir, "pairs.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	pairs := bytes.Count(journal, []byte("\n")) // -j 1: the pairs in order
	before := snapshot(t, dir)
	read := func() (map[string]any, string) {
		out, errw, code := ablate(t, "match", "--resume", dir, "--no-play", "-f", "json")
		var r map[string]any
		if code != 0 || json.Unmarshal([]byte(out), &r) != nil {
			t.Fatalf("--no-play: exit %d, %q\n%s", code, errw, out)
		}
		return r, errw
	}
	r, errw := read()
	if r["pairs"] != float64(pairs) || r["games"] != float64(2*pairs) || !strings.Contains(errw, "of 40 pairs so far (nothing played now)") {
		t.Errorf("--no-play of %d pairs: %v, %q", pairs, r, errw)
	}
	if after := snapshot(t, dir); len(after) != len(before) || after["pairs.jsonl"] != before["pairs.jsonl"] || after["match.json"] != before["match.json"] {
		t.Error("--no-play wrote in the directory")
	}
	// The journal stored gzipped, as results/journal.sh keeps one.
	gz := filepath.Join(dir, "pairs.jsonl.gz")
	if err := writeGzip(gz, journal); err != nil {
		t.Fatal(err)
	}
	os.Remove(filepath.Join(dir, "pairs.jsonl"))
	if again, _ := read(); again["elo"] != r["elo"] || again["pairs"] != r["pairs"] {
		t.Errorf("from the gzipped journal: %v, want %v", again, r)
	}
	// Resumed to play with the journal still gzipped, or cut short, the
	// match would play its pairs again: refused, nothing written.
	packed := snapshot(t, dir)
	if _, errw, code := ablate(t, "match", "--resume", dir, "--quiet"); code != 2 || !strings.Contains(errw, "unpack it first (gunzip -k") {
		t.Errorf("resumed without its journal: exit %d, %q", code, errw)
	}
	first, _, _ := bytes.Cut(journal, []byte("\n"))
	if err := os.WriteFile(filepath.Join(dir, "pairs.jsonl"), append(first, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, errw, code := ablate(t, "match", "--resume", dir, "--quiet"); code != 2 ||
		!strings.Contains(errw, fmt.Sprintf("match.json counts %d pairs played and its journal pairs.jsonl holds 1: the pairs it lacks would be played again", pairs)) ||
		!strings.Contains(errw, "unpack pairs.jsonl.gz into pairs.jsonl (gunzip -k) if it is the whole journal") {
		t.Errorf("resumed from a journal cut short: exit %d, %q", code, errw)
	}
	os.Remove(filepath.Join(dir, "pairs.jsonl"))
	if after := snapshot(t, dir); len(after) != len(packed) || after["match.json"] != packed["match.json"] || after["games.pgn.gz"] != packed["games.pgn.gz"] {
		t.Error("a refused resume wrote in the directory")
	}
	if _, errw, code := ablate(t, "match", "--no-play", "--out", dir); code != 2 || !strings.Contains(errw, "give --resume DIR") {
		t.Errorf("--no-play without --resume: exit %d, %q", code, errw)
	}
}

func writeGzip(path string, data []byte) error {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write(data)
	if err := zw.Close(); err != nil {
		return err
	}
	return os.WriteFile(path, buf.Bytes(), 0o644)
}

// interruptAfter runs ablate with args, a match writing its journal in
// dir, and interrupts it (SIGINT) once the journal holds pairs pairs or a
// minute has passed.
func interruptAfter(args []string, dir string, pairs int) {
	cmd := self(args)
	cmd.Start()
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if data, _ := os.ReadFile(filepath.Join(dir, "pairs.jsonl")); bytes.Count(data, []byte("\n")) >= pairs {
			break
		}
	}
	cmd.Process.Signal(os.Interrupt)
	cmd.Wait()
}
