package main

import (
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/ablate-chess/ablate/cmd/internal/command"
	"github.com/ablate-chess/ablate/experiments/texel"
)

func texelCommand() *cli.Command {
	return &cli.Command{
		Name:      "texel",
		Usage:     "fit the evaluation's weights to game results (Texel's method)",
		UsageText: "ablate tune texel --data FILE [--data FILE ...] [--terms a,b] [--epochs N] --out DIR|--write FILE",
		Description: "Reads labelled positions (PGN games, ablate's own among them: the positions its\n" +
			"engines moved from, with the game's result; or EPD/FEN lines ending in a result),\n" +
			"keeps the quiet ones (quiescence search returns the static evaluation), holds one\n" +
			"game in --hold-out out of the fit, fits the sigmoid's scale K, then fits the weights of\n" +
			"the terms named (and with tuned the piece-square tables) by Adam on the mean\n" +
			"squared error, printing both losses as it goes. The evaluation's own code counts\n" +
			"each weight (eval.Coefficients). The result is Go source for engine/eval/tuned.go\n" +
			"with its provenance (data and hashes, command, losses), written whole or not at all.",
		Flags: []cli.Flag{
			&cli.StringSliceFlag{Name: "data", Usage: "labelled positions: a `FILE` of PGN (.pgn, .pgn.gz) or EPD lines with results (repeatable)"},
			&cli.StringFlag{Name: "terms", Usage: "the evaluation terms whose weights are fitted, `a,b` (default: every term, tuned too: the tables)"},
			&cli.IntFlag{Name: "epochs", Usage: "passes of Adam over the positions", Value: 300},
			&cli.Float64Flag{Name: "rate", Usage: "Adam's step, in centipawns", Value: 1},
			&cli.IntFlag{Name: "hold-out", Usage: "hold one game in `N` out of the fit, to measure it", Value: 10},
			&cli.BoolFlag{Name: "all-positions", Usage: "keep positions that are not quiet"},
			outFlag("texel.json and tuned.go.txt (the Go source)"),
			forceFlag(),
			&cli.StringFlag{Name: "write", Usage: "write the Go source to `FILE` (engine/eval/tuned.go: the engine reads it; " +
				"an existing file only with --force)"},
			jobsFlag(),
			&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "no line an epoch"},
		},
		Action: func(c *cli.Context) error {
			terms, err := texel.ParseTerms(command.SplitList(c.String("terms")))
			if err != nil {
				return command.BadInput(flagError(err))
			}
			if len(c.StringSlice("data")) == 0 {
				return command.BadInput(fmt.Errorf("tune texel wants --data FILE"))
			}
			if w := c.String("write"); w != "" && !c.Bool("force") {
				if err := refuseExisting("write", w); err != nil {
					return err
				}
			}
			every := max(1, c.Int("epochs")/20)
			job := texel.Job{Files: c.StringSlice("data"), All: c.Bool("all-positions"), Out: c.String("out"), Force: c.Bool("force"),
				Write: c.String("write"), Args: command.Line(c),
				Request: texel.Request{Terms: terms, Epochs: c.Int("epochs"), Rate: c.Float64("rate"), HoldOut: c.Int("hold-out"),
					Workers: c.Int("workers"), OnEpoch: func(e texel.Epoch) {
						if !c.Bool("quiet") && (e.N%every == 0 || e.N == 1) {
							fmt.Fprintf(c.App.ErrWriter, "epoch %d: train %.6f, held out %.6f (%.0f s)\n", e.N, e.Train, e.HeldOut, e.Elapsed)
						}
					}}}
			ctx, cancel := command.Interruptible()
			defer cancel()
			res, done, err := job.Run(ctx, c.App.ErrWriter)
			if ctx.Err() != nil {
				return cli.Exit("interrupted: nothing written", command.ExitInterrupted)
			} else if err != nil {
				return searchError(ctx, err)
			}
			if done != nil {
				fmt.Fprintf(c.App.ErrWriter, "%s holds this fit, complete: nothing to do\n", job.Out)
				fmt.Fprintf(c.App.Writer, "K %.4f; %d positions fitted, %d held out\n", done.K, done.Train, done.HeldOut)
				fmt.Fprintf(c.App.Writer, "held-out loss: PeSTO only %.6f; terms untuned %.6f, tuned %.6f (train %.6f -> %.6f)\n",
					done.PeSTO.HeldOut, done.Before.HeldOut, done.After.HeldOut, done.Before.Train, done.After.Train)
				return nil
			}
			fmt.Fprintf(c.App.Writer, "K %.4f; %d positions fitted, %d held out\n", res.K, res.Train, res.HeldOutCount)
			fmt.Fprintf(c.App.Writer, "held-out loss: PeSTO only %.6f; terms untuned %.6f, tuned %.6f (train %.6f -> %.6f)\n",
				res.PeSTO.HeldOut, res.Before.HeldOut, res.After.HeldOut, res.Before.Train, res.After.Train)
			return nil
		},
	}
}
