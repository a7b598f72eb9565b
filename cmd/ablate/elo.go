package main

import (
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/ablate-chess/ablate/cmd/internal/command"
	"github.com/ablate-chess/ablate/experiments/match"
	"github.com/ablate-chess/ablate/experiments/render"
	"github.com/ablate-chess/ablate/experiments/stats"
)

func eloCommand() *cli.Command {
	return &cli.Command{
		Name:      "elo",
		ArgsUsage: "FILE.pgn...",
		Usage:     "a finished match's statistics from its PGN (ours, fastchess's, cutechess-cli's)",
		UsageText: "ablate elo [--player NAME] [--sprt elo0=0,elo1=5,...] FILE.pgn",
		Description: "Pairs the games by their starting position and book moves with the colours\n" +
			"swapped (in any order, as match runners with concurrency write them) and prints\n" +
			"W/D/L, the pentanomial counts, Elo and normalized Elo with 95% intervals, LOS and\n" +
			"draw ratio for the player (default: the White of the first game), and with --sprt\n" +
			"the log-likelihood ratio. Games left without a partner count as single games; Elo\n" +
			"then comes from wins, draws and losses.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "player", Usage: "the player the figures are for (default: the first game's White)"},
			&cli.StringFlag{Name: "sprt", Usage: "`elo0=0,elo1=5,alpha=0.05,beta=0.05[,model=normalized|logistic]`"},
			formatFlag("table, markdown, csv or json"),
		},
		Action: func(c *cli.Context) error {
			format := c.String("format")
			if c.NArg() != 1 {
				return command.BadInput(fmt.Errorf("elo wants one PGN file"))
			}
			sprt, err := stats.ParseSPRT(c.String("sprt"))
			if err != nil {
				return command.BadInput(fmt.Errorf("--sprt %v", err))
			}
			t, err := match.TallyFile(c.Args().First(), c.String("player"), c.App.ErrWriter)
			if err != nil {
				return command.BadInput(err)
			}
			score := t.Score
			return render.Match(c.App.Writer, format, t.Player, t.Opponent, score.Result(sprt))
		},
	}
}
