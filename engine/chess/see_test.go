package chess

import "testing"

// slowSEE is the obvious recursive exchange: play the capture on a scratch
// board, then let the other side recapture with its least valuable attacker
// or stop, whichever is better for it. Attackers are found afresh on each
// board, so x-rays need no special handling.
func slowSEE(p *Position, m Move) int {
	b := *p
	gain := b.captureValue(m)
	if m.Kind() == EnPassant {
		b.remove(m.To() ^ 8)
	} else if m.IsCapture() {
		b.remove(m.To())
	}
	mover := b.board[m.From()]
	b.remove(m.From())
	if pr := m.Promotion(); pr != NoPieceType {
		mover = MakePiece(mover.Color(), pr)
	}
	b.put(mover, m.To())
	return gain - slowExchange(&b, m.To(), p.side.Other())
}

// slowExchange is what side gains by starting to capture on sq, at best.
func slowExchange(b *Position, sq Square, side Color) int {
	attackers := b.AttackersTo(sq, b.Occupied()) & b.colors[side]
	if attackers == 0 {
		return 0
	}
	var from Square
	for pt := Pawn; pt <= King; pt++ {
		if a := attackers & b.pieces[pt]; a != 0 {
			from = a.First()
			break
		}
	}
	c := *b
	gain := SEEValue[c.board[sq].Type()]
	mover := c.board[from]
	c.remove(sq)
	c.remove(from)
	if mover.Type() == Pawn && (sq.Rank() == 0 || sq.Rank() == 7) {
		mover = MakePiece(side, Queen)
		gain += SEEValue[Queen] - SEEValue[Pawn]
	}
	c.put(mover, sq)
	return max(0, gain-slowExchange(&c, sq, side.Other()))
}

// seePositions is the shared, annotated list for the SEE oracle test.
var seePositions = []string{
	"1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1",          // Rxe5: a free pawn
	"1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1", // Nxe5: x-rays on both sides
	"4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1",                        // pawn takes pawn
	"4k3/8/2n5/3p4/4P3/5N2/8/4K3 w - - 0 1",                    // defended on both sides
	"4k3/8/8/3r4/8/3R4/3Q4/4K3 w - - 0 1",                      // battery behind the rook
	"3rk3/3q4/8/3p4/8/3R4/3Q4/4K3 w - - 0 1",                   // batteries on both sides
	"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1",                          // quiet promotion
	"r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1",                         // promotion capturing a rook
	"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",                        // en passant
	"4k3/8/5q2/3n4/8/3K4/8/8 w - - 0 1",                        // king takes a defended knight (illegal, not generated)
	"rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR w KQkq - 0 1",
}

func TestSEEMatchesSlowExchange(t *testing.T) {
	fens := seePositions
	for _, c := range loadPerftCases(t) {
		fens = append(fens, c.fen)
	}
	for _, fen := range fens {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		var l MoveList
		p.LegalMoves(&l)
		for _, m := range l.Slice() {
			if got, want := p.SEE(m), slowSEE(&p, m); got != want {
				t.Errorf("%s %s: SEE %d, slow %d", fen, p.SAN(m), got, want)
			}
		}
	}
}

func TestSEEKnownValues(t *testing.T) {
	for _, c := range []struct {
		fen, move string
		want      int
	}{
		{"1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "Rxe5", 100},
		{"1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1", "Nxe5", -200},
		{"4k3/8/2n5/3p4/4P3/5N2/8/4K3 w - - 0 1", "exd5", 100},
		{"4k3/8/8/3r4/8/3R4/3Q4/4K3 w - - 0 1", "Rxd5", 500},
		{"rk6/1P6/8/8/8/8/8/4K3 w - - 0 1", "bxa8=Q+", 500 + 800 - 900},
		{"r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "bxa8=Q", 500 + 800},
	} {
		p, _ := ParseFEN(c.fen)
		m, err := p.ParseSAN(c.move)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.SEE(m); got != c.want {
			t.Errorf("%s %s: SEE %d, want %d", c.fen, c.move, got, c.want)
		}
	}
}
