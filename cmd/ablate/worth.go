package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/ablate-chess/ablate/experiments"
	"github.com/ablate-chess/ablate/experiments/match"
	"github.com/ablate-chess/ablate/results"
)

func worthCommand() *cli.Command {
	return &cli.Command{
		Name:      "worth",
		Usage:     "what each technique is worth: tree size from a run beside Elo from matches",
		UsageText: "ablate worth [EXPERIMENT] [--leave-one-out a,b,c] [--base SPEC] [--budgets LIST] [flags]",
		Description: "For each configuration of an experiment (a leave-one-out over a base, by default),\n" +
			"a match of it against its group's reference, and one table: the configuration,\n" +
			"its tree size against the reference (at the experiment's depth; bench at depth 10\n" +
			"for --leave-one-out), and its Elo against the reference with the 95% interval,\n" +
			"LOS and the SPRT's verdict if asked. So '-lmr' at -120 Elo means that taking LMR\n" +
			"out costs 120 Elo. An experiment file's [match] section sets the matches; flags\n" +
			"override it. With --out DIR, each match has its own directory; running the same\n" +
			"command again finishes an interrupted one and reuses those done.",
		Flags: flags(matchFlags(), []cli.Flag{
			&cli.StringFlag{Name: "leave-one-out", Usage: "techniques `a,b,c`: the base against the base without each"},
			&cli.StringFlag{Name: "base", Usage: "the leave-one-out's base `SPEC` (default: the engine's default preset)"},
			&cli.StringFlag{Name: "budgets", Usage: "a ladder: every configuration against its reference at each budget, " +
				"`LIST` as in nodes=2500,10000,40000 or tc=2+0.02,10+0.1 (or both: nodes=2500,tc=10+0.1)"},
			&cli.StringFlag{Name: "groups", Usage: "play only these groups' matches, `a,b` (default: the experiment's [match] groups, or all)"},
			positionsFlag("", "positions of the tree-size run (default bench, or the experiment's)"),
			&cli.IntFlag{Name: "tree-depth", Usage: "depth of the tree-size run (default 10, or the experiment's)"},
			&cli.StringFlag{Name: "run", Usage: "take tree sizes from this run `DIR` instead of running them"},
			&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "write worth.csv, the run and each match to `DIR`"},
			&cli.BoolFlag{Name: "no-play", Usage: "play nothing: the table and worth.csv of the cells --out holds, " +
				"those begun and not finished marked partial, with the pairs they have"},
			forceFlag(),
			shardFlag(),
		}, budgetFlags(), subjectFlags()),
		Action: worthAction,
	}
}

