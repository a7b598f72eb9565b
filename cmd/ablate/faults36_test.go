package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ablate-chess/ablate/experiments/records"
	"github.com/ablate-chess/ablate/experiments/resultdir"
)

// The faults of issue 36, each as it was reproduced: every one of these
// fails on the commit before the fixes.

// TestTwoWritersOfOneOut: a second command writing the --out another is
// writing now is refused at once, exit 2, and the first's result is whole
// (fault 2).
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
// anything is written (fault 3).
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

// TestMergeOfACutShard: a complete shard whose records.csv lost its last
// lines (cut at a line's end, so that every line reads) is refused,
// naming the file, not merged into a summary of fewer positions (fault 4).
func TestMergeOfACutShard(t *testing.T) {
	tmp := t.TempDir()
	for i := 1; i <= 2; i++ {
		shardRun(t, filepath.Join(tmp, "s"+string(rune('0'+i))), string(rune('0'+i))+"/2")
	}
	cut := filepath.Join(tmp, "s2", "records.csv")
	data, _ := os.ReadFile(cut)
	lines := strings.SplitAfter(strings.TrimSuffix(string(data), "\n"), "\n")
	os.WriteFile(cut, []byte(strings.Join(lines[:len(lines)-6], "")), 0o644)
	_, errw, code := ablate(t, "merge", filepath.Join(tmp, "all"), filepath.Join(tmp, "s1"), filepath.Join(tmp, "s2"))
	if code != 2 || !strings.Contains(errw, cut) || !strings.Contains(errw, "cut short") {
		t.Errorf("a cut shard: exit %d, %q", code, errw)
	}
	if _, err := os.Stat(filepath.Join(tmp, "all", "summary.csv")); err == nil {
		t.Error("a summary was written from a cut shard")
	}
}

// TestOutOfRangeNumbersRefused: non-finite and out-of-range numbers are
// refused where they are read, exit 2, naming the flag, before any work
// (faults 5 and 6).
func TestOutOfRangeNumbersRefused(t *testing.T) {
	dir := t.TempDir()
	nodata := filepath.Join(dir, "no-such.pgn") // read after the checks, if at all
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"tune", "spsa", "--param", "lmr-base-centiplies=75,0,200,10,Inf"}, "r_end +Inf"},
		{[]string{"tune", "spsa", "--param", "lmr-base-centiplies=75,0,200,1e300,0.002"}, "c_end 1e+300"},
		{[]string{"tune", "spsa", "--param", "lmr-base-centiplies=NaN,0,200"}, "value NaN"},
		{[]string{"tune", "texel", "--data", nodata, "--rate", "NaN", "--out", filepath.Join(dir, "t")}, "--rate NaN"},
		{[]string{"tune", "texel", "--data", nodata, "--rate", "1e308", "--out", filepath.Join(dir, "t")}, "--rate 1e+308"},
		{[]string{"tune", "texel", "--data", nodata, "--epochs", "0", "--out", filepath.Join(dir, "t")}, "--epochs 0"},
		{[]string{"tune", "texel", "--data", nodata, "--hold-out", "1", "--out", filepath.Join(dir, "t")}, "--hold-out 1"},
	} {
		out, errw, code := ablate(t, c.args...)
		if code != 2 || !strings.Contains(errw, c.want) || out != "" {
			t.Errorf("%v: exit %d, %q; want 2 and %q", c.args, code, errw, c.want)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("refusals wrote %v", entries)
	}
}

// TestForceOutDotRefusedUpFront: --force --out . (or a directory above
// the working one) is refused before any work (fault 8).
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

