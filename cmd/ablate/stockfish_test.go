package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// stockfishSource is Stockfish 15.1's source tarball, $ABLATE_STOCKFISH_SRC
// or the shared copy beside the checkout, and the build cache to use
// ($ABLATE_STOCKFISH_CACHE, so that CI builds it once; else a fresh one).
// The test is skipped without the tarball, or without Debian's stockfish,
// whose binary holds the network the tarball lacks.
func stockfishSource(t *testing.T) (src, cache string) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds Stockfish from its source: make test-long")
	}
	src = sharedSource(t, "ABLATE_STOCKFISH_SRC", "stockfish-sf_15.1.tar.xz")
	if _, err := os.Stat("/usr/games/stockfish"); err != nil {
		t.Skip("no Debian stockfish to take the network from (apt-get install stockfish)")
	}
	cache = os.Getenv("ABLATE_STOCKFISH_CACHE")
	if cache == "" {
		cache = filepath.Join(t.TempDir(), "cache")
	}
	return src, cache
}

// TestStockfishFromSource: Stockfish 15.1 built from its source tarball
// with the profile's patch and the network written out of Debian's binary
// (its bench checked: the patch changes no node), a tiny ablation, and
// node-limited games and games on a clock counted in nodes the same at
// -j 1 and -j 2.
func TestStockfishFromSource(t *testing.T) {
	src, cache := stockfishSource(t)
	sf := []string{"--engine-src", src, "--profile", "stockfish", "--build-cache", cache}
	out, errw, code := ablate(t, append([]string{"run", "--leave-one-out", "nmp,lmr", "-p", "six", "-d", "6", "--quiet", "--format", "csv"}, sf...)...)
	if code != 0 || !strings.Contains(errw, "bench 3467381") {
		t.Fatalf("run: exit %d: %s", code, errw)
	}
	rows := strings.Split(strings.TrimSpace(out), "\n")
	if len(rows) != 4 || !strings.Contains(rows[2], ",-nmp,") || strings.Contains(rows[2], ",1,1,") || strings.Contains(rows[3], ",1,1,") {
		t.Errorf("the leave-one-out changed no tree:\n%s", out)
	}
	games := func(workers string, budget ...string) string {
		return matchGames(t, append(append([]string{"--config", "a=default", "--config", "b=default,-nmp,-lmr",
			"--pairs", "1", "--openings", "bench", "-j", workers}, budget...), sf...)...)
	}
	for _, budget := range [][]string{{"--nodes", "5000"}, {"--tc", "1+0.01@100"}} {
		one, two := games("1", budget...), games("2", budget...)
		if one != two || strings.Count(one, "[Result") != 2 {
			t.Errorf("Stockfish's games at %v differ between -j 1 and -j 2:\n%s\n%s", budget, one, two)
		}
		if budget[0] == "--tc" && !regexp.MustCompile(`n=\d+`).MatchString(one) {
			t.Errorf("moves on a clock counted in nodes say no nodes:\n%s", one)
		}
	}
}

// TestStockfishReset: the profile keeps one Stockfish process through a
// worker's jobs and games and resets it with ucinewgame; a new process for
// every job and game (the profile with reset = "restart") gives the same
// trees and the same games, on a node budget and on a clock counted in
// nodes, and in a screening, whose every game sets other switches in the
// process the last game left.
func TestStockfishReset(t *testing.T) {
	src, cache := stockfishSource(t)
	profile, err := os.ReadFile("../../engine/subject/profiles/stockfish.toml")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(profile), "\nreset = \"ucinewgame\"\n") {
		t.Fatalf("the stockfish profile does not reset by ucinewgame")
	}
	dir := t.TempDir()
	restart := filepath.Join(dir, "stockfish.toml")
	os.WriteFile(restart, []byte(strings.Replace(string(profile), "\nreset = \"ucinewgame\"\n", "\nreset = \"restart\"\n", 1)), 0o644)
	patch, err := os.ReadFile("../../engine/subject/profiles/stockfish.patch")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "stockfish.patch"), patch, 0o644)

	for _, budget := range [][]string{{"--nodes", "3000"}, {"--tc", "1+0.01@100"}} {
		games := func(profile string) string {
			return matchGames(t, append([]string{"--config", "a=stockfish", "--config", "b=stockfish,-nmp,-lmr",
				"--pairs", "2", "--openings", "bench", "-j", "1", "--engine-src", src, "--profile", profile, "--build-cache", cache}, budget...)...)
		}
		if kept, fresh := games("stockfish"), games(restart); kept != fresh {
			t.Errorf("at %v a kept process plays other games than a new one:\n%s\n%s", budget, kept, fresh)
		}
	}
	screen := func(profile string) (games, trees string) {
		out := filepath.Join(t.TempDir(), "w")
		_, errw, code := ablate(t, "worth", "--design", "screening", "--leave-one-out", "nmp,rfp,lmr,futility,razoring,iir",
			"--prior-elo", "15", "--nodes", "2000", "--pairs", "12", "--openings", "openings", "--openings-order", "random",
			"--seed", "5", "-p", "six", "--tree-depth", "4", "-j", "1", "--quiet", "--engine-src", src, "--profile", profile,
			"--build-cache", cache, "--out", out)
		if code != 0 {
			t.Fatalf("worth: exit %d: %s", code, errw)
		}
		return gunzipFile(t, filepath.Join(out, "matches", "screening", "games.pgn.gz")), timeless(t, filepath.Join(out, "records.csv"))
	}
	keptGames, keptTrees := screen("stockfish")
	freshGames, freshTrees := screen(restart)
	if keptGames != freshGames || strings.Count(keptGames, "{") == 0 {
		t.Errorf("the screening's games differ between a kept process and a new one:\n%s\n%s", keptGames, freshGames)
	}
	if keptTrees != freshTrees {
		t.Errorf("the screening's trees differ between a kept process and a new one:\n%s\n%s", keptTrees, freshTrees)
	}
}
