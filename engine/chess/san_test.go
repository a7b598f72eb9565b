package chess

import "testing"

func TestSAN(t *testing.T) {
	for _, c := range []struct {
		name, fen, uci, san string
	}{
		{"pawn push", StartFEN, "e2e4", "e4"},
		{"knight move", StartFEN, "g1f3", "Nf3"},
		{"disambiguate by file", "rnbqkbnr/pppppppp/8/8/8/8/PPPPNPPP/RNBQKB1R w KQkq - 0 1", "e2c3", "Nec3"},
		{"disambiguate knights to d7", "rn1qkb1r/pb3ppp/1p2pn2/2pp4/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1", "b8d7", "Nbd7"},
		{"disambiguate by rank", "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a5a3", "R5a3"},
		{"disambiguate by square", "4k3/8/8/8/8/Q1Q5/8/Q3K3 w - - 0 1", "a3b2", "Qa3b2"},
		{"pawn capture", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", "exd5"},
		{"en passant", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", "exd6"},
		{"castle kingside", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "O-O"},
		{"castle queenside", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8", "O-O-O"},
		{"promotion", "8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e7e8q", "e8=Q"},
		{"promotion giving check", "1k6/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8q", "e8=Q+"},
		{"under-promotion capture", "3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7d8n", "exd8=N"},
		{"mate mark", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", "Ra8#"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p, err := ParseFEN(c.fen)
			if err != nil {
				t.Fatal(err)
			}
			m, err := p.ParseUCI(c.uci)
			if err != nil {
				t.Fatal(err)
			}
			if got := p.SAN(m); got != c.san {
				t.Errorf("SAN(%s) = %q, want %q", c.uci, got, c.san)
			}
			back, err := p.ParseSAN(c.san)
			if err != nil || back != m {
				t.Errorf("ParseSAN(%q) = %s, %v; want %s", c.san, back, err, c.uci)
			}
		})
	}
}

func TestParseSANVariants(t *testing.T) {
	p, _ := ParseFEN("r3k2r/6P1/8/8/8/8/8/R3K2R w KQkq - 0 1")
	for in, want := range map[string]string{
		"0-0":    "e1g1",
		"O-O-O":  "e1c1",
		"g8Q":    "g7g8q",
		"g8=N+!": "g7g8n",
		"Ra1d1":  "a1d1",
		"Rxa8":   "a1a8",
		"Kd2":    "e1d2",
	} {
		m, err := p.ParseSAN(in)
		if err != nil || m.String() != want {
			t.Errorf("ParseSAN(%q) = %s, %v; want %s", in, m, err, want)
		}
	}
	for _, bad := range []string{"", "Z", "e9", "Nf3", "R1d1x", "e8=K", "Rd1 junk"} {
		if m, err := p.ParseSAN(bad); err == nil {
			t.Errorf("ParseSAN(%q) accepted as %s", bad, m)
		}
	}
	q, _ := ParseFEN("4k3/8/8/8/8/8/4K3/R6R w - - 0 1")
	if _, err := q.ParseSAN("Rd1"); err == nil {
		t.Error("ambiguous Rd1 accepted")
	}
}

// TestSANRoundTripsEveryMove writes every legal move of every perft position
// in SAN and reads it back.
func TestSANRoundTripsEveryMove(t *testing.T) {
	for _, c := range loadPerftCases(t) {
		p, _ := ParseFEN(c.fen)
		var l MoveList
		p.LegalMoves(&l)
		for _, m := range l.Slice() {
			san := p.SAN(m)
			back, err := p.ParseSAN(san)
			if err != nil || back != m {
				t.Errorf("%s: %s -> %q -> %s, %v", c.id, m, san, back, err)
			}
			if u, err := p.ParseUCI(m.String()); err != nil || u != m {
				t.Errorf("%s: UCI %s -> %s, %v", c.id, m, u, err)
			}
		}
	}
}

func FuzzParseSAN(f *testing.F) {
	for _, s := range []string{"e4", "Nbd7", "exd6", "O-O", "e8=Q+", "Qa3b2", "0-0-0", "Rxa8#"} {
		f.Add("r3k2r/4P3/8/8/8/Q7/8/R3K2R w KQkq - 0 1", s)
	}
	f.Fuzz(func(t *testing.T, fen, san string) {
		p, err := ParseFEN(fen)
		if err != nil {
			return
		}
		m, err := p.ParseSAN(san)
		if err != nil {
			return
		}
		var l MoveList
		p.LegalMoves(&l)
		if !l.Contains(m) {
			t.Fatalf("ParseSAN(%q) gave illegal %s", san, m)
		}
	})
}
