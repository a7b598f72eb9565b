package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/ablate-chess/ablate/cmd/internal/command"
	"github.com/ablate-chess/ablate/cmd/internal/term"
	"github.com/ablate-chess/ablate/experiments/matrix"
	"github.com/ablate-chess/ablate/experiments/records"
	"github.com/ablate-chess/ablate/experiments/render"
	"github.com/ablate-chess/ablate/experiments/runs"
)

func runCommand() *cli.Command {
	return &cli.Command{
		Name:  "run",
		Usage: "search positions under technique configurations: what each technique saves and costs",
		UsageText: "ablate run [--experiment FILE|NAME] [--config NAME=SPEC ...] [flags]\n" +
			"ablate run [--ladder|--leave-one-out|--factorial a,b,c] [--sweep p=from:to:step ...] [flags]",
		Description: "Runs a fixed-depth search of every position under every configuration and prints a\n" +
			"summary per configuration against its group's reference. With no experiment,\n" +
			"configuration or generator it runs the built-in 'stages' experiment.\n\n" +
			"A SPEC is a preset then +technique, -technique and param=value items, applied left\n" +
			"to right: 'full,-lmr', 'stage-12,+lmr,lmr-base-plies-x100=100'. See 'ablate techniques'.\n" +
			"Built-in experiments: " + strings.Join(matrix.Builtin(), ", ") + ".",
		Flags: command.Flags([]cli.Flag{
			&cli.StringFlag{Name: "experiment", Aliases: []string{"e"}, Usage: "experiment `FILE` (TOML) or built-in name"},
			positionsFlag("", "EPD/FEN `FILE` or built-in suite (six, bench, perft); default six or the experiment's"),
			configFlag("a configuration `NAME=SPEC` (repeatable)"),
			&cli.StringFlag{Name: "ladder", Usage: "techniques `a,b,c`: the base without them, then adding one per row"},
			&cli.StringFlag{Name: "leave-one-out", Usage: "techniques `a,b,c`: the base, then the base without each"},
			&cli.StringFlag{Name: "factorial", Usage: "techniques `a,b,c`: all 2^k on/off combinations"},
			&cli.StringSliceFlag{Name: "sweep", Usage: "parameter range `p=from:to:step` (repeatable; two make a grid)"},
			&cli.StringFlag{Name: "base", Usage: "the generators' base `SPEC` (default: the engine's default preset)"},
			depthFlag(0, "search depth (default 8, or the experiment's)"),
			&cli.IntFlag{Name: "repeat", Aliases: []string{"r"}, Usage: "timing repeats per job (node counts that differ are reported)", Value: 1},
			jobsFlag(),
			setFlag(),
			hashFlag(),
			&cli.StringFlag{Name: "reference", Usage: "the configuration `NAME` its group is compared against (default: the group's first)"},
			formatFlag("stdout format: table, markdown, csv or json"),
			&cli.BoolFlag{Name: "records", Usage: "print every record (configuration, position, depth) after the summary"},
			outFlag("records.csv, summary.csv and run.json"),
			resumeFlag(),
			&cli.BoolFlag{Name: "continue", Hidden: true, Usage: "what --out does now: finish the run in DIR if there is one (kept for scripts)"},
			&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "no progress bar"},
			forceFlag(),
			shardFlag(),
			&cli.StringFlag{Name: "estimates", Usage: "cost jobs by the times of a previous run `DIR` (for --shard and scheduling)"},
		}, capFlags(), subjectFlags()),
		Action: runAction,
	}
}

func runAction(c *cli.Context) error {
	if err := resumeAlone(c); err != nil {
		return err
	}
	format := c.String("format")
	req := runs.Request{Out: c.String("out"), Replace: c.Bool("force"), Resume: c.String("resume"),
		WorkersGiven: c.IsSet("workers"), Args: command.Line(c), Format: format}
	req.Settings.Workers = c.Int("workers")
	if req.Resume == "" {
		var err error
		if req.Settings, err = readRunSettings(c); err != nil {
			return command.BadInput(err)
		}
	}
	ctx, cancel := command.Interruptible()
	defer cancel()
	var bar *term.Bar
	r, err := runs.Do(ctx, req, func(e runs.Event) {
		switch {
		case e.Note != "":
			fmt.Fprintln(c.App.ErrWriter, e.Note)
		case e.Start:
			bar = term.Start(c.App.ErrWriter, term.Options{Units: "jobs", Total: e.Total, Done: e.Done, Quiet: c.Bool("quiet")})
		case e.Progress != nil:
			bar.Set(e.Progress.Done, e.Progress.Message(), false)
		}
	})
	if bar != nil {
		bar.Stop()
	}
	if r == nil {
		return exitError(err)
	}
	// What there is, even of a run that failed or was interrupted.
	if rerr := render.Run(c.App.Writer, format, r.Summaries, r.Records, c.Bool("records")); rerr != nil {
		return rerr
	}
	warnRun(c.App.ErrWriter, r)
	return exitError(err)
}

// warnRun says on log what the records hold that a table does not show:
// configurations the cap cut short, and searches whose repeats counted
// different nodes (an engine that is not deterministic).
func warnRun(log io.Writer, r *runs.Run) {
	render.WarnCutShort(log, r.Summaries)
	if bad := records.Unrepeatable(r.Records); len(bad) > 0 {
		fmt.Fprintf(log, "warning: %s is not deterministic: repeats of %d searches counted different nodes "+
			"(nodes_spread in the records):\n  %s\n", r.Plan.Subject.Name(), len(bad), strings.Join(bad, "\n  "))
	}
}
