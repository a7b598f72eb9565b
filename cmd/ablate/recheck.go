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
	"github.com/ablate-chess/ablate/experiments/recheck"
	"github.com/ablate-chess/ablate/experiments/render"
	"github.com/ablate-chess/ablate/experiments/trace"
)

// recheckAction is trace --check-null and --check-lmr: per position, the
// shortcuts of a search (null-move cutoffs, or reduced moves that failed
// low) and how many an ordinary search overturns; then the totals by
// depth, and for LMR by move number.
func recheckAction(c *cli.Context, cfg search.Config, pos chess.Position, depth int, lmr bool) error {
	flag, what, noun := "--check-null", "null cutoffs", "cutoffs"
	if lmr {
		flag, what, noun = "--check-lmr", "reduced and failed low", "reductions"
	}
	format := c.String("format")
	if format == "json" || format == "tree" || render.CheckFormat(format) != nil {
		return command.BadInput(fmt.Errorf("%s writes a table: --format table, markdown or csv", flag))
	}
	ps, err := recheck.Suite(c.String("positions"), pos)
	if err != nil {
		return command.BadInput(err)
	}
	per, total := recheck.Positions(cfg, ps, depth, c.Int("hash"), c.Int("limit"), lmr,
		func(id string, n recheck.Tally) {
			fmt.Fprintf(c.App.ErrWriter, "%s: %d of %d checked %s overturned\n", id, n.Overturned, n.Checked, noun)
		})
	var rows [][]string
	for i, n := range per {
		rows = append(rows, tallyRow(ps[i].ID, n))
	}
	rows = append(rows, tallyRow("total", total))
	w := c.App.Writer
	header := []string{"position", what, "checked", "overturned", "rate", "mean loss (cp)", "floor", "floor rate"}
	counts := []string{"checked", "overturned", "rate", "floor", "floor rate"}
	if err := render.Table(w, format, header, rows, 1); err != nil {
		return err
	}
	fmt.Fprintln(w)
	if err := render.Table(w, format, append([]string{"depth left"}, counts...), countRows(total.ByDepth, strconv.Itoa), 1); err != nil {
		return err
	}
	if !lmr {
		return nil
	}
	fmt.Fprintln(w)
	return render.Table(w, format, append([]string{"move"}, counts...), countRows(total.ByMove, trace.BucketName), 1)
}

// countRows is a tally's table by depth or bucket of move numbers, in
// order, each key named by name.
func countRows(m map[int][3]int, name func(int) string) [][]string {
	var rows [][]string
	for _, k := range slices.Sorted(maps.Keys(m)) {
		x := m[k]
		rows = append(rows, []string{name(k), strconv.Itoa(x[0]), strconv.Itoa(x[1]), percent(x[1], x[0]), strconv.Itoa(x[2]), percent(x[2], x[0])})
	}
	return rows
}

// tallyRow is one position's row of the table (or the total's).
func tallyRow(id string, n recheck.Tally) []string {
	miss := ""
	if n.Overturned > 0 {
		miss = strconv.Itoa(n.Loss / n.Overturned)
	}
	return []string{id, strconv.Itoa(n.Shortcuts), strconv.Itoa(n.Checked), strconv.Itoa(n.Overturned), percent(n.Overturned, n.Checked), miss,
		strconv.Itoa(n.Floor), percent(n.Floor, n.Checked)}
}

// percent is a of b in percent to a tenth, or empty when b is 0.
func percent(a, b int) string {
	if b == 0 {
		return ""
	}
	return fmt.Sprintf("%.1f%%", 100*float64(a)/float64(b))
}
