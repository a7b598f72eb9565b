package match

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"sort"

	"github.com/ablate-chess/ablate/engine/subject"
	"github.com/ablate-chess/ablate/experiments"
	"github.com/ablate-chess/ablate/results"
)

// A worth is an experiment's configurations each played against their
// group's reference, at one budget or at each of a ladder's: one match a
// cell, in its own directory, like any other match.

// Cell is one match of a worth: a configuration against its group's
// reference, at one budget.
type Cell struct {
	Row, Ref *experiments.Row
	Summary  *results.Summary // the configuration's tree size against the reference
	Budget   *Budget          // nil: the settings' own limit
	Pairs    int              // the group's (or the budget's) own pairs, or 0
	At       int              // its row in worth.csv
}

// Cells lists a worth's cells: each group's rows but its reference, at each
// of the group's budgets (a matrix's own, else budgets), configuration by
// configuration, budgets in the order given.
func Cells(plan *experiments.Plan, groups []string, budgets []Budget, sums []results.Summary) ([]Cell, error) {
	byConfig := map[string]*results.Summary{}
	for i := range sums {
		byConfig[sums[i].Group+"\x00"+sums[i].Config] = &sums[i]
	}
	var cells []Cell
	for _, group := range groups {
		bs, pairs, err := groupBudgets(plan, group, budgets)
		if err != nil {
			return nil, err
		}
		ref := plan.ReferenceOf(group)
		for i := range plan.Rows {
			row := &plan.Rows[i]
			if row.Group != group || row == ref {
				continue
			}
			sum := byConfig[group+"\x00"+row.Name]
			if sum == nil {
				return nil, fmt.Errorf("the run has no records of %s / %s", group, row.Name)
			}
			if len(bs) == 0 {
				cells = append(cells, Cell{row, ref, sum, nil, plan.Pairs[group], len(cells)})
			}
			for j := range bs {
				cells = append(cells, Cell{row, ref, sum, &bs[j], pairs[j], len(cells)})
			}
		}
	}
	return cells, nil
}

// CheckBudgets checks every group's budgets and budget_pairs, as Cells
// reads them, before any search or game.
func CheckBudgets(plan *experiments.Plan, groups []string, budgets []Budget) error {
	for _, group := range groups {
		if _, _, err := groupBudgets(plan, group, budgets); err != nil {
			return err
		}
	}
	return nil
}

// groupBudgets is a group's budgets (its matrix's own, else budgets) and
// the pairs at each.
func groupBudgets(plan *experiments.Plan, group string, budgets []Budget) ([]Budget, []int, error) {
	bs := budgets
	if list := plan.Budgets[group]; list != "" {
		var err error
		if bs, err = ParseBudgets(list); err != nil {
			return nil, nil, fmt.Errorf("matrix %s: %v", group, err)
		}
	}
	pairs, err := budgetPairs(plan, group, bs)
	return bs, pairs, err
}

// budgetPairs gives the pairs of a group's cells at each of its budgets:
// the matrix's budget_pairs where it names the budget, else the group's
// pairs (0: the settings'). A budget_pairs key that is not one of the
// group's budgets is an error.
func budgetPairs(plan *experiments.Plan, group string, bs []Budget) ([]int, error) {
	pairs := make([]int, len(bs))
	for j := range bs {
		pairs[j] = plan.Pairs[group]
	}
	for item, n := range plan.BudgetPairs[group] {
		b, err := ParseBudgets(item)
		if err != nil || len(b) != 1 {
			return nil, fmt.Errorf("matrix %s: budget_pairs %q is not one budget", group, item)
		}
		j := slices.IndexFunc(bs, func(x Budget) bool { return x.String() == b[0].String() })
		if j < 0 {
			return nil, fmt.Errorf("matrix %s: budget_pairs %s is not one of its budgets", group, item)
		}
		pairs[j] = n
	}
	return pairs, nil
}

// PlayOrder is the order a worth plays its cells: cheapest budget first,
// so that an interrupted ladder has its low rungs whole.
func PlayOrder(cells []Cell) []Cell {
	order := append([]Cell(nil), cells...)
	sort.SliceStable(order, func(i, j int) bool { return order[i].Budget.Before(order[j].Budget) })
	return order
}

