package experiments

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"

	"github.com/ablate-chess/ablate/engine/chess"
	"github.com/ablate-chess/ablate/engine/search"
	"github.com/ablate-chess/ablate/experiments/render"
	"github.com/ablate-chess/ablate/positions"
)

// NullCheck counts how often null-move pruning was wrong in a search: each
// null-move cutoff's node is searched again the ordinary way (its moves,
// at the node's depth, by a fresh searcher of the same configuration; no
// null move is tried at a search's root), and a cutoff is overturned when
// that search scores below the node's beta: a real move's search would not
// have failed high, and the subtree the null move pruned held the answer.
type NullCheck struct {
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
func (n *NullCheck) Rate() float64 {
	if n.Checked == 0 {
		return 0
	}
	return float64(n.Overturned) / float64(n.Checked)
}

// Add adds another position's counts.
func (n *NullCheck) Add(o NullCheck) {
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
func CheckNullCutoffs(cfg search.Config, pos chess.Position, depth int, hashMB, limit int) NullCheck {
	var t cutoffTracer
	Trace(cfg, pos, depth, 0, hashMB, &t)
	out := NullCheck{Cutoffs: len(t.cutoffs), ByDepth: map[int][2]int{}}
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
type NullCheckPosition struct {
	ID    string
	Board chess.Position
}

// NullCheckSuite is the positions of a suite (a file or a built-in
// name), or if name is "" the one position fen.
func NullCheckSuite(name string, fen chess.Position) ([]NullCheckPosition, error) {
	if name == "" {
		return []NullCheckPosition{{ID: "fen", Board: fen}}, nil
	}
	suite, err := positions.Load(name)
	if err != nil {
		return nil, err
	}
	var ps []NullCheckPosition
	for _, e := range suite.Entries {
		ps = append(ps, NullCheckPosition{ID: e.ID, Board: e.Board})
	}
	return ps, nil
}

// CheckNullPositions checks each position's null-move cutoffs
// (CheckNullCutoffs), calling each with its result, and writes two tables
// in format: per position with the total, then the total by depth left.
func CheckNullPositions(w io.Writer, format string, cfg search.Config, ps []NullCheckPosition, depth, hashMB, limit int,
	each func(string, NullCheck)) error {
	var total NullCheck
	var rows [][]string
	for _, p := range ps {
		n := CheckNullCutoffs(cfg, p.Board, depth, hashMB, limit)
		total.Add(n)
		rows = append(rows, n.row(p.ID))
		each(p.ID, n)
	}
	rows = append(rows, total.row("total"))
	header := []string{"position", "null cutoffs", "checked", "overturned", "rate", "mean loss (cp)"}
	if err := render.Table(w, format, header, rows, 1); err != nil {
		return err
	}
	var byDepth [][]string
	for _, d := range slices.Sorted(maps.Keys(total.ByDepth)) {
		x := total.ByDepth[d]
		byDepth = append(byDepth, []string{strconv.Itoa(d), strconv.Itoa(x[0]), strconv.Itoa(x[1]), pct(x[1], x[0])})
	}
	fmt.Fprintln(w)
	return render.Table(w, format, []string{"depth left", "checked", "overturned", "rate"}, byDepth, 1)
}

func (n NullCheck) row(id string) []string {
	loss := ""
	if n.Overturned > 0 {
		loss = strconv.Itoa(n.Loss / n.Overturned)
	}
	return []string{id, strconv.Itoa(n.Cutoffs), strconv.Itoa(n.Checked), strconv.Itoa(n.Overturned), pct(n.Overturned, n.Checked), loss}
}

func pct(a, b int) string {
	if b == 0 {
		return ""
	}
	return fmt.Sprintf("%.1f%%", 100*float64(a)/float64(b))
}
