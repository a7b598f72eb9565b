package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEloCountsThePairsItHas: a PGN whose last game has no partner yet (a
// match still playing) gives the pentanomial of the pairs it has, the
// unpaired game left out, as fastchess counts.
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

// FuzzParseBounds: --by-move's list is refused or read as positive move
// numbers in ascending order, never a panic.
func FuzzParseBounds(f *testing.F) {
	for _, s := range []string{"10,20,40", "1", "20,10", "0", "", "5,,6", " 3, 4"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		bounds, err := parseBounds(s)
		if err != nil {
			return
		}
		for i, b := range bounds {
			if b < 1 || (i > 0 && b <= bounds[i-1]) {
				t.Fatalf("%q read as %v", s, bounds)
			}
		}
	})
}
