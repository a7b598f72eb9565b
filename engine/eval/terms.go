package eval

import "github.com/ablate-chess/ablate/engine/chess"

// Term is one piece of evaluation knowledge beyond material and
// piece-square values, a switch like a search technique: off, it adds
// nothing and costs nothing; the search's technique registry names each
// (search.Technique) so that configurations, worth and trace switch it.
type Term uint8

const (
	BishopPair Term = iota // bishop-pair
	Tempo                  // tempo
	RookFiles              // rook-files
	Mobility               // mobility

	NumTerms
)

// Terms is a set of evaluation terms.
type Terms uint16

// Has reports whether t is in the set.
func (s Terms) Has(t Term) bool { return s&(1<<t) != 0 }

// With returns the set with t in it.
func (s Terms) With(t Term) Terms { return s | 1<<t }

// Score is a weight, or a sum of them, in the middlegame and the endgame;
// the game phase blends the two (PeSTO's tapered evaluation).
type Score struct{ MG, EG int }

func (a *Score) add(b Score, n int) { a.MG += b.MG * n; a.EG += b.EG * n }

// terms adds each term that is on to the sides' scores. Each term is its
// own small function, its reason beside it; what they count, weights apart,
// is all the tuner needs.
func terms(p *chess.Position, on Terms, s *[2]Score) {
	for c := chess.White; c <= chess.Black; c++ {
		// Bishop pair: two bishops cover both square colours, which one
		// bishop and a knight cannot; worth most as the board opens.
		if on.Has(BishopPair) && p.Pieces(c, chess.Bishop).Several() {
			s[c].add(bishopPair, 1)
		}
		// Rooks on open and semi-open files: a rook's strength is the file
		// it sees; pawns of its own side close it, the opponent's half.
		if on.Has(RookFiles) {
			open, semi := rookFiles(p, c)
			s[c].add(rookOpenFile, open)
			s[c].add(rookSemiOpenFile, semi)
		}
	}
	// Mobility: a piece is worth more the more squares it can go to
	// safely, those its own side does not hold and no enemy pawn attacks.
	if on.Has(Mobility) {
		occ := p.Occupied()
		for c := chess.White; c <= chess.Black; c++ {
			safe := ^p.ByColor(c) &^ pawnAttacks(p.Pieces(c.Other(), chess.Pawn), c.Other())
			for t := chess.Knight; t <= chess.Queen; t++ {
				for pieces := p.Pieces(c, t); pieces != 0; {
					s[c].add(mobility[t], (attacks(t, pieces.PopFirst(), occ) & safe).Count())
				}
			}
		}
	}
	// Tempo: the side to move is a move ahead of a static count.
	if on.Has(Tempo) {
		s[p.SideToMove()].add(tempo, 1)
	}
}

// rookFiles counts c's rooks on files with no pawn (open) and with only the
// opponent's pawns (semi-open).
func rookFiles(p *chess.Position, c chess.Color) (open, semi int) {
	ours, theirs := p.Pieces(c, chess.Pawn), p.Pieces(c.Other(), chess.Pawn)
	for rooks := p.Pieces(c, chess.Rook); rooks != 0; {
		file := chess.FileA << rooks.PopFirst().File()
		switch {
		case file&(ours|theirs) == 0:
			open++
		case file&ours == 0:
			semi++
		}
	}
	return open, semi
}

// attacks is the squares a knight, bishop, rook or queen on sq attacks.
func attacks(t chess.PieceType, sq chess.Square, occ chess.Bitboard) chess.Bitboard {
	switch t {
	case chess.Knight:
		return chess.KnightAttacks(sq)
	case chess.Bishop:
		return chess.BishopAttacks(sq, occ)
	case chess.Rook:
		return chess.RookAttacks(sq, occ)
	}
	return chess.QueenAttacks(sq, occ)
}

// pawnAttacks is the squares c's pawns attack.
func pawnAttacks(pawns chess.Bitboard, c chess.Color) chess.Bitboard {
	if c == chess.White {
		return (pawns&^chess.FileA)<<7 | (pawns&^chess.FileH)<<9
	}
	return (pawns&^chess.FileA)>>9 | (pawns&^chess.FileH)>>7
}
