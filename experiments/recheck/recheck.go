// Package recheck searches again, the ordinary way, where a search took a
// shortcut, and counts how often the shortcut was wrong (Tally): the nodes
// the null move cut off (Null), and the late moves LMR reduced whose
// reduced search then failed low, so that no full-depth search ever looked
// at them (Reductions).
package recheck

import (
	"github.com/ablate-chess/ablate/engine/chess"
	"github.com/ablate-chess/ablate/engine/search"
	"github.com/ablate-chess/ablate/experiments/trace"
	"github.com/ablate-chess/ablate/positions"
)

// Tally counts one kind of shortcut in a search and how often an ordinary
// search overturns it: a searcher of the same configuration, from the
// shortcut's position with an empty table and the histories the tree's
// search ended with. For the null move, a cutoff is
// overturned when its node, searched again with its moves at the node's
// depth (no null move is tried at a search's root), scores below the
// node's beta: a real move's search would not have failed high. For LMR, a
// reduced move that failed low is overturned when the position after it,
// searched at the depth the move would have had unreduced, scores above
// the node's alpha for the side that played it: the full-depth search
// would have found the move better than the node's best so far. A root
// search is not the tree's search (an open window, an empty table, the
// histories as the tree ended, not as they stood), so each is first checked
// where the tree already answered: the null search itself, at its depth,
// or the reduced search, at the reduced depth. Where the check disagrees
// with the tree there (the floor), it would disagree whatever the depth,
// and the shortcut is not counted overturned.
type Tally struct {
	Shortcuts  int // the shortcuts taken in the search
	Checked    int // of them, searched again (evenly spread, up to the limit)
	Overturned int // of those, the ordinary search disagreed
	// Floor counts the checked shortcuts where the check of the tree's own
	// shortened search disagrees with it: the check's own disagreement
	// with the tree, not counted overturned.
	Floor int
	// ByDepth holds, per remaining depth at the node, checked, overturned
	// and floor; ByMove, the same per bucket of the move's number among its
	// node's moves (trace.MoveBuckets; LMR only).
	ByDepth, ByMove map[int][3]int
	// Loss sums, over the overturned ones, how far the ordinary search's
	// score lay beyond the bound (centipawns, each at most MaxMiss, so that
	// a mate found does not outweigh the rest): how far wrong the shortcut
	// was.
	Loss int
}

// MaxMiss caps one overturned shortcut's miss in Tally.Loss (centipawns).
const MaxMiss = 1000

// Rate is the share of checked shortcuts overturned.
func (n *Tally) Rate() float64 {
	if n.Checked == 0 {
		return 0
	}
	return float64(n.Overturned) / float64(n.Checked)
}

// Add adds another position's counts.
func (n *Tally) Add(o Tally) {
	n.Shortcuts, n.Checked, n.Overturned, n.Floor, n.Loss = n.Shortcuts+o.Shortcuts, n.Checked+o.Checked, n.Overturned+o.Overturned, n.Floor+o.Floor, n.Loss+o.Loss
	n.ByDepth = addCounts(n.ByDepth, o.ByDepth)
	n.ByMove = addCounts(n.ByMove, o.ByMove)
}

func addCounts(to, from map[int][3]int) map[int][3]int {
	if to == nil {
		to = map[int][3]int{}
	}
	for k, c := range from {
		x := to[k]
		to[k] = [3]int{x[0] + c[0], x[1] + c[1], x[2] + c[2]}
	}
	return to
}

// count records one checked shortcut at depth (and move index, or -1):
// whether the check overturned it and by how much, and whether the check
// at the reduced depth disagreed with the tree (floor).
func (n *Tally) count(depth, index int, overturned bool, loss int, floor bool) {
	n.Checked++
	bump := func(m map[int][3]int, k int) {
		x := m[k]
		x[0]++
		if overturned {
			x[1]++
		}
		if floor {
			x[2]++
		}
		m[k] = x
	}
	if floor {
		n.Floor++
	}
	bump(n.ByDepth, depth)
	if index >= 0 {
		bump(n.ByMove, trace.BucketOf(index))
	}
	if overturned {
		n.Overturned++
		n.Loss += min(loss, MaxMiss)
	}
}

// shortcut is one shortcut's place: the path to its node (for LMR, the
// reduced move last), the depth to search it again at, the node's depth,
// the bound it is judged by and the move's index (-1 for the null move).
type shortcut struct {
	path                      []chess.Move
	depth, reduced, nodeDepth int
	bound, index              int
	researched                bool
}

// collector gathers a traced search's shortcuts of one kind.
type collector struct {
	lmr  bool
	list []shortcut
	// last maps a reduced move's place to its index in list, so that the
	// re-search that follows a reduced search which beat alpha marks it.
	last map[string]int
}

// placeKey names a move at the node path leads to (path is the searcher's
// own, so it is read, never appended to).
func placeKey(path []chess.Move, m chess.Move) string {
	b := make([]byte, 0, 2*len(path)+2)
	for _, x := range path {
		b = append(b, byte(x), byte(x>>8))
	}
	return string(append(b, byte(m), byte(m>>8)))
}

