package main

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/ablate-chess/ablate/cmd/internal/command"
	"github.com/ablate-chess/ablate/experiments/records"
	"github.com/ablate-chess/ablate/experiments/render"
	"github.com/ablate-chess/ablate/experiments/resultdir"
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
	if c.NArg() > 1 {
		return command.BadInput(fmt.Errorf("worth takes one experiment, then nothing: put flags before it "+
			"(ablate worth --pairs 100 card), got %q", c.Args().Slice()))
	}
	s, err := readMatchSettings(c)
	if err != nil {
		return command.BadInput(err)
	}
	// A shard plays its share of every match's pairs (i mod N); the tree
	// sizes are each shard's whole (they are cheap beside the games).
	if s.Shard, err = setup.ParseShard(c.String("shard"), os.Getenv); err != nil {
		return command.BadInput(err)
	}
	spec, err := readSubjectSpec(c)
	if err != nil {
		return command.BadInput(err)
	}
	sub, err := makeSubject(spec, c.Int("hash"), jobCap(c), c.Args().First(), c.App.ErrWriter)
	if err != nil {
		return command.BadInput(err)
	}
	var screening *worth.Screen
	switch design := c.String("design"); design {
	case "leave-one-out":
	case "screening":
		prior := c.Float64("prior-elo")
		if math.IsNaN(prior) || math.IsInf(prior, 0) || prior < 0 || prior > 1000 {
			return command.BadUsage("--prior-elo %g: want an Elo from 0 to 1000", prior)
		}
		screening = &worth.Screen{K: c.Int("out-per-pair"), Prior: prior}
	default:
		return command.BadUsage("--design %q: want leave-one-out or screening", design)
	}
	req, err := worth.Ask{Experiment: c.Args().First(), LeaveOneOut: command.SplitList(c.String("leave-one-out")), Base: c.String("base"),
		Positions: c.String("positions"), TreeDepth: c.Int("tree-depth"), Subject: sub, Settings: s, Given: c.IsSet,
		Budgets: c.String("budgets"), Groups: command.SplitList(c.String("groups")), Screen: screening}.Request()
	if err != nil {
		return command.BadInput(flagError(err))
	}
	req.Out, req.Replace, req.TreeRun, req.Workers, req.TreeCap, req.Args, req.Retune, req.RetuneParams = c.String("out"),
		c.Bool("force"), c.String("run"), c.Int("workers"), jobCap(c), command.Line(c), c.Int("retune"), command.SplitList(c.String("retune-params"))
	req.NoPlay = c.Bool("no-play")
	w, err := worth.Open(req)
	var locked *resultdir.LockedError
	if c.Bool("no-play") && errors.As(err, &locked) {
		// A worth another ablate is playing: its table so far, from a
		// copy of the directory, so that nothing is written where it writes.
		copied, cerr := copyForReading(req.Out)
		if cerr != nil {
			return command.Failure(cerr)
		}
		defer os.RemoveAll(copied)
		fmt.Fprintf(c.App.ErrWriter, "%v: the table of what it holds now, from a copy (nothing is written there)\n", locked)
		req.Out = copied
		w, err = worth.Open(req)
	}
	if err != nil {
		return command.BadInput(claimError(flagError(err)))
	}
	defer w.Close()
	if g := w.Grown(); g != nil {
		fmt.Fprintf(c.App.ErrWriter, "%s: %s: the worth goes on to the new count, its games so far kept\n", w.Dir, strings.Join(g, "; "))
	}
	if r := w.Replaces(); r != "" {
		fmt.Fprintf(c.App.ErrWriter, "--force: writing in %s; it replaces %s once every cell is played\n", w.Dir, r)
	}
	ctx, cancel := command.Interruptible()
	defer cancel()
	if req.TreeRun == "" && !w.Resumed() {
		fmt.Fprintf(c.App.ErrWriter, "tree sizes: %d searches\n", req.Plan.Jobs())
	}
	if err := w.TreeSizes(ctx); err != nil {
		if errors.Is(err, context.Canceled) {
			return command.Interrupted("interrupted during the tree sizes, before any game; the same command again begins again")
		}
		return command.BadInput(err)
	}
	if err := w.Cells(c.App.ErrWriter); err != nil {
		return command.BadInput(claimError(flagError(err)))
	}
	if c.Bool("no-play") {
		err = w.SoFar()
	} else {
		err = w.Play(ctx, func(t *worth.Cell) func() {
			fmt.Fprintln(c.App.ErrWriter, t.Head)
			return showMatch(c.App.ErrWriter, t.Match, c.Bool("quiet"))
		})
	}
	if err != nil {
		if claimError(err) != err {
			return claimError(err)
		}
		return cli.Exit(err.Error(), command.ExitFor(err, command.ExitFailed))
	}
	if sc := w.Screening(); sc != nil && sc.Fit != nil {
		render.ScreeningNotes(c.App.ErrWriter, sc.Fit, sc.K, len(sc.Techniques))
	}
	return render.Worth(c.App.Writer, c.String("format"), records.Played(w.Rows))
}

// copyForReading copies the result directory dir into a new temporary
// directory, for reading what a running writer has written so far.
func copyForReading(dir string) (string, error) {
	tmp, err := os.MkdirTemp("", "ablate-worth-copy-")
	if err != nil {
		return "", err
	}
	if err := os.CopyFS(tmp, os.DirFS(dir)); err != nil {
		os.RemoveAll(tmp)
		return "", fmt.Errorf("copying %s to read it: %v", dir, err)
	}
	return tmp, nil
}
