package main

import (
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/ablate-chess/ablate/cmd/internal/command"
	"github.com/ablate-chess/ablate/engine/chess"
	"github.com/ablate-chess/ablate/engine/search"
	"github.com/ablate-chess/ablate/experiments/recheck"
	"github.com/ablate-chess/ablate/experiments/render"
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
	ids := make([]string, len(ps))
	for i, p := range ps {
		ids[i] = p.ID
	}
	return render.Recheck(c.App.Writer, format, what, ids, per, total, lmr)
}
