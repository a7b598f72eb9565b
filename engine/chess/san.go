package chess

import (
	"fmt"
	"strings"
)

// ParseUCI reads a move in UCI form (e2e4, e7e8q, e1g1) and returns the legal
// move it names in p.
func (p *Position) ParseUCI(s string) (Move, error) {
	var l MoveList
	p.LegalMoves(&l)
	for _, m := range l.Moves[:l.N] {
		if m.String() == s {
			return m, nil
		}
	}
	if len(s) < 4 || len(s) > 5 {
		return NullMove, fmt.Errorf("%q is not a move in UCI form (like e2e4 or e7e8q)", s)
	}
	return NullMove, fmt.Errorf("%s is not legal in %s", s, p)
}

// SAN writes the legal move m in Standard Algebraic Notation: piece letter,
// the least disambiguation needed, x for captures, =Q for promotions, O-O and
// O-O-O, and + or # after a check or a mate.
func (p *Position) SAN(m Move) string {
	var b strings.Builder
	switch m.Kind() {
	case CastleKingside:
		b.WriteString("O-O")
	case CastleQueenside:
		b.WriteString("O-O-O")
	default:
		from, to := m.From(), m.To()
		pt := p.board[from].Type()
		if pt == Pawn {
			if m.IsCapture() {
				b.WriteByte(byte('a' + from.File()))
			}
		} else {
			b.WriteByte(pieceLetters[pt])
			// Disambiguate among other pieces of the same type that can
			// reach the same square: by file if that is enough, else by
			// rank, else by both.
			var l MoveList
			p.LegalMoves(&l)
			var others Bitboard
			for _, o := range l.Moves[:l.N] {
				if o.To() == to && o.From() != from && p.board[o.From()].Type() == pt {
					others |= SquareBB(o.From())
				}
			}
			if others != 0 {
				switch {
				case others&fileBB(from.File()) == 0:
					b.WriteByte(byte('a' + from.File()))
				case others&rankBB(from.Rank()) == 0:
					b.WriteByte(byte('1' + from.Rank()))
				default:
					b.WriteString(from.String())
				}
			}
		}
		if m.IsCapture() {
			b.WriteByte('x')
		}
		b.WriteString(to.String())
		if pr := m.Promotion(); pr != NoPieceType {
			b.WriteByte('=')
			b.WriteByte(pieceLetters[pr])
		}
	}
	child := *p
	child.Play(m)
	if child.InCheck() {
		var l MoveList
		child.LegalMoves(&l)
		if l.N == 0 {
			b.WriteByte('#')
		} else {
			b.WriteByte('+')
		}
	}
	return b.String()
}

// ParseSAN reads a move in Standard Algebraic Notation and returns the legal
// move it names in p. It accepts the usual variations: check and mate marks,
// annotations (!, ?), "0-0" for castling, a promotion with or without '=', and
// more disambiguation than needed. An ambiguous or illegal move is an error.
func (p *Position) ParseSAN(s string) (Move, error) {
	orig := s
	s = strings.TrimRight(s, "+#!?")
	s = strings.ReplaceAll(s, "0", "O")
	var l MoveList
	p.LegalMoves(&l)
	if s == "O-O" || s == "O-O-O" {
		want := CastleKingside
		if s == "O-O-O" {
			want = CastleQueenside
		}
		for _, m := range l.Moves[:l.N] {
			if m.Kind() == want {
				return m, nil
			}
		}
		return NullMove, fmt.Errorf("%s: castling is not legal here", orig)
	}

	// Piece letter, then destination at the end, promotion after it.
	pt := Pawn
	if len(s) > 0 && strings.IndexByte("NBRQK", s[0]) >= 0 {
		pt = PieceType(strings.IndexByte(pieceLetters, s[0]))
		s = s[1:]
	}
	promo := NoPieceType
	if n := len(s); n >= 2 && strings.IndexByte("NBRQ", s[n-1]) >= 0 && pt == Pawn {
		promo = PieceType(strings.IndexByte(pieceLetters, s[n-1]))
		s = strings.TrimSuffix(s[:n-1], "=")
	}
	if len(s) < 2 {
		return NullMove, fmt.Errorf("%q is not a move in SAN", orig)
	}
	to, ok := ParseSquare(s[len(s)-2:])
	if !ok {
		return NullMove, fmt.Errorf("%q is not a move in SAN: no destination square", orig)
	}
	// What is left is disambiguation and the capture mark.
	hint := strings.ReplaceAll(s[:len(s)-2], "x", "")
	hint = strings.ReplaceAll(hint, "-", "")
	fromFile, fromRank := -1, -1
	for _, c := range []byte(hint) {
		switch {
		case c >= 'a' && c <= 'h':
			fromFile = int(c - 'a')
		case c >= '1' && c <= '8':
			fromRank = int(c - '1')
		default:
			return NullMove, fmt.Errorf("%q is not a move in SAN", orig)
		}
	}

	found := NullMove
	n := 0
	for _, m := range l.Moves[:l.N] {
		from := m.From()
		if m.To() != to || p.board[from].Type() != pt || m.Promotion() != promo || m.IsCastle() {
			continue
		}
		if (fromFile >= 0 && from.File() != fromFile) || (fromRank >= 0 && from.Rank() != fromRank) {
			continue
		}
		found = m
		n++
	}
	switch n {
	case 0:
		return NullMove, fmt.Errorf("%s is not legal in %s", orig, p)
	case 1:
		return found, nil
	default:
		return NullMove, fmt.Errorf("%s is ambiguous in %s", orig, p)
	}
}
