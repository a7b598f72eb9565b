package eval

import (
	"strings"
	"testing"

	"github.com/ablate-chess/ablate/engine/chess"
	"github.com/ablate-chess/ablate/positions"
)

// mirror swaps the colours and flips the board vertically: the same
// position with the other side to play it.
func mirror(t *testing.T, p *chess.Position) chess.Position {
	t.Helper()
	fields := strings.Fields(p.String())
	ranks := strings.Split(fields[0], "/")
	var b strings.Builder
	for i := 7; i >= 0; i-- {
		for _, c := range ranks[i] {
			switch {
			case c >= 'a' && c <= 'z':
				c -= 'a' - 'A'
			case c >= 'A' && c <= 'Z':
				c += 'a' - 'A'
			}
			b.WriteRune(c)
		}
		if i > 0 {
			b.WriteByte('/')
		}
	}
	side := "w"
	if fields[1] == "w" {
		side = "b"
	}
	castle := "-"
	if fields[2] != "-" {
		castle = ""
		for _, c := range "KQkq" {
			if strings.ContainsRune(fields[2], c^0x20) {
				castle += string(c)
			}
		}
	}
	ep := "-"
	if fields[3] != "-" {
		ep = string([]byte{fields[3][0], '1' + '8' - fields[3][1]})
	}
	fen := strings.Join([]string{b.String(), side, castle, ep, fields[4], fields[5]}, " ")
	m, err := chess.ParseFEN(fen)
	if err != nil {
		t.Fatalf("mirror of %s: %v", p, err)
	}
	return m
}

func TestEvaluateIsColourSymmetric(t *testing.T) {
	for _, suite := range []string{"bench", "six", "perft"} {
		s, err := positions.Load(suite)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range s.Entries {
			m := mirror(t, &e.Board)
			if a, b := Evaluate(&e.Board, 0), Evaluate(&m, 0); a != b {
				t.Errorf("%s %s: %d, mirrored %d", suite, e.ID, a, b)
			}
		}
	}
}

func TestEvaluateKnownValues(t *testing.T) {
	for _, c := range []struct {
		name, fen string
		want      int
	}{
		{"start position is level", chess.StartFEN, 0},
		{"level for black too", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1", 0},
		// Black's king on e8 reads the square White's reads on e1.
		{"kings on mirrored squares are level", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", 0},
		// Phase 4 of 24. Middlegame: queen 1025 + d1 10, king e1 8 against
		// king e8 8. Endgame: queen 936 + d1 -43, kings -28 each.
		{"queen up, tapered", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1", ((1025+10)*4 + (936-43)*20) / 24},
		{"queen up, seen by the side without it", "4k3/8/8/8/8/8/8/3QK3 b - - 0 1", -(((1025+10)*4 + (936-43)*20) / 24)},
		// Phase 0: a white pawn on e4 (endgame 94, fourth-rank e-file -7).
		{"pawn up in a pawn ending", "4k3/8/8/8/4P3/8/8/4K3 w - - 0 1", 94 - 7},
	} {
		p, err := chess.ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := Evaluate(&p, 0); got != c.want {
			t.Errorf("%s: %d, want %d", c.name, got, c.want)
		}
	}
}

func BenchmarkEvaluate(b *testing.B) {
	p, _ := chess.ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	for b.Loop() {
		Evaluate(&p, 0)
	}
}

// pesto is the evaluation before any term: material and piece-square
// values, tapered, written out the obvious way (the oracle of every term
// being off).
func pesto(p *chess.Position) int {
	var mg, eg [2]int
	phase := 0
	for s := chess.Square(0); s < 64; s++ {
		pc := p.PieceOn(s)
		if pc == chess.NoPiece {
			continue
		}
		mg[pc.Color()] += psq[0][pc][s]
		eg[pc.Color()] += psq[1][pc][s]
		phase += phaseWeight[pc.Type()]
	}
	phase = min(phase, maxPhase)
	us, them := p.SideToMove(), p.SideToMove().Other()
	return ((mg[us]-mg[them])*phase + (eg[us]-eg[them])*(maxPhase-phase)) / maxPhase
}

// everyTermSet lists every set of terms.
func everyTermSet() []Terms {
	var out []Terms
	for s := Terms(0); s < 1<<NumTerms; s++ {
		out = append(out, s)
	}
	return out
}

// TestTermsOffIsPeSTO: with no term on, the evaluation is PeSTO's exactly;
// with any set on it is still the same for either colour.
func TestTermsOffIsPeSTOAndSymmetric(t *testing.T) {
	for _, suite := range []string{"bench", "six", "perft"} {
		s, err := positions.Load(suite)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range s.Entries {
			if got, want := Evaluate(&e.Board, 0), pesto(&e.Board); got != want {
				t.Errorf("%s %s: %d with every term off, PeSTO %d", suite, e.ID, got, want)
			}
			m := mirror(t, &e.Board)
			for _, on := range everyTermSet() {
				if a, b := Evaluate(&e.Board, on), Evaluate(&m, on); a != b {
					t.Errorf("%s %s, terms %b: %d, mirrored %d", suite, e.ID, on, a, b)
				}
			}
		}
	}
}

// TestTermsCount: each term counts what its comment says, for the side that
// has it.
func TestTermsCount(t *testing.T) {
	for _, c := range []struct {
		name, fen string
		on        Terms
		white     Score
		black     Score
	}{
		{"bishop pair", "4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", 1 << BishopPair, bishopPair, Score{}},
		{"one bishop is no pair", "2b1k3/8/8/8/8/8/8/2B1KB2 b - - 0 1", 1 << BishopPair, bishopPair, Score{}},
		{"tempo for the side to move", "4k3/8/8/8/8/8/8/4K3 b - - 0 1", 1 << Tempo, Score{}, tempo},
		{"rook on an open file", "4k3/8/8/8/8/8/P7/R3K2R w - - 0 1", 1 << RookFiles, rookOpenFile, Score{}},
		{"rook on a semi-open file", "4k3/7p/8/8/8/8/P7/R3K2R w - - 0 1", 1 << RookFiles, rookSemiOpenFile, Score{}},
		{"black's rooks too", "r3k2r/p7/8/8/8/8/8/4K3 w - - 0 1", 1 << RookFiles, Score{}, rookOpenFile},
		{"terms off count nothing", "r3k2r/p7/8/8/8/8/8/2B1KB2 w - - 0 1", 0, Score{}, Score{}},
		// The knight on d4 attacks eight squares; the pawn on e6 takes f5.
		{"a knight's safe squares", "4k3/8/4p3/8/3N4/8/8/4K3 w - - 0 1", 1 << Mobility, Score{28, 28}, Score{}},
		// The rook on a8 attacks b8 to d8 (its king holds e8) and a7 to a2,
		// the pawn it may take: nine squares, no pawn attacking one.
		{"a rook's safe squares", "r3k3/8/8/8/8/8/P7/4K3 b - - 0 1", 1 << Mobility, Score{}, Score{18, 36}},
	} {
		p, err := chess.ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		var s [2]Score
		terms(&p, c.on, &s)
		if s[chess.White] != c.white || s[chess.Black] != c.black {
			t.Errorf("%s: white %v, black %v; want %v and %v", c.name, s[chess.White], s[chess.Black], c.white, c.black)
		}
	}
}
