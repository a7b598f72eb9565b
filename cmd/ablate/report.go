package main

import (
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/ablate-chess/ablate/cmd/internal/command"
	"github.com/ablate-chess/ablate/experiments/report"
)

func reportCommand() *cli.Command {
	return &cli.Command{
		Name:      "report",
		ArgsUsage: "RUN_DIR [RUN_DIR]",
		Usage:     "draw run directories as one self-contained HTML page of plots and tables",
		UsageText: "ablate report [--html report.html] [--png DIR] RUN_DIR [RUN_DIR]",
		Description: "Plots, per group of configurations: nodes by depth (log scale), the effective\n" +
			"branching factor, time to depth with the spread of the repeats, each position's\n" +
			"node ratio to the reference (box and dots, so that an outlier shows), and the\n" +
			"re-search rates and mean reduction; where the directory holds a worth result,\n" +
			"Elo beside tree size. Then the summary table and the run's provenance. Two\n" +
			"directories (old and new) are drawn side by side. The page holds every plot as\n" +
			"inline SVG and fetches nothing. --png DIR writes each plot as a PNG too.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "html", Usage: "write the HTML page to `FILE`", Value: "report.html"},
			// --out is a directory in every other command: the page's file
			// was --out, -o or --output here once, kept for scripts.
			&cli.StringFlag{Name: "out", Aliases: []string{"o", "output"}, Hidden: true, Usage: "the old name of --html"},
			&cli.StringFlag{Name: "png", Usage: "write each plot as a PNG to `DIR`"},
			&cli.BoolFlag{Name: "force", Usage: "replace the HTML file if it exists"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() < 1 || c.NArg() > 2 {
				return command.BadInput(fmt.Errorf("report wants one run directory, or two to compare (flags first)"))
			}
			html := c.String("html")
			if c.IsSet("out") && !c.IsSet("html") {
				html = c.String("out")
			}
			if !c.Bool("force") {
				if err := refuseExisting("html", html); err != nil {
					return err
				}
			}
			plots, pngs, err := report.Write(c.Args().Slice(), html, c.String("png"))
			if err != nil {
				return command.BadInput(err)
			}
			fmt.Fprintf(c.App.ErrWriter, "wrote %s: %d plots\n", html, plots)
			if pngs > 0 {
				fmt.Fprintf(c.App.ErrWriter, "wrote %d PNGs to %s\n", pngs, c.String("png"))
			}
			return nil
		},
	}
}
