package eval

import "github.com/ablate-chess/ablate/engine/chess"

// psq[phase][piece][square] is a piece's value plus its square's value, for
// either colour, indexed by our square numbering (a1 = 0), so that Evaluate
// is one lookup per piece.
var psq [2][16][64]int

func init() {
	for t := chess.Pawn; t <= chess.King; t++ {
		for s := chess.Square(0); s < 64; s++ {
			// The tables list the eighth rank first as White sees it, so
			// White's square s is row-flipped and Black's is read as is.
			w, b := chess.MakePiece(chess.White, t), chess.MakePiece(chess.Black, t)
			psq[0][w][s] = mgValue[t] + mgTable[t][s.Flip()]
			psq[1][w][s] = egValue[t] + egTable[t][s.Flip()]
			psq[0][b][s] = mgValue[t] + mgTable[t][s]
			psq[1][b][s] = egValue[t] + egTable[t][s]
		}
	}
}

// Evaluate returns the static evaluation of p in centipawns, from the side to
// move's point of view: material and piece-square values, middlegame and
// endgame, blended by how much material is left (tapered evaluation), and
// the terms that are on. With none on it is PeSTO's evaluation exactly.
func Evaluate(p *chess.Position, on Terms) int {
	var s [2]Score
	phase := 0
	for occ := p.Occupied(); occ != 0; {
		sq := occ.PopFirst()
		pc := p.PieceOn(sq)
		c := pc.Color()
		s[c].MG += psq[0][pc][sq]
		s[c].EG += psq[1][pc][sq]
		phase += phaseWeight[pc.Type()]
	}
	if on != 0 {
		terms(p, on, &s)
	}
	phase = min(phase, maxPhase) // early promotions can exceed it
	us, them := p.SideToMove(), p.SideToMove().Other()
	mgScore := s[us].MG - s[them].MG
	egScore := s[us].EG - s[them].EG
	return (mgScore*phase + egScore*(maxPhase-phase)) / maxPhase
}
