package chess

import (
	"strings"
	"testing"
)

func TestParseFENRejects(t *testing.T) {
	for _, c := range []struct {
		name, fen, reason string
	}{
		{"reject too few fields", "8/8/8/8/8/8/8/8 w", "fields"},
		{"reject five fields", "4k3/8/8/8/8/8/8/4K3 w - - 0", "fields"},
		{"reject unknown piece letter", "4k3/8/8/8/8/8/8/4X3 w - - 0 1", "unknown piece letter"},
		{"reject short rank", "4k3/8/8/8/8/8/8/4K2 w - - 0 1", "rank 1 has 7 squares"},
		{"reject long rank", "4k3/8/8/8/8/8/8/4K4 w - - 0 1", "rank 1 has 9 squares"},
		{"reject seven ranks", "4k3/8/8/8/8/8/4K3 w - - 0 1", "7 ranks"},
		{"reject no white king", "4k3/8/8/8/8/8/8/8 w - - 0 1", "white has 0 kings"},
		{"reject two black kings", "4k2k/8/8/8/8/8/8/4K3 w - - 0 1", "black has 2 kings"},
		{"reject pawn on first rank", "4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "pawn on the first or eighth rank"},
		{"reject pawn on eighth rank", "p3k3/8/8/8/8/8/8/4K3 w - - 0 1", "pawn on the first or eighth rank"},
		{"reject side not to move in check", "4k3/8/8/8/8/8/8/4RK2 w - - 0 1", "black, not to move, is in check"},
		{"reject side not to move in check (black checks)", "4k3/4r3/8/8/8/8/8/4K3 b - - 0 1", "white, not to move, is in check"},
		{"reject bad side", "4k3/8/8/8/8/8/8/4K3 x - - 0 1", "side to move"},
		{"reject castling without rook", "4k3/8/8/8/8/8/8/4K3 w K - 0 1", "castling right K"},
		{"reject castling with moved king", "r3k2r/8/8/8/8/8/8/R4K1R w Q - 0 1", "castling right Q"},
		{"reject castling letter", "4k3/8/8/8/8/8/8/4K3 w X - 0 1", "unknown castling right"},
		{"reject en passant on wrong rank", "4k3/8/8/8/8/8/8/4K3 w - e4 0 1", "en-passant square e4"},
		{"reject en passant without pawn", "4k3/8/8/8/8/8/8/4K3 w - e6 0 1", "en-passant square e6"},
		{"reject en passant with blocked origin", "4k3/4p3/8/4p3/8/8/8/4K3 w - e6 0 1", "en-passant square e6"},
		{"reject en passant not a square", "4k3/8/8/8/8/8/8/4K3 w - z9 0 1", "not a square"},
		{"reject negative half-move clock", "4k3/8/8/8/8/8/8/4K3 w - - -1 1", "half-move clock"},
		{"reject full-move zero", "4k3/8/8/8/8/8/8/4K3 w - - 0 0", "full-move number"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := ParseFEN(c.fen)
			if err == nil {
				t.Fatalf("accepted %q", c.fen)
			}
			if !strings.Contains(err.Error(), c.reason) {
				t.Errorf("error %q does not say %q", err, c.reason)
			}
		})
	}
}

func TestFENRoundTrip(t *testing.T) {
	for _, c := range loadPerftCases(t) {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		canon := p.String()
		q, err := ParseFEN(canon)
		if err != nil {
			t.Fatalf("canonical FEN %q rejected: %v", canon, err)
		}
		if q.String() != canon || q.Key() != p.Key() {
			t.Errorf("%s: round trip gives %s", canon, q.String())
		}
	}
}

func TestUnusableEnPassantIsDropped(t *testing.T) {
	// After 1. e4 no black pawn can take en passant: the FEN's e3 is kept
	// out of the position and its key, so the position equals one reached
	// by another order of moves.
	p, err := ParseFEN("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if p.EnPassant() != NoSquare {
		t.Errorf("en-passant square %s kept", p.EnPassant())
	}
	q, _ := ParseFEN("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
	if p.Key() != q.Key() {
		t.Error("keys differ")
	}
}

func FuzzParseFEN(f *testing.F) {
	for _, c := range loadPerftCases(f) {
		f.Add(c.fen)
	}
	f.Add("4k3/8/8/8/8/8/8/4K3 w - - 0 1")
	f.Add("8/8/8/8/8/8/8/8 w - - 0 1")
	f.Fuzz(func(t *testing.T, fen string) {
		p, err := ParseFEN(fen)
		if err != nil {
			return
		}
		if err := p.Validate(); err != nil {
			t.Fatalf("accepted %q but Validate says %v", fen, err)
		}
		q, err := ParseFEN(p.String())
		if err != nil {
			t.Fatalf("canonical %q of %q rejected: %v", p.String(), fen, err)
		}
		if q.String() != p.String() || q.Key() != p.Key() {
			t.Fatalf("round trip of %q: %q key %x, then %q key %x", fen, p.String(), p.Key(), q.String(), q.Key())
		}
		var l MoveList
		p.LegalMoves(&l) // must not panic
	})
}
