package main

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/ablate-chess/ablate/cmd/internal/command"
	"github.com/ablate-chess/ablate/experiments/compare"
	"github.com/ablate-chess/ablate/experiments/records"
	"github.com/ablate-chess/ablate/experiments/render"
	"github.com/ablate-chess/ablate/experiments/resultdir"
	"github.com/ablate-chess/ablate/experiments/source"
)

func compareCommand() *cli.Command {
	return &cli.Command{
		Name:      "compare",
		ArgsUsage: "OLD NEW",
		Usage:     "compare two runs, or two commits, configuration by configuration",
		UsageText: "ablate compare [--format F] [--fail-on nodes:PCT] OLD NEW  (run directories or records.csv files)\n" +
			"ablate compare --per-node [--format F] RUN...  (run directories or records.csv files)\n" +
			"ablate compare [--format F] OLD NEW  (two worth directories)\n" +
			"ablate compare --old-rev REV --new-rev REV [--rounds N] [-- run flags]\n" +
			"ablate compare --engine-src DIR --old-rev REV --new-rev REV [--rounds N] [-- run flags]\n" +
			"ablate compare --engine-a CMD --engine-b CMD [--rounds N] -- run flags (--profile P, ...)",
		Description: "Lines the runs up by configuration and position and reports nodes, time to depth\n" +
			"(ratio with a 95% confidence interval from the repeats: inside the noise is 'no\n" +
			"change'), nps, re-search rates and best moves that changed. With --old-rev and --new-rev\n" +
			"it builds both commits in temporary git worktrees and runs 'ablate run' with the\n" +
			"flags after '--', alternating the two binaries round by round (A B A B ...). With\n" +
			"--engine-a and --engine-b it does the same for two builds of an external engine:\n" +
			"'ablate run --engine CMD' and the flags after '--', alternated. With --engine-src\n" +
			"DIR, --old-rev and --new-rev are revisions of that engine's repository, built with\n" +
			"--build (and kept in --build-cache): the two-commit compare for any engine.\n" +
			"Given two worth directories (two designs, commits or budgets), it lines their tables\n" +
			"up by configuration: both Elo figures, the difference with its 95% interval (the\n" +
			"two taken as independent), whether they agree within it, and the new interval's\n" +
			"width over the old one's. With --per-node, each configuration of the runs named (any\n" +
			"engine's whose records carry ablate's counters) summed at its deepest depth, per node:\n" +
			"main-search nodes, quiescence nodes a main node, null-move tries and cutoffs, the share\n" +
			"of zero-window searches LMR reduced, its plies and re-searches, extensions, fail-highs\n" +
			"on the first move and table hits and cutoffs a probe; a blank where an engine does not\n" +
			"count what a measure needs.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "old-rev", Usage: "the old `REV`ision"},
			&cli.StringFlag{Name: "new-rev", Usage: "the new `REV`ision"},
			&cli.StringFlag{Name: "engine-a", Usage: "the old build of an external UCI engine: a `CMD`"},
			&cli.StringFlag{Name: "engine-b", Usage: "the new build of an external UCI engine: a `CMD`"},
			&cli.StringFlag{Name: "engine-src", Usage: "with --old-rev/--new-rev: revisions of this engine's git repository `DIR`"},
			&cli.StringFlag{Name: "build", Usage: "with --engine-src: the build `CMD`, {src} the source and {out} the binary", Value: source.DefaultBuild},
			&cli.StringFlag{Name: "build-cache", Usage: "with --engine-src: keep the builds in `DIR`"},
			&cli.IntFlag{Name: "rounds", Usage: "with --old-rev/--new-rev, runs of each binary (alternated)", Value: 3},
			formatFlag("table, markdown or csv", true),
			&cli.StringSliceFlag{Name: "fail-on", Usage: "`nodes:PCT` or `time:PCT`: exit 1 if the new side is worse by more (repeatable)"},
			&cli.BoolFlag{Name: "per-node", Usage: "the trees' shape per node, a column each configuration of the runs named (one or more): quiescence's share, null-move tries, LMR's share, first-move cutoffs, table hits"},
		},
		Action: compareAction,
	}
}

