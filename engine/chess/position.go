package chess

// Position is a chess position: piece bitboards by type and by colour, a
// mailbox for "what stands on this square", the side to move, castling rights,
// the en-passant square, the two move counters, the Zobrist key and the
// pieces giving check.
//
// Positions are values (about 170 bytes) and moves are played by copy-make:
// a caller that wants to go back keeps the old value, as in
//
//	child := *p
//	child.Play(m)
//
// There is no unmake, so there is nothing that can restore a position wrongly.
// The en-passant square is kept only when a pawn of the side to move attacks
// it, so that two positions with the same moves available have the same key.
type Position struct {
	pieces   [7]Bitboard // by PieceType; index 0 unused
	colors   [2]Bitboard
	board    [64]Piece
	key      uint64
	checkers Bitboard
	side     Color
	castle   CastleRights
	ep       Square
	halfmove uint16
	fullmove uint16
}

// castleMask[s] is the set of castling rights that survive a move from or to
// s: moving the king or a rook, or capturing a rook on its home square,
// removes the matching rights.
var castleMask [64]CastleRights

func init() {
	for s := range castleMask {
		castleMask[s] = AllCastling
	}
	castleMask[E1] &^= WhiteKingside | WhiteQueenside
	castleMask[H1] &^= WhiteKingside
	castleMask[A1] &^= WhiteQueenside
	castleMask[E8] &^= BlackKingside | BlackQueenside
	castleMask[H8] &^= BlackKingside
	castleMask[A8] &^= BlackQueenside
}

// SideToMove returns the side to move.
func (p *Position) SideToMove() Color { return p.side }

// Key returns the Zobrist key.
func (p *Position) Key() uint64 { return p.key }

// Castling returns the castling rights.
func (p *Position) Castling() CastleRights { return p.castle }

// EnPassant returns the en-passant target square, or NoSquare.
func (p *Position) EnPassant() Square { return p.ep }

// HalfmoveClock returns the number of half-moves since the last capture or
// pawn move.
func (p *Position) HalfmoveClock() int { return int(p.halfmove) }

// FullmoveNumber returns the FEN full-move number.
func (p *Position) FullmoveNumber() int { return int(p.fullmove) }

// PieceOn returns the piece on s, or NoPiece.
func (p *Position) PieceOn(s Square) Piece { return p.board[s] }

// Pieces returns the pieces of colour c and type t.
func (p *Position) Pieces(c Color, t PieceType) Bitboard { return p.colors[c] & p.pieces[t] }

// ByColor returns all pieces of colour c.
func (p *Position) ByColor(c Color) Bitboard { return p.colors[c] }

// Occupied returns every occupied square.
func (p *Position) Occupied() Bitboard { return p.colors[White] | p.colors[Black] }

// KingSquare returns the square of c's king.
func (p *Position) KingSquare(c Color) Square { return (p.colors[c] & p.pieces[King]).First() }

// Checkers returns the pieces giving check to the side to move.
func (p *Position) Checkers() Bitboard { return p.checkers }

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool { return p.checkers != 0 }

// AttackersTo returns the pieces of both colours that attack s, given
// occupancy occ.
func (p *Position) AttackersTo(s Square, occ Bitboard) Bitboard {
	return pawnAttacks[Black][s]&p.colors[White]&p.pieces[Pawn] |
		pawnAttacks[White][s]&p.colors[Black]&p.pieces[Pawn] |
		knightAttacks[s]&p.pieces[Knight] |
		kingAttacks[s]&p.pieces[King] |
		BishopAttacks(s, occ)&(p.pieces[Bishop]|p.pieces[Queen]) |
		RookAttacks(s, occ)&(p.pieces[Rook]|p.pieces[Queen])
}

// attackedBy reports whether a piece of colour c attacks s, given occupancy
// occ.
func (p *Position) attackedBy(s Square, c Color, occ Bitboard) bool {
	them := p.colors[c]
	return pawnAttacks[c.Other()][s]&them&p.pieces[Pawn] != 0 ||
		knightAttacks[s]&them&p.pieces[Knight] != 0 ||
		kingAttacks[s]&them&p.pieces[King] != 0 ||
		BishopAttacks(s, occ)&them&(p.pieces[Bishop]|p.pieces[Queen]) != 0 ||
		RookAttacks(s, occ)&them&(p.pieces[Rook]|p.pieces[Queen]) != 0
}

func (p *Position) put(pc Piece, s Square) {
	b := SquareBB(s)
	p.board[s] = pc
	p.pieces[pc.Type()] |= b
	p.colors[pc.Color()] |= b
	p.key ^= zobristPiece[pc][s]
}

