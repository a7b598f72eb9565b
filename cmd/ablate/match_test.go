package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ablate-chess/ablate/engine/uci/ucitest"
	"github.com/ablate-chess/ablate/experiments/records"
)

// TestMain lets the test binary be a fake UCI engine (ucitest) or ablate
// itself (ABLATE_AS_MAIN), for tests that need another process.
func TestMain(m *testing.M) {
	ucitest.Main()
	if os.Getenv("ABLATE_AS_MAIN") != "" {
		os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// TestMatchWritesFilesAndEloAgrees plays a short match into a directory,
// then reads its PGN back with ablate elo: the same statistics.
func TestMatchWritesFilesAndEloAgrees(t *testing.T) {
	dir := t.TempDir()
	out, errw, code := ablate(t, "match", "--config", "full=full", "--config", "ab=alphabeta", "--openings", "bench",
		"--pairs", "3", "--nodes", "1500", "-j", "2", "--quiet", "--format", "csv", "--out", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errw)
	}
	for _, f := range []string{"games.pgn.gz", "pairs.csv", "match.json"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Error(err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "pairs.jsonl")); !os.IsNotExist(err) {
		t.Errorf("a complete match kept its journal: %v", err)
	}
	f, _ := os.Open(filepath.Join(dir, "pairs.csv"))
	pairs, err := records.ReadPairsCSV(f, "pairs.csv")
	f.Close()
	if err != nil || len(pairs) != 3 || pairs[0].Opening != "open-ruy-lopez-closed" && pairs[0].Opening == "" {
		t.Errorf("pairs.csv: %+v %v", pairs, err)
	}
	elo, errw, code := ablate(t, "elo", "--format", "csv", filepath.Join(dir, "games.pgn.gz"))
	if code != 0 {
		t.Fatalf("elo: exit %d: %s", code, errw)
	}
	if elo != out {
		t.Errorf("ablate elo disagrees with the match:\n%s\n%s", out, elo)
	}
	// The same match again finds it complete and prints its result.
	if again, errw, code := ablate(t, "match", "--resume", dir, "--format", "csv"); code != 0 || again != out ||
		!strings.Contains(errw, "complete: nothing to play") {
		t.Errorf("resume of a complete match: exit %d %s\n%s", code, errw, again)
	}
}

func TestMatchBadInput(t *testing.T) {
	two := []string{"--config", "a=full", "--config", "b=full,-lmr"}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--config", "a=full"}, "wants two players"},
		{[]string{"--config", "a=full", "--config", "a=full"}, "both players are named"},
		{append([]string{"--games", "3"}, two...), "even number"},
		{append([]string{"--games", "20", "--pairs", "5"}, two...), "--games 20 with --pairs: give one or the other"},
		{append([]string{"--sprt", "elo0=5,elo1=0"}, two...), "elo0 (5) must be below elo1"},
		{append([]string{"--tc", "ten"}, two...), "want seconds+increment"},
		{append([]string{"--tc", "10+"}, two...), `tc "10+"`},
		{append([]string{"--precision", "0"}, two...), `precision "0"`},
		{append([]string{"--precision", "-3"}, two...), `precision "-3"`},
		{append([]string{"--precision", "x"}, two...), `precision "x"`},
		{append([]string{"--resign", "3"}, two...), "want 2 numbers"},
		{append([]string{"--openings-order", "shuffled"}, two...), "want sequential or random"},
		{append([]string{"--openings", "nosuch.epd"}, two...), "no such file"},
		{[]string{"--config", "a=full,-lmx", "--config", "b=full"}, `unknown technique "lmx"`},
		{append([]string{"--engine", "x=/nonexistent/engine"}, "--config", "a=full"), "--engine x"},
		{append([]string{"--engine-option", "y:Hash=1"}, two...), "no engine named"},
	} {
		_, errw, code := ablate(t, append([]string{"match"}, c.args...)...)
		if code != 2 || !strings.Contains(errw, c.want) {
			t.Errorf("%v: exit %d, %q; want 2 and %q", c.args, code, errw, c.want)
		}
	}
}

