package positions

import (
	"bytes"
	"errors"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/ablate-chess/ablate/engine/chess"
)

func TestReadEPDAndFEN(t *testing.T) {
	input := `# a comment, then a blank line

rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4 d4; am f3; id "start"; c0 "two words; with a semicolon";
8/8/8/K2pP2r/8/8/8/7k w - d6 0 1 ;D1 6 ;D2 78 ;id "pin"
4k3/8/8/8/8/8/8/4K2R w K - 3 40
`
	s, err := Read(strings.NewReader(input), "mem.epd")
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Entries) != 3 {
		t.Fatalf("%d entries, want 3", len(s.Entries))
	}
	e := s.Entries[0]
	if e.ID != "start" || e.Line != 3 || len(e.Best) != 2 || e.Best[0].String() != "e2e4" ||
		e.Best[1].String() != "d2d4" || len(e.Avoid) != 1 || e.Avoid[0].String() != "f2f3" {
		t.Errorf("entry 0: %+v", e)
	}
	if len(e.Comments) != 1 || e.Comments[0] != "two words; with a semicolon" {
		t.Errorf("comments %q", e.Comments)
	}
	for m, want := range map[string][2]bool{"e2e4": {true, true}, "f2f3": {false, true}, "g1f3": {false, true}} {
		mv, _ := e.Board.ParseUCI(m)
		if solved, applies := e.Solved(mv); solved != want[0] || applies != want[1] {
			t.Errorf("Solved(%s) = %v, %v", m, solved, applies)
		}
	}
	p := s.Entries[1]
	if p.ID != "pin" || p.Perft[1] != 6 || p.Perft[2] != 78 || p.MaxPerftDepth() != 2 {
		t.Errorf("entry 1: %+v", p)
	}
	f := s.Entries[2]
	if f.ID != "mem.epd:5" || f.Board.HalfmoveClock() != 3 || f.Board.FullmoveNumber() != 40 {
		t.Errorf("entry 2: id %q fen %s", f.ID, f.Board.String())
	}
	if _, applies := f.Solved(0); applies {
		t.Error("an entry without bm or am has something to solve")
	}
}

func TestReadErrorsNameFileAndLine(t *testing.T) {
	for _, c := range []struct {
		name, input, want string
	}{
		{"bad FEN", "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n4k3/8/8/8/8/8/8/4X3 w - -\n", "f.epd:2: invalid FEN: unknown piece letter 'X'"},
		{"too few fields", "\n\n4k3/8 w\n", "f.epd:3: want a FEN"},
		{"illegal best move", "4k3/8/8/8/8/8/8/4K3 w - - bm Qd1;\n", "f.epd:1: bm: Qd1 is not legal"},
		{"empty bm", "4k3/8/8/8/8/8/8/4K3 w - - bm;\n", "f.epd:1: bm wants at least one move"},
		{"bad perft count", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 five\n", `f.epd:1: D1 wants one count, got "five"`},
		{"unterminated string", "4k3/8/8/8/8/8/8/4K3 w - - id \"x\n", "f.epd:1: unterminated string"},
		{"duplicate id", "4k3/8/8/8/8/8/8/4K3 w - - id \"x\";\n4k3/8/8/8/8/8/8/3K4 w - - id \"x\";\n", `f.epd:2: id "x" was already used on line 1`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Read(strings.NewReader(c.input), "f.epd")
			var le *LineError
			if !errors.As(err, &le) {
				t.Fatalf("error %v is not a *LineError", err)
			}
			if !strings.HasPrefix(err.Error(), c.want) {
				t.Errorf("error %q, want it to start %q", err, c.want)
			}
		})
	}
	if _, err := Read(strings.NewReader("# nothing\n"), "empty.epd"); err == nil {
		t.Error("a file without positions was accepted")
	}
}

func TestBuiltinSuites(t *testing.T) {
	for _, c := range []struct {
		name     string
		min, max int
	}{{"perft", 40, 100}, {"six", 6, 6}, {"bench", 40, 60}} {
		s, err := Load(c.name)
		if err != nil {
			t.Fatal(err)
		}
		if n := len(s.Entries); n < c.min || n > c.max {
			t.Errorf("%s has %d positions, want %d..%d", c.name, n, c.min, c.max)
		}
		for _, e := range s.Entries {
			if strings.HasPrefix(e.ID, c.name+":") {
				t.Errorf("%s line %d has no id", c.name, e.Line)
			}
		}
	}
	if _, err := Load("no-such-suite"); err == nil || !strings.Contains(err.Error(), "built-in: bench, openings, openings-unbalanced, perft, six") {
		t.Errorf("unknown suite error: %v", err)
	}
}

// The chess package tests against its own copy of the perft suite (it cannot
// import this package); the two must not drift apart.
func TestPerftSuiteCopy(t *testing.T) {
	ours, err := builtin.ReadFile("perft.epd")
	if err != nil {
		t.Fatal(err)
	}
	theirs, err := os.ReadFile("../engine/chess/testdata/perft.epd")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(ours, theirs) {
		t.Error("positions/perft.epd and engine/chess/testdata/perft.epd differ: copy the first over the second")
	}
}

func FuzzParseLine(f *testing.F) {
	f.Add(`rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4; id "x";`)
	f.Add(`8/8/8/K2pP2r/8/8/8/7k w - d6 0 1 ;D1 6 ;D2 78`)
	f.Add(`4k3/8/8/8/8/8/8/4K3 w - - c0 "a;b"; am Kd1 Kf1;`)
	f.Fuzz(func(t *testing.T, line string) {
		e, err := ParseLine(line)
		if err != nil {
			return
		}
		if err := e.Board.Validate(); err != nil {
			t.Fatalf("accepted %q with an inconsistent board: %v", line, err)
		}
	})
}

// TestOpeningsSuites: the built-in opening suites are many, distinct, of
// the stored score their rule asks (balanced: within 40 cp; unbalanced: one
// side 90 to 130 cp ahead), and none is over before it starts.
func TestOpeningsSuites(t *testing.T) {
	for _, c := range []struct {
		name     string
		min      int
		lo, hi   int // |ce|
		unbiased bool
	}{
		{"openings", 500, 0, 40, true},
		{"openings-unbalanced", 200, 90, 130, false},
	} {
		s, err := Load(c.name)
		if err != nil {
			t.Fatal(err)
		}
		if len(s.Entries) < c.min {
			t.Fatalf("%s: %d openings, want at least %d", c.name, len(s.Entries), c.min)
		}
		seen := map[uint64]bool{}
		for _, e := range s.Entries {
			if seen[e.Board.Key()] {
				t.Errorf("%s: a position already in the suite", e.ID)
			}
			seen[e.Board.Key()] = true
			var l chess.MoveList
			if e.Board.LegalMoves(&l); l.N == 0 {
				t.Errorf("%s: no legal move", e.ID)
			}
			if len(e.Comments) != 2 || !strings.Contains(e.Comments[0], " ") {
				t.Errorf("%s: comments %q", e.ID, e.Comments)
			}
		}
		data, _ := builtin.ReadFile(c.name + ".epd")
		ces := regexp.MustCompile(`; ce (-?\d+);`).FindAllStringSubmatch(string(data), -1)
		if len(ces) != len(s.Entries) {
			t.Fatalf("%s: %d scores for %d openings", c.name, len(ces), len(s.Entries))
		}
		for _, m := range ces {
			v, _ := strconv.Atoi(m[1])
			if v < 0 {
				v = -v
			}
			if v < c.lo || v > c.hi {
				t.Errorf("%s: an opening scored %s cp", c.name, m[1])
			}
		}
	}
}
