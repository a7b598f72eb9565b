package main

import (
	"github.com/urfave/cli/v2"

	"github.com/ablate-chess/ablate/cmd/internal/command"
	"github.com/ablate-chess/ablate/experiments/merge"
	"github.com/ablate-chess/ablate/experiments/render"
)

func mergeCommand() *cli.Command {
	return &cli.Command{
		Name:      "merge",
		ArgsUsage: "[OUT] SHARD_DIR...",
		Usage:     "join a run's (or a match's) shard directories into the one a whole run writes",
		UsageText: "ablate merge [--allow-partial] --out OUT SHARD_DIR...\nablate merge [--allow-partial] OUT SHARD_DIR...",
		Description: "Reads the shards' directories (ablate run --shard I/N --out DIR, or ablate match\n" +
			"--shard I/N --out DIR) and writes OUT: for a run, records.csv and summary.csv\n" +
			"byte for byte those of the run unsharded (but for the time columns) and a run.json\n" +
			"listing the shards and their hosts; for a match, games.pgn.gz in pair order, pairs.csv,\n" +
			"and match.json with the pentanomial counts added and Elo and SPRT recomputed.\n" +
			"It refuses, naming the directories, shards of different plans or builds, a shard\n" +
			"given twice, a job in two shards, a shard missing or unfinished, a row that is not\n" +
			"of the plan, and an OUT that is one of the shards or holds files (unless --force);\n" +
			"--allow-partial merges what is there and says what is missing.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "write the merged result to `DIR` (else the first argument is OUT)"},
			&cli.BoolFlag{Name: "allow-partial", Usage: "merge what the shards hold, reporting what is missing"},
			&cli.BoolFlag{Name: "force", Usage: "replace what OUT holds, once the merge is whole (written beside it until then)"},
			&cli.StringFlag{Name: "check-against", Usage: "then compare the merged records.csv and summary.csv with an unsharded run `DIR`'s, time columns aside (exit 1 on a difference)"},
			formatFlag("stdout format: table, markdown, csv or json"),
		},
		Action: func(c *cli.Context) error {
			out, dirs := c.String("out"), c.Args().Slice()
			if out == "" && len(dirs) > 0 { // OUT first, as before --out
				out, dirs = dirs[0], dirs[1:]
			}
			format := c.String("format")
			m, err := merge.Run(merge.Request{Out: out, Dirs: dirs, AllowPartial: c.Bool("allow-partial"), Replace: c.Bool("force"),
				CheckAgainst: c.String("check-against"), Log: c.App.ErrWriter})
			switch {
			case merge.IsFailed(err):
				return cli.Exit(err.Error(), command.ExitFailed)
			case err != nil:
				return command.BadInput(err)
			case m.Kind == "worth":
				return render.Worth(c.App.Writer, format, m.Worth)
			case m.Kind == "match":
				return render.Match(c.App.Writer, format, m.Match.A.Name, m.Match.B.Name, m.Match.Result)
			}
			return render.Summary(c.App.Writer, format, m.Summaries)
		},
	}
}
