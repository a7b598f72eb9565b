package main

import (
	"fmt"
	"sort"
	"strconv"

	"github.com/urfave/cli/v2"

	"github.com/ablate-chess/ablate/engine/chess"
	"github.com/ablate-chess/ablate/engine/search"
	"github.com/ablate-chess/ablate/experiments"
	"github.com/ablate-chess/ablate/positions"
	"github.com/ablate-chess/ablate/results"
)

// checkNull is trace --check-null: per position, the null-move cutoffs of
// a search and how many a real move's search overturns; then the totals
// by depth.
func checkNull(c *cli.Context, cfg search.Config, pos chess.Position, depth int) error {
	format := c.String("format")
	if format == "json" || format == "tree" {
		return badInput(fmt.Errorf("--check-null writes a table: --format table, markdown or csv"))
	}
	if err := results.CheckFormat(format); err != nil {
		return badInput(err)
	}
	ids, boards := []string{"fen"}, []chess.Position{pos}
	if name := c.String("positions"); name != "" {
		suite, err := positions.Load(name)
		if err != nil {
			return badInput(err)
		}
		ids, boards = nil, nil
		for _, e := range suite.Entries {
			ids, boards = append(ids, e.ID), append(boards, e.Board)
		}
	}
	var total experiments.NullCheck
	var rows [][]string
	for i, b := range boards {
		n := experiments.CheckNullCutoffs(cfg, b, depth, c.Int("hash"), c.Int("limit"))
		total.Add(n)
		rows = append(rows, nullRow(ids[i], n))
		fmt.Fprintf(c.App.ErrWriter, "%s: %d of %d checked cutoffs overturned\n", ids[i], n.Overturned, n.Checked)
	}
	rows = append(rows, nullRow("total", total))
	header := []string{"position", "null cutoffs", "checked", "overturned", "rate", "mean loss (cp)"}
	if err := results.RenderTable(c.App.Writer, format, header, rows, 1); err != nil {
		return err
	}
	var depths []int
	for d := range total.ByDepth {
		depths = append(depths, d)
	}
	sort.Ints(depths)
	var byDepth [][]string
	for _, d := range depths {
		x := total.ByDepth[d]
		byDepth = append(byDepth, []string{strconv.Itoa(d), strconv.Itoa(x[0]), strconv.Itoa(x[1]), pct(x[1], x[0])})
	}
	fmt.Fprintln(c.App.Writer)
	return results.RenderTable(c.App.Writer, format, []string{"depth left", "checked", "overturned", "rate"}, byDepth, 1)
}

func nullRow(id string, n experiments.NullCheck) []string {
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
