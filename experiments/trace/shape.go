package trace

import (
	"strconv"

	"github.com/ablate-chess/ablate/engine/chess"
	"github.com/ablate-chess/ablate/engine/search"
)

// The tree's shape beyond the totals a run records: how the main nodes
// split by type and how each type ended, and what happened to the moves
// by their number among their node's moves (cutoffs, reductions and the
// plies they take, re-searches, prunes). Each is counted from a traced
// search, so it costs an untraced search nothing, and its sums are the
// search's own counts (a test).

// NodeType is a main node's type when it is entered: on the principal
// variation, expected to fail high (cut), or expected to fail low (all).
type NodeType int

// The node types.
const (
	PVNode NodeType = iota
	CutNode
	AllNode
	NumNodeTypes
)

func (t NodeType) String() string { return [...]string{"pv", "cut", "all"}[t] }

func typeOf(e *search.Event) NodeType {
	switch {
	case e.PV:
		return PVNode
	case e.Cut:
		return CutNode
	}
	return AllNode
}

// NodeEnd is how a main node ended.
type NodeEnd int

// The ends: before its moves, by the table's bound or by a pruning (the
// null move, reverse futility, razoring, ProbCut, multi-cut, mate
// distance); after them, above the window, below it or inside it; or
// otherwise, with no event of its end (a draw by rule, no legal move, the
// ply cap, a singular search whose every move was pruned).
const (
	EndTable NodeEnd = iota
	EndPruned
	EndFailHigh
	EndFailLow
	EndExact
	EndOther
	NumNodeEnds
)

func (e NodeEnd) String() string {
	return [...]string{"table cutoff", "pruned before its moves", "failed high", "failed low", "exact", "other"}[e]
}

// NodeTypes counts main nodes by type: Entered[t] nodes of type t, and
// ended[t][e] of them ended so (End reads them, Other included).
type NodeTypes struct {
	Entered [NumNodeTypes]uint64
	ended   [NumNodeTypes][EndOther]uint64
}

// End is how many nodes of type t ended as e.
func (n *NodeTypes) End(t NodeType, e NodeEnd) uint64 {
	if e != EndOther {
		return n.ended[t][e]
	}
	rest := n.Entered[t]
	for _, c := range n.ended[t] {
		rest -= c
	}
	return rest
}

// MoveBuckets are the move numbers the by-move counts are kept in: each
// bucket from its number up to the next's less one, the last open.
var MoveBuckets = []int{1, 2, 3, 4, 5, 6, 7, 9, 13, 17, 25}

// BucketName is bucket i's range of move numbers, as "7-8" or "25+".
func BucketName(i int) string {
	lo := MoveBuckets[i]
	if i == len(MoveBuckets)-1 {
		return strconv.Itoa(lo) + "+"
	}
	if hi := MoveBuckets[i+1] - 1; hi > lo {
		return strconv.Itoa(lo) + "-" + strconv.Itoa(hi)
	}
	return strconv.Itoa(lo)
}

// BucketOf is the bucket of MoveBuckets that a move index (from 0) is in.
func BucketOf(index int) int {
	n := index + 1
	b := 0
	for b+1 < len(MoveBuckets) && MoveBuckets[b+1] <= n {
		b++
	}
	return b
}

// ByMove are the counts of the events that concern a move, by the move's
// bucket of MoveBuckets: Kind[b][k] is kind k's count in bucket b.
// QuietCutoffs are the cutoffs by quiet moves, Cutoffs[b][c] those by
// moves the ordering put where they were by class c (the table's move, a
// capture, a killer, the counter move, the histories' score), and
// ReducedPlies the plies LMR took off, by bucket; Reductions the same by
// the node's remaining depth too: Reductions[d][b] reduced searches,
// Plies[d][b] their plies.
type ByMove struct {
	Kind         [][search.NumEventKinds]uint64
	QuietCutoffs []uint64
	Cutoffs      [][search.NumOrderClasses]uint64
	ReducedPlies []uint64
	Reductions   [][]uint64
	Plies        [][]uint64
}

// Shape is a tree's shape over one or more searches.
type Shape struct {
	Types NodeTypes
	Moves ByMove
}

// MeasureShape searches each of ps under cfg to depth with a tracer and
// returns the trees' shape, summed.
func MeasureShape(cfg search.Config, ps []chess.Position, depth, hashMB int) Shape {
	t := &shapeTracer{}
	nb := len(MoveBuckets)
	t.shape.Moves = ByMove{
		Kind:         make([][search.NumEventKinds]uint64, nb),
		QuietCutoffs: make([]uint64, nb),
		Cutoffs:      make([][search.NumOrderClasses]uint64, nb),
		ReducedPlies: make([]uint64, nb),
	}
	for _, p := range ps {
		Search(cfg, p, depth, 0, hashMB, t)
	}
	return t.shape
}

type shapeTracer struct {
	typ   [search.MaxPly + 2]NodeType // the type of the node last entered at each ply
	shape Shape
}

func (t *shapeTracer) Event(e *search.Event) {
	if e.Ply < 0 || e.Ply >= len(t.typ) {
		return
	}
	types := &t.shape.Types
	switch e.Kind {
	case search.EvNode:
		t.typ[e.Ply] = typeOf(e)
		types.Entered[t.typ[e.Ply]]++
	case search.EvTTCutoff:
		types.ended[t.typ[e.Ply]][EndTable]++
	case search.EvNullCutoff, search.EvHyperPrune, search.EvRFP, search.EvRazor, search.EvProbCut, search.EvMDP:
		// Each ends its node before its moves, so before a singular
		// search could enter another node at the same ply.
		types.ended[t.typ[e.Ply]][EndPruned]++
	case search.EvMultiCut:
		// After the singular search, which entered its own node at this
		// ply: the event carries its node's type.
		types.ended[typeOf(e)][EndPruned]++
	case search.EvBest:
		end := EndExact
		switch {
		case e.Score >= e.Beta:
			end = EndFailHigh
		case e.Score <= e.Alpha:
			end = EndFailLow
		}
		types.ended[typeOf(e)][end]++
	}
	t.byMove(e)
}

func (t *shapeTracer) byMove(e *search.Event) {
	switch e.Kind {
	case search.EvCutoff, search.EvReduce, search.EvLMRResearch, search.EvPVSResearch,
		search.EvLMP, search.EvFutility, search.EvSEEPrune, search.EvHistoryPrune:
	default:
		return
	}
	m := &t.shape.Moves
	b := BucketOf(e.Index)
	m.Kind[b][e.Kind]++
	switch e.Kind {
	case search.EvCutoff:
		if !e.Move.IsNoisy() {
			m.QuietCutoffs[b]++
		}
		m.Cutoffs[b][e.Order]++
	case search.EvReduce:
		m.ReducedPlies[b] += uint64(e.Reduction)
		for len(m.Reductions) <= e.Depth {
			m.Reductions = append(m.Reductions, make([]uint64, len(MoveBuckets)))
			m.Plies = append(m.Plies, make([]uint64, len(MoveBuckets)))
		}
		m.Reductions[e.Depth][b]++
		m.Plies[e.Depth][b] += uint64(e.Reduction)
	}
}
