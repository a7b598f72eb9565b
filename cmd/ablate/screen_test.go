package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestScreeningIsTheSameEverywhere: a node-limited screening gives the
// same games and the same table at -j 1, at -j 2, and as two shards merged
// (issue 37); its games name each pair's configuration, drawn by the
// design, and the same command again plays nothing.
func TestScreeningIsTheSameEverywhere(t *testing.T) {
	args := []string{"worth", "--design", "screening", "--leave-one-out", "lmr,lmp,nmp,rfp,see-prune", "--tree-depth", "3",
		"--positions", "six", "--pairs", "16", "--nodes", "600", "--openings", "bench", "--quiet", "--format", "csv"}
	tmp, whole, merged := shardsAndWhole(t, append(args, "-j", "1"), "w", 2, 1)
	if merged != whole {
		t.Errorf("two shards merged differ from the whole:\n%s\n%s", merged, whole)
	}
	j2, errw, code := ablate(t, append(args, "-j", "2", "--out", filepath.Join(tmp, "j2"))...)
	if code != 0 || j2 != whole {
		t.Errorf("-j 2: exit %d, %s\n%s\n%s", code, errw, j2, whole)
	}
	games := func(dir string) string {
		t.Helper()
		f, err := os.Open(filepath.Join(tmp, dir, "matches", "screening", "games.pgn.gz"))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		z, err := gzip.NewReader(f)
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(z)
		return string(bytes.ReplaceAll(data, []byte(filepath.Join(tmp, dir)), nil))
	}
	pgn := games("whole")
	if pgn != games("j2") || pgn != games("merged") {
		t.Error("the games differ between -j 1, -j 2 and the merged shards")
	}
	if n := strings.Count(pgn, `[WhiteConfig "full,-`); n != 16 || !strings.Contains(pgn, `[BlackConfig "full"]`) {
		t.Errorf("%d games name a drawn configuration as White", n)
	}
	if lines := strings.Split(strings.TrimSpace(whole), "\n"); len(lines) != 6 || !strings.HasPrefix(lines[1], "leave-one-out,-lmr,") {
		t.Errorf("the table: %s", whole)
	}
	again, errw, code := ablate(t, append(args, "-j", "1", "--out", filepath.Join(tmp, "whole"))...)
	if code != 0 || again != whole || !strings.Contains(errw, "done already") {
		t.Errorf("the same command again: exit %d, %s\n%s", code, errw, again)
	}
}
