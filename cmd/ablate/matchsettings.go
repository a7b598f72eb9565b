package main

import (
	"github.com/ablate-chess/ablate/experiments/match"
	"github.com/urfave/cli/v2"
)

// matchFlags are the flags of match and worth.
func matchFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "openings", Usage: "openings: built-in suite, EPD/FEN `FILE` or .pgn file", Value: match.DefaultOpenings},
		&cli.StringFlag{Name: "openings-order", Usage: "`sequential` or random", Value: "sequential"},
		&cli.Uint64Flag{Name: "seed", Usage: "seed of the random openings order and random plies"},
		&cli.IntFlag{Name: "random-plies", Usage: "extend each pair's opening by `N` random legal moves, drawn from --seed " +
			"and the pair (a self-play data run: many games from few openings)"},
		&cli.StringFlag{Name: "random-per", Usage: "draw the random plies per `pair` (both games one line) or per game " +
			"(every game its own line: self-play data without colour-swapped twins)", Value: "pair"},
		&cli.IntFlag{Name: "pairs", Usage: "game pairs to play (each opening twice, colours swapped); more than an unfinished --out asked goes on to the new count, its games kept", Value: match.DefaultPairs},
		&cli.IntFlag{Name: "games", Usage: "games to play (even; instead of --pairs)"},
		&cli.Uint64Flag{Name: "nodes", Usage: "nodes per move (the default limit; deterministic)", Value: match.DefaultNodes},
		&cli.IntFlag{Name: "move-depth", Usage: "depth per move, instead of nodes"},
		&cli.StringFlag{Name: "tc", Usage: "a clock per game, `SECONDS+INC` as in 10+0.1, instead of nodes; " +
			"SECONDS+INC@N counts it in nodes, N a millisecond (an engine that can: ablate's, Stockfish's profile): a clock's shape, deterministic"},
		&cli.DurationFlag{Name: "movetime", Usage: "time per move, as in 100ms, instead of nodes"},
		&cli.DurationFlag{Name: "time-margin", Usage: "grace past zero on the clock before a move loses on time"},
		&cli.StringFlag{Name: "resign", Usage: "resign adjudication `MOVES:CP`: both scores beyond CP for MOVES moves each (0: off)", Value: match.DefaultResign},
		&cli.StringFlag{Name: "draw", Usage: "draw adjudication `FROM:MOVES:CP`: after move FROM, both scores within CP for MOVES moves (0: off)", Value: match.DefaultDraw},
		&cli.IntFlag{Name: "max-moves", Usage: "a game reaching this many moves is a draw (0: no cap)", Value: match.DefaultMaxMoves},
		&cli.StringFlag{Name: "sprt", Usage: "stop when an SPRT decides: `elo0=0,elo1=5,alpha=0.05,beta=0.05[,model=normalized|logistic]`"},
		&cli.StringFlag{Name: "precision", Usage: "stop once the Elo's 95% interval is at most `E` either side (pentanomial, " +
			"from pair 50 on; --pairs is then the cap, 20,000 if not given)"},
		jobsFlag(),
		hashFlag(),
		&cli.StringFlag{Name: "event", Usage: "the PGN Event tag", Value: match.DefaultEvent},
		formatFlag("stdout format: table, markdown, csv or json"),
		&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "no live line"},
	}
}

func stringSlice(c *cli.Context, name string) []string {
	if c.IsSet(name) {
		return c.StringSlice(name)
	}
	return nil
}

// readMatchSettings reads the flags.
func readMatchSettings(c *cli.Context) (match.Settings, error) {
	s := match.Settings{
		Configs:  stringSlice(c, "config"),
		Openings: c.String("openings"), Order: c.String("openings-order"), Seed: c.Uint64("seed"),
		Pairs: c.Int("pairs"), Nodes: c.Uint64("nodes"), Depth: c.Int("move-depth"), TC: c.String("tc"),
		MoveTime: c.Duration("movetime").Milliseconds(), TimeMargin: c.Duration("time-margin").Milliseconds(),
		Resign: c.String("resign"), Draw: c.String("draw"), MaxMoves: c.Int("max-moves"), SPRT: c.String("sprt"),
		Workers: c.Int("workers"), HashMB: c.Int("hash"), Event: c.String("event"), RandomPlies: c.Int("random-plies"),
		RandomPer: randomPer(c.String("random-per")),
	}
	var games *int
	if g := c.Int("games"); c.IsSet("games") {
		games = &g
	}
	return s, flagError(s.Count(games, c.String("precision"), c.IsSet("nodes"), c.IsSet("pairs")))
}

// randomPer stores the default, per pair, as match.json always has: unnamed.
func randomPer(v string) string {
	if v == "pair" {
		return ""
	}
	return v
}