func worthAction(c *cli.Context) error {
	format := c.String("format")
	if err := results.CheckFormat(format); err != nil {
		return badInput(err)
	}
	if c.NArg() > 1 {
		return badInput(fmt.Errorf("worth takes one experiment, then nothing: put flags before it "+
			"(ablate worth --pairs 100 card), got %q", c.Args().Slice()))
	}
	spec, err := readSubjectSpec(c)
	if err != nil {
		return badInput(err)
	}
	sub, err := makeSubject(spec, c.Int("hash"), budget(c), c.Args().First(), c.App.ErrWriter)
	if err != nil {
		return badInput(err)
	}
	req := experiments.Request{Experiment: c.Args().First(), LeaveOneOut: splitList(c.String("leave-one-out")),
		Base: c.String("base"), DefaultDepth: 10,
		Options: experiments.Options{Positions: c.String("positions"), Depth: c.Int("tree-depth"), Subject: sub}}
	if req.Experiment == "" && len(req.LeaveOneOut) == 0 && spec.Source != nil {
		for _, v := range spec.Source.Variants { // every variant against the first
			req.Configs = append(req.Configs, v.Name+"="+v.Name)
		}
	}
	if req.Experiment == "" && len(req.LeaveOneOut) == 0 && len(req.Configs) == 0 {
		return badInput(fmt.Errorf("worth wants an experiment (built-in: %s) or --leave-one-out a,b,c",
			strings.Join(experiments.Builtin(), ", ")))
	}
	if req.Experiment == "" && req.Positions == "" {
		req.Positions = "bench"
	}
	if err := checkHash(c.Int("hash"), 2*max(1, c.Int("jobs"))); err != nil {
		return badInput(err)
	}
	plan, err := experiments.Build(req)
	if err != nil {
		return badInput(err)
	}
	s, err := readMatchSettings(c)
	if err != nil {
		return badInput(err)
	}
	if err := s.ApplySection(plan.Match, c.IsSet); err != nil {
		return badInput(sectionError(err))
	}
	if err := s.Check(); err != nil {
		return badInput(settingError(c, err, plan.Match != nil))
	}
	// A shard plays its share of every match's pairs (i mod N); the tree
	// sizes are each shard's whole (they are cheap beside the games).
	if s.Shard, err = experiments.ParseShard(c.String("shard"), os.Getenv); err != nil {
		return badInput(err)
	}
	budgets, err := worthBudgets(c, plan.Match)
	if err != nil {
		return badInput(err)
	}

	groups, err := plan.MatchGroups(splitList(c.String("groups")))
	if err != nil {
		if c.IsSet("groups") {
			err = fmt.Errorf("--%v", err) // the setting, as its flag
		}
		return badInput(err)
	}
	if err := match.CheckBudgets(plan, groups, budgets); err != nil {
		return badInput(err)
	}
	out := c.String("out")
	if s.Shard.Count > 1 && out == "" {
		return badInput(fmt.Errorf("--shard needs --out: the shards' directories are what ablate merge joins"))
	}
	var info *results.WorthInfo
	if out != "" {
		if out, info, err = claimWorth(c, out); err != nil {
			return err
		}
	}

	// Tree sizes: a run of the plan, or one given.
	var recs []results.Record
	if dir := c.String("run"); dir != "" {
		if recs, err = results.ReadRun(dir); err != nil {
			return badInput(err)
		}
	} else {
		fmt.Fprintf(c.App.ErrWriter, "tree sizes: %d searches\n", plan.Jobs())
		if recs, err = runPlan(plan, max(1, c.Int("jobs")), budget(c), true); err != nil {
			if ec, ok := err.(cli.ExitCoder); ok && ec.ExitCode() == exitInterrupted {
				return cli.Exit("interrupted during the tree sizes, before any game; run it again with: "+
					shellLine(commandLine(c)), exitInterrupted)
			}
			return err
		}
	}
	sums, err := results.Summarize(recs, plan.Reference)
	if err != nil {
		return err
	}
	// The tree sizes beside the matches, so that the directory is whole
	// for ablate report.
	if out != "" {
		if err := results.WriteRunFiles(out, recs, sums); err != nil {
			return err
		}
	}

	// Strength: one match a cell (configuration x budget), cheapest budget
	// first; worth.csv configuration by configuration.
	cells, err := match.Cells(plan, groups, budgets, sums)
	if err != nil {
		return badInput(err)
	}
	// Every cell's match is built and its directory read before any game:
	// the cells finished already (by an earlier run, in whatever order) go
	// in worth.csv; a directory holding another match, or the same one
	// begun by other builds, is an error.
	rows := make([]results.WorthRow, len(cells))
	var todo []*worthCell
	for _, x := range match.PlayOrder(cells) {
		t := &worthCell{at: x.At, s: x.Settings(s, c.IsSet("pairs") || c.IsSet("games"))}
		if t.m, err = t.s.Build(x.Players(plan)); err != nil {
			return badInput(flagError(err))
		}
		t.w = x.WorthRow(t.m.Limits.String())
		t.head = fmt.Sprintf("match %s vs %s (%s): %d pairs, %s\n", x.Row.Name, x.Ref.Name, x.Row.Group, t.m.Pairs, t.m.Limits.String())
		if out != "" {
			t.dir = filepath.Join(out, t.w.MatchDir())
		}
		if res, err := t.resume(); err != nil {
			return badInput(err)
		} else if res != nil {
			fmt.Fprintf(c.App.ErrWriter, "%s  done already: %s\n", t.head, res.Line())
			t.w.SetResult(res)
			rows[t.at] = t.w
			continue
		}
		todo = append(todo, t)
	}
	if c.Bool("no-play") {
		// The cells begun and not finished go in too, as far as they got.
		for _, t := range todo {
			if so := t.m.SoFar(); len(so.Pairs) > 0 {
				t.w.SetResult(so.Result(t.m))
				t.w.Partial = true
				rows[t.at] = t.w
			}
		}
		todo = nil
	}
	writeWorth := func() error {
		if out == "" {
			return nil
		}
		return results.WriteWorthFile(filepath.Join(out, "worth.csv"), rows)
	}
	if err := writeWorth(); err != nil {
		return err
	}
	for _, t := range todo {
		fmt.Fprint(c.App.ErrWriter, t.head)
		res, err := t.play(c)
		if err != nil {
			return err
		}
		t.w.SetResult(res)
		rows[t.at] = t.w
		// worth.csv after every cell: an interrupted ladder's finished
		// cells are there to read and draw.
		if err := writeWorth(); err != nil {
			return err
		}
	}
	if info != nil && !c.Bool("no-play") {
		if _, err := results.FinishWorth(out, info); err != nil {
			return cli.Exit(err.Error(), exitFailed)
		}
	}
	return results.RenderWorth(c.App.Writer, format, results.Played(rows))
}