func (p *Position) remove(s Square) {
	pc := p.board[s]
	b := SquareBB(s)
	p.board[s] = NoPiece
	p.pieces[pc.Type()] &^= b
	p.colors[pc.Color()] &^= b
	p.key ^= zobristPiece[pc][s]
}

func (p *Position) move(from, to Square) {
	pc := p.board[from]
	b := SquareBB(from) | SquareBB(to)
	p.board[to] = pc
	p.board[from] = NoPiece
	p.pieces[pc.Type()] ^= b
	p.colors[pc.Color()] ^= b
	p.key ^= zobristPiece[pc][from] ^ zobristPiece[pc][to]
}

// Play plays the legal move m on p. To go back, keep a copy of p from before.
func (p *Position) Play(m Move) {
	from, to, kind := m.From(), m.To(), m.Kind()
	us := p.side
	pc := p.board[from]

	if p.ep != NoSquare {
		p.key ^= zobristEP[p.ep.File()]
		p.ep = NoSquare
	}
	p.halfmove++
	if pc.Type() == Pawn {
		p.halfmove = 0
	}

	switch {
	case kind == EnPassant:
		p.remove(to ^ 8) // the captured pawn stands beside the mover, behind to
		p.move(from, to)
		p.halfmove = 0
	case kind == CastleKingside || kind == CastleQueenside:
		p.move(from, to)
		if kind == CastleKingside {
			p.move(to+1, to-1)
		} else {
			p.move(to-2, to+1)
		}
	default:
		if m.IsCapture() {
			p.remove(to)
			p.halfmove = 0
		}
		if m.IsPromotion() {
			p.remove(from)
			p.put(MakePiece(us, m.Promotion()), to)
		} else {
			p.move(from, to)
		}
		if kind == DoublePush {
			// Keep the en-passant square only if an enemy pawn can use it.
			ep := (from + to) / 2
			if pawnAttacks[us][ep]&p.Pieces(us.Other(), Pawn) != 0 {
				p.ep = ep
				p.key ^= zobristEP[ep.File()]
			}
		}
	}

	if cr := p.castle & castleMask[from] & castleMask[to]; cr != p.castle {
		p.key ^= zobristCastle[p.castle] ^ zobristCastle[cr]
		p.castle = cr
	}
	if us == Black {
		p.fullmove++
	}
	p.side = us.Other()
	p.key ^= zobristSide
	p.checkers = p.AttackersTo(p.KingSquare(p.side), p.Occupied()) & p.colors[us]
}

// PlayNull passes the move to the other side (for null-move pruning). The
// side to move must not be in check.
func (p *Position) PlayNull() {
	if p.ep != NoSquare {
		p.key ^= zobristEP[p.ep.File()]
		p.ep = NoSquare
	}
	p.halfmove++
	if p.side == Black {
		p.fullmove++
	}
	p.side = p.side.Other()
	p.key ^= zobristSide
	p.checkers = 0
}

// GivesCheck reports whether the legal move m gives check, without
// playing it: the moved piece (or the piece promoted to) may attack the
// enemy king from its new square, and a slider of ours behind the square
// it left may see the king now. No other piece of ours can: before the
// move the enemy king is not in check. Castling and en passant, which
// move a second piece, are played on a copy instead.
func (p *Position) GivesCheck(m Move) bool {
	kind := m.Kind()
	if kind == EnPassant || kind == CastleKingside || kind == CastleQueenside {
		c := *p
		c.Play(m)
		return c.checkers != 0
	}
	us := p.side
	from, to := m.From(), m.To()
	king := p.KingSquare(us.Other())
	pt := p.board[from].Type()
	if m.IsPromotion() {
		pt = m.Promotion()
	}
	switch pt {
	case Pawn:
		if pawnAttacks[us][to].Has(king) {
			return true
		}
	case Knight:
		if knightAttacks[to].Has(king) {
			return true
		}
	}
	occ := p.Occupied()&^SquareBB(from) | SquareBB(to)
	diag := p.colors[us] & (p.pieces[Bishop] | p.pieces[Queen]) &^ SquareBB(from)
	orth := p.colors[us] & (p.pieces[Rook] | p.pieces[Queen]) &^ SquareBB(from)
	switch pt {
	case Bishop:
		diag |= SquareBB(to)
	case Rook:
		orth |= SquareBB(to)
	case Queen:
		diag |= SquareBB(to)
		orth |= SquareBB(to)
	}
	return BishopAttacks(king, occ)&diag != 0 || RookAttacks(king, occ)&orth != 0
}

// HasNonPawnMaterial reports whether colour c has a piece other than pawns and
// king (null-move pruning is unsafe without one: zugzwang).
func (p *Position) HasNonPawnMaterial(c Color) bool {
	return p.colors[c]&(p.pieces[Knight]|p.pieces[Bishop]|p.pieces[Rook]|p.pieces[Queen]) != 0
}
