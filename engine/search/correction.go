package search

import "github.com/ablate-chess/ablate/engine/chess"

// Correction history: the static evaluation is wrong in ways a search
// finds out. After a node is searched, the gap between its score and its
// static eval (where the score's bound says which way the truth lies) is
// folded into two tables, one keyed by the pawns and one by the material
// of both sides, and later static evals with the same keys are moved by
// what the tables hold. Pawn structures and material balances the
// evaluation misjudges are corrected for the rest of the search.

const (
	corrBits  = 14
	corrSize  = 1 << corrBits
	corrGrain = 64    // table units per centipawn
	corrLimit = 16384 // bound on an entry, in table units
)

// pawnIndex hashes both sides' pawns (multiplicative hashing: the
// position's Zobrist key covers every piece, not the pawns alone).
func pawnIndex(p *chess.Position) int {
	w, b := uint64(p.Pieces(chess.White, chess.Pawn)), uint64(p.Pieces(chess.Black, chess.Pawn))
	return int((w*0x9E3779B97F4A7C15 ^ b*0xC2B2AE3D27D4EB4F) >> (64 - corrBits))
}

// materialIndex hashes the count of each piece type of each side.
func materialIndex(p *chess.Position) int {
	var k uint64
	for c := chess.White; c <= chess.Black; c++ {
		for t := chess.Pawn; t <= chess.Queen; t++ {
			k = k<<4 | uint64(p.Pieces(c, t).Count()&15)
		}
	}
	return int((k * 0x9E3779B97F4A7C15) >> (64 - corrBits))
}

// corrected is raw moved by the correction the tables hold for p, within
// the correction's limit and short of the mate scores.
func (s *Searcher) corrected(p *chess.Position, raw int) int {
	stm := p.SideToMove()
	c := (int(s.order.corrPawn[stm][pawnIndex(p)]) + int(s.order.corrMat[stm][materialIndex(p)])) / corrGrain
	c = max(-s.cfg.Params.CorrectionMax, min(c, s.cfg.Params.CorrectionMax))
	return max(-mateBound+1, min(raw+c, mateBound-1))
}

// staticEval is the static evaluation of the position at ply, corrected
// when correction history is on, with the raw eval beside it.
func (s *Searcher) staticEval(ply int) (eval, raw int) {
	raw = s.evaluate(ply)
	if !s.on.Has(CorrectionHistory) {
		return raw, raw
	}
	return s.corrected(&s.stack[ply].pos, raw), raw
}

// updateCorrection moves the entries for the position at ply by what the
// corrected static eval (eval) still missed of score, weighted by depth
// (a deeper search knows better). The two tables are summed to correct,
// so each learns the residual the sum left, not the whole gap: moved
// each towards the whole gap, both would hold it and the sum would
// correct twice over.
func (s *Searcher) updateCorrection(ply, depth, score, eval int) {
	p := &s.stack[ply].pos
	stm := p.SideToMove()
	residual := max(-corrLimit, min((score-eval)*corrGrain, corrLimit))
	w := min(depth+1, 16)
	for _, e := range [2]*int16{&s.order.corrPawn[stm][pawnIndex(p)], &s.order.corrMat[stm][materialIndex(p)]} {
		v := int(*e) + residual*w/256
		*e = int16(max(-corrLimit, min(v, corrLimit)))
	}
}
