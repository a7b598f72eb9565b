package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/ablate-chess/ablate/experiments/match"
	"github.com/ablate-chess/ablate/results"
)

func mergeCommand() *cli.Command {
	return &cli.Command{
		Name:      "merge",
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
			if out == "" || len(dirs) == 0 {
				return badInput(fmt.Errorf("merge wants --out DIR and at least one shard directory"))
			}
			if err := results.CheckFormat(c.String("format")); err != nil {
				return badInput(err)
			}
			seen := map[string]string{}
			for _, d := range dirs {
				abs := realPath(d)
				if prev, dup := seen[abs]; dup {
					return badInput(fmt.Errorf("%s is given twice (as %s and %s)", abs, prev, d))
				}
				seen[abs] = d
			}
			if err := checkMergeOut(out, seen, c.Bool("force")); err != nil {
				return badInput(err)
			}
			// An OUT that holds files is replaced only once the merge is
			// whole: it is written beside OUT first.
			target := out
			if h, err := results.Inspect(out); err == nil && !h.Empty() {
				out = results.Staging(out)
				if err := os.RemoveAll(out); err != nil {
					return cli.Exit(err.Error(), exitFailed)
				}
				defer os.RemoveAll(out)
			}
			merge := mergeRunShards
			if _, err := os.Stat(filepath.Join(dirs[0], "worth.csv")); err == nil {
				merge = mergeWorthShards
			} else if _, err := os.Stat(filepath.Join(dirs[0], "match.json")); err == nil {
				merge = mergeMatchShards
			}
			if err := merge(c, out, dirs); err != nil || out == target {
				return err
			}
			if err := results.ReplaceDir(out, target); err != nil {
				return cli.Exit(err.Error(), exitFailed)
			}
			return nil
		},
	}
}

func mergeRunShards(c *cli.Context, out string, dirs []string) error {
	m, err := results.MergeRuns(dirs, c.Bool("allow-partial"))
	if err != nil {
		return badInput(err)
	}
	merged, all := m.Info, m.Records
	if len(m.Absent) > 0 {
		fmt.Fprintf(c.App.ErrWriter, "merge: %d of %d jobs missing (shards %v missing or unfinished), e.g. %s\n",
			len(m.Absent), len(merged.JobsOf()), m.Missing, strings.Join(m.Absent[:min(3, len(m.Absent))], "; "))
	}
	sums, err := results.Summarize(all, merged.Reference)
	if err != nil {
		return badInput(err)
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return badInput(err)
	}
	if err := results.WriteRunFiles(out, all, sums); err != nil {
		return err
	}
	if err := results.WriteRunInfo(out, merged); err != nil {
		return err
	}
	fmt.Fprintf(c.App.ErrWriter, "merged %d shard(s) of %d into %s: %d records\n", len(dirs), merged.Shards[0].Count, out, len(all))
	if err := results.RenderSummary(c.App.Writer, c.String("format"), sums); err != nil {
		return err
	}
	if whole := c.String("check-against"); whole != "" {
		for _, f := range []string{"records.csv", "summary.csv"} {
			same, err := results.SameButTimes(filepath.Join(whole, f), filepath.Join(out, f))
			if err != nil {
				return badInput(err)
			}
			if !same {
				return cli.Exit(fmt.Sprintf("merge: %s differs from %s's beyond the time columns", filepath.Join(out, f), whole), exitFailed)
			}
		}
		fmt.Fprintf(c.App.ErrWriter, "merge: records.csv and summary.csv are %s's, time columns aside\n", whole)
	}
	return nil
}

func mergeMatchShards(c *cli.Context, out string, dirs []string) error {
	merged, err := match.MergeDirs(out, dirs, c.Bool("allow-partial"), c.App.ErrWriter)
	if err != nil {
		return badInput(err)
	}
	return results.RenderMatch(c.App.Writer, c.String("format"), merged.A.Name, merged.B.Name, merged.Result)
}

func mergeWorthShards(c *cli.Context, out string, dirs []string) error {
	rows, err := match.MergeWorth(out, dirs, c.Bool("allow-partial"), c.App.ErrWriter)
	if err != nil {
		return badInput(err)
	}
	return results.RenderWorth(c.App.Writer, c.String("format"), rows)
}

// checkMergeOut refuses an OUT that is one of the shards being merged (or
// inside one, or holds one), and, unless forced, a directory that already
// holds files.
func checkMergeOut(out string, shards map[string]string, force bool) error {
	abs := realPath(out)
	for d, given := range shards {
		if abs == d || strings.HasPrefix(abs, d+string(filepath.Separator)) || strings.HasPrefix(d, abs+string(filepath.Separator)) {
			return fmt.Errorf("OUT %s is (or is inside, or holds) shard %s, one of the inputs: merge into another directory", out, given)
		}
	}
	entries, err := os.ReadDir(out)
	if err == nil && len(entries) > 0 && !force {
		return fmt.Errorf("OUT %s already holds files: merge into an empty directory, or give --force", out)
	}
	return nil
}

// realPath is a path as the file system resolves it (absolute, symbolic
// links followed, as far as the path exists), so that two names of one
// directory compare equal.
func realPath(p string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		return filepath.Clean(p)
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		return real
	}
	if parent := filepath.Dir(abs); parent != abs { // OUT may not exist yet
		return filepath.Join(realPath(parent), filepath.Base(abs))
	}
	return abs
}