func compareAction(c *cli.Context) error {
	format := c.String("format")
	if format != "table" && format != "markdown" && format != "csv" {
		return command.BadInput(fmt.Errorf("unknown format %q (known: table, markdown, csv)", format))
	}
	rules, err := records.ParseFailRules(c.StringSlice("fail-on"))
	if err != nil {
		return command.BadInput(fmt.Errorf("--fail-on %v", err))
	}
	if c.Bool("per-node") {
		return perNodeAction(c, format)
	}
	var old, new []records.Record
	cmp := compare.Comparison{Revisions: [2]string{c.String("old-rev"), c.String("new-rev")}, Repo: ".",
		Engines: [2]string{c.String("engine-a"), c.String("engine-b")}, Source: c.String("engine-src"),
		Build: c.String("build"), Cache: c.String("build-cache"), Rounds: c.Int("rounds"), RunArgs: c.Args().Slice()}
	switch {
	case cmp.Engines != [2]string{} || cmp.Revisions != [2]string{}:
		ctx, cancel := command.Interruptible()
		defer cancel()
		if old, new, err = cmp.Run(ctx, c.App.ErrWriter); ctx.Err() != nil {
			return cli.Exit("interrupted; temporary files removed", command.ExitInterrupted)
		} else if err != nil {
			return searchError(ctx, err)
		}
	case c.NArg() == 2 && isWorth(c.Args().Get(0)) && isWorth(c.Args().Get(1)):
		if len(rules) > 0 {
			return command.BadInput(fmt.Errorf("--fail-on is for runs: two worth tables are compared by their intervals"))
		}
		return compareWorth(c, format)
	case c.NArg() == 2:
		if old, err = resultdir.ReadRun(c.Args().Get(0)); err != nil {
			return command.BadInput(err)
		}
		if new, err = resultdir.ReadRun(c.Args().Get(1)); err != nil {
			return command.BadInput(err)
		}
	default:
		return command.BadInput(fmt.Errorf("compare wants OLD and NEW (run or worth directories, or records.csv files), or --old-rev and --new-rev"))
	}

	cs := records.Compare(old, new)
	if err := render.Comparison(c.App.Writer, format, cs); err != nil {
		return err
	}
	failures := records.Failures(cs, rules)
	if len(failures) > 0 {
		return cli.Exit("compare: the new side is worse: "+strings.Join(failures, "; "), command.ExitFailed)
	}
	return nil
}

// isWorth reports whether path is a worth directory.
func isWorth(path string) bool {
	h, err := resultdir.Inspect(path)
	return err == nil && h.What == "worth"
}

// compareWorth lines two worth tables up, technique by technique.
func compareWorth(c *cli.Context, format string) error {
	var tables [2][]records.WorthRow
	for i := range tables {
		rows, err := resultdir.ReadWorth(c.Args().Get(i))
		if err != nil {
			return command.BadInput(err)
		}
		tables[i] = rows
	}
	// Elo at one budget says nothing of Elo at another: two worths compare
	// only at limits they share (a ladder's rows at each of its budgets).
	if a, b := limitsOf(tables[0]), limitsOf(tables[1]); !slices.ContainsFunc(a, func(l string) bool { return slices.Contains(b, l) }) {
		return command.BadInput(fmt.Errorf("%s was played at %s and %s at %s: a worth compares only with one at the same budget",
			c.Args().Get(0), strings.Join(a, ", "), c.Args().Get(1), strings.Join(b, ", ")))
	}
	cs := records.CompareWorth(tables[0], tables[1])
	if len(cs) == 0 {
		return command.BadInput(fmt.Errorf("%s and %s have no configuration in common with games played", c.Args().Get(0), c.Args().Get(1)))
	}
	return render.WorthComparison(c.App.Writer, format, cs)
}

// limitsOf lists the limits a worth table's played rows were played at
// (nodes=10000, tc=10+0.1@960), sorted.
func limitsOf(rows []records.WorthRow) []string {
	var out []string
	for _, r := range rows {
		if r.Games > 0 && !slices.Contains(out, r.Limits) {
			out = append(out, r.Limits)
		}
	}
	slices.Sort(out)
	return out
}

// perNodeAction is compare --per-node: the runs' configurations side by
// side, per node. A configuration named alike in two runs is told apart
// by its run's directory.
func perNodeAction(c *cli.Context, format string) error {
	if c.NArg() == 0 {
		return command.BadInput(fmt.Errorf("--per-node wants one or more runs (directories or records.csv files)"))
	}
	if c.IsSet("old-rev") || c.IsSet("new-rev") || c.IsSet("engine-a") || c.IsSet("engine-b") || c.IsSet("fail-on") {
		return command.BadInput(fmt.Errorf("--per-node reads stored runs: no --old-rev, --new-rev, --engine-a, --engine-b or --fail-on"))
	}
	var all []records.PerNode
	seen := map[string]bool{}
	for _, path := range c.Args().Slice() {
		recs, err := resultdir.ReadRun(path)
		if err != nil {
			return command.BadInput(err)
		}
		ps, err := records.PerNodes(recs)
		if err != nil {
			return command.BadInput(fmt.Errorf("%s: %v", path, err))
		}
		for _, p := range ps {
			if seen[p.Config] {
				p.Config = filepath.Base(strings.TrimSuffix(path, string(filepath.Separator))) + "/" + p.Config
			}
			seen[p.Config] = true
			all = append(all, p)
		}
	}
	return render.PerNode(c.App.Writer, format, all)
}
