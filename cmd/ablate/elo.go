package main

import (
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/ablate-chess/ablate/engine/chess"
	"github.com/ablate-chess/ablate/experiments/match"
	"github.com/ablate-chess/ablate/results"
)

func eloCommand() *cli.Command {
	return &cli.Command{
		Name:      "elo",
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
				return badInput(fmt.Errorf("elo wants one PGN file"))
			}
			var sprt *results.SPRT
			if s := c.String("sprt"); s != "" {
				var err error
				if sprt, err = results.ParseSPRT(s); err != nil {
					return badInput(fmt.Errorf("--sprt %v", err))
				}
			}
			path := c.Args().First()
			f, err := chess.OpenPGN(path)
			if err != nil {
				return badInput(err)
			}
			defer f.Close()
			games, err := chess.ReadPGN(f, path)
			if err != nil {
				return badInput(err)
			}
			t, err := match.TallyPGN(games, c.String("player"))
			if err != nil {
				return badInput(fmt.Errorf("%s: %v", path, err))
			}
			score := t.Score
			if t.Unpaired > 0 {
				fmt.Fprintf(c.App.ErrWriter, "%d of %d games have no partner with the colours swapped: "+
					"Elo from wins, draws and losses, not pairs\n", t.Unpaired, score.Games())
				score.LL, score.LD, score.WL, score.DD, score.WD, score.WW = 0, 0, 0, 0, 0, 0
			}
			if t.Skipped > 0 {
				fmt.Fprintf(c.App.ErrWriter, "%d games skipped (no result, or not %s against %s)\n", t.Skipped, t.Player, t.Opponent)
			}
			return results.RenderMatch(c.App.Writer, format, t.Player, t.Opponent, score.Result(sprt))
		},
	}
}
