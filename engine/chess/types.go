package chess

// Color is a side: White or Black.
type Color uint8

const (
	White Color = iota
	Black
)

// Other returns the opposing colour.
func (c Color) Other() Color { return c ^ 1 }

func (c Color) String() string {
	if c == White {
		return "w"
	}
	return "b"
}

// PieceType is a kind of piece without its colour. NoPieceType is zero so that
// an empty mailbox square reads as nothing.
type PieceType uint8

const (
	NoPieceType PieceType = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

// Piece is a coloured piece: colour<<3 | type. NoPiece is zero.
type Piece uint8

const NoPiece Piece = 0

// MakePiece joins a colour and a piece type.
func MakePiece(c Color, t PieceType) Piece { return Piece(c)<<3 | Piece(t) }

// Type returns the piece's type.
func (p Piece) Type() PieceType { return PieceType(p & 7) }

// Color returns the piece's colour; meaningless for NoPiece.
func (p Piece) Color() Color { return Color(p >> 3) }

const pieceLetters = " PNBRQK"

// Letter is the FEN letter: upper case for White, lower case for Black.
func (p Piece) Letter() byte {
	l := pieceLetters[p.Type()]
	if p.Color() == Black && p != NoPiece {
		l += 'a' - 'A'
	}
	return l
}

// pieceFromLetter reads a FEN piece letter.
func pieceFromLetter(b byte) (Piece, bool) {
	c := White
	if b >= 'a' && b <= 'z' {
		c = Black
		b -= 'a' - 'A'
	}
	for t := Pawn; t <= King; t++ {
		if pieceLetters[t] == b {
			return MakePiece(c, t), true
		}
	}
	return NoPiece, false
}

// Square is a board square, a1 = 0, b1 = 1, ..., h8 = 63. NoSquare is 64.
type Square uint8

const NoSquare Square = 64

// Named squares used by castling and tests.
const (
	A1 Square = iota
	B1
	C1
	D1
	E1
	F1
	G1
	H1
)

const (
	A8 Square = iota + 56
	B8
	C8
	D8
	E8
	F8
	G8
	H8
)

// MakeSquare returns the square on file f and rank r (both 0..7).
func MakeSquare(f, r int) Square { return Square(r*8 + f) }

// File returns 0 (a) .. 7 (h).
func (s Square) File() int { return int(s & 7) }

// Rank returns 0 (first rank) .. 7 (eighth rank).
func (s Square) Rank() int { return int(s >> 3) }

// Flip mirrors the square vertically (a1 <-> a8).
func (s Square) Flip() Square { return s ^ 56 }

func (s Square) String() string {
	if s >= NoSquare {
		return "-"
	}
	return string([]byte{byte('a' + s.File()), byte('1' + s.Rank())})
}

// ParseSquare reads a square such as "e4".
func ParseSquare(s string) (Square, bool) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return NoSquare, false
	}
	return MakeSquare(int(s[0]-'a'), int(s[1]-'1')), true
}

// CastleRights is a set of the four castling rights.
type CastleRights uint8

const (
	WhiteKingside CastleRights = 1 << iota
	WhiteQueenside
	BlackKingside
	BlackQueenside
	NoCastling  CastleRights = 0
	AllCastling CastleRights = 15
)

func (cr CastleRights) String() string {
	if cr == 0 {
		return "-"
	}
	var b []byte
	for i, l := range "KQkq" {
		if cr&(1<<i) != 0 {
			b = append(b, byte(l))
		}
	}
	return string(b)
}
