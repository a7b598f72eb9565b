package chess

// Legal move generation. Moves are generated legal from the start, not
// generated and then tested: a piece pinned to its king moves only along the
// pin line, in check every move must capture the checker or block (the check
// mask), in double check only the king moves, and the king never steps onto an
// attacked square. En passant, whose two vanishing pawns can uncover a check
// along a rank, is the one move tested by looking at the board after it.

// GenMode selects which legal moves to generate.
type GenMode uint8

const (
	// GenAll generates every legal move.
	GenAll GenMode = iota
	// GenNoisy generates captures and promotions (all four pieces).
	GenNoisy
	// GenQuiet generates the rest: moves that neither capture nor promote.
	GenQuiet
)

// LegalMoves appends every legal move to l.
func (p *Position) LegalMoves(l *MoveList) { p.Generate(l, GenAll) }

// CountLegal returns the number of legal moves. It runs the same generator
// as LegalMoves, but counts each piece's destinations at once instead of
// writing the moves out (perft's bulk counting).
func (p *Position) CountLegal() int {
	var l MoveList
	l.countOnly = true
	p.Generate(&l, GenAll)
	return l.N
}

// Generate appends the legal moves of the given mode to l.
func (p *Position) Generate(l *MoveList, mode GenMode) {
	us, them := p.side, p.side.Other()
	occ := p.Occupied()
	ours, theirs := p.colors[us], p.colors[them]
	king := p.KingSquare(us)

	// Squares a non-king move may end on.
	var target Bitboard
	switch mode {
	case GenAll:
		target = ^ours
	case GenNoisy:
		target = theirs
	case GenQuiet:
		target = ^occ
	}

	// King moves: to every target square not attacked once the king has
	// left its square (so it cannot hide behind itself from a slider).
	occNoKing := occ &^ SquareBB(king)
	for b := kingAttacks[king] & target; b != 0; {
		to := b.PopFirst()
		if !p.attackedBy(to, them, occNoKing) {
			kind := Quiet
			if theirs.Has(to) {
				kind = Capture
			}
			l.add(NewMove(king, to, kind))
		}
	}
	if p.checkers.Several() {
		return
	}

	checkMask := ^Bitboard(0)
	if p.checkers != 0 {
		c := p.checkers.First()
		checkMask = between[king][c] | p.checkers
	} else if mode != GenNoisy {
		p.genCastling(l, us, occ)
	}

	pinned := p.pinned(us, king, occ)
	mask := target & checkMask

	for b := p.Pieces(us, Knight) &^ pinned; b != 0; {
		from := b.PopFirst()
		p.addMoves(l, from, knightAttacks[from]&mask, theirs)
	}
	diag := p.colors[us] & (p.pieces[Bishop] | p.pieces[Queen])
	for b := diag; b != 0; {
		from := b.PopFirst()
		att := BishopAttacks(from, occ) & mask
		if pinned.Has(from) {
			att &= line[king][from]
		}
		p.addMoves(l, from, att, theirs)
	}
	orth := p.colors[us] & (p.pieces[Rook] | p.pieces[Queen])
	for b := orth; b != 0; {
		from := b.PopFirst()
		att := RookAttacks(from, occ) & mask
		if pinned.Has(from) {
			att &= line[king][from]
		}
		p.addMoves(l, from, att, theirs)
	}
	p.genPawnMoves(l, mode, us, king, occ, pinned, checkMask)
}

// addMoves adds a move from `from` to every square in to.
func (p *Position) addMoves(l *MoveList, from Square, to Bitboard, theirs Bitboard) {
	if l.countOnly {
		l.N += to.Count()
		return
	}
	for to != 0 {
		t := to.PopFirst()
		kind := Quiet
		if theirs.Has(t) {
			kind = Capture
		}
		l.add(NewMove(from, t, kind))
	}
}

// pinned returns the pieces of colour us that shield their king from an enemy
// slider.
func (p *Position) pinned(us Color, king Square, occ Bitboard) Bitboard {
	them := p.colors[us.Other()]
	snipers := (RookAttacks(king, 0)&(p.pieces[Rook]|p.pieces[Queen]) |
		BishopAttacks(king, 0)&(p.pieces[Bishop]|p.pieces[Queen])) & them
	var pinned Bitboard
	for snipers != 0 {
		s := snipers.PopFirst()
		b := between[king][s] & occ
		if b != 0 && !b.Several() {
			pinned |= b & p.colors[us]
		}
	}
	return pinned
}

