package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/ablate-chess/ablate/experiments"
	"github.com/ablate-chess/ablate/experiments/source"
	"github.com/ablate-chess/ablate/results"
)

func compareCommand() *cli.Command {
	return &cli.Command{
		Name:  "compare",
		Usage: "compare two runs, or two commits, configuration by configuration",
		UsageText: "ablate compare [--format F] [--fail-on nodes:PCT] OLD NEW  (run directories or records.csv files)\n" +
			"ablate compare --base REV --head REV [--rounds N] [-- run flags]\n" +
			"ablate compare --engine-src DIR --base REV --head REV [--rounds N] [-- run flags]\n" +
			"ablate compare --engine-a CMD --engine-b CMD [--rounds N] -- run flags (--profile P, ...)",
		Description: "Lines the runs up by configuration and position and reports nodes, time to depth\n" +
			"(ratio with a 95% confidence interval from the repeats: inside the noise is 'no\n" +
			"change'), nps, re-search rates and best moves that changed. With --base and --head\n" +
			"it builds both commits in temporary git worktrees and runs 'ablate run' with the\n" +
			"flags after '--', alternating the two binaries round by round (A B A B ...). With\n" +
			"--engine-a and --engine-b it does the same for two builds of an external engine:\n" +
			"'ablate run --engine CMD' and the flags after '--', alternated. With --engine-src\n" +
			"DIR, --base and --head are revisions of that engine's repository, built with\n" +
			"--build (and kept in --build-cache): the two-commit compare for any engine.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "base", Usage: "the old `REV`ision"},
			&cli.StringFlag{Name: "head", Usage: "the new `REV`ision"},
			&cli.StringFlag{Name: "engine-a", Usage: "the old build of an external UCI engine: a `CMD`"},
			&cli.StringFlag{Name: "engine-b", Usage: "the new build of an external UCI engine: a `CMD`"},
			&cli.StringFlag{Name: "engine-src", Usage: "with --base/--head: revisions of this engine's git repository `DIR`"},
			&cli.StringFlag{Name: "build", Usage: "with --engine-src: the build `CMD`, {src} the source and {out} the binary", Value: source.DefaultBuild},
			&cli.StringFlag{Name: "build-cache", Usage: "with --engine-src: keep the builds in `DIR`"},
			&cli.IntFlag{Name: "rounds", Usage: "with --base/--head, runs of each binary (alternated)", Value: 3},
			formatFlag("table, markdown or csv"),
			&cli.StringSliceFlag{Name: "fail-on", Usage: "`nodes:PCT` or `time:PCT`: exit 1 if the new side is worse by more (repeatable)"},
		},
		Action: compareAction,
	}
}

func compareAction(c *cli.Context) error {
	format := c.String("format")
	if format != "table" && format != "markdown" && format != "csv" {
		return badInput(fmt.Errorf("unknown format %q (known: table, markdown, csv)", format))
	}
	rules, err := results.ParseFailRules(c.StringSlice("fail-on"))
	if err != nil {
		return badInput(fmt.Errorf("--fail-on %v", err))
	}
	var old, new []results.Record
	switch base, head := c.String("base"), c.String("head"); {
	case c.String("engine-a") != "" || c.String("engine-b") != "":
		if c.String("engine-a") == "" || c.String("engine-b") == "" {
			return badInput(fmt.Errorf("give both --engine-a and --engine-b"))
		}
		if c.Int("rounds") < 1 {
			return badInput(fmt.Errorf("--rounds must be at least 1"))
		}
		old, new, err = compareEngines(c, c.String("engine-a"), c.String("engine-b"), c.Int("rounds"), c.Args().Slice())
		if err != nil {
			return err
		}
	case base != "" || head != "":
		if base == "" || head == "" {
			return badInput(fmt.Errorf("give both --base and --head"))
		}
		if c.Int("rounds") < 1 {
			return badInput(fmt.Errorf("--rounds must be at least 1"))
		}
		if src := c.String("engine-src"); src != "" {
			old, new, err = compareSources(c, src, base, head, c.Int("rounds"), c.Args().Slice())
		} else {
			old, new, err = compareRevisions(c, base, head, c.Int("rounds"), c.Args().Slice())
		}
		if err != nil {
			return err
		}
	case c.NArg() == 2:
		if old, err = results.ReadRun(c.Args().Get(0)); err != nil {
			return badInput(err)
		}
		if new, err = results.ReadRun(c.Args().Get(1)); err != nil {
			return badInput(err)
		}
	default:
		return badInput(fmt.Errorf("compare wants OLD and NEW (run directories or records.csv files), or --base and --head"))
	}

	cs := results.Compare(old, new)
	if err := results.RenderComparison(c.App.Writer, format, cs); err != nil {
		return err
	}
	failures := results.Failures(cs, rules)
	if len(failures) > 0 {
		return cli.Exit("compare: the new side is worse: "+strings.Join(failures, "; "), exitFailed)
	}
	return nil
}

