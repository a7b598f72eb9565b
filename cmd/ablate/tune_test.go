package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTuneSPSA: a small tune writes its files and prints the tuned spec
// and OpenBench's lines; bad input is exit 2 naming the file and line or
// the parameter, before any game.
func TestTuneSPSA(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "t")
	out, errw, code := ablate(t, "tune", "spsa", "--param", "lmr-base-centiplies=75,0,200", "--pairs", "4", "--batch", "2",
		"--nodes", "300", "--openings", "bench", "--quiet", "--out", dir, "--verify", "1")
	if code != 0 || !strings.Contains(out, "tuned over 4 pairs: full,lmr-base-centiplies=") ||
		!strings.Contains(out, "verify, tuned against start: games 2 ") ||
		!strings.Contains(out, "lmr-base-centiplies, int, ") {
		t.Fatalf("exit %d: %s\n%s", code, errw, out)
	}
	for _, f := range []string{"tune.json", "steps.jsonl", "trajectory.csv", "params.txt",
		"verify/match.json", "verify/pairs.csv", "verify/games.pgn.gz"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("no %s: %v", f, err)
		}
	}
	// Run again, the tune and its verification are read, not played: the
	// same lines, the games untouched.
	games, _ := os.ReadFile(filepath.Join(dir, "verify", "games.pgn.gz"))
	again, errw, code := ablate(t, "tune", "spsa", "--param", "lmr-base-centiplies=75,0,200", "--pairs", "4", "--batch", "2",
		"--nodes", "300", "--openings", "bench", "--quiet", "--out", dir, "--verify", "1")
	if now, _ := os.ReadFile(filepath.Join(dir, "verify", "games.pgn.gz")); code != 0 || again != out || string(now) != string(games) {
		t.Errorf("run again: exit %d: %s\n%s", code, errw, again)
	}
	// ablate report draws the trajectory.
	html := filepath.Join(t.TempDir(), "r.html")
	if _, errw, code := ablate(t, "report", "-o", html, dir); code != 0 {
		t.Errorf("report of a tune: exit %d: %s", code, errw)
	} else if data, _ := os.ReadFile(html); !strings.Contains(string(data), "Tuning lmr-base-centiplies") {
		t.Error("the report has no trajectory")
	}
	bad := filepath.Join(t.TempDir(), "bad.txt")
	os.WriteFile(bad, []byte("lmr-base-centiplies, int, 75, 0, 200, 10, 0.002\nx, int, 1, 0\n"), 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--params", bad}, "bad.txt:2: 4 fields; want 7"},
		{[]string{"--param", "nosuch-param=1,0,2"}, `unknown parameter "nosuch-param"`},
		{[]string{"--param", "lmr-base-centiplies=75,200,0"}, "min 200 is above max 0"},
		{[]string{"--param", "lmr-base-centiplies=75,0,9999"}, "lmr-base-centiplies"},
		{[]string{}, "no parameters to tune"},
	} {
		_, errw, code := ablate(t, append([]string{"tune", "spsa", "--pairs", "2", "--quiet"}, c.args...)...)
		if code != 2 || !strings.Contains(errw, c.want) {
			t.Errorf("%v: exit %d, %q; want 2 and %q", c.args, code, errw, c.want)
		}
	}
}

// TestTuneExternalEngine: Toga II's spin options, named by its profile,
// tuned end to end at a tiny budget (a fixed depth: Toga II ignores go
// nodes).
func TestTuneExternalEngine(t *testing.T) {
	toga := debianEngine(t, "toga2")
	dir := filepath.Join(t.TempDir(), "t")
	out, errw, code := ablate(t, "tune", "spsa", "--engine", "toga="+toga, "--profile", "toga2",
		"--param", "futility-margin=100,0,500", "--param", "nmp-reduction=3,1,4", "--pairs", "4", "--batch", "2",
		"--depth", "3", "--openings", "bench", "--quiet", "--out", dir)
	if code != 0 || !strings.Contains(out, "tuned over 4 pairs: default,futility-margin=") ||
		!strings.Contains(out, "nmp-reduction, int, ") {
		t.Fatalf("exit %d: %s\n%s", code, errw, out)
	}
	if data, err := os.ReadFile(filepath.Join(dir, "tune.json")); err != nil || !strings.Contains(string(data), "Toga II") {
		t.Errorf("tune.json does not name the engine: %v %s", err, data)
	}
}
