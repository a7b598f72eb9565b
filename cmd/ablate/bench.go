package main

import (
	"fmt"
	"os"

	"github.com/urfave/cli/v2"

	"github.com/ablate-chess/ablate/cmd/internal/command"
	"github.com/ablate-chess/ablate/engine/subject"
	"github.com/ablate-chess/ablate/experiments/bench"
	"github.com/ablate-chess/ablate/experiments/matrix"
	"github.com/ablate-chess/ablate/experiments/render"
	"github.com/ablate-chess/ablate/experiments/setup"
)

// benchDepth is the bench's default depth: full searches the bench suite to
// it in about 2.5 s on one core here.
const benchDepth = 11

func benchCommand() *cli.Command {
	return &cli.Command{
		Name:      "bench",
		Usage:     "search the bench suite at a fixed depth and print node-count signatures",
		UsageText: "ablate bench [--depth N] [--config NAME=SPEC ...] [--all] [--set param=value ...]",
		Description: "With no configuration, searches the bench suite under full at depth 11 and prints\n" +
			"each position's nodes, then 'Nodes searched: N' and 'Nodes/second: N' (the last two\n" +
			"lines, as OpenBench reads them). With --all, one signature line for full and for the\n" +
			"leave-one-out of every technique, each at a depth that keeps it to a few seconds\n" +
			"(depth 10, less for those listed in the README); --depth caps them. Node counts are exact and\n" +
			"the same on every machine; 'ablate check' compares them with results/baseline/bench.csv.",
		Flags: append([]cli.Flag{
			depthFlag(benchDepth, "search depth"),
			configFlag("a configuration `NAME=SPEC` (repeatable; default: full)"),
			&cli.BoolFlag{Name: "all", Usage: "full and the leave-one-out of every technique, each at its bounded depth"},
			positionsFlag("bench", "suite or EPD `FILE`"),
			setFlag(),
			jobsFlag(),
			hashFlag(),
			shardFlag(),
		}, append(capFlags(), subjectFlags()...)...),
		Action: func(c *cli.Context) error {
			sub, err := subjectOf(c)
			if err != nil {
				return command.BadInput(err)
			}
			configs, err := bench.Configs(sub, c.StringSlice("config"), c.Bool("all"))
			if err != nil {
				return command.BadInput(flagError(err))
			}
			plan, err := matrix.BenchPlan(sub, c.String("positions"), c.Int("depth"), configs, c.StringSlice("set"))
			if err != nil {
				return command.BadInput(err)
			}
			shard, err := setup.ParseShard(c.String("shard"), os.Getenv)
			if err != nil {
				return command.BadInput(err)
			}
			ctx, cancel := command.Interruptible()
			defer cancel()
			recs, err := bench.Run(ctx, plan, c.Int("workers"), jobCap(c), shard)
			if err != nil {
				return searchError(ctx, err)
			}
			if shard.Count > 1 {
				fmt.Fprintf(c.App.ErrWriter, "shard %s: the sums below are this shard's only\n", shard)
			}
			// A configuration the cap cut short has no signature.
			cut, err := render.Bench(c.App.Writer, recs, len(plan.Rows), plan.Rows[0].Depth)
			if err == nil && len(cut) > 0 {
				err = fmt.Errorf("bench: %d configuration(s) cut short by the cap (%v): no signature", len(cut), cut)
			}
			return searchError(ctx, err)
		},
	}
}

// subjectOf is the engine the command's flags name (ablate's by default),
// with --hash checked against the machine's memory for -j tables.
func subjectOf(c *cli.Context) (subject.Subject, error) {
	if err := setup.CheckHash(c.Int("hash"), max(1, c.Int("workers"))); err != nil {
		return nil, flagError(err)
	}
	spec, err := readSubjectSpec(c)
	if err != nil {
		return nil, err
	}
	return makeSubject(spec, c.Int("hash"), jobCap(c), "", c.App.ErrWriter)
}
