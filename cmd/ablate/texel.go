package main

import (
	"fmt"
	"io"

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
			"engines moved from, with the game's result and the engine's score; or EPD/FEN lines\n" +
			"ending in a result), keeps the quiet ones (--quiet-config's quiescence search returns\n" +
			"the static evaluation), merges a position read twice into one (its result the mean),\n" +
			"holds one opening line in --hold-out out of the fit (every game from it, so no\n" +
			"held-out game has a twin in training; a held-out position the training set has is\n" +
			"dropped), fits the sigmoid's scale K, then fits the weights of the terms named (and\n" +
			"with a tune's switch, tuned-2 or tuned, the piece-square tables) by Adam on the mean\n" +
			"squared error from PeSTO's tables and the hand-set weights (--prior pulls them back\n" +
			"there), printing the losses as it goes: training, held out, and the --check set's\n" +
			"(games the fit never sees, from other engines). The evaluation's own code counts each\n" +
			"weight (eval.Coefficients). The result is Go source for the switch's file,\n" +
			"engine/eval/tuned2.go for tuned-2 (tuned.go for tuned), with its\n" +
			"provenance (data and hashes, command, losses), written whole or not at all. With\n" +
			"--out, a checkpoint every 10 epochs: the same command, interrupted, goes on from it\n" +
			"and ends where an unbroken fit ends, to the bit.",
		Flags: []cli.Flag{
			&cli.StringSliceFlag{Name: "data", Usage: "labelled positions: a `FILE` of PGN (.pgn, .pgn.gz) or EPD lines with results, " +
				"or a match directory (its games; while it runs, its journal's finished pairs) (repeatable)"},
			&cli.StringFlag{Name: "terms", Usage: "the evaluation terms whose weights are fitted, `a,b` (default: every term, and tuned-2: the tables)"},
			&cli.IntFlag{Name: "epochs", Usage: "passes of Adam over the positions", Value: 300},
			&cli.Float64Flag{Name: "rate", Usage: "Adam's step, in centipawns", Value: 1},
			&cli.IntFlag{Name: "hold-out", Usage: "hold one opening line in `N` out of the fit, to measure it (0: none)", Value: 10},
			&cli.StringSliceFlag{Name: "check", Usage: "an independent check set: a `FILE` of games or positions never fitted, its loss reported beside (repeatable)"},
			&cli.Float64Flag{Name: "score-weight", Usage: "label each position (1-`W`)·result + W·(its engine's score as an expected score); " +
				"held-out and check losses stay against results"},
			&cli.Float64Flag{Name: "prior", Usage: "pull each weight towards where it started (PeSTO's, hand-set): `L` times the sum of " +
				"(weight - start)², in units of 100 centipawns, added to the training loss (0: none)"},
			&cli.StringFlag{Name: "quiet-config", Usage: "the configuration whose quiescence search says which positions are quiet", Value: texel.DefaultQuiet},
			&cli.BoolFlag{Name: "all-positions", Usage: "keep positions that are not quiet"},
			outFlag("texel.json and tuned.go.txt (the Go source)"),
			forceFlag(),
			&cli.StringFlag{Name: "write", Usage: "write the Go source to `FILE` (engine/eval/tuned2.go for tuned-2: the engine reads it; " +
				"an existing file only with --force)"},
			jobsFlag(),
			&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "no line an epoch"},
		},
		Action: texelAction,
	}
}

func texelAction(c *cli.Context) error {
	job, err := texelJob(c)
	if err != nil {
		return err
	}
	ctx, cancel := command.Interruptible()
	defer cancel()
	res, info, err := job.Run(ctx, c.App.ErrWriter)
	switch {
	case ctx.Err() != nil && job.Out != "":
		return command.Interrupted(fmt.Sprintf("interrupted: the same command goes on from %s's last checkpoint (every %d epochs)",
			job.Out, texel.CheckpointEvery))
	case ctx.Err() != nil:
		return command.Interrupted("interrupted: nothing written")
	case err != nil:
		return exitError(err)
	case res == nil:
		fmt.Fprintf(c.App.ErrWriter, "%s holds this fit, complete: nothing to do\n", job.Out)
	}
	reportTexel(c.App.Writer, info)
	return nil
}

// texelJob reads tune texel's flags into a job, its epochs reported on
// stderr as it goes (a line every twentieth of them, unless --quiet).
func texelJob(c *cli.Context) (texel.Job, error) {
	terms, err := texel.ParseTerms(command.SplitList(c.String("terms")))
	if err != nil {
		return texel.Job{}, command.BadInput(flagError(err))
	}
	if len(c.StringSlice("data")) == 0 {
		return texel.Job{}, command.BadInput(fmt.Errorf("tune texel wants --data FILE"))
	}
	if w := c.String("write"); w != "" && !c.Bool("force") {
		if err := refuseExisting("write", w); err != nil {
			return texel.Job{}, err
		}
	}
	every := max(1, c.Int("epochs")/20)
	onEpoch := func(e texel.Epoch) {
		if !c.Bool("quiet") && (e.N%every == 0 || e.N == 1) {
			fmt.Fprintf(c.App.ErrWriter, "epoch %d: train %.6f, held out %.6f%s (%.0f s)\n", e.N, e.Train, e.HeldOut, checkLoss(e), e.Elapsed)
		}
	}
	return texel.Job{Files: c.StringSlice("data"), Check: c.StringSlice("check"), All: c.Bool("all-positions"),
		Quiet: c.String("quiet-config"), Out: c.String("out"), Replace: c.Bool("force"), Write: c.String("write"), Args: command.Line(c),
		Request: texel.Request{Terms: terms, Epochs: c.Int("epochs"), Rate: c.Float64("rate"), HoldOut: c.Int("hold-out"),
			ScoreWeight: c.Float64("score-weight"), Prior: c.Float64("prior"), Workers: c.Int("workers"), OnEpoch: onEpoch}}, nil
}

// reportTexel writes the fit's outcome: K, the positions, and the losses
// before and after beside PeSTO's alone.
func reportTexel(w io.Writer, info *texel.Info) {
	fmt.Fprintf(w, "K %.4f; %d positions fitted, %d held out", info.K, info.Train, info.HeldOut)
	if info.CheckCount > 0 {
		fmt.Fprintf(w, ", %d in the check set", info.CheckCount)
	}
	fmt.Fprintf(w, "\nheld-out loss: PeSTO only %.6f; terms untuned %.6f, tuned %.6f (train %.6f -> %.6f)\n",
		info.PeSTO.HeldOut, info.Before.HeldOut, info.After.HeldOut, info.Before.Train, info.After.Train)
	if info.CheckCount > 0 {
		fmt.Fprintf(w, "check-set loss: PeSTO only %.6f; terms untuned %.6f, tuned %.6f "+
			"(at the check set's own K: %.6f, %.6f, %.6f)\n",
			info.PeSTO.Check, info.Before.Check, info.After.Check, info.PeSTO.CheckOwnK, info.Before.CheckOwnK, info.After.CheckOwnK)
	}
}

// checkLoss is an epoch's check-set loss, as a line's tail ("" for none).
func checkLoss(e texel.Epoch) string {
	if e.Check == 0 {
		return ""
	}
	return fmt.Sprintf(", check %.6f", e.Check)
}
