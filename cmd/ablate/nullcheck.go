package main

import (
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/ablate-chess/ablate/cmd/internal/command"
	"github.com/ablate-chess/ablate/engine/chess"
	"github.com/ablate-chess/ablate/engine/search"
	"github.com/ablate-chess/ablate/experiments"
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
	ps, err := experiments.NullCheckSuite(c.String("positions"), pos)
	if err != nil {
		return command.BadInput(err)
	}
	return experiments.CheckNullPositions(c.App.Writer, format, cfg, ps, depth, c.Int("hash"), c.Int("limit"),
		func(id string, n experiments.NullCheck) {
			fmt.Fprintf(c.App.ErrWriter, "%s: %d of %d checked cutoffs overturned\n", id, n.Overturned, n.Checked)
		})
}
