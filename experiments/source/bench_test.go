package source

import "testing"

func TestParseBench(t *testing.T) {
	for _, c := range []struct {
		name, out  string
		nodes, nps uint64
		ok         bool
	}{
		{"Stockfish", "Total time (ms) : 1500\nNodes searched  : 1234567\nNodes/second    : 823044\n", 1234567, 823044, true},
		{"ablate", "...\nNodes searched: 7051990\nNodes/second: 3000000\n", 7051990, 3000000, true},
		{"Ethereal", "BENCH : 1,234 ms\nBENCH : 4866386 nodes\nBENCH : 3943584 nps\n", 4866386, 3943584, true},
		{"the last line wins", "100 nodes 5 nps\n200 nodes 6 nps\n", 200, 6, true},
		{"no speed", "Nodes searched: 5\n", 5, 0, false},
		{"nothing", "uciok\n", 0, 0, false},
	} {
		n, nps, ok := ParseBench(c.out)
		if n != c.nodes || nps != c.nps || ok != c.ok {
			t.Errorf("%s: %d %d %v, want %d %d %v", c.name, n, nps, ok, c.nodes, c.nps, c.ok)
		}
	}
}

func TestCommitBench(t *testing.T) {
	for msg, want := range map[string]uint64{
		"Simplify null move\n\nBench: 4912345\n": 4912345,
		"Two\n\nbench 123\nBench: 456":           456,
		"No bench here":                          0,
		"Bench: twelve":                          0,
	} {
		if n, _ := CommitBench(msg); n != want {
			t.Errorf("%q: %d, want %d", msg, n, want)
		}
	}
}
