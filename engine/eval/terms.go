package eval

import (
	"math/bits"

	"github.com/ablate-chess/ablate/engine/chess"
)

// Term is one piece of evaluation knowledge beyond material and
// piece-square values, a switch like a search technique: off, it adds
// nothing and costs nothing. The terms are declared here alone, with
// their names and what each adds; the search's technique registry makes
// each a technique (search.EvalTerm) under the same name, so that
// configurations, worth and trace switch it.
type Term uint8

const (
	BishopPair Term = iota
	Tempo
	RookFiles
	Mobility
	PassedPawns
	PawnStructure
	KingSafety
	Threats
	Outposts
	EndgameScaling
	Tuned
	Tuned2
	FreePassers

	NumTerms
)

var termInfos = [NumTerms]struct{ name, adds string }{
	BishopPair:     {"bishop-pair", "a bonus for the side with both bishops"},
	Tempo:          {"tempo", "a bonus for the side to move"},
	RookFiles:      {"rook-files", "rooks and queens on open files (no pawn) and semi-open files (no pawn of their own)"},
	Mobility:       {"mobility", "each knight, bishop, rook and queen by the squares it attacks safely (not its side's, not attacked by a pawn)"},
	PassedPawns:    {"passed-pawns", "passed pawns by rank, less when blocked, and the kings' distances to the square in front (endgame)"},
	PawnStructure:  {"pawn-structure", "isolated, doubled and backward pawns against supported and phalanx pawns (cached in a pawn hash table)"},
	KingSafety:     {"king-safety", "enemy pieces' attacks on the squares around the king, its pawn shield, pawn storms and open files beside it"},
	Threats:        {"threats", "pieces attacked by pawns, rooks and queens by minor pieces, a queen by rooks, and pieces attacked and undefended"},
	Outposts:       {"outposts", "knights and bishops deep in the enemy half, guarded by a pawn, where no enemy pawn can attack them"},
	EndgameScaling: {"endgame-scaling", "the endgame score halved with opposite-coloured bishops alone, cut to an eighth without the material to mate"},
	Tuned:          {"tuned", "the piece-square tables and term weights of ablate's first Texel tune (tuned.go: 5,000-node self-play), in place of PeSTO's and the hand-set ones"},
	Tuned2:         {"tuned-2", "the piece-square tables and term weights of ablate's second Texel tune (tuned2.go: full's 10,000-node self-play, held out by opening), in place of PeSTO's and the hand-set ones"},
	FreePassers:    {"free-passers", "passed pawns with nothing on their way to promotion, more the further on (endgame), and one the enemy king cannot catch when the enemy has pawns alone (the rule of the square)"},
}

// String is the term's name, as configurations name it.
func (t Term) String() string { return termInfos[t].name }

// Adds says what the term adds to the evaluation.
func (t Term) Adds() string { return termInfos[t].adds }

// Terms is a set of evaluation terms.
type Terms uint16

// Has reports whether t is in the set.
func (s Terms) Has(t Term) bool { return s&(1<<t) != 0 }

// Count is how many terms the set has.
func (s Terms) Count() int { return bits.OnesCount16(uint16(s)) }

// With returns the set with t in it.
func (s Terms) With(t Term) Terms { return s | 1<<t }

// The terms that need the pawns' structure (cached by pawn hash), and
// those that need every piece's attacks.
const (
	pawnTerms  = Terms(1<<PassedPawns | 1<<PawnStructure | 1<<FreePassers)
	pieceTerms = Terms(1<<Mobility | 1<<KingSafety | 1<<Threats | 1<<Outposts)
)

// Score is a weight, or a sum of them, in the middlegame and the endgame;
// the game phase blends the two (PeSTO's tapered evaluation).
type Score struct{ MG, EG int }

// scorer sums the sides' scores. Every weight a term adds goes through
// add, which also counts it in a trace when the tuner asks for one: the
// coefficients come from the code that scores.
type scorer struct {
	s  [2]Score
	ws *[NumWeights]Score // the weights: hand-set, or a tune's
	tr *Trace
}

// add adds n times the weight w to c's score.
func (sc *scorer) add(c chess.Color, w Weight, n int) {
	if n == 0 { // most counts are: a term that does not apply
		return
	}
	s, v := &sc.s[c&1], &sc.ws[w]
	s.MG += v.MG * n
	s.EG += v.EG * n
	if sc.tr != nil {
		sc.tr.count(c, w, n)
	}
}

