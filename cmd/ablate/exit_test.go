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

// TestExitStatusEveryCommand: every command exits as the README says: 0
// on success, 2 on bad usage or input, 1 where a check it makes fails
// (interruptions, 130, are the fault suite's). A command added without
// its cases here fails the test.
func TestExitStatusEveryCommand(t *testing.T) {
	tmp := t.TempDir()
	in := func(name string) string { return filepath.Join(tmp, name) }
	quick := []string{"--positions", "six", "--depth", "1", "--quiet"}
	game := []string{"--pairs", "1", "--nodes", "300", "--max-moves", "20", "--quiet"}
	type step struct {
		args []string
		want int
	}
	cases := map[string][]step{
		"run": {
			{append([]string{"run", "--config", "a=full", "--out", in("run")}, quick...), 0},
			{append([]string{"run", "--config", "a=full", "--out", in("run2")}, quick...), 0},
			{[]string{"run", "--config", "a=full,-frobnicate"}, 2},
			{[]string{"run", "--depth", "0"}, 2},
		},
		"bench": {
			{[]string{"bench", "--depth", "2", "--positions", "six"}, 0},
			{[]string{"bench", "--config", "x=nosuch"}, 2},
			{[]string{"bench", "--depth", "4", "--positions", "six", "--max-nodes", "10"}, 1}, // cut short: no signature
		},
		"check": {
			{[]string{"check", "--update", "--baseline", in("base.csv"), "--depth", "4", "--positions", "six"}, 0},
			{[]string{"check", "--baseline", in("base.csv")}, 0},
			{[]string{"check", "--baseline", in("base.csv"), "--set", "lmr-base-centiplies=10"}, 1},
			{[]string{"check", "--baseline", in("none.csv")}, 2},
		},
		"compare": {
			{[]string{"compare", in("run"), in("run2")}, 0},
			{[]string{"compare", in("run")}, 2},
		},
		"match": {
			{append([]string{"match", "--config", "a=full", "--config", "b=full,-lmr", "--pgn", in("m.pgn")}, game...), 0},
			{[]string{"match", "--pairs", "0"}, 2},
		},
		"elo": {
			{[]string{"elo", in("m.pgn")}, 0},
			{[]string{"elo", "--by-move", "10,20", in("m.pgn")}, 0},
			{[]string{"elo", "--by-move", "20,10", in("m.pgn")}, 2},
			{[]string{"elo"}, 2},
		},
		"worth": {
			{append([]string{"worth", "--leave-one-out", "lmp", "--tree-depth", "1", "--positions", "six"}, game...), 0},
			{[]string{"worth"}, 2},
		},
		"tune": {
			{append([]string{"tune", "spsa", "--param", "lmr-base-centiplies=75,0,200", "--batch", "1"}, game...), 0},
			{[]string{"tune", "spsa", "--param", "lmr-base-centiplies=75,200,0"}, 2},
			{[]string{"tune", "extra"}, 2}, // no such subcommand or help topic
		},
		"merge": {
			{append([]string{"run", "--config", "a=full", "--shard", "1/2", "--out", in("s1")}, quick...), 0},
			{append([]string{"run", "--config", "a=full", "--shard", "2/2", "--out", in("s2")}, quick...), 0},
			{[]string{"merge", "--out", in("merged"), "--check-against", in("run"), in("s1"), in("s2")}, 0},
			{append([]string{"run", "--config", "b=full,-lmr", "--out", in("other")}, quick...), 0},
			{[]string{"merge", "--out", in("merged2"), "--check-against", in("other"), in("s1"), in("s2")}, 1},
			{[]string{"merge", in("lonely")}, 2},
		},
		"report": {
			{[]string{"report", "--out", in("r.html"), in("run")}, 0},
			{[]string{"report", in("nothing-here")}, 2},
		},
		"trace": {
			{[]string{"trace", "--depth", "2"}, 0},
			{[]string{"trace", "--fen", "not a fen"}, 2},
			{[]string{"trace", "--depth", "6", "--max-nodes", "10"}, 1}, // stopped before its depth
		},
		"perft": {
			{[]string{"perft", "--depth", "1"}, 0},
			{[]string{"perft", "--depth", "0"}, 2},
			{[]string{"perft", "--suite", in("wrong.epd")}, 1},
		},
		"uci":        {{[]string{"uci"}, 0}, {[]string{"uci", "--nosuchflag"}, 2}},
		"techniques": {{[]string{"techniques"}, 0}, {[]string{"techniques", "--format", "nope"}, 2}},
		"docs": {
			{[]string{"docs", in("docs")}, 0},
			{[]string{"docs", "--check", in("docs")}, 0},
			{[]string{"docs", "--check", tmp}, 1},
			{[]string{"docs"}, 2},
		},
	}
	os.WriteFile(in("wrong.epd"), []byte("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;D1 21\n"), 0o644)
	os.Mkdir(in("docs"), 0o755)
	for _, cmd := range newApp(nil, nil, nil).Commands {
		steps, ok := cases[cmd.Name]
		if !ok {
			t.Errorf("command %s has no exit status cases", cmd.Name)
		}
		for _, s := range steps {
			_, errw, code := ablate(t, s.args...)
			if code != s.want {
				t.Errorf("ablate %s: exit %d, want %d: %s", strings.Join(s.args, " "), code, s.want, errw)
			}
		}
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
	if !errors.As(err, &exit) || exit.ExitCode() != 130 || !strings.Contains(stderr.String(), "interrupted during the build; the same command again begins it again") {
		t.Errorf("interrupted build: %v, %s", err, stderr.String())
	}
	entries, _ := os.ReadDir(cache)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".build-") {
			t.Errorf("left behind: %s", e.Name())
		}
	}
}
