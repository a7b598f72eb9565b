package worth

import (
	"fmt"
	"slices"
	"sort"

	"github.com/ablate-chess/ablate/experiments/match"
	"github.com/ablate-chess/ablate/experiments/matrix"
	"github.com/ablate-chess/ablate/experiments/records"
	"github.com/ablate-chess/ablate/experiments/setup"
	"github.com/ablate-chess/ablate/experiments/stats"
)

// A worth is an experiment's configurations each played against their
// group's reference, at one budget or at each of a ladder's: one match a
// cell, in its own directory, like any other match.

// planned is one match of a worth: a configuration against its group's
// reference, at one budget.
type planned struct {
	Row, Ref *matrix.Row
	Summary  *records.Summary // the configuration's tree size against the reference
	Budget   *setup.Budget    // nil: the settings' own limit
	Pairs    int              // the group's (or the budget's) own pairs, or 0
	At       int              // its row in worth.csv
}

// planCells lists a worth's cells: each group's rows but its reference, at each
// of the group's budgets (a matrix's own, else budgets), configuration by
// configuration, budgets in the order given.
func planCells(plan *matrix.Plan, groups []string, budgets []setup.Budget, sums []records.Summary) ([]planned, error) {
	byConfig := map[string]*records.Summary{}
	for i := range sums {
		byConfig[sums[i].Group+"\x00"+sums[i].Config] = &sums[i]
	}
	var cells []planned
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
				cells = append(cells, planned{row, ref, sum, nil, plan.Pairs[group], len(cells)})
			}
			for j := range bs {
				cells = append(cells, planned{row, ref, sum, &bs[j], pairs[j], len(cells)})
			}
		}
	}
	return cells, nil
}

// checkBudgets checks every group's budgets and budget_pairs, as Cells
// reads them, before any search or game.
func checkBudgets(plan *matrix.Plan, groups []string, budgets []setup.Budget) error {
	for _, group := range groups {
		if _, _, err := groupBudgets(plan, group, budgets); err != nil {
			return err
		}
	}
	return nil
}

// groupBudgets is a group's budgets (its matrix's own, else budgets) and
// the pairs at each.
func groupBudgets(plan *matrix.Plan, group string, budgets []setup.Budget) ([]setup.Budget, []int, error) {
	bs := budgets
	if list := plan.Budgets[group]; list != "" {
		var err error
		if bs, err = setup.ParseBudgets(list); err != nil {
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
func budgetPairs(plan *matrix.Plan, group string, bs []setup.Budget) ([]int, error) {
	pairs := make([]int, len(bs))
	for j := range bs {
		pairs[j] = plan.Pairs[group]
	}
	for item, n := range plan.BudgetPairs[group] {
		b, err := setup.ParseBudgets(item)
		if err != nil || len(b) != 1 {
			return nil, fmt.Errorf("matrix %s: budget_pairs %q is not one budget", group, item)
		}
		j := slices.IndexFunc(bs, func(x setup.Budget) bool { return x.String() == b[0].String() })
		if j < 0 {
			return nil, fmt.Errorf("matrix %s: budget_pairs %s is not one of its budgets", group, item)
		}
		pairs[j] = n
	}
	return pairs, nil
}

// playOrder is the order a worth plays its cells: cheapest budget first,
// so that an interrupted ladder has its low rungs whole.
func playOrder(cells []planned) []planned {
	order := append([]planned(nil), cells...)
	sort.SliceStable(order, func(i, j int) bool { return order[i].Budget.Before(order[j].Budget) })
	return order
}

// Settings are the cell's match settings: s with its players, its budget
// and its group's pairs (unless pairsGiven).
func (c *planned) Settings(s match.Settings, pairsGiven bool) match.Settings {
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
func (c *planned) Players(plan *matrix.Plan) (a, b match.Player) {
	return match.Player{Name: c.Row.Name, Spec: c.Row.Spec, Subject: plan.Subject, Config: c.Row.Config},
		match.Player{Name: c.Ref.Name, Spec: c.Ref.Spec, Subject: plan.Subject, Config: c.Ref.Config}
}

// Row is the cell's row of worth.csv, before its match's result.
func (c *planned) WorthRow(limits string) records.WorthRow {
	w := records.NewWorthRow(c.Summary, &stats.MatchResult{}, limits)
	w.Positions, w.Params = c.Row.Suite.Name, c.Row.Config.Params()
	if c.Budget != nil {
		w.Budget = c.Budget.String()
	}
	return w
}