// terms adds each term that is on to the sides' scores. Each term is its
// own small function, its reason beside it.
func terms(p *chess.Position, on Terms, sc *scorer, pt *pawnTable) {
	var pawnFiles [2]chess.Bitboard // the files each side has a pawn on, whole
	if on&(1<<RookFiles|1<<KingSafety) != 0 {
		pawnFiles = [2]chess.Bitboard{fileFill(p.Pieces(chess.White, chess.Pawn)), fileFill(p.Pieces(chess.Black, chess.Pawn))}
	}
	for c := chess.White; c <= chess.Black; c++ {
		// Bishop pair: two bishops cover both square colours, which one
		// bishop and a knight cannot; worth most as the board opens.
		if on.Has(BishopPair) && p.Pieces(c, chess.Bishop).Several() {
			sc.add(c, bishopPair, 1)
		}
		// Rooks and queens on open and semi-open files: a heavy piece's
		// strength is the file it sees; its own pawns close it, the
		// opponent's half.
		if on.Has(RookFiles) {
			open := ^(pawnFiles[c] | pawnFiles[c.Other()])
			semi := ^pawnFiles[c] & pawnFiles[c.Other()]
			rooks, queens := p.Pieces(c, chess.Rook), p.Pieces(c, chess.Queen)
			sc.add(c, rookOpenFile, (rooks & open).Count())
			sc.add(c, rookSemiOpenFile, (rooks & semi).Count())
			sc.add(c, queenOpenFile, (queens & open).Count())
			sc.add(c, queenSemiOpen, (queens & semi).Count())
		}
		// King safety, the pawns: the king's own pawns in front of it
		// shelter it, enemy pawns marching at it open lines, and a file
		// beside it with no pawn of its side is a road in.
		if on.Has(KingSafety) {
			k := p.KingSquare(c)
			sc.add(c, kingShield, (shieldMask[c][k] & p.Pieces(c, chess.Pawn)).Count())
			sc.add(c, kingStorm, (stormMask[c][k] & p.Pieces(c.Other(), chess.Pawn)).Count())
			near := adjacentFiles[k.File()] | chess.FileA<<k.File()
			sc.add(c, kingOpenFile, (near &^ pawnFiles[c] & chess.Rank1).Count())
		}
	}
	// Tempo: the side to move is a move ahead of a static count.
	if on.Has(Tempo) {
		sc.add(p.SideToMove(), tempo, 1)
	}
	if on&pawnTerms != 0 {
		pawns(p, on, sc, pt)
	}
	if on&pieceTerms != 0 {
		pieces(p, on, sc)
	}
}

// fileFill is every file that holds a square of b, whole.
func fileFill(b chess.Bitboard) chess.Bitboard {
	b |= b << 8
	b |= b << 16
	b |= b << 32
	b |= b >> 8
	b |= b >> 16
	return b | b>>32
}

