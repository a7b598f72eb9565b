package eval

import "github.com/ablate-chess/ablate/engine/chess"

// The pawn terms: structure (isolated, doubled, backward, supported and
// phalanx pawns), which depends on the pawns alone and is kept in a pawn
// hash table, and passed pawns, found with the structure and scored with
// the pieces (what blocks them, where the kings stand).

// Masks, by colour and square, computed once.
var (
	adjacentFiles [8]chess.Bitboard
	forwardFile   [2][64]chess.Bitboard                                       // the squares in front on the same file
	passedSpan    [2][64]chess.Bitboard                                       // in front, on the same and adjacent files
	attackSpan    [2][64]chess.Bitboard                                       // in front, on the adjacent files: where an enemy pawn could attack from
	behindSpan    [2][64]chess.Bitboard                                       // level or behind, on the adjacent files: pawns that could still guard it
	shieldMask    [2][64]chess.Bitboard                                       // one and two ranks in front of a king, its file and the two beside
	stormMask     [2][64]chess.Bitboard                                       // one to four ranks in front of a king, the same files
	outpostRanks  = [2]chess.Bitboard{0x0000FFFFFF000000, 0x000000FFFFFF0000} // ranks 4 to 6 as each side sees them
	darkSquares   = chess.Bitboard(0xAA55AA55AA55AA55)
)

func init() {
	for f := 0; f < 8; f++ {
		if f > 0 {
			adjacentFiles[f] |= chess.FileA << (f - 1)
		}
		if f < 7 {
			adjacentFiles[f] |= chess.FileA << (f + 1)
		}
	}
	for s := chess.Square(0); s < 64; s++ {
		f, r := s.File(), s.Rank()
		file, beside := chess.FileA<<f, adjacentFiles[f]
		var above, below chess.Bitboard // ranks strictly above and below r
		for rr := 0; rr < 8; rr++ {
			if rr > r {
				above |= chess.Rank1 << (8 * rr)
			} else if rr < r {
				below |= chess.Rank1 << (8 * rr)
			}
		}
		level := chess.Rank1 << (8 * r)
		forwardFile[chess.White][s], forwardFile[chess.Black][s] = file&above, file&below
		attackSpan[chess.White][s], attackSpan[chess.Black][s] = beside&above, beside&below
		passedSpan[chess.White][s] = (file | beside) & above
		passedSpan[chess.Black][s] = (file | beside) & below
		behindSpan[chess.White][s], behindSpan[chess.Black][s] = beside&(below|level), beside&(above|level)
		near := file | beside
		for d := 1; d <= 4; d++ {
			for c, rr := range [2]int{r + d, r - d} {
				if rr < 0 || rr > 7 {
					continue
				}
				row := near & (chess.Rank1 << (8 * rr))
				if d <= 2 {
					shieldMask[c][s] |= row
				}
				stormMask[c][s] |= row
			}
		}
	}
}

// pawnEntry is what the pawn hash keeps for one set of pawns.
type pawnEntry struct {
	pawns     [2]chess.Bitboard // the key: both sides' pawns, exactly
	structure [2]Score
	passed    [2]chess.Bitboard
	tunes     Terms // the tunes' switches that were on: they say the weights it was scored with
	valid     bool
}

// pawnTable is a pawn hash table: a searcher's own, so that it is never
// shared between goroutines. It holds values that depend on the pawns
// alone, keyed by the pawns themselves (no collision can return another
// structure's score; nor the other weights' score), so the evaluation is
// the same with or without it.
type pawnTable struct{ entries [1 << 12]pawnEntry }

func (t *pawnTable) slot(w, b chess.Bitboard) *pawnEntry {
	k := uint64(w)*0x9E3779B97F4A7C15 ^ (uint64(b)*0xC2B2AE3D27D4EB4F)>>7
	return &t.entries[(k^k>>29)%uint64(len(t.entries))]
}

// pawns adds the pawn terms that are on: the structure, from the table
// when it holds it (a tracing scorer counts afresh), and the passed pawns.
func pawns(p *chess.Position, on Terms, sc *scorer, pt *pawnTable) {
	w, b := p.Pieces(chess.White, chess.Pawn), p.Pieces(chess.Black, chess.Pawn)
	var fresh pawnEntry
	e := &fresh
	switch {
	case sc.tr != nil || pt == nil:
		own := scorer{ws: sc.ws}
		if on.Has(PawnStructure) {
			own.tr = sc.tr
		}
		fresh = structure(w, b, &own)
		if on.Has(PawnStructure) && sc.tr != nil { // counted into the trace already
			sc.s[0].MG, sc.s[0].EG = sc.s[0].MG+own.s[0].MG, sc.s[0].EG+own.s[0].EG
			sc.s[1].MG, sc.s[1].EG = sc.s[1].MG+own.s[1].MG, sc.s[1].EG+own.s[1].EG
			on &^= 1 << PawnStructure
		}
	default:
		slot := pt.slot(w, b)
		if tunes := on & tuneTerms; !slot.valid || slot.pawns != [2]chess.Bitboard{w, b} || slot.tunes != tunes {
			own := scorer{ws: sc.ws}
			*slot = structure(w, b, &own)
			slot.tunes = tunes
		}
		e = slot
	}
	for c := chess.White; c <= chess.Black; c++ {
		if on.Has(PawnStructure) {
			sc.s[c].MG += e.structure[c].MG
			sc.s[c].EG += e.structure[c].EG
		}
		if on.Has(PassedPawns) {
			passed(p, c, e.passed[c], sc)
		}
		if on.Has(FreePassers) {
			freePassers(p, c, e.passed[c], sc)
		}
	}
}

