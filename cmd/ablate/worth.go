package main

import (
	"fmt"
	"math"
	"os"

	"github.com/urfave/cli/v2"

	"github.com/ablate-chess/ablate/cmd/internal/command"
	"github.com/ablate-chess/ablate/experiments/records"
	"github.com/ablate-chess/ablate/experiments/render"
	"github.com/ablate-chess/ablate/experiments/setup"
	"github.com/ablate-chess/ablate/experiments/worth"
)

func worthCommand() *cli.Command {
	return &cli.Command{
		Name:      "worth",
		ArgsUsage: "[EXPERIMENT]",
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
		Flags: command.Flags(matchFlags(), []cli.Flag{
			&cli.StringFlag{Name: "leave-one-out", Usage: "techniques `a,b,c`: the base against the base without each"},
			&cli.StringFlag{Name: "design", Usage: "`leave-one-out` (a match a technique) or screening (one pool of games: each pair " +
				"plays the base without a balanced draw of techniques against the base; one fit measures every technique, " +
				"its interactions and the additive model's fit)", Value: "leave-one-out"},
			&cli.IntFlag{Name: "out-per-pair", Usage: "with --design screening, the techniques a pair's configuration takes out " +
				"(default: chosen from their number and --prior-elo, see ablate worth --help)"},
			&cli.Float64Flag{Name: "prior-elo", Usage: "with --design screening, the Elo a technique is expected to cost, " +
				"for choosing --out-per-pair", Value: 15},
			&cli.StringFlag{Name: "base", Usage: "the leave-one-out's base `SPEC` (default: the engine's default preset)"},
			&cli.StringFlag{Name: "budgets", Usage: "a ladder: every configuration against its reference at each budget, " +
				"`LIST` as in nodes=2500,10000,40000 or tc=2+0.02,10+0.1 (or both: nodes=2500,tc=10+0.1)"},
			&cli.StringFlag{Name: "groups", Usage: "play only these groups' matches, `a,b` (default: the experiment's [match] groups, or all)"},
			positionsFlag("", "positions of the tree-size run (default bench, or the experiment's)"),
			&cli.IntFlag{Name: "tree-depth", Usage: "depth of the tree-size run (default 10, or the experiment's)"},
			&cli.StringFlag{Name: "run", Usage: "take tree sizes from this run `DIR` instead of running them"},
			outFlag("worth.csv, the run and each match"),
			&cli.BoolFlag{Name: "no-play", Usage: "play nothing: the table and worth.csv of the cells --out holds, " +
				"those begun and not finished marked partial, with the pairs they have (while another ablate writes " +
				"--out, the table of a copy, writing nothing there)"},
			&cli.IntFlag{Name: "retune", Usage: "beside each cell, a re-tuned one: its configuration's parameters first tuned " +
				"by SPSA over `PAIRS` pairs at the cell's budget"},
			&cli.StringFlag{Name: "retune-params", Usage: "with --retune, the parameters to tune, `a,b` (default: every " +
				"parameter of the configuration's techniques that are on)"},
			forceFlag(),
			shardFlag(),
		}, capFlags(), subjectFlags()),
		Action: worthAction,
	}
}

func worthAction(c *cli.Context) error {
	req, err := worthRequest(c)
	if err != nil {
		return command.BadInput(err)
	}
	ctx, cancel := command.Interruptible()
	defer cancel()
	var stop func()
	w, err := worth.Run(ctx, req, func(e worth.Event) {
		switch {
		case e.Note != "":
			fmt.Fprintln(c.App.ErrWriter, e.Note)
		case !e.Done:
			fmt.Fprintln(c.App.ErrWriter, e.Cell.Head)
			stop = showMatch(c.App.ErrWriter, e.Cell.Match, c.Bool("quiet"))
		default:
			stop()
		}
	})
	if err != nil {
		return exitError(err)
	}
	if sc := w.Screening(); sc != nil && sc.Fit != nil {
		render.ScreeningNotes(c.App.ErrWriter, sc.Fit, sc.K, len(sc.Techniques))
	}
	return render.Worth(c.App.Writer, c.String("format"), records.Played(w.Rows))
}

// worthRequest reads worth's flags and arguments into a request: the
// subject made (or built), the experiment or leave-one-out planned.
func worthRequest(c *cli.Context) (worth.Request, error) {
	if c.NArg() > 1 {
		return worth.Request{}, fmt.Errorf("worth takes one experiment, then nothing: put flags before it "+
			"(ablate worth --pairs 100 card), got %q", c.Args().Slice())
	}
	s, err := readMatchSettings(c)
	if err != nil {
		return worth.Request{}, err
	}
	// A shard plays its share of every match's pairs (i mod N); the tree
	// sizes are each shard's whole (they are cheap beside the games).
	if s.Shard, err = setup.ParseShard(c.String("shard"), os.Getenv); err != nil {
		return worth.Request{}, err
	}
	var screening *worth.Screen
	switch design := c.String("design"); design {
	case "leave-one-out":
	case "screening":
		prior := c.Float64("prior-elo")
		if math.IsNaN(prior) || math.IsInf(prior, 0) || prior < 0 || prior > 1000 {
			return worth.Request{}, fmt.Errorf("--prior-elo %g: want an Elo from 0 to 1000", prior)
		}
		screening = &worth.Screen{K: c.Int("out-per-pair"), Prior: prior}
	default:
		return worth.Request{}, fmt.Errorf("--design %q: want leave-one-out or screening", design)
	}
	spec, err := readSubjectSpec(c)
	if err != nil {
		return worth.Request{}, err
	}
	sub, err := makeSubject(spec, c.Int("hash"), jobCap(c), c.Args().First(), c.App.ErrWriter)
	if err != nil {
		return worth.Request{}, err
	}
	req, err := worth.Ask{Experiment: c.Args().First(), LeaveOneOut: command.SplitList(c.String("leave-one-out")), Base: c.String("base"),
		Positions: c.String("positions"), TreeDepth: c.Int("tree-depth"), Subject: sub, Settings: s, Given: c.IsSet,
		Budgets: c.String("budgets"), Groups: command.SplitList(c.String("groups")), Screen: screening}.Request()
	if err != nil {
		return worth.Request{}, flagError(err)
	}
	req.Out, req.Replace, req.TreeRun, req.Workers, req.TreeCap = c.String("out"), c.Bool("force"), c.String("run"), c.Int("workers"), jobCap(c)
	req.Args, req.Retune, req.RetuneParams = command.Line(c), c.Int("retune"), command.SplitList(c.String("retune-params"))
	req.NoPlay = c.Bool("no-play")
	return req, nil
}
