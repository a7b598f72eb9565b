package chess

// Move packs a move into 16 bits: from (6), to (6) and a 4-bit kind that says
// whether it captures, promotes (and to what), castles or takes en passant, so
// that ordering and pruning can classify a move without the board.
type Move uint16

// NullMove is the zero move: a1a1, used for "no move" and the null move.
const NullMove Move = 0

// MoveKind is the top four bits of a Move.
type MoveKind uint8

const (
	Quiet MoveKind = iota
	DoublePush
	CastleKingside
	CastleQueenside
	Capture
	EnPassant
	_
	_
	PromoKnight
	PromoBishop
	PromoRook
	PromoQueen
	PromoCaptureKnight
	PromoCaptureBishop
	PromoCaptureRook
	PromoCaptureQueen
)

const (
	kindCaptureBit = 4
	kindPromoBit   = 8
)

// NewMove builds a move.
func NewMove(from, to Square, kind MoveKind) Move {
	return Move(from) | Move(to)<<6 | Move(kind)<<12
}

// From returns the origin square.
func (m Move) From() Square { return Square(m & 63) }

// To returns the destination square.
func (m Move) To() Square { return Square(m >> 6 & 63) }

// Kind returns the move's kind.
func (m Move) Kind() MoveKind { return MoveKind(m >> 12) }

// IsCapture reports whether the move takes a piece (en passant included).
func (m Move) IsCapture() bool { return m.Kind()&kindCaptureBit != 0 }

// IsPromotion reports whether the move promotes.
func (m Move) IsPromotion() bool { return m.Kind()&kindPromoBit != 0 }

// IsNoisy reports whether the move captures or promotes: the moves quiescence
// search looks at and LMR never reduces.
func (m Move) IsNoisy() bool { return m.Kind()&(kindCaptureBit|kindPromoBit) != 0 }

// IsCastle reports whether the move castles.
func (m Move) IsCastle() bool { k := m.Kind(); return k == CastleKingside || k == CastleQueenside }

// Promotion returns the piece type promoted to, or NoPieceType.
func (m Move) Promotion() PieceType {
	if !m.IsPromotion() {
		return NoPieceType
	}
	return Knight + PieceType(m.Kind()&3)
}

// String writes the move in UCI form: e2e4, e7e8q, e1g1 for castling, 0000
// for the null move.
func (m Move) String() string {
	if m == NullMove {
		return "0000"
	}
	s := m.From().String() + m.To().String()
	if p := m.Promotion(); p != NoPieceType {
		s += string(pieceLetters[p] + 'a' - 'A')
	}
	return s
}

// MoveList is a fixed-size list of moves; no position has more than 218
// legal moves.
type MoveList struct {
	Moves [256]Move
	N     int

	countOnly bool // CountLegal: count moves in N, leave Moves unwritten
}

func (l *MoveList) add(m Move) { l.Moves[l.N] = m; l.N++ }

// Slice returns the moves as a slice of the list's own array.
func (l *MoveList) Slice() []Move { return l.Moves[:l.N] }

// Contains reports whether m is in the list.
func (l *MoveList) Contains(m Move) bool {
	for _, x := range l.Moves[:l.N] {
		if x == m {
			return true
		}
	}
	return false
}
