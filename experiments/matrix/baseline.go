package matrix

import (
	"fmt"

	"github.com/ablate-chess/ablate/engine/chess"
	"github.com/ablate-chess/ablate/engine/subject"
	"github.com/ablate-chess/ablate/experiments/records"
	"github.com/ablate-chess/ablate/positions"
)

// BenchPlan is a plan of the given configurations over a suite at depth (a
// configuration with a depth of its own is searched to the shallower of
// the two), with set applied to every configuration.
func BenchPlan(sub subject.Subject, suite string, depth int, configs []NamedSpec, set []string) (*Plan, error) {
	b := newBuilder("bench", Options{Set: set, Subject: sub})
	s, err := b.suite(suite, nil)
	if err != nil {
		return nil, err
	}
	for _, c := range configs {
		d := depth
		if c.Depth != 0 {
			d = min(c.Depth, depth)
		}
		if err := b.add("bench", c.Name, c.Spec, s, d); err != nil {
			return nil, err
		}
	}
	return b.finish()
}

// BaselinePlan re-creates the plan a baseline holds: its configurations,
// depths and positions (from the baseline's own FENs), with set applied.
// An error names the baseline's line.
func BaselinePlan(sub subject.Subject, rows []records.BaselineRow, source string, set []string) (*Plan, error) {
	b := newBuilder("check", Options{Set: set, Subject: sub})
	type key struct {
		name, spec string
		depth      int
	}
	var order []key
	suites := map[key]*positions.Suite{}
	for i, r := range rows {
		line := i + 2
		k := key{r.Config, r.Spec, r.Depth}
		if _, err := b.plan.Subject.ParseConfig(r.Spec); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", source, line, err)
		}
		p, err := chess.ParseFEN(r.FEN)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", source, line, err)
		}
		s, ok := suites[k]
		if !ok {
			s = &positions.Suite{Name: source}
			suites[k] = s
			order = append(order, k)
		}
		s.Entries = append(s.Entries, positions.Entry{ID: r.Position, Line: line, Board: p})
	}
	for _, k := range order {
		if err := b.add("bench", k.name, k.spec, suites[k], k.depth); err != nil {
			return nil, fmt.Errorf("%s: %v", source, err)
		}
	}
	return b.finish()
}

// BaselineRows turns a plan's records at each row's final depth into
// baseline rows.
func (p *Plan) BaselineRows(recs []records.Record) []records.BaselineRow {
	final := map[string]records.Record{}
	for _, r := range recs {
		k := JobKey(r.Group, r.Config, r.Position)
		if r.Depth >= final[k].Depth {
			final[k] = r
		}
	}
	var out []records.BaselineRow
	for _, row := range p.Rows {
		for _, e := range row.Suite.Entries {
			r := final[JobKey(row.Group, row.Name, e.ID)]
			out = append(out, records.BaselineRow{Config: row.Name, Spec: row.Spec, Depth: row.Depth,
				Position: e.ID, FEN: e.Board.String(), Nodes: r.Nodes})
		}
	}
	return out
}