// compareRevisions builds base and head in temporary worktrees, runs each
// rounds times, alternating, and returns their merged records. The
// worktrees are removed whatever happens, Ctrl-C included; the user's
// working tree is never touched.
func compareRevisions(c *cli.Context, base, head string, rounds int, runArgs []string) (old, new []results.Record, err error) {
	repo, err := source.Open(".")
	if err != nil {
		return nil, nil, badInput(fmt.Errorf("compare --base/--head must run inside a git repository of ablate"))
	}
	var shas [2]string
	for i, rev := range []string{base, head} {
		if shas[i], err = repo.Resolve(rev); err != nil {
			return nil, nil, badInput(err)
		}
	}
	ctx, tmp, done, err := scratch()
	if err != nil {
		return nil, nil, err
	}
	defer done()
	errw := c.App.ErrWriter
	var sides [2]experiments.Side
	for i, name := range []string{"base", "head"} {
		wt := filepath.Join(tmp, "worktree-"+name)
		remove, err := repo.Worktree(shas[i], wt)
		if err != nil {
			return nil, nil, err
		}
		defer remove()
		bin := filepath.Join(tmp, "ablate-"+name)
		fmt.Fprintf(errw, "building %s (%s) ...\n", name, shas[i][:12])
		if err := source.BuildAblate(ctx, wt, bin, errw); err != nil {
			return nil, nil, cli.Exit(fmt.Sprintf("building %s at %s: %v", name, shas[i][:12], err), exitFailed)
		}
		sides[i] = experiments.Side{Name: name, Command: []string{bin}}
	}
	return alternate(ctx, errw, tmp, rounds, sides, runArgs)
}

// scratch is what a compare of builds runs in: a context Ctrl-C cancels,
// and a temporary directory, both undone by done.
func scratch() (ctx context.Context, tmp string, done func(), err error) {
	ctx, cancel := interruptible()
	tmp, err = os.MkdirTemp("", "ablate-compare-")
	if err != nil {
		cancel()
		return nil, "", nil, err
	}
	return ctx, tmp, func() { os.RemoveAll(tmp); cancel() }, nil
}

// compareEngines runs 'ablate run --engine CMD' with each engine, rounds
// times, alternating, and returns their merged records.
func compareEngines(c *cli.Context, a, b string, rounds int, runArgs []string) (old, new []results.Record, err error) {
	return alternateSelf(c, rounds, runArgs, func(exe string) [2]experiments.Side {
		return [2]experiments.Side{{Name: "engine-a", Command: []string{exe, "--engine", a}},
			{Name: "engine-b", Command: []string{exe, "--engine", b}}}
	})
}

// alternateSelf alternates two sides that are this binary with flags of
// their own (sides, given the binary's path), in a scratch directory.
func alternateSelf(c *cli.Context, rounds int, runArgs []string, sides func(exe string) [2]experiments.Side) (old, new []results.Record, err error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, nil, err
	}
	ctx, tmp, done, err := scratch()
	if err != nil {
		return nil, nil, err
	}
	defer done()
	return alternate(ctx, c.App.ErrWriter, tmp, rounds, sides(exe), runArgs)
}

// alternate runs both sides (experiments.Alternate), an interruption
// being exit 130 and a failure exit 1.
func alternate(ctx context.Context, errw io.Writer, tmp string, rounds int, sides [2]experiments.Side, runArgs []string) (old, new []results.Record, err error) {
	old, new, err = experiments.Alternate(ctx, errw, tmp, rounds, sides, runArgs)
	switch {
	case ctx.Err() != nil:
		return nil, nil, cli.Exit("interrupted; temporary files removed", exitInterrupted)
	case err != nil:
		return nil, nil, cli.Exit(err.Error(), exitFailed)
	}
	return old, new, nil
}

// compareSources compares two revisions of any engine's repository: each
// side runs 'ablate run --engine-src DIR --variant engine=REV', so both
// are built (or taken from the build cache) and their records line up
// under one configuration name.
func compareSources(c *cli.Context, src, base, head string, rounds int, runArgs []string) (old, new []results.Record, err error) {
	// Bad revisions are bad input, found before anything is built or run.
	repo, err := source.Open(src)
	if err != nil {
		return nil, nil, badInput(fmt.Errorf("--engine-src: %v", err))
	}
	for i, rev := range []string{base, head} {
		if _, err := repo.Resolve(rev); err != nil {
			return nil, nil, badInput(fmt.Errorf("--%s: %v", []string{"base", "head"}[i], err))
		}
	}
	return alternateSelf(c, rounds, runArgs, func(exe string) [2]experiments.Side {
		side := func(name, rev string) experiments.Side {
			cmd := []string{exe, "--engine-src", src, "--variant", "engine=" + rev, "--build", c.String("build")}
			if cache := c.String("build-cache"); cache != "" {
				cmd = append(cmd, "--build-cache", cache)
			}
			return experiments.Side{Name: name, Command: cmd}
		}
		return [2]experiments.Side{side("base", base), side("head", head)}
	})
}