// TestMachineReadableOutputIsOneDocument: tune spsa's JSON and CSV are the
// table alone; its text goes to stderr (fault 9).
func TestMachineReadableOutputIsOneDocument(t *testing.T) {
	args := []string{"tune", "spsa", "--param", "rfp-margin-cp-per-ply=80,20,300", "--pairs", "2", "--nodes", "300",
		"--openings", "bench", "-j", "1", "--quiet", "--verify", "1"}
	out, errw, code := ablate(t, append(args, "--format", "json")...)
	var rows []map[string]string
	if err := json.Unmarshal([]byte(out), &rows); code != 0 || err != nil || len(rows) != 1 {
		t.Errorf("-f json: exit %d, %v: %q (stderr %s)", code, err, out, errw)
	}
	if !strings.Contains(errw, "OpenBench") || !strings.Contains(errw, "verify") {
		t.Errorf("the text is not on stderr: %s", errw)
	}
	out, _, _ = ablate(t, append(args, "--format", "csv")...)
	if lines := strings.Split(strings.TrimSpace(out), "\n"); len(lines) != 2 || !strings.HasPrefix(lines[0], "parameter,") {
		t.Errorf("-f csv: %q", out)
	}
}

// TestGameOverPositions: a stalemate or a checkmate is a position searched
// whole, in the summary, not "cut short by the cap" (fault 10).
func TestGameOverPositions(t *testing.T) {
	epd := filepath.Join(t.TempDir(), "over.epd")
	os.WriteFile(epd, []byte("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1 ; id \"stalemate\";\n"+
		"6rk/5Npp/8/8/8/8/8/6K1 b - - 0 1 ; id \"mated\";\n"+
		"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3 ; id \"open\";\n"), 0o644)
	out, errw, code := ablate(t, "run", "-p", epd, "--config", "a=full", "-d", "4", "--format", "csv")
	if code != 0 || strings.Contains(errw, "cut short") {
		t.Fatalf("exit %d: %s", code, errw)
	}
	sums := strings.Split(strings.TrimSpace(out), "\n")
	header, row := strings.Split(sums[0], ","), strings.Split(sums[1], ",")
	for i, h := range header {
		if h == "positions" && row[i] != "3" || h == "cut_short" && row[i] != "0" {
			t.Errorf("the summary's %s is %s: %s", h, row[i], out)
		}
	}
}

// TestStrayArgumentsRefused: a command that takes no arguments refuses
// stray words rather than running its default (fault 12).
func TestStrayArgumentsRefused(t *testing.T) {
	for _, args := range [][]string{{"run", "extra", "words"}, {"match", "x"}, {"bench", "x"}, {"tune", "spsa", "x"}} {
		out, errw, code := ablate(t, args...)
		if code != 2 || !strings.Contains(errw, "takes no arguments") || out != "" {
			t.Errorf("%v: exit %d, %q, stdout %q", args, code, errw, out)
		}
	}
}

// TestEloCountsThePairsItHas: a PGN whose last game has no partner yet (a
// match still playing) gives the pentanomial of the pairs it has, the
// unpaired game left out, as fastchess counts (fault 13).
func TestEloCountsThePairsItHas(t *testing.T) {
	dir := t.TempDir()
	if _, errw, code := ablate(t, "match", "--config", "a=full", "--config", "b=full,-lmr", "--pairs", "3", "--nodes", "500",
		"--openings", "bench", "--quiet", "--pgn", filepath.Join(dir, "all.pgn")); code != 0 {
		t.Fatalf("match: %s", errw)
	}
	data, _ := os.ReadFile(filepath.Join(dir, "all.pgn"))
	games := strings.SplitAfter(string(data), "\n\n[Event")
	cut := strings.TrimSuffix(strings.Join(games[:5], ""), "[Event")
	os.WriteFile(filepath.Join(dir, "cut.pgn"), []byte(cut), 0o644)
	whole, _, _ := ablate(t, "elo", "-f", "json", filepath.Join(dir, "all.pgn"))
	part, errw, code := ablate(t, "elo", "-f", "json", filepath.Join(dir, "cut.pgn"))
	var a, b struct {
		Pairs       int    `json:"pairs"`
		Games       int    `json:"games"`
		Pentanomial [5]int `json:"pentanomial"`
	}
	json.Unmarshal([]byte(whole), &a)
	if err := json.Unmarshal([]byte(part), &b); code != 0 || err != nil || b.Pairs != 2 || b.Games != 4 ||
		b.Pentanomial == [5]int{} || !strings.Contains(errw, "left out") {
		t.Errorf("5 of 6 games: exit %d, %+v (whole %+v), %v: %s", code, b, a, err, errw)
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
