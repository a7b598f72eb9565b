package main

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/urfave/cli/v2"

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
			&cli.StringFlag{Name: "baseline", Aliases: []string{"b"}, Usage: "baseline `FILE`", Value: defaultBaseline},
			setFlag(),
			&cli.BoolFlag{Name: "update", Usage: "rewrite the baseline: the default preset and every leave-one-out on the bench suite"},
			depthFlag(checkDepth, "with --update, the depth"),
			positionsFlag("bench", "with --update, the suite or EPD `FILE`"),
			formatFlag("format of the difference table: table, markdown, csv or json"),
			jobsFlag(),
			hashFlag(),
			shardFlag(),
		}, budgetFlags()...), subjectFlags()...),
		Action: checkAction,
	}
}

func checkAction(c *cli.Context) error {
	path := c.String("baseline")
	if err := results.CheckFormat(c.String("format")); err != nil {
		return badInput(err)
	}
	if err := checkDepthFlag(c); err != nil {
		return badInput(err)
	}
	sub, err := subjectOf(c)
	if err != nil {
		return badInput(err)
	}
	if c.Bool("update") {
		plan, err := experiments.BenchPlan(sub, c.String("positions"), c.Int("depth"), experiments.DefaultBench(sub), c.StringSlice("set"))
		if err != nil {
			return badInput(err)
		}
		// Twice, so that counts an engine does not repeat are never pinned.
		recs, err := runRepeated(plan, c.Int("jobs"), budget(c), 2)
		if err != nil {
			return err
		}
		if err := refuseUnrepeatable(sub.Name(), plan, recs); err != nil {
			return err
		}
		rows := plan.BaselineRows(recs)
		for i := range rows {
			rows[i].Engine = sub.Name()
		}
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
	for i, w := range want {
		if w.Engine != "" && w.Engine != sub.Name() {
			return badInput(fmt.Errorf("%s:%d: pinned with %s, not %s (give the engine with --engine and --profile)",
				path, i+2, w.Engine, sub.Name()))
		}
	}
	plan, err := experiments.BaselinePlan(sub, want, path, c.StringSlice("set"))
	if err != nil {
		return badInput(err)
	}
	shard, err := experiments.ParseShard(c.String("shard"), os.Getenv)
	if err != nil {
		return badInput(err)
	}
	recs, err := runShard(plan, c.Int("jobs"), budget(c), shard.Count > 1, shard)
	if err != nil {
		return err
	}
	got := nodesByRow(plan, recs)
	if shard.Count > 1 {
		// Only this shard's searches are checked.
		ran := map[results.BaselineKey]bool{}
		for _, r := range recs {
			ran[results.BaselineKey{r.Config, r.Position}] = true
		}
		var mine []results.BaselineRow
		for _, w := range want {
			if ran[results.BaselineKey{w.Config, w.Position}] {
				mine = append(mine, w)
			}
		}
		fmt.Fprintf(c.App.ErrWriter, "shard %s: %d of the baseline's %d searches\n", shard, len(mine), len(want))
		want = mine
	}
	changed, total := results.Changed(want, got)
	if len(changed) == 0 {
		fmt.Fprintf(c.App.Writer, "bench check: all %d searches of %d configurations match %s (%d nodes)\n",
			len(want), len(plan.Rows), path, total)
		return nil
	}
	// The changed searches once more: a count that moves again is not the
	// search's change but the engine's nondeterminism.
	again, err := experiments.BaselinePlan(sub, changed, path, c.StringSlice("set"))
	if err != nil {
		return badInput(err)
	}
	recs2, err := runPlan(again, c.Int("jobs"), budget(c), false)
	if err != nil {
		return err
	}
	diff, unrepeatable := results.BaselineDiff(changed, got, nodesByRow(again, recs2))
	if len(unrepeatable) > 0 {
		return cli.Exit(fmt.Sprintf("bench check: %s is not deterministic, so its node counts cannot be pinned: the same search "+
			"counted different nodes twice (%d of %d searches):\n  %s", sub.Name(), len(unrepeatable), len(changed),
			strings.Join(unrepeatable, "\n  ")), exitBadInput)
	}
	fmt.Fprintf(c.App.Writer, "bench check: %d of %d searches differ from %s:\n", len(diff), len(want), path)
	if err := results.RenderTable(c.App.Writer, c.String("format"),
		[]string{"config", "position", "expected", "got", "change"}, diff, 2); err != nil {
		return err
	}
	return cli.Exit(fmt.Sprintf("bench check failed: %d node counts changed; if the change is meant, "+
		"run 'ablate check --update' and say so in the commit message", len(diff)), exitFailed)
}

func nodesByRow(plan *experiments.Plan, recs []results.Record) map[results.BaselineKey]uint64 {
	got := map[results.BaselineKey]uint64{}
	for _, r := range plan.BaselineRows(recs) {
		got[results.BaselineKey{r.Config, r.Position}] = r.Nodes
	}
	return got
}

// runRepeated runs a plan with each search repeated.
func runRepeated(plan *experiments.Plan, workers int, b experiments.Budget, repeat int) ([]results.Record, error) {
	ctx, cancel := interruptible()
	defer cancel()
	recs, err := (&experiments.Runner{Plan: plan, Workers: max(1, workers), Budget: b, Repeat: repeat}).Run(ctx)
	if err == context.Canceled {
		return nil, cli.Exit("interrupted", exitInterrupted)
	}
	if err != nil {
		return nil, cli.Exit(err.Error(), exitFailed)
	}
	return recs, nil
}

// refuseUnrepeatable fails (exit 2) when a repeated search counted
// different nodes: such counts cannot be pinned.
func refuseUnrepeatable(engine string, plan *experiments.Plan, recs []results.Record) error {
	bad := results.Unrepeatable(recs)
	if len(bad) == 0 {
		return nil
	}
	return cli.Exit(fmt.Sprintf("%s is not deterministic, so its node counts cannot be pinned: searched twice, "+
		"%d searches counted different nodes:\n  %s", engine, len(bad), strings.Join(bad, "\n  ")), exitBadInput)
}
