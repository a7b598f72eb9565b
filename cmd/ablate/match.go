package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/urfave/cli/v2"

	"github.com/ablate-chess/ablate/cmd/internal/command"
	"github.com/ablate-chess/ablate/experiments/match"
	"github.com/ablate-chess/ablate/experiments/render"
	"github.com/ablate-chess/ablate/experiments/setup"
)

func matchCommand() *cli.Command {
	return &cli.Command{
		Name:  "match",
		Usage: "play two configurations (or one and a UCI engine): Elo, LOS, SPRT",
		UsageText: "ablate match --config A=SPEC --config B=SPEC [--pairs N] [--sprt ...|--precision E] [flags]\n" +
			"ablate match ... [--nodes N | --move-depth N | --tc S+I | --movetime D]\n" +
			"ablate match --config A=SPEC --engine [NAME=]CMD [...]\n" +
			"ablate match --engine-src DIR --variant A=REV --variant B=REV [--config A=A --config B=B]",
		Description: "Plays game pairs: each opening twice, colours swapped, A White first. ablate's\n" +
			"configurations play in-process; an external engine through UCI. Games follow the\n" +
			"rules exactly (mate, stalemate, threefold repetition, fifty moves, insufficient\n" +
			"material) and may be adjudicated (--resign, --draw, --max-moves). Prints W/D/L, the\n" +
			"pentanomial counts, Elo and normalized Elo with 95% intervals, LOS and draw ratio,\n" +
			"as fastchess does, for A. With --sprt the match stops when the test decides. The\n" +
			"default, 10 pairs at 10,000 nodes a move, takes a few seconds; node-limited games\n" +
			"are deterministic: the same PGN for any -j. With --engine-src, the players are variants\n" +
			"of an engine built from its source (every variant, or those --config names).\n\n" +
			"--resume DIR --no-play plays and writes nothing: the figures of the pairs DIR's\n" +
			"journal holds (pairs.jsonl, or pairs.jsonl.gz), counted in order as the match\n" +
			"counts them, even while another ablate is playing it.",
		Flags: append(append(matchFlags(),
			configFlag("a player: ablate's engine as `NAME=SPEC` (repeatable)"),
			&cli.StringSliceFlag{Name: "engine", Usage: "an external UCI engine as a player, `[NAME=]CMD` (repeatable)"},
			&cli.StringSliceFlag{Name: "engine-option", Usage: "an external player's UCI option, `[ENGINE:]OPTION=VALUE` " +
				"(ENGINE may be left out with one external player; repeatable)"},
			&cli.StringFlag{Name: "engine-dir", Usage: "working `DIR`ectory of external engines"},
			&cli.StringFlag{Name: "profile", Usage: "with --engine-src, the built engine's profile: built-in `NAME` or TOML FILE " +
				"(it maps options to techniques, and may say how the engine is built)"},
			&cli.DurationFlag{Name: "move-timeout", Usage: "stop an external engine's node- or depth-limited move after this " +
				"long, as lost on time (default: 20 times what its nodes take at its measured speed, at least 3s)"},
			&cli.StringFlag{Name: "pgn", Usage: "write every game to `FILE`"},
			outFlag("games.pgn.gz, pairs.csv and match.json"),
			resumeFlag(),
			&cli.BoolFlag{Name: "no-play", Usage: "with --resume DIR: play and write nothing; the figures of the pairs DIR holds so far"},
			forceFlag(),
			shardFlag(),
		), sourceFlags()...),
		Action: matchAction,
	}
}

func matchAction(c *cli.Context) error {
	if c.Bool("no-play") {
		return matchSoFar(c)
	}
	if err := resumeAlone(c); err != nil {
		return err
	}
	req, err := matchRequest(c)
	if err != nil {
		return err
	}
	ctx, cancel := command.Interruptible()
	defer cancel()
	var stop func()
	m, out, err := match.Run(ctx, req, c.String("pgn"), func(e match.Event) {
		switch {
		case e.Note != "":
			fmt.Fprintln(c.App.ErrWriter, e.Note)
		case e.Start:
			stop = showMatch(c.App.ErrWriter, e.Match, c.Bool("quiet"))
		case e.Done:
			stop()
		}
	})
	switch {
	case m != nil && m.Complete:
		return render.Match(c.App.Writer, c.String("format"), m.Info.A.Name, m.Info.B.Name, m.Info.Result)
	case out == nil:
		return exitError(err)
	}
	// What was played, even of a match interrupted.
	if rerr := render.Match(c.App.Writer, c.String("format"), m.A.Name, m.B.Name, out.Result(m.Match)); rerr != nil {
		return rerr
	}
	return exitError(err)
}

// matchRequest reads match's flags into a request: a new match's
// settings, or the directory of one to finish.
func matchRequest(c *cli.Context) (match.Request, error) {
	req := match.Request{Resume: c.String("resume"), Out: c.String("out"), Replace: c.Bool("force"), Args: command.Line(c),
		Log: c.App.ErrWriter}
	if c.IsSet("workers") {
		req.Workers = c.Int("workers")
	}
	if pgn := c.String("pgn"); pgn != "" && !c.Bool("force") {
		if err := refuseExisting("pgn", pgn); err != nil {
			return req, err
		}
	}
	if req.Resume != "" {
		return req, nil
	}
	s, err := readMatchSettings(c)
	if err != nil {
		return req, command.BadInput(err)
	}
	s.Engines, s.EngineOptions, s.EngineDir = c.StringSlice("engine"), c.StringSlice("engine-option"), c.String("engine-dir")
	if cache := c.String("build-cache"); cache != "" {
		if s.BuildCache, err = filepath.Abs(cache); err != nil {
			return req, command.BadInput(err)
		}
	}
	s.MoveTimeout = c.Duration("move-timeout").Milliseconds()
	s.Profile = c.String("profile")
	if s.Shard, err = setup.ParseShard(c.String("shard"), os.Getenv); err != nil {
		return req, command.BadInput(err)
	}
	if s.Source, err = readSource(c); err != nil {
		return req, command.BadInput(err)
	}
	req.Settings = s
	return req, nil
}

// matchSoFar is match --resume DIR --no-play: what DIR holds, played or
// not, with nothing played or written.
func matchSoFar(c *cli.Context) error {
	dir := c.String("resume")
	if dir == "" {
		return command.BadUsage("--no-play reads a match directory: give --resume DIR")
	}
	if err := resumeAlone(c); err != nil {
		return err
	}
	info, r, counted, err := match.SoFarDir(dir)
	if err != nil {
		return command.BadInput(err)
	}
	if !info.Complete {
		fmt.Fprintf(c.App.ErrWriter, "%s: %d of %d pairs so far (nothing played now)\n", dir, counted, info.PairsAsked)
	}
	return render.Match(c.App.Writer, c.String("format"), info.A.Name, info.B.Name, r)
}
