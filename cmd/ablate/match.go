package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/ablate-chess/ablate/engine/subject"
	"github.com/ablate-chess/ablate/experiments"
	"github.com/ablate-chess/ablate/experiments/match"
	"github.com/ablate-chess/ablate/results"
)

func matchCommand() *cli.Command {
	return &cli.Command{
		Name:  "match",
		Usage: "play two configurations (or one and a UCI engine): Elo, LOS, SPRT",
		UsageText: "ablate match --config A=SPEC --config B=SPEC [--pairs N] [--sprt ...|--precision E] [flags]\n" +
			"ablate match ... [--nodes N | --depth N | --tc S+I | --movetime D]\n" +
			"ablate match --config A=SPEC --engine [NAME=]CMD [...]\n" +
			"ablate match --engine-src DIR --variant A=REV --variant B=REV [--config A=A --config B=B]\n" +
			"ablate match --resume DIR",
		Description: "Plays game pairs: each opening twice, colours swapped, A White first. ablate's\n" +
			"configurations play in-process; an external engine through UCI. Games follow the\n" +
			"rules exactly (mate, stalemate, threefold repetition, fifty moves, insufficient\n" +
			"material) and may be adjudicated (--resign, --draw, --max-moves). Prints W/D/L, the\n" +
			"pentanomial counts, Elo and normalized Elo with 95% intervals, LOS and draw ratio,\n" +
			"as fastchess does, for A. With --sprt the match stops when the test decides. The\n" +
			"default, 10 pairs at 10,000 nodes a move, takes a few seconds; node-limited games\n" +
			"are deterministic: the same PGN for any -j. With --engine-src, the players are variants\n" +
			"of an engine built from its source (every variant, or those --config names).",
		Flags: append(append(matchFlags(),
			configFlag("a player: ablate's engine as `NAME=SPEC` (repeatable)"),
			&cli.StringSliceFlag{Name: "engine", Usage: "an external UCI engine as a player, `[NAME=]CMD` (repeatable)"},
			&cli.StringSliceFlag{Name: "engine-option", Usage: "an external player's UCI option, `[ENGINE:]OPTION=VALUE` " +
				"(ENGINE may be left out with one external player; repeatable)"},
			&cli.StringFlag{Name: "engine-dir", Usage: "working `DIR`ectory of external engines"},
			&cli.DurationFlag{Name: "move-timeout", Usage: "stop an external engine's node- or depth-limited move after this " +
				"long, as lost on time (default: 20 times what its nodes take at its measured speed, at least 3s)"},
			&cli.StringFlag{Name: "pgn", Usage: "write every game to `FILE`"},
			&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "write games.pgn.gz, pairs.csv and match.json to `DIR`"},
			&cli.StringFlag{Name: "resume", Usage: "finish the interrupted match in `DIR`"},
			forceFlag(),
			shardFlag(),
		), sourceFlags()...),
		Action: matchAction,
	}
}

func matchAction(c *cli.Context) error {
	format := c.String("format")
	if err := results.CheckFormat(format); err != nil {
		return badInput(err)
	}
	dir := c.String("out")
	var s match.Settings
	var info *results.MatchInfo
	done := map[int]*match.Pair{}
	replaces := "" // --force: the directory the match replaces once complete
	if resume := c.String("resume"); resume != "" {
		var err error
		if s, info, done, err = match.ResumeDir(resume); err != nil {
			return badInput(fmt.Errorf("--resume %s: %v", resume, err))
		}
		if err := resumeChanges(c, info.Args, "workers", "jobs", "quiet", "format", "pgn"); err != nil {
			return badInput(fmt.Errorf("--resume %s: %v", resume, err))
		}
		if workersGiven(c) {
			s.Workers = workers(c)
		}
		dir = resume
	} else {
		var err error
		if dir != "" {
			if dir, replaces, err = claimOut(c, dir, "ablate match --resume"); err != nil {
				return err
			}
		}
		if s, err = readMatchSettings(c); err != nil {
			return badInput(err)
		}
		s.Engines, s.EngineOptions, s.EngineDir = c.StringSlice("engine"), c.StringSlice("engine-option"), c.String("engine-dir")
		s.MoveTimeout = c.Duration("move-timeout").Milliseconds()
		if s.Shard, err = experiments.ParseShard(c.String("shard"), os.Getenv); err != nil {
			return badInput(err)
		}
		if s.Source, err = readSource(c); err != nil {
			return badInput(err)
		}
		s.BuildCache = c.String("build-cache")
		if s.Source != nil && len(s.Configs) == 0 { // every variant plays
			for _, v := range s.Source.Variants {
				s.Configs = append(s.Configs, v.Name+"="+v.Name)
			}
		}
	}
	var configs subject.Subject // the configurations' engine: ablate's, or built variants
	if s.Source != nil {
		var err error
		ctx, cancel := interruptible()
		configs, err = experiments.BuildVariants(ctx, subjectSpec{Source: s.Source, Cache: s.BuildCache}, nil, s.HashMB, time.Hour, c.App.ErrWriter)
		cancel()
		if err != nil {
			return badInput(buildError(err))
		}
	}
	if err := experiments.CheckHash(s.HashMB, 2*max(1, s.Workers)); err != nil {
		return badInput(flagError(err))
	}
	ps, err := s.Players(c.App.ErrWriter, configs)
	if err != nil {
		return badInput(flagError(err))
	}
	m, err := s.Build(ps[0], ps[1])
	if err != nil {
		return badInput(flagError(err))
	}
	m.Done = done
	if info != nil {
		if err := match.SamePlayers(info, m); err != nil {
			return badInput(fmt.Errorf("--resume %s: %v", dir, err))
		}
	} else {
		req, _ := json.Marshal(s)
		info = &results.MatchInfo{Args: commandLine(c), Request: req,
			Started: time.Now().UTC(), Replaces: replaces}
	}
	m.Describe(info, s)
	out, err := playMatch(c, m, dir, info, "ablate match --resume "+dir)
	if err != nil {
		return err
	}
	return results.RenderMatch(c.App.Writer, format, m.A.Name, m.B.Name, out.Result(m))
}

// playMatch plays a match in its directory with its live line and
// Ctrl-C, and writes --pgn. An interruption keeps every finished pair and
// says the command that finishes the job (finish).
func playMatch(c *cli.Context, m *match.Match, dir string, info *results.MatchInfo, finish string) (*match.Outcome, error) {
	stop := m.ShowLive(c.App.ErrWriter, c.Bool("quiet"))
	ctx, cancel := interruptible()
	defer cancel()
	out, err := m.PlayIn(ctx, dir, info)
	stop()
	var interrupted *match.Interrupted
	if err != nil && !errors.As(err, &interrupted) {
		return nil, cli.Exit(err.Error(), exitFor(err, exitFailed))
	}
	if c.IsSet("pgn") {
		if err := m.WritePGN(c.String("pgn"), out); err != nil {
			return nil, cli.Exit(err.Error(), exitFailed)
		}
	}
	if interrupted != nil {
		msg := interrupted.Error()
		if dir != "" {
			msg += "; finish with: " + finish
		}
		results.RenderMatch(c.App.Writer, c.String("format"), m.A.Name, m.B.Name, out.Result(m))
		return nil, cli.Exit(msg, exitInterrupted)
	}
	return out, nil
}