// pieces adds the terms that need each piece's attacks: mobility, attacks
// on the enemy king's zone, outposts, then threats once every attack is
// known.
func pieces(p *chess.Position, on Terms, sc *scorer) {
	occ := p.Occupied()
	var pawnAtt, all, minorAtt, rookAtt [2]chess.Bitboard // what each side's pawns, pieces, minors and rooks attack
	for c := chess.White; c <= chess.Black; c++ {
		pawnAtt[c] = pawnAttacks(p.Pieces(c, chess.Pawn), c)
		all[c] = pawnAtt[c] | chess.KingAttacks(p.KingSquare(c))
	}
	for c := chess.White; c <= chess.Black; c++ {
		them := c.Other()
		// What each piece type reaches: the squares it attacks, and how
		// many of them safely (not its side's, not attacked by an enemy
		// pawn) and next to the enemy king, summed over its pieces.
		safe, zone := ^p.ByColor(c)&^pawnAtt[them], kingZone(p.KingSquare(them))
		var nSafe, nZone [4]int // knights, bishops, rooks, queens
		var knights, bishops, rooks, queens chess.Bitboard
		for pcs := p.Pieces(c, chess.Knight); pcs != 0; {
			a := chess.KnightAttacks(pcs.PopFirst())
			knights |= a
			nSafe[0], nZone[0] = nSafe[0]+(a&safe).Count(), nZone[0]+(a&zone).Count()
		}
		for pcs := p.Pieces(c, chess.Bishop); pcs != 0; {
			a := chess.BishopAttacks(pcs.PopFirst(), occ)
			bishops |= a
			nSafe[1], nZone[1] = nSafe[1]+(a&safe).Count(), nZone[1]+(a&zone).Count()
		}
		for pcs := p.Pieces(c, chess.Rook); pcs != 0; {
			a := chess.RookAttacks(pcs.PopFirst(), occ)
			rooks |= a
			nSafe[2], nZone[2] = nSafe[2]+(a&safe).Count(), nZone[2]+(a&zone).Count()
		}
		for pcs := p.Pieces(c, chess.Queen); pcs != 0; {
			a := chess.QueenAttacks(pcs.PopFirst(), occ)
			queens |= a
			nSafe[3], nZone[3] = nSafe[3]+(a&safe).Count(), nZone[3]+(a&zone).Count()
		}
		minorAtt[c], rookAtt[c] = knights|bishops, rooks
		all[c] |= knights | bishops | rooks | queens
		for i := range 4 {
			t := chess.Knight + chess.PieceType(i)
			// Mobility: a piece is worth more the more squares it can
			// go to safely.
			if on.Has(Mobility) {
				sc.add(c, mobility(t), nSafe[i])
			}
			// King safety, the pieces: each square next to the enemy
			// king a piece attacks is a square the king cannot trust.
			if on.Has(KingSafety) {
				sc.add(c, kingAttack(t), nZone[i])
			}
		}
		// Outposts: a knight or bishop deep in the enemy half, guarded by
		// a pawn, where no enemy pawn can ever chase it away.
		if on.Has(Outposts) {
			deep := outpostRanks[c] & pawnAtt[c]
			theirPawns := p.Pieces(them, chess.Pawn)
			for _, x := range [2]struct {
				t chess.PieceType
				w Weight
			}{{chess.Knight, knightOutpost}, {chess.Bishop, bishopOutpost}} {
				n := 0
				for pcs := p.Pieces(c, x.t) & deep; pcs != 0; {
					if attackSpan[c][pcs.PopFirst()]&theirPawns == 0 {
						n++
					}
				}
				sc.add(c, x.w, n)
			}
		}
	}
	// Threats: a piece attacked by a lesser one loses material or time;
	// one attacked and not defended may simply be taken.
	if on.Has(Threats) {
		for c := chess.White; c <= chess.Black; c++ {
			them := c.Other()
			pieces := p.ByColor(them) &^ p.Pieces(them, chess.Pawn) &^ p.Pieces(them, chess.King)
			heavy := p.Pieces(them, chess.Rook) | p.Pieces(them, chess.Queen)
			sc.add(c, threatByPawn, (pieces & pawnAtt[c]).Count())
			sc.add(c, threatByMinor, (heavy & minorAtt[c]).Count())
			sc.add(c, threatByRook, (p.Pieces(them, chess.Queen) & rookAtt[c]).Count())
			sc.add(c, hangingPiece, (pieces & all[c] &^ all[them]).Count())
		}
	}
}

// pawnAttacks is the squares c's pawns attack.
func pawnAttacks(pawns chess.Bitboard, c chess.Color) chess.Bitboard {
	if c == chess.White {
		return (pawns&^chess.FileA)<<7 | (pawns&^chess.FileH)<<9
	}
	return (pawns&^chess.FileA)>>9 | (pawns&^chess.FileH)>>7
}

// kingZone is the king's square and the squares next to it.
func kingZone(k chess.Square) chess.Bitboard { return chess.KingAttacks(k) | 1<<k }

// endgameScale is how much of the endgame score stands, of 64: half with
// bishops of opposite colours and nothing else but pawns (the defender's
// bishop holds the other colour), an eighth when the side ahead has no
// pawns and less than a rook's material more (it cannot force mate).
func endgameScale(p *chess.Position, eg int) int {
	strong := chess.White
	if eg < 0 {
		strong = chess.Black
	}
	weak := strong.Other()
	minorsOnly := func(c chess.Color) bool {
		return p.Pieces(c, chess.Knight)|p.Pieces(c, chess.Rook)|p.Pieces(c, chess.Queen) == 0
	}
	wb, bb := p.Pieces(chess.White, chess.Bishop), p.Pieces(chess.Black, chess.Bishop)
	if wb.Count() == 1 && bb.Count() == 1 && (wb&darkSquares == 0) != (bb&darkSquares == 0) &&
		minorsOnly(chess.White) && minorsOnly(chess.Black) {
		return 32
	}
	if p.Pieces(strong, chess.Pawn) == 0 && material(p, strong)-material(p, weak) < mgValue[chess.Rook] {
		return 8
	}
	return 64
}

// material is c's pieces but pawns and king, at PeSTO's middlegame values.
func material(p *chess.Position, c chess.Color) int {
	m := 0
	for t := chess.Knight; t <= chess.Queen; t++ {
		m += p.Pieces(c, t).Count() * mgValue[t]
	}
	return m
}
