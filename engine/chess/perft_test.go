package chess

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

// perftCase is one line of testdata/perft.epd: a FEN and its counts by depth.
type perftCase struct {
	id     string
	fen    string
	counts map[int]uint64
}

// loadPerftCases reads testdata/perft.epd, a copy of the built-in perft suite
// (positions/perft.epd; TestPerftSuiteCopy in positions checks the two agree).
// The chess package cannot import positions, so it reads the simple
// "FEN ;D1 n ;D2 n ;id \"x\"" form itself.
func loadPerftCases(t testing.TB) []perftCase {
	t.Helper()
	f, err := os.Open("testdata/perft.epd")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []perftCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		parts := strings.Split(line, ";")
		c := perftCase{fen: strings.TrimSpace(parts[0]), counts: map[int]uint64{}}
		for _, op := range parts[1:] {
			f := strings.Fields(op)
			switch {
			case len(f) == 2 && f[0] == "id":
				c.id = strings.Trim(f[1], `"`)
			case len(f) == 2 && f[0][0] == 'D':
				d, err1 := strconv.Atoi(f[0][1:])
				n, err2 := strconv.ParseUint(f[1], 10, 64)
				if err1 != nil || err2 != nil {
					t.Fatalf("bad perft op %q", op)
				}
				c.counts[d] = n
			}
		}
		cases = append(cases, c)
	}
	return cases
}

// perftBudget is how many leaves TestPerftSuite may count per position and
// depth: every position is checked as deep as its counts go while a depth
// stays under the budget (so depth 4 or 5 almost everywhere).
func perftBudget() uint64 {
	if testing.Short() {
		return 200_000
	}
	return 20_000_000
}

func TestPerftSuite(t *testing.T) {
	for _, c := range loadPerftCases(t) {
		t.Run(c.id, func(t *testing.T) {
			p, err := ParseFEN(c.fen)
			if err != nil {
				t.Fatal(err)
			}
			for d := 1; d <= 6; d++ {
				want, ok := c.counts[d]
				if !ok || (want > perftBudget() && d > 1) {
					break
				}
				if got := Perft(&p, d); got != want {
					t.Errorf("depth %d: got %d, want %d; per move:", d, got, want)
					for _, mc := range Divide(&p, d) {
						t.Logf("  %s: %d", mc.Move, mc.Nodes)
					}
					return
				}
			}
		})
	}
}

// TestPlayKeepsPositionConsistent plays every legal move, two plies deep,
// in every perft position: the child's bitboards, mailbox, incremental key
// and checkers agree with a recompute, GivesCheck (which does not play the
// move) says what the child's checkers say, and the parent, which
// copy-make leaves alone, still writes the same FEN and key.
func TestPlayKeepsPositionConsistent(t *testing.T) {
	checks := map[string]int{} // checking moves seen, by how they check
	var walk func(t *testing.T, p *Position, depth int)
	walk = func(t *testing.T, p *Position, depth int) {
		fen, key := p.String(), p.Key()
		var l MoveList
		p.LegalMoves(&l)
		for _, m := range l.Slice() {
			child := *p
			child.Play(m)
			if err := child.Validate(); err != nil {
				t.Fatalf("%s after %s: %v", fen, m, err)
			}
			if got, want := p.GivesCheck(m), child.InCheck(); got != want {
				t.Fatalf("%s: GivesCheck(%s) = %v, the child's checkers say %v", fen, m, got, want)
			}
			if child.InCheck() {
				switch {
				case child.checkers.Several():
					checks["double"]++
				case child.checkers != SquareBB(m.To()):
					checks["discovered"]++
				case m.IsPromotion():
					checks["promotion"]++
				default:
					checks["direct"]++
				}
			}
			if depth > 1 {
				walk(t, &child, depth-1)
			}
		}
		if p.String() != fen || p.Key() != key {
			t.Fatalf("position changed by its children: %s -> %s", fen, p)
		}
	}
	fens := []string{ // a knight in front of a rook, and of a bishop: Nd6+, Nf6+ check twice
		"4k3/8/8/8/4N3/8/8/4R1K1 w - - 0 1",
		"4k3/3N4/8/1B6/8/8/8/4K3 w - - 0 1",
	}
	for _, c := range loadPerftCases(t) {
		fens = append(fens, c.fen)
	}
	for _, fen := range fens {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		walk(t, &p, 2)
	}
	for _, how := range []string{"direct", "discovered", "double", "promotion"} {
		if checks[how] == 0 {
			t.Errorf("no %s check among the moves walked: GivesCheck is untested there", how)
		}
	}
}

// TestGenModesPartition checks that the noisy and quiet modes split the legal
// moves exactly, that noisy means "captures or promotes", and that
// CountLegal counts what LegalMoves lists.
func TestGenModesPartition(t *testing.T) {
	for _, c := range loadPerftCases(t) {
		p, _ := ParseFEN(c.fen)
		var all, noisy, quiet MoveList
		p.Generate(&all, GenAll)
		p.Generate(&noisy, GenNoisy)
		p.Generate(&quiet, GenQuiet)
		if n := p.CountLegal(); n != all.N {
			t.Errorf("%s: CountLegal %d, LegalMoves %d", c.id, n, all.N)
		}
		if noisy.N+quiet.N != all.N {
			t.Errorf("%s: %d noisy + %d quiet != %d moves", c.id, noisy.N, quiet.N, all.N)
		}
		for _, m := range noisy.Slice() {
			if !m.IsNoisy() || !all.Contains(m) {
				t.Errorf("%s: noisy move %s is quiet or illegal", c.id, m)
			}
		}
		for _, m := range quiet.Slice() {
			if m.IsNoisy() || !all.Contains(m) {
				t.Errorf("%s: quiet move %s is noisy or illegal", c.id, m)
			}
		}
	}
}

func BenchmarkPerft(b *testing.B) {
	p, _ := ParseFEN(StartFEN)
	b.ReportAllocs()
	var n uint64
	for b.Loop() {
		n = Perft(&p, 5)
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
}

func BenchmarkGenerate(b *testing.B) {
	p, _ := ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	b.ReportAllocs()
	var l MoveList
	for b.Loop() {
		l.N = 0
		p.LegalMoves(&l)
	}
}

// BenchmarkGivesCheck asks of every legal move in a busy middlegame
// whether it checks, as the search asks before pruning a move.
func BenchmarkGivesCheck(b *testing.B) {
	p, _ := ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	var l MoveList
	p.LegalMoves(&l)
	b.ReportAllocs()
	n := 0
	for i := 0; b.Loop(); i++ {
		if p.GivesCheck(l.Moves[i%l.N]) {
			n++
		}
	}
	_ = n
}

func BenchmarkPlay(b *testing.B) {
	p, _ := ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	var l MoveList
	p.LegalMoves(&l)
	b.ReportAllocs()
	var child Position
	for i := 0; b.Loop(); i++ {
		child = p
		child.Play(l.Moves[i%l.N])
	}
}
