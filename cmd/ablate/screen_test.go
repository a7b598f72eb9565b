package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ablate-chess/ablate/experiments/records"
)

// TestScreeningIsTheSameEverywhere: a node-limited screening gives the
// same games and the same table at -j 1, at -j 2, and as two shards
// merged; its games name each pair's configuration, drawn by the design,
// and the same command again plays nothing. Each shard's worth.csv counts
// its games; every table's draw_ratio is its draws over its games.
func TestScreeningIsTheSameEverywhere(t *testing.T) {
	// On stage 27, whose node counts never move: on full's 16 pairs of a
	// later stage the fit may find two columns it cannot tell apart.
	args := []string{"worth", "--design", "screening", "--base", "stage-27", "--leave-one-out", "lmr,lmp,nmp,rfp,see-prune", "--tree-depth", "3",
		"--positions", "six", "--pairs", "16", "--nodes", "600", "--openings", "bench", "--quiet", "--format", "csv"}
	tmp, whole, merged := shardsAndWhole(t, append(args, "-j", "1"), "w", 2, 1)
	if merged != whole {
		t.Errorf("two shards merged differ from the whole:\n%s\n%s", merged, whole)
	}
	j2, errw, code := ablate(t, append(args, "-j", "2", "--out", filepath.Join(tmp, "j2"))...)
	if code != 0 || j2 != whole {
		t.Errorf("-j 2: exit %d, %s\n%s\n%s", code, errw, j2, whole)
	}
	pgn := screeningGames(t, tmp, "whole")
	if pgn != screeningGames(t, tmp, "j2") || pgn != screeningGames(t, tmp, "merged") {
		t.Error("the games differ between -j 1, -j 2 and the merged shards")
	}
	if n := strings.Count(pgn, `[WhiteConfig "stage-27,-`); n != 16 || !strings.Contains(pgn, `[BlackConfig "stage-27"]`) {
		t.Errorf("%d games name a drawn configuration as White", n)
	}
	if lines := strings.Split(strings.TrimSpace(whole), "\n"); len(lines) != 6 || !strings.HasPrefix(lines[1], "leave-one-out,-lmr,") {
		t.Errorf("the table: %s", whole)
	}
	cell := filepath.Join(tmp, "whole", "matches", "screening")
	before := snapshot(t, cell)
	if _, errw, code := ablate(t, "match", "--resume", cell, "--quiet"); code != 2 || !strings.Contains(errw, "is a cell of the worth in") {
		t.Errorf("match --resume of the screening's match: exit %d: %s", code, errw)
	}
	sameFiles(t, "match --resume of a worth's cell", before, snapshot(t, cell))
	again, errw, code := ablate(t, append(args, "-j", "1", "--out", filepath.Join(tmp, "whole"))...)
	if code != 0 || again != whole || !strings.Contains(errw, "done already") {
		t.Errorf("the same command again: exit %d, %s\n%s", code, errw, again)
	}
	for _, dir := range []string{"whole", "w1", "w2"} {
		data, err := os.ReadFile(filepath.Join(tmp, dir, "worth.csv"))
		if err != nil {
			t.Fatal(err)
		}
		rows, err := records.ReadWorthCSV(bytes.NewReader(data), dir)
		if err != nil || len(rows) != 5 {
			t.Fatalf("%s/worth.csv: %d rows, %v", dir, len(rows), err)
		}
		for _, r := range rows {
			if r.Games == 0 || r.Games != r.Wins+r.Draws+r.Losses || r.DrawRatio != float64(r.Draws)/float64(r.Games) {
				t.Errorf("%s/worth.csv %s: %d games (%d-%d-%d), draw ratio %g", dir, r.Config, r.Games, r.Wins, r.Draws, r.Losses, r.DrawRatio)
			}
		}
	}
}

