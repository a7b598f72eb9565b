package main

import (
	"strings"
	"testing"
)

// TestBenchDefaultIsFullAndParseable: bench with no configuration prints
// every position, then the two lines OpenBench reads.
func TestBenchDefaultIsFullAndParseable(t *testing.T) {
	out, errw, code := ablate(t, "bench", "--depth", "4")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errw)
	}
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	if len(lines) != 47+3 {
		t.Fatalf("%d lines:\n%s", len(lines), out)
	}
	if !strings.HasPrefix(lines[len(lines)-2], "Nodes searched: ") || !strings.HasPrefix(lines[len(lines)-1], "Nodes/second: ") {
		t.Errorf("last two lines: %q", lines[len(lines)-2:])
	}
	// --all: full, every leave-one-out and every term added, a signature line each.
	out, _, code = ablate(t, "bench", "--all", "--depth", "3", "--positions", "six")
	if code != 0 || strings.Count(out, "Nodes searched:") != 162+1 { // full, its family and the legacy presets' (keep-history put in), stages 20 to 27
		t.Errorf("bench --all: exit %d:\n%s", code, out)
	}
}
