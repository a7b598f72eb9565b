package main

import (
	"fmt"
	"strconv"
	"strings"

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
		UsageText: "ablate elo [--player NAME] [--sprt elo0=0,elo1=5,...] [--by-move 10,20,40] FILE.pgn",
		Description: "Pairs the games by their starting position and book moves with the colours\n" +
			"swapped (in any order, as match runners with concurrency write them) and prints\n" +
			"W/D/L, the pentanomial counts, Elo and normalized Elo with 95% intervals, LOS and\n" +
			"draw ratio for the player (default: the White of the first game), and with --sprt\n" +
			"the log-likelihood ratio. Games left without a partner count as single games; Elo\n" +
			"then comes from wins, draws and losses.\n\n" +
			"--by-move 10,20,40 adds each player's mean depth, nodes and seconds a move over\n" +
			"its own moves 1-10, 11-20, 21-40 and 41 on (book moves not counted; nodes and\n" +
			"seconds where the comments carry them): how a node budget spends against a\n" +
			"clock, and how two clocks spend. With csv or json it writes that table alone.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "player", Usage: "the player the figures are for (default: the first game's White)"},
			&cli.StringFlag{Name: "sprt", Usage: "`elo0=0,elo1=5,alpha=0.05,beta=0.05[,model=normalized|logistic]`"},
			&cli.StringFlag{Name: "by-move", Usage: "depth, nodes and seconds a move by stretch of the games, split after the own moves `N,N,...`"},
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
			if !c.IsSet("by-move") {
				return render.Match(c.App.Writer, format, t.Player, t.Opponent, score.Result(sprt))
			}
			bounds, err := parseBounds(c.String("by-move"))
			if err != nil {
				return command.BadInput(fmt.Errorf("--by-move %v", err))
			}
			phases, err := match.PhasesFile(c.Args().First(), t.Player, t.Opponent, bounds)
			if err != nil {
				return command.BadInput(err)
			}
			if format != "csv" && format != "json" {
				if err := render.Match(c.App.Writer, format, t.Player, t.Opponent, score.Result(sprt)); err != nil {
					return err
				}
				fmt.Fprintln(c.App.Writer)
			}
			return render.Phases(c.App.Writer, format, t.Player, t.Opponent, phases)
		},
	}
}

// parseBounds reads --by-move's list: the last own move of each stretch,
// ascending.
func parseBounds(s string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 || (len(out) > 0 && n <= out[len(out)-1]) {
			return nil, fmt.Errorf("%q: want move numbers above 0, ascending, as in 10,20,40", s)
		}
		out = append(out, n)
	}
	return out, nil
}