// structure scores both sides' pawn structure into sc and finds their
// passed pawns: the entry the pawn table keeps.
func structure(w, b chess.Bitboard, sc *scorer) pawnEntry {
	e := pawnEntry{pawns: [2]chess.Bitboard{w, b}, valid: true}
	for c := chess.White; c <= chess.Black; c++ {
		ours, theirs := e.pawns[c], e.pawns[c.Other()]
		guarded, theirAttacks := pawnAttacks(ours, c), pawnAttacks(theirs, c.Other())
		var isolated, doubled, backward, supported, phalanx int
		for pcs := ours; pcs != 0; {
			s := pcs.PopFirst()
			beside := adjacentFiles[s.File()] & ours
			stop := chess.Bitboard(1) << (s + 8) // the square in front
			if c == chess.Black {
				stop = 1 << (s - 8)
			}
			switch {
			case beside == 0:
				isolated++
			case behindSpan[c][s]&ours == 0 && stop&theirAttacks != 0:
				backward++
			}
			if forwardFile[c][s]&ours != 0 {
				doubled++
			} else if passedSpan[c][s]&theirs == 0 {
				e.passed[c] |= 1 << s
			}
			if guarded.Has(s) {
				supported++
			}
			if beside&(chess.Rank1<<(8*s.Rank())) != 0 {
				phalanx++
			}
		}
		sc.add(c, isolatedPawn, isolated)
		sc.add(c, doubledPawn, doubled)
		sc.add(c, backwardPawn, backward)
		sc.add(c, supportedPawn, supported)
		sc.add(c, phalanxPawn, phalanx)
		e.structure[c] = sc.s[c]
	}
	return e
}

// passed scores c's passed pawns: by rank, less when the square in front
// is taken, and in the endgame by how near each king is to that square.
func passed(p *chess.Position, c chess.Color, pcs chess.Bitboard, sc *scorer) {
	own, their := p.Pieces(c, chess.King).First(), p.Pieces(c.Other(), chess.King).First()
	occ := p.Occupied()
	for pcs != 0 {
		s := pcs.PopFirst()
		rank := s.Rank() // as c sees it, from 0
		stop := s + 8
		if c == chess.Black {
			rank, stop = 7-rank, s-8
		}
		sc.add(c, passedRank(rank), 1)
		if occ.Has(stop) {
			sc.add(c, passedBlocked, 1)
		}
		if rank >= 3 {
			sc.add(c, passedOwnKing, distance(own, stop))
			sc.add(c, passedTheirKing, distance(their, stop))
		}
	}
}

// freePassers scores c's passed pawns whose way to promotion is clear of
// every piece: in the endgame more the further on they are (a pawn whose
// file is clear can only be stopped by a piece stepping in front of it),
// and, when the enemy has its king and pawns alone, by far more for one
// its king cannot catch: outside the pawn's square, counting the tempo of
// the side to move and the pawn's double step. The search finds such a
// race a few plies on; at its leaves only this sees it.
func freePassers(p *chess.Position, c chess.Color, pcs chess.Bitboard, sc *scorer) {
	occ := p.Occupied()
	race := !p.HasNonPawnMaterial(c.Other())
	their := p.KingSquare(c.Other())
	for pcs != 0 {
		s := pcs.PopFirst()
		if forwardFile[c][s]&occ != 0 {
			continue
		}
		rank, queening := s.Rank(), chess.Square(56+s.File()) // rank as c sees it, from 0
		if c == chess.Black {
			rank, queening = 7-rank, chess.Square(s.File())
		}
		if rank >= 3 {
			sc.add(c, passedFree, rank-2)
		}
		if race {
			moves := 7 - rank // the pawn's moves to promote
			if rank == 1 {
				moves-- // its double step
			}
			catch := distance(their, queening) // the king's
			if p.SideToMove() != c {
				catch--
			}
			if catch > moves {
				sc.add(c, passedUnstoppable, 1)
			}
		}
	}
}

// distance is the number of king moves between two squares.
func distance(a, b chess.Square) int {
	return max(abs(a.File()-b.File()), abs(a.Rank()-b.Rank()))
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