// Settings are the cell's match settings: s with its players, its budget
// and its group's pairs (unless pairsGiven).
func (c *Cell) Settings(s Settings, pairsGiven bool) Settings {
	if c.Pairs > 0 && !pairsGiven {
		s.Pairs = c.Pairs
	}
	if c.Budget != nil {
		s.SetBudget(*c.Budget)
	}
	s.Configs = []string{c.Row.Name + "=" + c.Row.Spec, c.Ref.Name + "=" + c.Ref.Spec}
	return s
}

// Players are the cell's configuration and its reference.
func (c *Cell) Players(plan *experiments.Plan) (a, b Player) {
	return Player{Name: c.Row.Name, Spec: c.Row.Spec, Subject: plan.Subject, Config: c.Row.Config},
		Player{Name: c.Ref.Name, Spec: c.Ref.Spec, Subject: plan.Subject, Config: c.Ref.Config}
}

// Row is the cell's row of worth.csv, before its match's result.
func (c *Cell) WorthRow(limits string) results.WorthRow {
	w := results.NewWorthRow(c.Summary, &results.MatchResult{}, limits)
	w.Positions, w.Params = c.Row.Suite.Name, c.Row.Config.Params()
	if c.Budget != nil {
		w.Budget = c.Budget.String()
	}
	return w
}

// sameGames reports whether two settings play the same games: all but the
// workers, which change when a game is played but not what is in it (the
// journal is written in pair order whatever -j is).
func sameGames(a, b Settings) bool {
	a.Workers, b.Workers = 0, 0
	return reflect.DeepEqual(a, b)
}

// ResumeDir reads an interrupted match's directory (ablate match
// --resume): its settings, its match.json and the pairs of its journal. A
// complete match is an error: there is nothing left to play.
func ResumeDir(dir string) (s Settings, info *results.MatchInfo, done map[int]*Pair, err error) {
	if info, err = results.ReadMatchInfo(dir); err != nil {
		return s, nil, nil, err
	}
	if info.Complete {
		return s, nil, nil, fmt.Errorf("that match is complete; its games are in games.pgn.gz")
	}
	if err := json.Unmarshal(info.Request, &s); err != nil {
		return s, nil, nil, fmt.Errorf("match.json has no usable request: %v", err)
	}
	done, err = ReadJournal(dir)
	return s, info, done, err
}

// SamePlayers checks that the players about to finish an interrupted match
// are the ones that began it: a variant built from source whose revision
// now names another commit, or another patch, would mix two engines' games
// in one match. (A configuration's spec is in the settings already.)
func SamePlayers(prev *results.MatchInfo, m *Match) error {
	for i, p := range []Player{m.A, m.B} {
		was := prev.A.Built
		if i == 1 {
			was = prev.B.Built
		}
		if now := builtFrom(p.Config); !reflect.DeepEqual(was, now) {
			return fmt.Errorf("%s began as %s and would finish as %s: its revision moved; "+
				"use another directory, or check out the revision it began with", p.Name, describeBuild(was), describeBuild(now))
		}
	}
	return nil
}

// builtFrom is what a configuration's engine was built from: nil but for
// a variant built from source.
func builtFrom(c subject.Config) *subject.Provenance {
	if v, ok := c.(interface{ Built() *subject.Provenance }); ok {
		return v.Built()
	}
	return nil
}

func describeBuild(p *subject.Provenance) string {
	if p == nil {
		return "an engine of no recorded build"
	}
	return p.String()
}

// Resume reads what a cell's directory holds: nothing yet (nil, nil), a
// finished match (complete, with its result) or an interrupted one (its
// match.json and the pairs of its journal). A directory made with other
// settings is an error: a cell is reused only for the same match (at any -j).
func Resume(dir string, s Settings) (prev *results.MatchInfo, done map[int]*Pair, err error) {
	prev, err = results.ReadMatchInfo(dir)
	if err != nil {
		return nil, nil, nil
	}
	var was Settings
	was.Shard = experiments.Whole // a match made before shards has none
	if json.Unmarshal(prev.Request, &was) != nil || !sameGames(was, s) {
		return nil, nil, fmt.Errorf("%s holds a match made with other settings; remove it or use another --out", dir)
	}
	if prev.Complete && prev.Result != nil {
		return prev, nil, nil
	}
	done, err = ReadJournal(dir)
	return prev, done, err
}
