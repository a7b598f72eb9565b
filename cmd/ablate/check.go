package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/urfave/cli/v2"

	"github.com/ablate-chess/ablate/cmd/internal/command"
	"github.com/ablate-chess/ablate/experiments/bench"
	"github.com/ablate-chess/ablate/experiments/check"
	"github.com/ablate-chess/ablate/experiments/render"
	"github.com/ablate-chess/ablate/experiments/resultdir"
	"github.com/ablate-chess/ablate/experiments/setup"
)

// baselineFile is the repository's bench baseline, under results/.
const baselineFile = "baseline/bench.csv"

// checkDepth is the depth the stored baseline is made at: deep enough that
// every technique acts, shallow enough for every test run.
const checkDepth = 7

func checkCommand() *cli.Command {
	return &cli.Command{
		Name:      "check",
		Usage:     "re-run the bench baseline; compare every node count exactly (CI regression check)",
		UsageText: "ablate check [--baseline FILE] [--set param=value ...] [--engine CMD --profile P]\nablate check --update [--baseline FILE] [--depth N] [--positions SUITE]",
		Description: "Re-runs exactly what the baseline holds (configuration, depth, position) and\n" +
			"compares node counts. On a difference it searches the changed ones again: the same\n" +
			"count again is a change (a table of them, exit 1); another count is an engine that\n" +
			"is not deterministic, whose counts cannot be pinned (exit 2). --update searches\n" +
			"everything twice and refuses to pin counts that differ. A change meant to alter\n" +
			"the search rewrites the baseline with --update, in the same commit, and says so in\n" +
			"the commit message.",
		Flags: append(append([]cli.Flag{
			&cli.StringFlag{Name: "baseline", Aliases: []string{"b"}, Usage: "baseline `FILE` (default: the repository's " +
				"results/baseline/bench.csv, found from the working directory or the build's source)"},
			setFlag(),
			&cli.StringSliceFlag{Name: "preset", Usage: "check only the configurations built on preset `NAME` (repeatable)"},
			&cli.BoolFlag{Name: "all", Usage: "check every configuration the baseline holds, every stored preset's (the default; refused with --preset)"},
			&cli.BoolFlag{Name: "update", Usage: "rewrite the baseline: the default preset and every leave-one-out on the bench suite"},
			depthFlag(checkDepth, "with --update, the depth"),
			positionsFlag("bench", "with --update, the suite or EPD `FILE`"),
			formatFlag("format of the difference table: table, markdown, csv or json"),
			jobsFlag(),
			hashFlag(),
			shardFlag(),
		}, capFlags()...), subjectFlags()...),
		Action: checkAction,
	}
}

func checkAction(c *cli.Context) error {
	path := c.String("baseline")
	if path == "" {
		found, err := resultdir.StoredFile(baselineFile)
		if err != nil {
			return cli.Exit(fmt.Sprintf("%v: give the baseline with --baseline FILE", err), command.ExitBadInput)
		}
		path = found
	}
	sub, err := subjectOf(c)
	if err != nil {
		return command.BadInput(err)
	}
	ctx, cancel := command.Interruptible()
	defer cancel()
	if c.Bool("update") {
		n, configs, err := check.UpdateBaseline(ctx, sub, path, c.String("positions"), c.Int("depth"),
			bench.Default(sub), c.StringSlice("set"), c.Int("workers"), jobCap(c))
		if err != nil {
			return searchError(ctx, err)
		}
		fmt.Fprintf(c.App.Writer, "wrote %s: %d searches of %d configurations\n", path, n, configs)
		return nil
	}
	if c.Bool("all") && len(c.StringSlice("preset")) > 0 {
		return command.BadInput(fmt.Errorf("--all and --preset: --all checks every configuration, --preset only some; give one"))
	}
	shard, err := setup.ParseShard(c.String("shard"), os.Getenv)
	if err != nil {
		return command.BadInput(err)
	}
	check := check.Baseline{Subject: sub, Path: path, Set: c.StringSlice("set"), Workers: c.Int("workers"),
		Cap: jobCap(c), Shard: shard, Presets: c.StringSlice("preset")}
	res, err := check.Run(ctx)
	if err != nil {
		return searchError(ctx, err)
	}
	if res.Searches < res.Pinned {
		fmt.Fprintf(c.App.ErrWriter, "checked %d of the baseline's %d searches\n", res.Searches, res.Pinned)
	}
	return searchError(ctx, reportCheck(c.App.Writer, res, c.String("format"), sub.Name(), path))
}

// searchError is the status of a library's error in a command that
// searches: its context stopped (130), a setting or a refused --out (2,
// naming its flag), the machine (1), else a failed search (1).
func searchError(ctx context.Context, err error) error {
	if err != nil && ctx.Err() != nil && claimError(err) == err {
		return cli.Exit("interrupted", command.ExitInterrupted)
	}
	return exitError(err)
}

// reportCheck writes the check's verdict on w: every count the same, or a table
// in format of those that changed and an error saying so (an engine that
// is not deterministic is a *NotDeterministic).
func reportCheck(w io.Writer, r *check.Result, format, engine, path string) error {
	switch {
	case len(r.Unrepeatable) > 0:
		return &setup.NotDeterministic{Engine: engine, Searches: r.Unrepeatable, Of: len(r.Unrepeatable) + len(r.Diff)}
	case len(r.Diff) == 0:
		fmt.Fprintf(w, "bench check: all %d searches of %d configurations match %s (%d nodes)\n", r.Searches, r.Configs, path, r.Nodes)
		return nil
	}
	fmt.Fprintf(w, "bench check: %d of %d searches differ from %s:\n", len(r.Diff), r.Searches, path)
	if err := render.Table(w, format, []string{"config", "position", "expected", "got", "change"}, r.Diff, 2); err != nil {
		return err
	}
	return fmt.Errorf("bench check failed: %d node counts changed; if the change is meant, "+
		"run 'ablate check --update' and say so in the commit message", len(r.Diff))
}