// TestScreeningRefusals: what a screening cannot do is refused before any
// game (an SPRT, a re-tune, a design that cannot fit every effect), and
// shards of two different screenings are not merged.
func TestScreeningRefusals(t *testing.T) {
	tmp := t.TempDir()
	args := []string{"worth", "--design", "screening", "--leave-one-out", "lmr,lmp,nmp,rfp,see-prune", "--tree-depth", "3",
		"--positions", "six", "--pairs", "16", "--nodes", "600", "--openings", "bench", "--quiet", "--format", "csv"}
	for _, c := range []struct {
		extra []string
		want  string
	}{
		{[]string{"--sprt", "elo0=0,elo1=5"}, "--sprt with --design screening"},
		{[]string{"--retune", "4"}, "--retune with --design screening"},
		{[]string{"--out-per-pair", "1"}, "--out-per-pair 1 of 5 techniques: lmr and lmp are never out together"},
	} {
		out := filepath.Join(tmp, c.extra[0])
		if _, errw, code := ablate(t, append(append(args, c.extra...), "--out", out)...); code != 2 || !strings.Contains(errw, c.want) {
			t.Errorf("%v: exit %d, %s; want 2 and %q", c.extra, code, errw, c.want)
		}
		if _, err := os.Stat(filepath.Join(out, "worth.json")); err == nil {
			t.Errorf("%v: refused, yet it wrote worth.json", c.extra)
		}
	}
	for i, k := range []string{"2", "3"} {
		shard := []string{"--shard", string(rune('1'+i)) + "/2", "--out-per-pair", k, "--out", filepath.Join(tmp, "s"+k)}
		if _, errw, code := ablate(t, append(args, shard...)...); code != 0 {
			t.Fatalf("shard with --out-per-pair %s: exit %d: %s", k, code, errw)
		}
	}
	_, errw, code := ablate(t, "merge", filepath.Join(tmp, "merged"), filepath.Join(tmp, "s2"), filepath.Join(tmp, "s3"))
	if code == 0 || !strings.Contains(errw, "--out-per-pair 3 there, 2 here") {
		t.Errorf("shards of two designs merged: exit %d: %s", code, errw)
	}
}

// screeningGames is the screening's games in the worth tmp/dir, unzipped,
// with its directory's name taken out.
func screeningGames(t *testing.T, tmp, dir string) string {
	t.Helper()
	pgn := comparable(t, filepath.Join(tmp, dir, "matches", "screening", "games.pgn.gz"))
	return strings.ReplaceAll(pgn, filepath.Join(tmp, dir), "")
}

// TestScreeningGrows: a screening interrupted and then asked for more
// pairs goes on to them, its games kept, and ends with the same games and
// table as one asked for that many from the start; a finished one asked
// for more is refused, saying so.
func TestScreeningGrows(t *testing.T) {
	tmp := t.TempDir()
	args := func(pairs, dir string) []string {
		return []string{"worth", "--design", "screening", "--leave-one-out", "lmr,lmp,nmp,rfp,see-prune", "--tree-depth", "3",
			"--positions", "six", "--pairs", pairs, "--nodes", "3000", "--openings", "bench", "-j", "1", "--quiet",
			"--format", "csv", "--out", filepath.Join(tmp, dir)}
	}
	whole, errw, code := ablate(t, args("24", "whole")...)
	if code != 0 {
		t.Fatalf("24 pairs: exit %d: %s", code, errw)
	}

	cmd := self(args("16", "grown"))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	ended := make(chan error, 1)
	go func() { ended <- cmd.Wait() }()
	journal := filepath.Join(tmp, "grown", "matches", "screening", "pairs.jsonl")
	for deadline := time.Now().Add(2 * time.Minute); time.Now().Before(deadline) && len(ended) == 0; time.Sleep(20 * time.Millisecond) {
		if data, _ := os.ReadFile(journal); bytes.Count(data, []byte("\n")) >= 2 {
			break
		}
	}
	cmd.Process.Signal(os.Interrupt)
	var exit interface{ ExitCode() int }
	if err := <-ended; !errors.As(err, &exit) || exit.ExitCode() != 130 ||
		!strings.Contains(stderr.String(), "the same command again finishes it; with --no-play it prints the table of the pairs played so far") {
		t.Fatalf("16 pairs, interrupted: %v, %s", err, stderr.String())
	}

	grown, errw, code := ablate(t, args("24", "grown")...)
	if code != 0 || !strings.Contains(errw, "games.pairs: 16 there, 24 now: the worth goes on to the new count") {
		t.Fatalf("asked for 24 pairs: exit %d: %s", code, errw)
	}
	if grown != whole {
		t.Errorf("grown from 16 to 24 pairs:\n%s\nasked for 24 from the start:\n%s", grown, whole)
	}
	if screeningGames(t, tmp, "grown") != screeningGames(t, tmp, "whole") {
		t.Error("the grown screening's games differ from the whole one's")
	}
	var info struct {
		Args []string `json:"args"`
	}
	data, _ := os.ReadFile(filepath.Join(tmp, "grown", "worth.json"))
	if err := json.Unmarshal(data, &info); err != nil || !slices.Contains(info.Args, "24") {
		t.Errorf("worth.json names the command that began it, not the one that grew it: %v, %s", err, data)
	}

	_, errw, code = ablate(t, args("32", "whole")...)
	if code == 0 || !strings.Contains(errw, "it is finished, and only an unfinished worth goes on to more") {
		t.Errorf("a finished screening asked for more: exit %d: %s", code, errw)
	}
}
