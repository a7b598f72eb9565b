package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckCatchesAParameterChange makes a small baseline, checks it, then
// checks it again with one parameter changed: the check fails with a table
// of what moved.
func TestCheckCatchesAParameterChange(t *testing.T) {
	long(t)
	base := filepath.Join(t.TempDir(), "b.csv")
	if out, errw, code := ablate(t, "check", "--update", "--baseline", base, "--depth", "4", "--positions", "six"); code != 0 {
		t.Fatalf("update: exit %d: %s %s", code, out, errw)
	}
	out, errw, code := ablate(t, "check", "--baseline", base)
	if code != 0 || !strings.Contains(out, "all 972 searches of 162 configurations match") {
		t.Fatalf("check: exit %d: %s %s", code, out, errw)
	}
	// One preset's family: fewer searches, all matching; a preset the
	// baseline does not pin is bad input.
	out, errw, code = ablate(t, "check", "--baseline", base, "--preset", "full-pesto")
	if code != 0 || !strings.Contains(out, "configurations match") || !strings.Contains(errw, "of the baseline's 972 searches") ||
		strings.Contains(out, "all 972") {
		t.Errorf("check --preset full-pesto: exit %d: %s %s", code, out, errw)
	}
	if _, errw, code = ablate(t, "check", "--baseline", base, "--preset", "stage-3"); code != 2 || !strings.Contains(errw, "--preset stage-3") {
		t.Errorf("check --preset stage-3: exit %d, want 2: %s", code, errw)
	}
	out, errw, code = ablate(t, "check", "--baseline", base, "--set", "lmr-base-centiplies=100", "--format", "csv")
	if code != 1 {
		t.Fatalf("changed lmr-base-centiplies: exit %d, want 1: %s", code, errw)
	}
	if !strings.Contains(out, "config,position,expected,got,change\n") || !strings.Contains(out, "\nfull,") ||
		!strings.Contains(errw, "ablate check --update") {
		t.Errorf("no readable diff:\n%s\n%s", out, errw)
	}
	// A configuration whose LMR is off is not moved by an LMR parameter.
	if strings.Contains(out, "\n-lmr,") {
		t.Errorf("-lmr changed with lmr-base-centiplies:\n%s", out)
	}
}

func TestCheckRejectsBadBaselines(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(text), 0o644)
		return p
	}
	header := "config,spec,depth,position,fen,nodes\n"
	fen := "4k3/8/8/8/8/8/8/4K2R w K - 0 1"
	for _, c := range []struct{ file, want string }{
		{write("tech2.csv", header+"a,\"full,-lmx\",3,p,"+fen+",10\n"), `tech2.csv:2: unknown technique "lmx"`},
		{write("nodes.csv", header+"a,full,3,p,"+fen+",ten\n"), `nodes.csv:2: column nodes: "ten" is not a count`},
		{write("fen.csv", header+"a,full,3,p,8/8 w - - 0 1,10\n"), "fen.csv:2: invalid FEN"},
		{write("empty.csv", header), "no rows"},
		{filepath.Join(dir, "missing.csv"), "no such file"},
	} {
		_, errw, code := ablate(t, "check", "--baseline", c.file)
		if code != 2 || !strings.Contains(errw, c.want) {
			t.Errorf("%s: exit %d, %q; want 2 and %q", filepath.Base(c.file), code, errw, c.want)
		}
	}
}

func TestBenchPrintsSignatures(t *testing.T) {
	out, errw, code := ablate(t, "bench", "--depth", "3", "--config", "full=full", "-p", "six")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errw)
	}
	if !strings.Contains(out, "startpos") || !strings.Contains(out, "\nNodes searched: ") || !strings.Contains(out, "\nNodes/second: ") {
		t.Errorf("bench output:\n%s", out)
	}
	out, _, code = ablate(t, "bench", "--all", "--depth", "2", "-p", "six")
	if code != 0 || strings.Count(out, "Nodes searched") != 163 || !strings.Contains(out, "-alpha-beta,-qsearch") {
		t.Errorf("bench --all: exit %d\n%s", code, out)
	}
}

// TestCheckAll: --all checks every configuration the baseline holds (as
// no --preset does) and is refused beside --preset.
func TestCheckAll(t *testing.T) {
	base := filepath.Join(t.TempDir(), "bench.csv")
	if _, errw, code := ablate(t, "check", "--update", "--baseline", base, "--positions", "six", "--depth", "2"); code != 0 {
		t.Fatalf("--update: exit %d, %s", code, errw)
	}
	out, errw, code := ablate(t, "check", "--all", "--baseline", base)
	if code != 0 || !strings.Contains(out, "all 972 searches of 162 configurations match") {
		t.Errorf("--all: exit %d, %q %q", code, out, errw)
	}
	if _, errw, code := ablate(t, "check", "--all", "--preset", "full", "--baseline", base); code != 2 || !strings.Contains(errw, "--all and --preset") {
		t.Errorf("--all --preset: exit %d, %q", code, errw)
	}
}
