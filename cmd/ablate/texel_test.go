package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ablate-chess/ablate/positions"
)

// TestTuneTexel: a tune of a small EPD file writes texel.json (every
// epoch's losses) and tuned.go; bad input is exit 2 naming what is wrong,
// and writes nothing.
func TestTuneTexel(t *testing.T) {
	dir := t.TempDir()
	suite, err := positions.Load("bench")
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for i, e := range suite.Entries {
		b.WriteString(e.Board.String() + []string{" [1.0]\n", " [0.5]\n", " [0.0]\n"}[i%3])
	}
	data := filepath.Join(dir, "d.epd")
	os.WriteFile(data, []byte(b.String()), 0o644)
	out, errw, code := ablate(t, "tune", "texel", "--data", data, "--all-positions", "--terms", "bishop-pair,tempo",
		"--epochs", "3", "--hold-out", "3", "--out", filepath.Join(dir, "t"), "-q")
	if code != 0 || !strings.Contains(out, "held-out loss: PeSTO only") {
		t.Fatalf("exit %d: %s %s", code, out, errw)
	}
	var info struct {
		Epochs []struct{ Train float64 } `json:"epochs"`
	}
	raw, _ := os.ReadFile(filepath.Join(dir, "t", "texel.json"))
	if err := json.Unmarshal(raw, &info); err != nil || len(info.Epochs) != 3 {
		t.Errorf("texel.json: %v, %d epochs", err, len(info.Epochs))
	}
	if src, err := os.ReadFile(filepath.Join(dir, "t", "tuned.go.txt")); err != nil || !strings.Contains(string(src), `"bishop-pair":`) {
		t.Errorf("tuned.go: %v", err)
	}
	// With tuned-2 the tables are fitted and written for its file, tuned2.go.
	if _, errw, code := ablate(t, "tune", "texel", "--data", data, "--all-positions", "--terms", "tempo,tuned-2", "--prior", "0.001",
		"--epochs", "2", "--hold-out", "3", "--out", filepath.Join(dir, "t2"), "-q"); code != 0 {
		t.Fatalf("tuned-2: exit %d: %s", code, errw)
	}
	src, _ := os.ReadFile(filepath.Join(dir, "t2", "tuned.go.txt"))
	for _, want := range []string{"that tuned-2 uses", "var tuned2MG = [7][64]int{", "var tuned2EG", "var tuned2Weights = map[string]Score{", "--prior 0.001"} {
		if !strings.Contains(string(src), want) {
			t.Errorf("tuned-2's Go source lacks %q", want)
		}
	}
	// --out over a result is refused before the data is read; --force
	// replaces it once the new one is whole.
	fit := snapshot(t, filepath.Join(dir, "t"))
	again := []string{"tune", "texel", "--data", data, "--all-positions", "--terms", "tempo", "--epochs", "2", "--hold-out", "3",
		"--out", filepath.Join(dir, "t"), "-q"}
	if _, errw, code := ablate(t, again...); code != 2 || !strings.Contains(errw, "holds a texel made with another plan (epochs: 3 there, 2 now") {
		t.Errorf("--out over a fit: exit %d, %q", code, errw)
	}
	sameFiles(t, "the fit", fit, snapshot(t, filepath.Join(dir, "t")))
	if _, errw, code := ablate(t, append(again, "--force")...); code != 0 {
		t.Errorf("--force: exit %d, %q", code, errw)
	}
	raw, _ = os.ReadFile(filepath.Join(dir, "t", "texel.json"))
	if err := json.Unmarshal(raw, &info); err != nil || len(info.Epochs) != 2 {
		t.Errorf("the forced fit's texel.json: %v, %d epochs", err, len(info.Epochs))
	}
	journal := filepath.Join(dir, "match")
	os.MkdirAll(journal, 0o755)
	os.WriteFile(filepath.Join(journal, "pairs.jsonl"), []byte("{\"Pair\": 0, \"Games\": [\n{}\n"), 0o644)
	bad := filepath.Join(dir, "bad.epd")
	os.WriteFile(bad, []byte(suite.Entries[0].Board.String()+" [1.0]\nnot a position 1-0\n"), 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--data", data, "--terms", "lmr", "--out", filepath.Join(dir, "x")}, `--terms "lmr": not an evaluation term`},
		{[]string{"--out", filepath.Join(dir, "x")}, "wants --data"},
		{[]string{"--data", bad, "--out", filepath.Join(dir, "x")}, "bad.epd:2:"},
		{[]string{"--data", data}, "--out not given, nor write"},
		{[]string{"--data", data, "--check", bad, "--out", filepath.Join(dir, "x")}, "bad.epd:2:"},
		{[]string{"--data", journal, "--out", filepath.Join(dir, "x")}, "pairs.jsonl:1:"},
		{[]string{"--data", data, "--score-weight", "1.5", "--out", filepath.Join(dir, "x")}, "--score-weight 1.5"},
		{[]string{"--data", data, "--prior", "-1", "--out", filepath.Join(dir, "x")}, "--prior -1"},
		{[]string{"--data", data, "--terms", "tuned,tuned-2", "--out", filepath.Join(dir, "x")}, "two tunes' switches"},
		{[]string{"--data", data, "--quiet-config", "fulll", "--out", filepath.Join(dir, "x")}, "--quiet-config"},
		{[]string{"--data", data, "-j", "0", "--out", filepath.Join(dir, "x")}, "--workers 0: must be at least 1"},
	} {
		_, errw, code := ablate(t, append([]string{"tune", "texel"}, c.args...)...)
		if code != 2 || !strings.Contains(errw, c.want) {
			t.Errorf("%v: exit %d, %q; want 2 and %q", c.args, code, errw, c.want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "x")); err == nil {
		t.Error("a refused tune wrote its directory")
	}
}
