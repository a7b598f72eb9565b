package main

import (
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/ablate-chess/ablate/cmd/internal/command"
	"github.com/ablate-chess/ablate/cmd/internal/term"
	"github.com/ablate-chess/ablate/experiments/stats"
	"github.com/ablate-chess/ablate/experiments/tune"
)

func tuneCommand() *cli.Command {
	return &cli.Command{
		Name:  "tune",
		Usage: "tune parameters by self-play (SPSA, as OpenBench runs it) or the evaluation (Texel)",
		Subcommands: []*cli.Command{{
			Name:  "spsa",
			Usage: "tune parameters with SPSA: game pairs between two perturbed engines",
			UsageText: "ablate tune spsa --param NAME=VALUE,MIN,MAX[,C_END,R_END] ... [--pairs N] [--out DIR]\n" +
				"ablate tune spsa --params FILE [flags]  (name, int|float, value, min, max, c_end, r_end)",
			Description: "Every parameter is perturbed at once by +-c_k; the two engines play a game pair (one\n" +
				"opening, colours swapped); each parameter moves by r_k c_k (wins - losses) times its\n" +
				"sign. c_k and r_k decay as OpenBench's do (alpha 0.602, gamma 0.101, A = 10% of the\n" +
				"pairs) to c_end and r_end. Each pair is played as soon as a worker is free, from the\n" +
				"values after every pair but the --lag before it, and the updates are applied in pair\n" +
				"order, so at fixed nodes the same --seed gives the same tune at any -j. With --out the\n" +
				"tune keeps tune.json and its journal (steps.jsonl) and resumes when run again; at the\n" +
				"end trajectory.csv and params.txt (OpenBench's format).",
			Flags: command.Flags(matchFlags(), subjectFlags(), []cli.Flag{
				&cli.StringSliceFlag{Name: "param", Usage: "a parameter to tune, `NAME=VALUE,MIN,MAX[,C_END,R_END]` (repeatable)"},
				&cli.StringFlag{Name: "params", Usage: "the parameters in OpenBench's SPSA format, from `FILE`"},
				&cli.StringFlag{Name: "base", Usage: "the configuration the parameters are set on, `SPEC` (default: full, or an external engine's default)"},
				&cli.IntFlag{Name: "lag", Usage: "each pair from the values after all pairs but the `N` before it, played as a worker " +
					"frees up (decides the trajectory, not -j)", Value: 8},
				&cli.IntFlag{Name: "batch", Usage: "instead of --lag, batches of `N` pairs from the same values (the first tunes' schedule)"},
				&cli.IntFlag{Name: "verify", Usage: "then play `N` pairs of the tuned values against the start: the Elo gained (a match kept in DIR/verify with --out)"},
				outFlag("tune.json, its journal and at the end trajectory.csv and params.txt"),
				forceFlag(),
			}),
			Action: tuneSPSAAction,
		}, texelCommand()},
	}
}

func tuneSPSAAction(c *cli.Context) error {
	params, err := tune.ReadParams(c.String("params"), c.StringSlice("param"))
	if err != nil {
		return command.BadInput(flagError(err))
	}
	s, err := readMatchSettings(c)
	if err != nil {
		return command.BadInput(err)
	}
	spec, err := readSubjectSpec(c)
	if err != nil {
		return command.BadInput(err)
	}
	sub, err := makeSubject(spec, s.HashMB, jobCap(c), "", c.App.ErrWriter)
	if err != nil {
		return command.BadInput(err)
	}
	lag := c.Int("lag")
	if c.IsSet("batch") && !c.IsSet("lag") {
		lag = 0
	}
	t, err := tune.Open(tune.Request{Subject: sub, Base: c.String("base"), Params: params, Pairs: c.Int("pairs"), Batch: c.Int("batch"), Lag: lag,
		Seed: c.Uint64("seed"), Settings: s, Out: c.String("out"), Replace: c.Bool("force"), Args: command.Line(c)})
	if err != nil {
		return command.BadInput(claimError(flagError(err)))
	}
	defer t.Close()
	if t.Played > 0 {
		fmt.Fprintf(c.App.ErrWriter, "resuming %s: %d of %d pairs played\n", t.Dir, t.Played, t.Pairs)
	}
	bar := term.Start(c.App.ErrWriter, term.Options{Units: "pairs", Total: t.Pairs, Done: t.Played, ETA: true, Quiet: c.Bool("quiet")})
	t.OnBatch = func(t *tune.Tune) {
		bar.Set(t.Played, fmt.Sprintf("%.1f games/s; %s", t.GamesPerSecond, t.Spec()), false)
	}
	ctx, cancel := command.Interruptible()
	defer cancel()
	err = t.Run(ctx)
	bar.Stop()
	if err != nil && claimError(err) != err {
		return claimError(err)
	}
	if err != nil {
		return cli.Exit(err.Error(), command.ExitFor(err, command.ExitFailed))
	}
	format := c.String("format")
	if format != "json" { // JSON is one document, written once the verify is in
		if err := reportTune(c.App.Writer, c.App.ErrWriter, t, format); err != nil {
			return err
		}
	}
	var verify *stats.MatchResult
	if n := c.Int("verify"); n > 0 {
		fmt.Fprintf(c.App.ErrWriter, "verifying: %d pairs of the tuned values against the start\n", n)
		if verify, err = t.Verify(ctx, n); err != nil {
			return searchError(ctx, err)
		}
		text := c.App.Writer
		if format == "csv" || format == "json" {
			text = c.App.ErrWriter // stdout holds the table alone
		}
		fmt.Fprintf(text, "\nverify, tuned against start: %s\n", verify)
	}
	if format == "json" {
		return tuneJSON(c.App.Writer, c.App.ErrWriter, t, verify)
	}
	return nil
}
