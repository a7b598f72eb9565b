package main

import (
	"fmt"
	"maps"
	"slices"
	"strconv"

	"github.com/urfave/cli/v2"

	"github.com/ablate-chess/ablate/cmd/internal/command"
	"github.com/ablate-chess/ablate/engine/chess"
	"github.com/ablate-chess/ablate/engine/search"
	"github.com/ablate-chess/ablate/experiments/nullcheck"
	"github.com/ablate-chess/ablate/experiments/render"
)

// checkNull is trace --check-null: per position, the null-move cutoffs of
// a search and how many a real move's search overturns; then the totals
// by depth.
func checkNull(c *cli.Context, cfg search.Config, pos chess.Position, depth int) error {
	format := c.String("format")
	if format == "json" || format == "tree" || render.CheckFormat(format) != nil {
		return command.BadInput(fmt.Errorf("--check-null writes a table: --format table, markdown or csv"))
	}
	ps, err := nullcheck.Suite(c.String("positions"), pos)
	if err != nil {
		return command.BadInput(err)
	}
	per, total := nullcheck.Positions(cfg, ps, depth, c.Int("hash"), c.Int("limit"),
		func(id string, n nullcheck.Tally) {
			fmt.Fprintf(c.App.ErrWriter, "%s: %d of %d checked cutoffs overturned\n", id, n.Overturned, n.Checked)
		})
	var rows [][]string
	for i, n := range per {
		rows = append(rows, tallyRow(ps[i].ID, n))
	}
	rows = append(rows, tallyRow("total", total))
	w := c.App.Writer
	header := []string{"position", "null cutoffs", "checked", "overturned", "rate", "mean loss (cp)"}
	if err := render.Table(w, format, header, rows, 1); err != nil {
		return err
	}
	var byDepth [][]string
	for _, d := range slices.Sorted(maps.Keys(total.ByDepth)) {
		x := total.ByDepth[d]
		byDepth = append(byDepth, []string{strconv.Itoa(d), strconv.Itoa(x[0]), strconv.Itoa(x[1]), percent(x[1], x[0])})
	}
	fmt.Fprintln(w)
	return render.Table(w, format, []string{"depth left", "checked", "overturned", "rate"}, byDepth, 1)
}

// tallyRow is one position's row of the table (or the total's).
func tallyRow(id string, n nullcheck.Tally) []string {
	loss := ""
	if n.Overturned > 0 {
		loss = strconv.Itoa(n.Loss / n.Overturned)
	}
	return []string{id, strconv.Itoa(n.Cutoffs), strconv.Itoa(n.Checked), strconv.Itoa(n.Overturned), percent(n.Overturned, n.Checked), loss}
}

// percent is a of b in percent to a tenth, or empty when b is 0.
func percent(a, b int) string {
	if b == 0 {
		return ""
	}
	return fmt.Sprintf("%.1f%%", 100*float64(a)/float64(b))
}