func (p *Position) genCastling(l *MoveList, us Color, occ Bitboard) {
	them := us.Other()
	if us == White {
		if p.castle&WhiteKingside != 0 && occ&(SquareBB(F1)|SquareBB(G1)) == 0 &&
			!p.attackedBy(F1, them, occ) && !p.attackedBy(G1, them, occ) {
			l.add(NewMove(E1, G1, CastleKingside))
		}
		if p.castle&WhiteQueenside != 0 && occ&(SquareBB(B1)|SquareBB(C1)|SquareBB(D1)) == 0 &&
			!p.attackedBy(D1, them, occ) && !p.attackedBy(C1, them, occ) {
			l.add(NewMove(E1, C1, CastleQueenside))
		}
		return
	}
	if p.castle&BlackKingside != 0 && occ&(SquareBB(F8)|SquareBB(G8)) == 0 &&
		!p.attackedBy(F8, them, occ) && !p.attackedBy(G8, them, occ) {
		l.add(NewMove(E8, G8, CastleKingside))
	}
	if p.castle&BlackQueenside != 0 && occ&(SquareBB(B8)|SquareBB(C8)|SquareBB(D8)) == 0 &&
		!p.attackedBy(D8, them, occ) && !p.attackedBy(C8, them, occ) {
		l.add(NewMove(E8, C8, CastleQueenside))
	}
}

// genPawnMoves adds pawn moves: unpinned pawns as one set, moved by
// shifts; each pinned pawn alone, its destinations kept on its pin line.
func (p *Position) genPawnMoves(l *MoveList, mode GenMode, us Color, king Square, occ, pinned, checkMask Bitboard) {
	pawns := p.Pieces(us, Pawn)
	p.genPawnSet(l, mode, us, pawns&^pinned, occ, checkMask)
	for b := pawns & pinned; b != 0; {
		from := b.PopFirst()
		p.genPawnSet(l, mode, us, SquareBB(from), occ, checkMask&line[king][from])
	}

	// En passant: test it on the board it leaves behind.
	if p.ep != NoSquare && mode != GenQuiet {
		them := us.Other()
		capSq := p.ep ^ 8
		for b := pawnAttacks[them][p.ep] & pawns; b != 0; {
			from := b.PopFirst()
			after := occ&^SquareBB(from)&^SquareBB(capSq) | SquareBB(p.ep)
			if p.AttackersTo(king, after)&p.colors[them]&^SquareBB(capSq) == 0 {
				l.add(NewMove(from, p.ep, EnPassant))
			}
		}
	}
}

// genPawnSet adds the pushes and captures (en passant aside) of a set of
// pawns whose destinations must lie in mask.
func (p *Position) genPawnSet(l *MoveList, mode GenMode, us Color, pawns, occ, mask Bitboard) {
	promoRank, thirdRank := Rank8, Rank3
	up := 8
	if us == Black {
		promoRank, thirdRank = Rank1, Rank6
		up = -8
	}
	single := pawnPush(pawns, us) &^ occ
	double := pawnPush(single&thirdRank, us) &^ occ & mask
	single &= mask
	if mode != GenQuiet {
		addPawnPromotions(l, single&promoRank, up, false)
	}
	if mode != GenNoisy {
		addPawnMoves(l, single&^promoRank, up, Quiet)
		addPawnMoves(l, double, 2*up, DoublePush)
	}
	if mode == GenQuiet {
		return
	}
	// Captures towards the a-file, then towards the h-file.
	theirs := p.colors[us.Other()] & mask
	var west, east Bitboard
	if us == White {
		west, east = (pawns&^FileA)<<7&theirs, (pawns&^FileH)<<9&theirs
	} else {
		west, east = (pawns&^FileA)>>9&theirs, (pawns&^FileH)>>7&theirs
	}
	addPawnMoves(l, west&^promoRank, up-1, Capture)
	addPawnMoves(l, east&^promoRank, up+1, Capture)
	addPawnPromotions(l, west&promoRank, up-1, true)
	addPawnPromotions(l, east&promoRank, up+1, true)
}

// addPawnMoves adds a move to each square in to from the square delta behind
// it.
func addPawnMoves(l *MoveList, to Bitboard, delta int, kind MoveKind) {
	if l.countOnly {
		l.N += to.Count()
		return
	}
	for to != 0 {
		t := to.PopFirst()
		l.add(NewMove(Square(int(t)-delta), t, kind))
	}
}

// addPawnPromotions adds the four promotions to each square in to.
func addPawnPromotions(l *MoveList, to Bitboard, delta int, capture bool) {
	if l.countOnly {
		l.N += 4 * to.Count()
		return
	}
	for to != 0 {
		t := to.PopFirst()
		addPromotions(l, Square(int(t)-delta), t, capture)
	}
}

func addPromotions(l *MoveList, from, to Square, capture bool) {
	kind := PromoKnight
	if capture {
		kind = PromoCaptureKnight
	}
	// Queen first: it is almost always the move that matters.
	for k := kind + 3; k >= kind; k-- {
		l.add(NewMove(from, to, k))
	}
}
