package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/ablate-chess/ablate/experiments"
	"github.com/ablate-chess/ablate/results"
)

func compareCommand() *cli.Command {
	return &cli.Command{
		Name:  "compare",
		Usage: "compare two runs, or two commits, configuration by configuration",
		UsageText: "ablate compare [--format F] [--fail-on nodes:PCT] OLD NEW  (run directories or records.csv files)\n" +
			"ablate compare --base REV --head REV [--rounds N] [-- run flags]\n" +
			"ablate compare --engine-a CMD --engine-b CMD [--rounds N] -- run flags (--profile P, ...)",
		Description: "Lines the runs up by configuration and position and reports nodes, time to depth\n" +
			"(ratio with a 95% confidence interval from the repeats: inside the noise is 'no\n" +
			"change'), nps, re-search rates and best moves that changed. With --base and --head\n" +
			"it builds both commits in temporary git worktrees and runs 'ablate run' with the\n" +
			"flags after '--', alternating the two binaries round by round (A B A B ...). With\n" +
			"--engine-a and --engine-b it does the same for two builds of an external engine:\n" +
			"'ablate run --engine CMD' and the flags after '--', alternated.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "base", Usage: "the old `REV`ision"},
			&cli.StringFlag{Name: "head", Usage: "the new `REV`ision"},
			&cli.StringFlag{Name: "engine-a", Usage: "the old build of an external UCI engine: a `CMD`"},
			&cli.StringFlag{Name: "engine-b", Usage: "the new build of an external UCI engine: a `CMD`"},
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
		old, new, err = compareRevisions(c, base, head, c.Int("rounds"), c.Args().Slice())
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
	git := func(args ...string) (string, error) {
		var out, errb bytes.Buffer
		cmd := exec.Command("git", args...)
		cmd.Stdout, cmd.Stderr = &out, &errb
		if err := cmd.Run(); err != nil {
			return "", fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(errb.String()))
		}
		return strings.TrimSpace(out.String()), nil
	}
	top, err := git("rev-parse", "--show-toplevel")
	if err != nil {
		return nil, nil, badInput(fmt.Errorf("compare --base/--head must run inside a git repository of ablate"))
	}
	var shas [2]string
	for i, rev := range []string{base, head} {
		sha, err := git("-C", top, "rev-parse", "--verify", "--quiet", rev+"^{commit}")
		if err != nil || sha == "" {
			return nil, nil, badInput(fmt.Errorf("no revision %q in %s", rev, top))
		}
		shas[i] = sha
	}

	ctx, tmp, done, err := scratch()
	if err != nil {
		return nil, nil, err
	}
	defer done()
	errw := c.App.ErrWriter
	var bins [2]string
	for i, side := range []string{"base", "head"} {
		wt := filepath.Join(tmp, "worktree-"+side)
		if _, err := git("-C", top, "worktree", "add", "--detach", wt, shas[i]); err != nil {
			return nil, nil, err
		}
		defer git("-C", top, "worktree", "remove", "--force", wt)
		bins[i] = filepath.Join(tmp, "ablate-"+side)
		fmt.Fprintf(errw, "building %s (%s) ...\n", side, shas[i][:12])
		build := exec.CommandContext(ctx, "go", "build", "-buildvcs=true", "-o", bins[i], "./cmd/ablate")
		build.Dir, build.Stderr = wt, errw
		if err := build.Run(); err != nil {
			return nil, nil, cli.Exit(fmt.Sprintf("building %s at %s: %v", side, shas[i][:12], err), exitFailed)
		}
	}
	return alternate(ctx, errw, tmp, rounds, [2][]string{{bins[0]}, {bins[1]}}, [2]string{"base", "head"}, runArgs)
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
	exe, err := os.Executable()
	if err != nil {
		return nil, nil, err
	}
	ctx, tmp, done, err := scratch()
	if err != nil {
		return nil, nil, err
	}
	defer done()
	return alternate(ctx, c.App.ErrWriter, tmp, rounds,
		[2][]string{{exe, "--engine", a}, {exe, "--engine", b}}, [2]string{"engine-a", "engine-b"}, runArgs)
}

// alternate runs 'ablate run' for two sides, each given as a command (a
// binary, then flags of run), rounds times, A B A B ..., so that the
// machine's drift hits both alike, and merges each side's runs.
func alternate(ctx context.Context, errw io.Writer, tmp string, rounds int, sides [2][]string, names [2]string,
	runArgs []string) (old, new []results.Record, err error) {
	var runs [2][][]results.Record
	for r := 0; r < rounds; r++ {
		for i, side := range names {
			out := filepath.Join(tmp, fmt.Sprintf("run-%s-%d", side, r+1))
			fmt.Fprintf(errw, "round %d/%d: %s\n", r+1, rounds, side)
			args := append([]string{"run"}, sides[i][1:]...)
			args = append(args, runArgs...)
			args = append(args, "--repeat", "1", "--quiet", "--format", "csv", "--out", out)
			run := exec.CommandContext(ctx, sides[i][0], args...)
			run.Stderr = errw
			if err := run.Run(); err != nil {
				if ctx.Err() != nil {
					return nil, nil, cli.Exit("interrupted; temporary files removed", exitInterrupted)
				}
				return nil, nil, cli.Exit(fmt.Sprintf("%s: ablate run: %v", side, err), exitFailed)
			}
			recs, err := results.ReadRun(out)
			if err != nil {
				return nil, nil, err
			}
			runs[i] = append(runs[i], recs)
		}
	}
	if old, err = mergeRuns(runs[0]); err != nil {
		return nil, nil, cli.Exit(names[0]+": "+err.Error(), exitFailed)
	}
	if new, err = mergeRuns(runs[1]); err != nil {
		return nil, nil, cli.Exit(names[1]+": "+err.Error(), exitFailed)
	}
	return old, new, nil
}

// mergeRuns joins repeated runs of one binary into one set of records
// whose times hold every run's sample; node counts must agree.
func mergeRuns(runs [][]results.Record) ([]results.Record, error) {
	type key struct {
		job   string
		depth int
	}
	merged := append([]results.Record(nil), runs[0]...)
	at := map[key]int{}
	for i, r := range merged {
		at[key{experiments.JobKey(r.Group, r.Config, r.Position), r.Depth}] = i
	}
	for _, run := range runs[1:] {
		for _, r := range run {
			i, ok := at[key{experiments.JobKey(r.Group, r.Config, r.Position), r.Depth}]
			if !ok {
				continue
			}
			m := &merged[i]
			if m.Nodes != r.Nodes {
				return nil, fmt.Errorf("%s on %s at depth %d: %d nodes in one run, %d in another", r.Config, r.Position, r.Depth, m.Nodes, r.Nodes)
			}
			m.TimesMS += ";" + r.TimesMS
			m.Repeats++
		}
	}
	return merged, nil
}