// TestMatchAgainstFakeEngine: an external player that crashes loses that
// game and the match goes on.
func TestMatchAgainstFakeEngine(t *testing.T) {
	out, errw, code := ablate(t, "match", "--config", "a=full", "--engine", "fake="+ucitest.Command("crash@2"),
		"--openings", "bench", "--pairs", "2", "--nodes", "500", "--max-moves", "15", "-j", "1", "--quiet", "--format", "csv")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errw)
	}
	if !strings.Contains(errw, "fake: Fake crash@2, with Hash=16") || !strings.Contains(out, "a,fake,4,") {
		t.Errorf("stdout %q stderr %q", out, errw)
	}
}

func TestWorthSmall(t *testing.T) {
	dir := t.TempDir()
	out, errw, code := ablate(t, "worth", "--leave-one-out", "lmp,hyper-nmp", "--tree-depth", "4", "--positions", "six",
		"--pairs", "1", "--nodes", "1000", "--openings", "bench", "--quiet", "--format", "csv", "--out", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errw)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[1], "leave-one-out,-lmp,full,") || !strings.HasPrefix(lines[2], "leave-one-out,+hyper-nmp,full,") {
		t.Errorf("worth:\n%s", out)
	}
	for _, f := range []string{"worth.csv", "records.csv", "matches/leave-one-out__-lmp/match.json"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Error(err)
		}
	}
	// The same command again reuses the finished matches.
	again, errw, code := ablate(t, "worth", "--leave-one-out", "lmp,hyper-nmp", "--tree-depth", "4", "--positions", "six",
		"--pairs", "1", "--nodes", "1000", "--openings", "bench", "--quiet", "--format", "csv", "--out", dir)
	if code != 0 || !strings.Contains(errw, "done already") || strings.Split(again, "\n")[1] != lines[1] {
		t.Errorf("rerun: exit %d %s\n%s", code, errw, again)
	}
}

// TestWorthBudgetsBadInput: a bad ladder is an error naming the item, with
// exit 2, before any game.
func TestWorthBudgetsBadInput(t *testing.T) {
	base := []string{"worth", "--leave-one-out", "lmp", "--tree-depth", "2", "--positions", "six", "--pairs", "1", "--quiet"}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--budgets", ""}, "the list is empty"},
		{[]string{"--budgets", "nodes=0"}, `budget "nodes=0"`},
		{[]string{"--budgets", "nodes=-2500"}, `budget "nodes=-2500"`},
		{[]string{"--budgets", "nodes=1000+0.1"}, `budget "nodes=1000+0.1"`},
		{[]string{"--budgets", "nodes=1000,tc=10+"}, `budget "tc=10+"`},
		{[]string{"--budgets", "1000"}, `budget "1000": name its kind`},
		{[]string{"--budgets", "nodes=1000", "--nodes", "500"}, "--budgets with --nodes"},
		{[]string{"--budgets", "nodes=1000", "--precision", "0"}, `precision "0"`},
	} {
		_, errw, code := ablate(t, append(base, c.args...)...)
		if code != 2 || !strings.Contains(errw, c.want) || strings.Contains(errw, "match -lmp") {
			t.Errorf("%v: exit %d, %q; want 2 and %q, before any match", c.args, code, errw, c.want)
		}
	}
}

