package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ablate-chess/ablate/engine/uci/ucitest"
	"github.com/ablate-chess/ablate/results"
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
	for _, f := range []string{"games.pgn", "pairs.csv", "match.json"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Error(err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "pairs.jsonl")); !os.IsNotExist(err) {
		t.Errorf("a complete match kept its journal: %v", err)
	}
	f, _ := os.Open(filepath.Join(dir, "pairs.csv"))
	pairs, err := results.ReadPairsCSV(f, "pairs.csv")
	f.Close()
	if err != nil || len(pairs) != 3 || pairs[0].Opening != "open-ruy-lopez-closed" && pairs[0].Opening == "" {
		t.Errorf("pairs.csv: %+v %v", pairs, err)
	}
	elo, errw, code := ablate(t, "elo", "--format", "csv", filepath.Join(dir, "games.pgn"))
	if code != 0 {
		t.Fatalf("elo: exit %d: %s", code, errw)
	}
	if elo != out {
		t.Errorf("ablate elo disagrees with the match:\n%s\n%s", out, elo)
	}
	if _, errw, code := ablate(t, "match", "--resume", dir); code != 2 || !strings.Contains(errw, "complete") {
		t.Errorf("resume of a complete match: exit %d %s", code, errw)
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
		{append([]string{"--sprt", "elo0=5,elo1=0"}, two...), "elo0 (5) must be below elo1"},
		{append([]string{"--tc", "ten"}, two...), "want seconds+increment"},
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
