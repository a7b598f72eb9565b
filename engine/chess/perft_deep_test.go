//go:build deep

package chess

import "testing"

// The deep counts, too slow for every test run: make perft-deep.
func TestPerftDeep(t *testing.T) {
	for _, c := range []struct {
		fen   string
		depth int
		want  uint64
	}{
		{StartFEN, 6, 119_060_324},
		{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5, 193_690_690},
		{"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 5, 164_075_551},
	} {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := Perft(&p, c.depth); got != c.want {
			t.Errorf("%s depth %d: got %d, want %d", c.fen, c.depth, got, c.want)
		}
	}
}
