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
			// Each configuration's nodes and time at its own depth.
			nodes := map[string]uint64{}
			ms := map[string]float64{}
			depth := map[string]int{}
			for _, row := range plan.Rows {
				depth[row.Name] = row.Depth
			}
			out := c.App.Writer
			for _, r := range recs {
				if r.Depth != depth[r.Config] {
					continue
				}
				nodes[r.Config] += r.Nodes
				ms[r.Config] += r.TimeMS
				if len(plan.Rows) == 1 {
					fmt.Fprintf(out, "%-32s %12d\n", r.Position, r.Nodes)
				}
			}
			var total uint64
			var totalMS float64
			for _, row := range plan.Rows {
				n := nodes[row.Name]
				total, totalMS = total+n, totalMS+ms[row.Name]
				if len(plan.Rows) > 1 {
					fmt.Fprintf(out, "%-24s depth %2d  Nodes searched: %11d  Nodes/second: %9d\n",
						row.Name, row.Depth, n, perSecond(n, ms[row.Name]))
				}
			}
			fmt.Fprintf(out, "\nNodes searched: %d\nNodes/second: %d\n", total, perSecond(total, totalMS))
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
		ns, err := experiments.ParseNamedSpec(kv)
		if err != nil {
			return nil, err
		}
		out = append(out, ns)
	}
	return out, nil
}

func perSecond(n uint64, ms float64) int64 {
	if ms <= 0 {
		return 0
	}
	return int64(float64(n) / (ms / 1000))
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
