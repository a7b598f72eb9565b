package chess

// maxPerftDepth bounds the depth of Perft and Divide.
const maxPerftDepth = 32

// perfter holds one position per ply, so that the recursion passes indexes
// rather than pointers to locals (which Go's escape analysis would move to
// the heap in a recursive function).
type perfter struct {
	stack [maxPerftDepth + 1]Position
}

// Perft counts the leaf nodes of the legal move tree to the given depth (at
// most 32). At the last ply it counts the generated moves instead of playing
// them ("bulk counting"), as Stockfish's perft does.
func Perft(p *Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	var pf perfter
	pf.stack[0] = *p
	return pf.count(0, min(depth, maxPerftDepth))
}

func (pf *perfter) count(ply, depth int) uint64 {
	p := &pf.stack[ply]
	if depth == 1 {
		return uint64(p.CountLegal())
	}
	var l MoveList
	p.LegalMoves(&l)
	var n uint64
	child := &pf.stack[ply+1]
	for _, m := range l.Moves[:l.N] {
		*child = *p
		child.Play(m)
		n += pf.count(ply+1, depth-1)
	}
	return n
}

// MoveCount is one root move and the leaf count below it.
type MoveCount struct {
	Move  Move
	Nodes uint64
}

// Divide returns the perft count below each legal root move, in generation
// order.
func Divide(p *Position, depth int) []MoveCount {
	var l MoveList
	p.LegalMoves(&l)
	out := make([]MoveCount, 0, l.N)
	for _, m := range l.Moves[:l.N] {
		child := *p
		child.Play(m)
		out = append(out, MoveCount{m, Perft(&child, depth-1)})
	}
	return out
}