// TestWorthLadder: every configuration at every budget, one match a cell in
// its own directory; worth.csv has a budget column and the depths; the
// table has a column a budget; a rerun reuses every cell.
func TestWorthLadder(t *testing.T) {
	dir := t.TempDir()
	args := []string{"worth", "--leave-one-out", "lmp,nmp", "--tree-depth", "3", "--positions", "six", "--pairs", "2",
		"--budgets", "nodes=500,2000", "--openings", "bench", "--quiet", "--out", dir}
	table, errw, code := ablate(t, args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errw)
	}
	for _, want := range []string{"nodes=500", "nodes=2000", "-lmp", "-nmp", "(4 g, d "} {
		if !strings.Contains(table, want) {
			t.Errorf("the table has no %q:\n%s", want, table)
		}
	}
	f, err := os.Open(filepath.Join(dir, "worth.csv"))
	if err != nil {
		t.Fatal(err)
	}
	rows, err := records.ReadWorthCSV(f, "worth.csv")
	f.Close()
	if err != nil || len(rows) != 4 {
		t.Fatalf("%d rows: %v", len(rows), err)
	}
	for i, want := range []string{"-lmp nodes=500", "-lmp nodes=2000", "-nmp nodes=500", "-nmp nodes=2000"} {
		r := rows[i]
		if r.Config+" "+r.Budget != want || r.Games != 4 || r.MeanDepth <= 0 || r.RefMeanDepth <= 0 {
			t.Errorf("row %d: %s %s, %d games, depths %.2f/%.2f; want %s", i, r.Config, r.Budget, r.Games, r.MeanDepth, r.RefMeanDepth, want)
		}
		if _, err := os.Stat(filepath.Join(dir, r.MatchDir(), "games.pgn.gz")); err != nil {
			t.Error(err)
		}
	}
	// A bigger budget buys more depth.
	if rows[1].MeanDepth <= rows[0].MeanDepth {
		t.Errorf("depth at 2000 nodes %.2f, at 500 %.2f", rows[1].MeanDepth, rows[0].MeanDepth)
	}
	again, errw, code := ablate(t, args...)
	if code != 0 || strings.Count(errw, "done already") != 4 || again != table {
		t.Errorf("rerun: exit %d %s\n%s", code, errw, again)
	}
	// A cheap cell lost, the dear ones finished: they are read (and in
	// worth.csv) before the cheap one is played again, and the table is
	// the same, for node-limited games are the same games.
	os.RemoveAll(filepath.Join(dir, rows[0].MatchDir()))
	// --no-play: the finished cells' table and worth.csv, and no game.
	_, errw, code = ablate(t, append(args, "--no-play")...)
	f, _ = os.Open(filepath.Join(dir, "worth.csv"))
	left, err := records.ReadWorthCSV(f, "worth.csv")
	f.Close()
	if _, gone := os.Stat(filepath.Join(dir, rows[0].MatchDir())); code != 0 || err != nil || len(left) != 3 || gone == nil {
		t.Errorf("--no-play: exit %d, %d rows (%v), the lost cell played: %v\n%s", code, len(left), err, gone == nil, errw)
	}
	again, errw, code = ablate(t, args...)
	replay := strings.Index(errw, "-lmp vs full (leave-one-out): 2 pairs, nodes=500")
	if code != 0 || strings.Count(errw, "done already") != 3 || replay < strings.LastIndex(errw, "done already") || again != table {
		t.Errorf("rerun without a cell: exit %d %s\n%s", code, errw, again)
	}
}

// TestWorthLadderGroups: an experiment's groups name their own budgets and
// pairs; the cells are played cheapest budget first and written group by
// group, configuration by configuration.
func TestWorthLadderGroups(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "ladder.toml")
	os.WriteFile(file, []byte(`name = "ladder"
positions = "six"
depth = 3
base = "full"

[[matrix]]
name = "deep"
leave_one_out = ["lmp"]
budgets = "nodes=500,1000"
pairs = 1

[[matrix]]
name = "shallow"
base = "stage-13"
leave_one_out = ["nmp"]
budgets = "nodes=700"

[match]
pairs = 2
openings = "bench"
`), 0o644)
	out, errw, code := ablate(t, "worth", "--quiet", "--format", "csv", "--out", filepath.Join(dir, "w"), file)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errw)
	}
	rows, err := records.ReadWorthCSV(strings.NewReader(out), "stdout")
	if err != nil || len(rows) != 3 {
		t.Fatalf("%d rows: %v\n%s", len(rows), err, out)
	}
	for i, want := range []string{"deep -lmp nodes=500 2", "deep -lmp nodes=1000 2", "shallow -nmp nodes=700 4"} {
		r := rows[i]
		if got := fmt.Sprintf("%s %s %s %d", r.Group, r.Config, r.Budget, r.Games); got != want {
			t.Errorf("row %d: %s, want %s", i, got, want)
		}
	}
	i500, i700, i1000 := strings.Index(errw, "nodes=500"), strings.Index(errw, "nodes=700"), strings.Index(errw, "nodes=1000")
	if !(i500 >= 0 && i500 < i700 && i700 < i1000) {
		t.Errorf("not played cheapest first:\n%s", errw)
	}
}

