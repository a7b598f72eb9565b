// Package nullcheck searches again, the ordinary way, the nodes where the
// null move cut off, and counts how often the cutoff was wrong (Tally).
package nullcheck

import (
	"github.com/ablate-chess/ablate/engine/chess"
	"github.com/ablate-chess/ablate/engine/search"
	"github.com/ablate-chess/ablate/experiments/trace"
	"github.com/ablate-chess/ablate/positions"
)

// NullCheck counts how often null-move pruning was wrong in a search: each
// null-move cutoff's node is searched again the ordinary way (its moves,
// at the node's depth, by a fresh searcher of the same configuration; no
// null move is tried at a search's root), and a cutoff is overturned when
// that search scores below the node's beta: a real move's search would not
// have failed high, and the subtree the null move pruned held the answer.
type Tally struct {
	Cutoffs    int // null-move cutoffs in the search
	Checked    int // of them, searched again (evenly spread, up to the limit)
	Overturned int // of those, the ordinary search scored below beta
	// ByDepth holds, per remaining depth at the cutoff, checked and
	// overturned.
	ByDepth map[int][2]int
	// Loss sums, over the overturned cutoffs, beta less the ordinary
	// search's score (centipawns): how far wrong the pruned value was.
	Loss int
}

// Rate is the share of checked cutoffs overturned.
func (n *Tally) Rate() float64 {
	if n.Checked == 0 {
		return 0
	}
	return float64(n.Overturned) / float64(n.Checked)
}

// Add adds another position's counts.
func (n *Tally) Add(o Tally) {
	n.Cutoffs, n.Checked, n.Overturned, n.Loss = n.Cutoffs+o.Cutoffs, n.Checked+o.Checked, n.Overturned+o.Overturned, n.Loss+o.Loss
	if n.ByDepth == nil {
		n.ByDepth = map[int][2]int{}
	}
	for d, c := range o.ByDepth {
		x := n.ByDepth[d]
		n.ByDepth[d] = [2]int{x[0] + c[0], x[1] + c[1]}
	}
}

type nullCutoff struct {
	path        []chess.Move
	depth, beta int
}

type cutoffTracer struct{ cutoffs []nullCutoff }

func (t *cutoffTracer) Event(e *search.Event) {
	if e.Kind == search.EvNullCutoff {
		t.cutoffs = append(t.cutoffs, nullCutoff{append([]chess.Move(nil), e.Path...), e.Depth, e.Beta})
	}
}

// CheckNullCutoffs searches pos under cfg to depth, then searches again up
// to limit of its null-move cutoffs (every k-th, so the same ones every
// time) the ordinary way, and counts those overturned. The node's earlier
// positions on the path count for repetitions.
func Cutoffs(cfg search.Config, pos chess.Position, depth int, hashMB, limit int) Tally {
	var t cutoffTracer
	trace.Search(cfg, pos, depth, 0, hashMB, &t)
	out := Tally{Cutoffs: len(t.cutoffs), ByDepth: map[int][2]int{}}
	step := 1
	if limit > 0 && len(t.cutoffs) > limit {
		step = (len(t.cutoffs) + limit - 1) / limit
	}
	verifier := search.New(cfg, hashMB)
	for i := 0; i < len(t.cutoffs); i += step {
		c := t.cutoffs[i]
		p := pos
		history := []uint64{p.Key()}
		for _, m := range c.path {
			p.Play(m)
			history = append(history, p.Key())
		}
		verifier.ClearTT()
		res := verifier.Search(p, history[:len(history)-1], search.Limits{Depth: c.depth}, nil)
		out.Checked++
		x := out.ByDepth[c.depth]
		x[0]++
		if res.Score < c.beta {
			out.Overturned++
			out.Loss += c.beta - res.Score
			x[1]++
		}
		out.ByDepth[c.depth] = x
	}
	return out
}

// NullCheckPosition is one position of a null-move check.
type Position struct {
	ID    string
	Board chess.Position
}

// NullCheckSuite is the positions of a suite (a file or a built-in
// name), or if name is "" the one position fen.
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

// Positions checks each position's null-move cutoffs (Cutoffs), calling
// each with its result, and returns them in order with their total.
func Positions(cfg search.Config, ps []Position, depth, hashMB, limit int, each func(string, Tally)) (per []Tally, total Tally) {
	for _, p := range ps {
		n := Cutoffs(cfg, p.Board, depth, hashMB, limit)
		total.Add(n)
		per = append(per, n)
		each(p.ID, n)
	}
	return per, total
}
