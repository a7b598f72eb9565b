package main

import (
	"fmt"
	"os"
	"strconv"

	"github.com/urfave/cli/v2"

	"github.com/ablate-chess/ablate/engine/subject"
	"github.com/ablate-chess/ablate/experiments"
	"github.com/ablate-chess/ablate/results"
)

// defaultBaseline is where the repository keeps its bench baseline.
const defaultBaseline = "results/bench.csv"

// checkDepth is the depth the stored baseline is made at: deep enough that
// every technique acts, shallow enough for every test run.
const checkDepth = 7

func checkCommand() *cli.Command {
	return &cli.Command{
		Name:      "check",
		Usage:     "re-run the bench baseline and compare every node count exactly (CI regression check)",
		UsageText: "ablate check [--baseline FILE] [--set param=value ...]\nablate check --update [--baseline FILE] [--depth N] [--positions SUITE]",
		Description: "Re-runs exactly what the baseline holds (configuration, depth, position) and\n" +
			"compares node counts. On a difference it prints what changed and exits 1. A change\n" +
			"meant to alter the search rewrites the baseline with --update, in the same commit,\n" +
			"and says so in the commit message.",
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "baseline", Aliases: []string{"b"}, Usage: "baseline `FILE`", Value: defaultBaseline},
			setFlag(),
			&cli.BoolFlag{Name: "update", Usage: "rewrite the baseline: full and every leave-one-out on the bench suite"},
			depthFlag(checkDepth, "with --update, the depth"),
			positionsFlag("bench", "with --update, the suite or EPD `FILE`"),
			formatFlag("format of the difference table: table, markdown, csv or json"),
			jobsFlag(),
		}, budgetFlags()...),
		Action: func(c *cli.Context) error {
			path := c.String("baseline")
			if err := results.CheckFormat(c.String("format")); err != nil {
				return badInput(err)
			}
			if err := checkDepthFlag(c); err != nil {
				return badInput(err)
			}
			sub := subject.Native{HashMB: 16}
			if c.Bool("update") {
				plan, err := experiments.BenchPlan(sub, c.String("positions"), c.Int("depth"), experiments.DefaultBench(), c.StringSlice("set"))
				if err != nil {
					return badInput(err)
				}
				recs, err := runPlan(plan, c.Int("jobs"), budget(c), false)
				if err != nil {
					return err
				}
				rows := plan.BaselineRows(recs)
				if err := results.WriteBaseline(path, rows); err != nil {
					return err
				}
				fmt.Fprintf(c.App.Writer, "wrote %s: %d searches of %d configurations\n", path, len(rows), len(plan.Rows))
				return nil
			}

			f, err := os.Open(path)
			if err != nil {
				return badInput(fmt.Errorf("baseline: %v", err))
			}
			want, err := results.ReadBaseline(f, path)
			f.Close()
			if err != nil {
				return badInput(err)
			}
			plan, err := experiments.BaselinePlan(sub, want, path, c.StringSlice("set"))
			if err != nil {
				return badInput(err)
			}
			recs, err := runPlan(plan, c.Int("jobs"), budget(c), false)
			if err != nil {
				return err
			}
			got := map[[2]string]uint64{}
			for _, r := range plan.BaselineRows(recs) {
				got[[2]string{r.Config, r.Position}] = r.Nodes
			}
			var diff [][]string
			var total uint64
			for _, w := range want {
				n := got[[2]string{w.Config, w.Position}]
				total += n
				if n != w.Nodes {
					change := 100 * (float64(n) - float64(w.Nodes)) / float64(max(w.Nodes, 1))
					diff = append(diff, []string{w.Config, w.Position, strconv.FormatUint(w.Nodes, 10),
						strconv.FormatUint(n, 10), strconv.FormatFloat(change, 'f', 2, 64) + "%"})
				}
			}
			if len(diff) == 0 {
				fmt.Fprintf(c.App.Writer, "bench check: all %d searches of %d configurations match %s (%d nodes)\n",
					len(want), len(plan.Rows), path, total)
				return nil
			}
			fmt.Fprintf(c.App.Writer, "bench check: %d of %d searches differ from %s:\n", len(diff), len(want), path)
			if err := results.RenderTable(c.App.Writer, c.String("format"),
				[]string{"config", "position", "expected", "got", "change"}, diff, 2); err != nil {
				return err
			}
			return cli.Exit(fmt.Sprintf("bench check failed: %d node counts changed; if the change is meant, "+
				"run 'ablate check --update' and say so in the commit message", len(diff)), exitFailed)
		},
	}
}
