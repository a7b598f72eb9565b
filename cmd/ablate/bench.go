package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/urfave/cli/v2"

	"github.com/ablate-chess/ablate/experiments"
	"github.com/ablate-chess/ablate/results"
)

// benchDepth is the bench's default depth: full searches the bench suite to
// it in a few seconds on one core here.
const benchDepth = 11

func benchCommand() *cli.Command {
	return &cli.Command{
		Name:      "bench",
		Usage:     "search the bench suite at a fixed depth and print node-count signatures",
		UsageText: "ablate bench [--depth N] [--config NAME=SPEC ...] [--set param=value ...]",
		Description: "With one configuration, prints each position's nodes, then 'Nodes searched: N'\n" +
			"and 'Nodes/second: N'. With several (by default full and the leave-one-out of\n" +
			"every technique), one signature line per configuration. Node counts are exact and\n" +
			"the same on every machine; 'ablate check' compares them with results/bench.csv.",
		Flags: []cli.Flag{
			depthFlag(benchDepth, "search depth"),
			configFlag("a configuration `NAME=SPEC` (repeatable; default: full and every leave-one-out)"),
			positionsFlag("bench", "suite or EPD `FILE`"),
			setFlag(),
			jobsFlag(),
			hashFlag(),
		},
		Action: func(c *cli.Context) error {
			configs, err := benchConfigs(c.StringSlice("config"))
			if err != nil {
				return badInput(err)
			}
			plan, err := experiments.BenchPlan(c.String("positions"), c.Int("depth"), configs, c.StringSlice("set"))
			if err != nil {
				return badInput(err)
			}
			recs, err := runPlan(plan, c.Int("jobs"), c.Int("hash"))
			if err != nil {
				return err
			}
			out := c.App.Writer
			final := plan.BaselineRows(recs)
			var total uint64
			var seconds float64
			for _, row := range plan.Rows {
				var nodes uint64
				var ms float64
				for _, r := range recs {
					if r.Config == row.Name && r.Depth == row.Depth {
						nodes += r.Nodes
						ms += r.TimeMS
					}
				}
				total, seconds = total+nodes, seconds+ms/1000
				if len(plan.Rows) == 1 {
					for _, b := range final {
						fmt.Fprintf(out, "%-32s %12d\n", b.Position, b.Nodes)
					}
					fmt.Fprintf(out, "\nNodes searched: %d\nNodes/second: %d\n", nodes, int64(float64(nodes)/(ms/1000)))
					return nil
				}
				fmt.Fprintf(out, "%-24s depth %2d  Nodes searched: %11d  Nodes/second: %9d\n",
					row.Name, row.Depth, nodes, int64(float64(nodes)/(ms/1000)))
			}
			fmt.Fprintf(out, "\nNodes searched: %d\nNodes/second: %d\n", total, int64(float64(total)/seconds))
			return nil
		},
	}
}

// benchConfigs reads --config NAME=SPEC items, or gives the default bench.
func benchConfigs(items []string) ([]experiments.NamedSpec, error) {
	if len(items) == 0 {
		return experiments.DefaultBench(), nil
	}
	var out []experiments.NamedSpec
	for _, kv := range items {
		req, err := experiments.Build(experiments.Request{Configs: []string{kv}})
		if err != nil {
			return nil, err
		}
		out = append(out, experiments.NamedSpec{Name: req.Rows[0].Name, Spec: req.Rows[0].Spec})
	}
	return out, nil
}

// runPlan runs a plan with Ctrl-C stopping it; an interruption is an error.
func runPlan(plan *experiments.Plan, workers, hashMB int) ([]results.Record, error) {
	if workers < 1 || hashMB < 1 {
		return nil, badInput(fmt.Errorf("--jobs and --hash must be at least 1"))
	}
	ctx, cancel := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer cancel()
	recs, err := (&experiments.Runner{Plan: plan, Workers: workers, HashMB: hashMB}).Run(ctx)
	if err == context.Canceled {
		return nil, cli.Exit("interrupted", exitInterrupted)
	}
	if err != nil {
		return nil, cli.Exit(err.Error(), exitFailed)
	}
	return recs, nil
}
