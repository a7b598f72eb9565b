package chess

// Attack tables. Leaper attacks are plain tables; sliding attacks use magic
// bitboards ("fancy" magics: one shared table, a per-square offset), with the
// magic numbers found at start-up by a deterministic trial search (magic.go).

var (
	knightAttacks [64]Bitboard
	kingAttacks   [64]Bitboard
	pawnAttacks   [2][64]Bitboard

	// between[a][b] holds the squares strictly between a and b on a shared
	// line, or nothing; line[a][b] holds the whole line through both.
	between [64][64]Bitboard
	line    [64][64]Bitboard
)

// KnightAttacks returns the squares a knight on s attacks.
func KnightAttacks(s Square) Bitboard { return knightAttacks[s] }

// KingAttacks returns the squares a king on s attacks.
func KingAttacks(s Square) Bitboard { return kingAttacks[s] }

// PawnAttacks returns the squares a pawn of colour c on s attacks.
func PawnAttacks(c Color, s Square) Bitboard { return pawnAttacks[c][s] }

// BishopAttacks returns the squares a bishop on s attacks given occupancy occ.
func BishopAttacks(s Square, occ Bitboard) Bitboard {
	m := &bishopMagics[s]
	return m.table[((occ&m.mask)*m.magic)>>m.shift]
}

// RookAttacks returns the squares a rook on s attacks given occupancy occ.
func RookAttacks(s Square, occ Bitboard) Bitboard {
	m := &rookMagics[s]
	return m.table[((occ&m.mask)*m.magic)>>m.shift]
}

// QueenAttacks returns the squares a queen on s attacks given occupancy occ.
func QueenAttacks(s Square, occ Bitboard) Bitboard {
	return BishopAttacks(s, occ) | RookAttacks(s, occ)
}

// Between returns the squares strictly between a and b if they share a rank,
// file or diagonal, and nothing otherwise.
func Between(a, b Square) Bitboard { return between[a][b] }

// Line returns the full line through a and b, or nothing.
func Line(a, b Square) Bitboard { return line[a][b] }

var (
	rookDirs   = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	bishopDirs = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
)

// slideAttacks is the slow, obvious sliding attack: walk each direction
// until the edge or the first occupied square. It builds the magic tables and
// checks them in tests.
func slideAttacks(s Square, occ Bitboard, dirs [4][2]int) Bitboard {
	var att Bitboard
	for _, d := range dirs {
		f, r := s.File()+d[0], s.Rank()+d[1]
		for f >= 0 && f < 8 && r >= 0 && r < 8 {
			t := MakeSquare(f, r)
			att |= SquareBB(t)
			if occ.Has(t) {
				break
			}
			f, r = f+d[0], r+d[1]
		}
	}
	return att
}

func leaperAttacks(s Square, deltas [][2]int) Bitboard {
	var att Bitboard
	for _, d := range deltas {
		f, r := s.File()+d[0], s.Rank()+d[1]
		if f >= 0 && f < 8 && r >= 0 && r < 8 {
			att |= SquareBB(MakeSquare(f, r))
		}
	}
	return att
}

func init() {
	initMagics()
	knightDeltas := [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
	kingDeltas := [][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}
	for s := Square(0); s < 64; s++ {
		knightAttacks[s] = leaperAttacks(s, knightDeltas)
		kingAttacks[s] = leaperAttacks(s, kingDeltas)
		pawnAttacks[White][s] = leaperAttacks(s, [][2]int{{-1, 1}, {1, 1}})
		pawnAttacks[Black][s] = leaperAttacks(s, [][2]int{{-1, -1}, {1, -1}})
	}
	for a := Square(0); a < 64; a++ {
		for b := Square(0); b < 64; b++ {
			if a == b {
				continue
			}
			bb := SquareBB(b)
			for _, lineDirs := range [][4][2]int{rookDirs, bishopDirs} {
				if slideAttacks(a, 0, lineDirs)&bb == 0 {
					continue
				}
				line[a][b] = slideAttacks(a, 0, lineDirs)&slideAttacks(b, 0, lineDirs) | SquareBB(a) | bb
				between[a][b] = slideAttacks(a, bb, lineDirs) & slideAttacks(b, SquareBB(a), lineDirs)
			}
		}
	}
	initZobrist()
}