// TestMatchSectionErrorsNameTheKey: a bad value in an experiment file's
// [match] section is an error naming the key, a bad flag its flag.
func TestMatchSectionErrorsNameTheKey(t *testing.T) {
	file := filepath.Join(t.TempDir(), "e.toml")
	os.WriteFile(file, []byte("name = \"e\"\npositions = \"six\"\ndepth = 2\nbase = \"full\"\n\n[[matrix]]\nname = \"m\"\n"+
		"leave_one_out = [\"lmp\"]\n\n[match]\nsprt = \"elo0=5,elo1=0\"\n"), 0o644)
	_, errw, code := ablate(t, "worth", "--quiet", file)
	if code != 2 || !strings.Contains(errw, "[match] sprt elo0 (5) must be below elo1") {
		t.Errorf("exit %d, %q", code, errw)
	}
	_, errw, code = ablate(t, "worth", "--quiet", "--sprt", "elo0=3,elo1=1", file)
	if code != 2 || !strings.Contains(errw, "--sprt elo0 (3) must be below elo1") {
		t.Errorf("flag: exit %d, %q", code, errw)
	}
}

// TestWorthNoPlayPartial: a cell interrupted mid-match is in --no-play's
// table and worth.csv as far as it got, marked partial; playing on
// finishes it, and then it is no longer partial.
func TestWorthNoPlayPartial(t *testing.T) {
	long(t)
	dir := t.TempDir()
	args := []string{"worth", "--leave-one-out", "lmp", "--tree-depth", "3", "--positions", "six", "--pairs", "30",
		"--budgets", "nodes=1000", "--openings", "bench", "-j", "1", "--quiet", "--out", dir}
	journal := filepath.Join(dir, "matches", "leave-one-out__-lmp__nodes-1000", "pairs.jsonl")
	cmd := self(args)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	ended := make(chan error, 1)
	go func() { ended <- cmd.Wait() }()
	for interrupted := false; !interrupted; {
		select {
		case <-ended:
			t.Fatal("the match ended before it was interrupted")
		case <-time.After(20 * time.Millisecond):
		}
		if data, _ := os.ReadFile(journal); bytes.Count(data, []byte("\n")) >= 3 {
			cmd.Process.Signal(os.Interrupt)
			<-ended
			interrupted = true
		}
	}

	readRows := func() []records.WorthRow {
		t.Helper()
		rows := readTable(t, dir, "worth.csv", records.ReadWorthCSV)
		if len(rows) != 1 {
			t.Fatalf("worth.csv: %d rows", len(rows))
		}
		return rows
	}
	table, errw, code := ablate(t, append(args, "--no-play")...)
	r := readRows()[0]
	if code != 0 || !r.Partial || r.Games < 6 || r.Games >= 60 || r.Games%2 != 0 || !strings.Contains(table, fmt.Sprintf("(%d g so far, d ", r.Games)) {
		t.Errorf("--no-play: exit %d, partial %v, %d games; table:\n%s\n%s", code, r.Partial, r.Games, table, errw)
	}
	if _, errw, code = ablate(t, args...); code != 0 {
		t.Fatalf("playing on: exit %d: %s", code, errw)
	}
	if r := readRows()[0]; r.Partial || r.Games != 60 {
		t.Errorf("finished: partial %v, %d games; want 60", r.Partial, r.Games)
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

// TestGameOverPositions: a stalemate or a checkmate is a position searched
// whole, in the summary, not "cut short by the cap".
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