func (c *collector) Event(e *search.Event) {
	switch {
	case !c.lmr && e.Kind == search.EvNullCutoff:
		c.list = append(c.list, shortcut{path: append([]chess.Move(nil), e.Path...), depth: e.Depth, reduced: e.Depth - 1 - e.Reduction, nodeDepth: e.Depth, bound: e.Beta, index: -1})
	case c.lmr && e.Kind == search.EvReduce:
		c.last[placeKey(e.Path, e.Move)] = len(c.list)
		path := append(append([]chess.Move(nil), e.Path...), e.Move)
		c.list = append(c.list, shortcut{path: path, depth: e.Full, reduced: e.Full - e.Reduction, nodeDepth: e.Depth, bound: e.Alpha, index: e.Index})
	case c.lmr && e.Kind == search.EvLMRResearch:
		if i, ok := c.last[placeKey(e.Path, e.Move)]; ok {
			c.list[i].researched = true
		}
	}
}

// Null searches pos under cfg to depth, then searches again up to limit of
// its null-move cutoffs (every k-th, so the same ones every time) the
// ordinary way, and counts those overturned.
func Null(cfg search.Config, pos chess.Position, depth, hashMB, limit int) Tally {
	return check(cfg, pos, depth, hashMB, limit, false)
}

// Reductions searches pos under cfg to depth, then searches again up to
// limit of the reduced moves whose reduced search failed low (every k-th),
// each at its unreduced depth, and counts those overturned.
func Reductions(cfg search.Config, pos chess.Position, depth, hashMB, limit int) Tally {
	return check(cfg, pos, depth, hashMB, limit, true)
}

func check(cfg search.Config, pos chess.Position, depth, hashMB, limit int, lmr bool) Tally {
	c := collector{lmr: lmr, last: map[string]int{}}
	tree := search.New(cfg, hashMB)
	tree.SetTracer(&c)
	tree.Search(pos, nil, search.Limits{Depth: depth}, nil)
	var taken []shortcut
	for _, s := range c.list {
		if !s.researched {
			taken = append(taken, s)
		}
	}
	out := Tally{Shortcuts: len(taken), ByDepth: map[int][3]int{}, ByMove: map[int][3]int{}}
	step := 1
	if limit > 0 && len(taken) > limit {
		step = (len(taken) + limit - 1) / limit
	}
	// The checks start from the tree's histories as its search left them
	// (each from the same: keep-history, and a fresh copy a check), not
	// empty: what the tree learned moves its scores (correction history
	// most), and a check without it reads apart from the tree.
	vcfg := cfg
	vcfg.Techniques = vcfg.Techniques.Union(search.SetOf(search.KeepHistory))
	verifier := search.New(vcfg, hashMB)
	// verify is a check: p searched to depth, its score for the side to
	// move there.
	verify := func(p chess.Position, history []uint64, depth int) int {
		verifier.CopyHistories(tree)
		verifier.ClearTT()
		return verifier.Search(p, history, search.Limits{Depth: depth}, nil).Score
	}
	for i := 0; i < len(taken); i += step {
		s := taken[i]
		p, history := replay(pos, s.path)
		// The checks of the tree's own shortened search (the null search
		// after passing; the reduced one) and of the full one, each as a
		// score for the side that took the shortcut, and how far a score
		// lies on the wrong side of the bound (below beta for a null
		// cutoff; above alpha for a reduced move, whose position p is the
		// reply's).
		shortened := func() int {
			if !lmr {
				passed := p
				passed.PlayNull()
				return -verify(passed, append(history[:len(history):len(history)], p.Key()), s.reduced)
			}
			return -verify(p, history, s.reduced)
		}
		full := func() int {
			if !lmr {
				return verify(p, history, s.depth)
			}
			return -verify(p, history, s.depth)
		}
		miss := func(score int) int {
			if lmr {
				return score - s.bound
			}
			return s.bound - score
		}
		// A shortened search that went into quiescence has no floor.
		if s.reduced > 0 && miss(shortened()) > 0 {
			out.count(s.nodeDepth, s.index, false, 0, true)
			continue
		}
		m := miss(full())
		out.count(s.nodeDepth, s.index, m > 0, m, false)
	}
	return out
}

// replay plays path from pos, a null move where the path holds one (a
// shortcut below a null-move search), and returns the position it reaches
// and the keys of the positions before it, for repetitions, as the search
// keeps them.
func replay(pos chess.Position, path []chess.Move) (chess.Position, []uint64) {
	history := make([]uint64, 0, len(path))
	for _, m := range path {
		history = append(history, pos.Key())
		if m == chess.NullMove {
			pos.PlayNull()
		} else {
			pos.Play(m)
		}
	}
	return pos, history
}

// Position is one position of a check.
type Position struct {
	ID    string
	Board chess.Position
}

// Suite is the positions of a suite (a file or a built-in name), or if
// name is "" the one position fen.
func Suite(name string, fen chess.Position) ([]Position, error) {
	if name == "" {
		return []Position{{ID: "fen", Board: fen}}, nil
	}
	suite, err := positions.Load(name)
	if err != nil {
		return nil, err
	}
	var ps []Position
	for _, e := range suite.Entries {
		ps = append(ps, Position{ID: e.ID, Board: e.Board})
	}
	return ps, nil
}

// Positions checks each position's shortcuts of one kind (Null, or
// Reductions when lmr), calling each with its result, and returns them in
// order with their total.
func Positions(cfg search.Config, ps []Position, depth, hashMB, limit int, lmr bool, each func(string, Tally)) (per []Tally, total Tally) {
	for _, p := range ps {
		n := check(cfg, p.Board, depth, hashMB, limit, lmr)
		total.Add(n)
		per = append(per, n)
		each(p.ID, n)
	}
	return per, total
}
