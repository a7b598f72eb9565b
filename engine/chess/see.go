package chess

// Static exchange evaluation: the material balance, for the side making the
// move, of the sequence of captures on the move's destination square in which
// each side recaptures with its least valuable attacker and may stop at any
// point. Sliders behind a capturer join in as it leaves (x-rays). Pins are
// ignored, as usual for SEE.

// SEEValue is the piece value SEE uses, in centipawns.
var SEEValue = [7]int{0, 100, 300, 300, 500, 900, 20000}

// SEE returns the static exchange value of m for the side to move.
func (p *Position) SEE(m Move) int {
	if m.IsCastle() {
		return 0
	}
	from, to := m.From(), m.To()
	var gain [32]int
	d := 0
	gain[0] = p.captureValue(m)
	// The value at stake on the square after the first capture.
	onSquare := SEEValue[p.board[from].Type()]
	if pr := m.Promotion(); pr != NoPieceType {
		onSquare = SEEValue[pr]
	}
	occ := p.Occupied() &^ SquareBB(from)
	if m.Kind() == EnPassant {
		occ &^= SquareBB(to ^ 8)
	}
	occ |= SquareBB(to)
	diag := p.pieces[Bishop] | p.pieces[Queen]
	orth := p.pieces[Rook] | p.pieces[Queen]
	attackers := p.AttackersTo(to, occ) & occ
	side := p.side.Other()
	for {
		mine := attackers & p.colors[side]
		if mine == 0 {
			break
		}
		// Least valuable attacker.
		var sq Square
		var pt PieceType
		for pt = Pawn; pt <= King; pt++ {
			if b := mine & p.pieces[pt]; b != 0 {
				sq = b.First()
				break
			}
		}
		if pt == King && attackers&p.colors[side.Other()] != 0 {
			break // the king cannot capture into a defended square
		}
		d++
		gain[d] = onSquare - gain[d-1]
		onSquare = SEEValue[pt]
		if pt == Pawn && (to.Rank() == 0 || to.Rank() == 7) {
			gain[d] += SEEValue[Queen] - SEEValue[Pawn]
			onSquare = SEEValue[Queen]
		}
		occ &^= SquareBB(sq)
		// Uncover x-ray attackers behind the one that just captured.
		attackers |= BishopAttacks(to, occ)&diag | RookAttacks(to, occ)&orth
		attackers &= occ
		side = side.Other()
		if d == len(gain)-1 {
			break
		}
	}
	// Each side may stand pat instead of recapturing.
	for d > 0 {
		gain[d-1] = -max(-gain[d-1], gain[d])
		d--
	}
	return gain[0]
}

// captureValue is the material m wins at once: the captured piece, plus the
// promotion's gain.
func (p *Position) captureValue(m Move) int {
	v := 0
	if m.Kind() == EnPassant {
		v = SEEValue[Pawn]
	} else if m.IsCapture() {
		v = SEEValue[p.board[m.To()].Type()]
	}
	if pr := m.Promotion(); pr != NoPieceType {
		v += SEEValue[pr] - SEEValue[Pawn]
	}
	return v
}
