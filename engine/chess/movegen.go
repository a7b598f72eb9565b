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

// genPawnMoves adds pawn moves. Unpinned pawns move as whole sets by shifts;
// a pinned pawn's destinations must stay on its pin line.
func (p *Position) genPawnMoves(l *MoveList, mode GenMode, us Color, king Square, occ, pinned, checkMask Bitboard) {
	them := us.Other()
	theirs := p.colors[them]
	pawns := p.Pieces(us, Pawn)
	empty := ^occ
	promoRank, thirdRank := Rank8, Rank3
	up := 8
	if us == Black {
		promoRank, thirdRank = Rank1, Rank6
		up = -8
	}
	// pinOK keeps the destinations that respect the pins: a pawn moving to
	// `to` from `from` must stay on the line through its king if pinned.
	pinOK := func(from, to Square) bool {
		return !pinned.Has(from) || line[king][from].Has(to)
	}

	// Pushes.
	single := pawnPush(pawns, us) & empty
	double := pawnPush(single&thirdRank, us) & empty & checkMask
	single &= checkMask
	if mode != GenQuiet {
		for b := single & promoRank; b != 0; {
			to := b.PopFirst()
			from := Square(int(to) - up)
			if pinOK(from, to) {
				addPromotions(l, from, to, false)
			}
		}
	}
	if mode != GenNoisy {
		for b := single &^ promoRank; b != 0; {
			to := b.PopFirst()
			from := Square(int(to) - up)
			if pinOK(from, to) {
				l.add(NewMove(from, to, Quiet))
			}
		}
		for b := double; b != 0; {
			to := b.PopFirst()
			from := Square(int(to) - 2*up)
			if pinOK(from, to) {
				l.add(NewMove(from, to, DoublePush))
			}
		}
	}
	if mode == GenQuiet {
		return
	}

	// Captures, towards the a-file and towards the h-file.
	var westCaps, eastCaps Bitboard
	westDelta, eastDelta := up-1, up+1
	if us == White {
		westCaps = (pawns &^ FileA) << 7
		eastCaps = (pawns &^ FileH) << 9
	} else {
		westCaps = (pawns &^ FileA) >> 9
		eastCaps = (pawns &^ FileH) >> 7
	}
	for _, c := range [2]struct {
		to    Bitboard
		delta int
	}{{westCaps & theirs & checkMask, westDelta}, {eastCaps & theirs & checkMask, eastDelta}} {
		for b := c.to; b != 0; {
			to := b.PopFirst()
			from := Square(int(to) - c.delta)
			if !pinOK(from, to) {
				continue
			}
			if promoRank.Has(to) {
				addPromotions(l, from, to, true)
			} else {
				l.add(NewMove(from, to, Capture))
			}
		}
	}

	// En passant: test it on the board it leaves behind.
	if p.ep != NoSquare {
		capSq := p.ep ^ 8
		for b := pawnAttacks[them][p.ep] & pawns; b != 0; {
			from := b.PopFirst()
			after := occ&^SquareBB(from)&^SquareBB(capSq) | SquareBB(p.ep)
			attackers := p.AttackersTo(king, after) & theirs &^ SquareBB(capSq)
			if attackers == 0 {
				l.add(NewMove(from, p.ep, EnPassant))
			}
		}
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
