package chess

import (
	"fmt"
	"strconv"
	"strings"
)

// StartFEN is the initial position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// FENError says what is wrong with a FEN string.
type FENError struct {
	FEN    string
	Reason string
}

func (e *FENError) Error() string { return "invalid FEN: " + e.Reason }

// ParseFEN reads a position in Forsyth-Edwards Notation. The two move
// counters may be left out (as in EPD), and then default to 0 and 1. Any
// position that cannot arise in a game of chess, or that this package cannot
// play from, is rejected with a reason.
func ParseFEN(fen string) (Position, error) {
	fields := strings.Fields(fen)
	if len(fields) != 4 && len(fields) != 6 {
		return Position{}, &FENError{fen, fmt.Sprintf("want 6 fields (or 4, as in EPD), got %d", len(fields))}
	}
	return parseFields(fen, fields)
}

func parseFields(fen string, fields []string) (Position, error) {
	fail := func(format string, args ...any) (Position, error) {
		return Position{}, &FENError{fen, fmt.Sprintf(format, args...)}
	}
	var p Position

	// Placement, from the eighth rank down.
	ranks := strings.Split(fields[0], "/")
	if len(ranks) != 8 {
		return fail("piece placement has %d ranks, want 8", len(ranks))
	}
	for i, rank := range ranks {
		r := 7 - i
		f := 0
		for j := 0; j < len(rank); j++ {
			c := rank[j]
			if c >= '1' && c <= '8' {
				f += int(c - '0')
				continue
			}
			pc, ok := pieceFromLetter(c)
			if !ok {
				return fail("unknown piece letter %q in rank %d", c, r+1)
			}
			if f > 7 {
				return fail("rank %d has more than 8 squares", r+1)
			}
			p.put(pc, MakeSquare(f, r))
			f++
		}
		if f != 8 {
			return fail("rank %d has %d squares, want 8", r+1, f)
		}
	}

	switch fields[1] {
	case "w":
		p.side = White
	case "b":
		p.side = Black
	default:
		return fail("side to move is %q, want w or b", fields[1])
	}

	if fields[2] != "-" {
		for _, c := range []byte(fields[2]) {
			i := strings.IndexByte("KQkq", c)
			if i < 0 {
				return fail("unknown castling right %q", c)
			}
			if p.castle&(1<<i) != 0 {
				return fail("castling right %q given twice", c)
			}
			p.castle |= 1 << i
		}
	}

	p.ep = NoSquare
	if fields[3] != "-" {
		s, ok := ParseSquare(fields[3])
		if !ok {
			return fail("en-passant square %q is not a square", fields[3])
		}
		p.ep = s
	}

	p.fullmove = 1
	if len(fields) == 6 {
		hm, err := strconv.Atoi(fields[4])
		if err != nil || hm < 0 || hm > 10000 {
			return fail("half-move clock %q is not a number from 0 to 10000", fields[4])
		}
		fm, err := strconv.Atoi(fields[5])
		if err != nil || fm < 1 || fm > 10000 {
			return fail("full-move number %q is not a number from 1 to 10000", fields[5])
		}
		p.halfmove, p.fullmove = uint16(hm), uint16(fm)
	}

	if err := p.validate(); err != "" {
		return fail("%s", err)
	}
	// Keep the en-passant square only if it can be used (see Position).
	if p.ep != NoSquare && pawnAttacks[p.side.Other()][p.ep]&p.Pieces(p.side, Pawn) == 0 {
		p.ep = NoSquare
	}
	p.key = p.computeKey()
	p.checkers = p.AttackersTo(p.KingSquare(p.side), p.Occupied()) & p.colors[p.side.Other()]
	return p, nil
}

// validate returns what makes p impossible, or "".
func (p *Position) validate() string {
	for _, c := range []Color{White, Black} {
		if n := p.Pieces(c, King).Count(); n != 1 {
			return fmt.Sprintf("%s has %d kings, want 1", colorName(c), n)
		}
	}
	if p.pieces[Pawn]&(Rank1|Rank8) != 0 {
		return "pawn on the first or eighth rank"
	}
	them := p.side.Other()
	if p.attackedBy(p.KingSquare(them), p.side, p.Occupied()) {
		return fmt.Sprintf("%s, not to move, is in check", colorName(them))
	}
	for _, cr := range []struct {
		right      CastleRights
		king, rook Square
		c          Color
	}{
		{WhiteKingside, E1, H1, White}, {WhiteQueenside, E1, A1, White},
		{BlackKingside, E8, H8, Black}, {BlackQueenside, E8, A8, Black},
	} {
		if p.castle&cr.right == 0 {
			continue
		}
		if p.board[cr.king] != MakePiece(cr.c, King) || p.board[cr.rook] != MakePiece(cr.c, Rook) {
			return fmt.Sprintf("castling right %s needs the king on %s and a rook on %s", cr.right, cr.king, cr.rook)
		}
	}
	if p.ep != NoSquare {
		// The side that just moved pushed a pawn two squares: it stands in
		// front of the en-passant square, which and whose origin are empty.
		mover := them
		wantRank, dir := 2, 8
		if mover == Black {
			wantRank, dir = 5, -8
		}
		pawnSq := Square(int(p.ep) + dir)
		origin := Square(int(p.ep) - dir)
		if p.ep.Rank() != wantRank || p.board[pawnSq] != MakePiece(mover, Pawn) ||
			p.board[p.ep] != NoPiece || p.board[origin] != NoPiece {
			return fmt.Sprintf("en-passant square %s: no double pawn push could have made it", p.ep)
		}
	}
	return ""
}

func colorName(c Color) string {
	if c == White {
		return "white"
	}
	return "black"
}

// String writes the position as a FEN.
func (p *Position) String() string {
	var b strings.Builder
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := 0; f < 8; f++ {
			pc := p.board[MakeSquare(f, r)]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteByte(pc.Letter())
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	fmt.Fprintf(&b, " %s %s %s %d %d", p.side, p.castle, p.ep, p.halfmove, p.fullmove)
	return b.String()
}

// Validate checks the position's internal consistency: bitboards, mailbox,
// key and checkers agree with each other, and the position is legal. Tests
// call it after every move.
func (p *Position) Validate() error {
	var occ Bitboard
	for t := Pawn; t <= King; t++ {
		if occ&p.pieces[t] != 0 {
			return fmt.Errorf("piece bitboards overlap at type %d", t)
		}
		occ |= p.pieces[t]
	}
	if occ != p.Occupied() || p.colors[White]&p.colors[Black] != 0 {
		return fmt.Errorf("colour and type bitboards disagree")
	}
	for s := Square(0); s < 64; s++ {
		pc := p.board[s]
		if pc == NoPiece {
			if occ.Has(s) {
				return fmt.Errorf("mailbox empty on occupied %s", s)
			}
			continue
		}
		if !p.Pieces(pc.Color(), pc.Type()).Has(s) {
			return fmt.Errorf("mailbox has %c on %s, bitboards do not", pc.Letter(), s)
		}
	}
	if k := p.computeKey(); k != p.key {
		return fmt.Errorf("key %016x, recomputed %016x", p.key, k)
	}
	if c := p.AttackersTo(p.KingSquare(p.side), p.Occupied()) & p.colors[p.side.Other()]; c != p.checkers {
		return fmt.Errorf("checkers %x, recomputed %x", p.checkers, c)
	}
	if msg := p.validate(); msg != "" {
		return fmt.Errorf("%s", msg)
	}
	return nil
}
