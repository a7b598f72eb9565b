package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/ablate-chess/ablate/experiments"
	"github.com/ablate-chess/ablate/results"
)

// exitInterrupted is the status of a run stopped by Ctrl-C (128 + SIGINT).
const exitInterrupted = 130

func runCommand() *cli.Command {
	return &cli.Command{
		Name:  "run",
		Usage: "search positions under technique configurations: what each technique saves and costs",
		UsageText: "ablate run [--experiment FILE|NAME] [--config NAME=SPEC ...] [flags]\n" +
			"ablate run [--ladder|--leave-one-out|--factorial a,b,c] [--sweep p=from:to:step ...] [flags]",
		Description: "Runs a fixed-depth search of every position under every configuration and prints a\n" +
			"summary per configuration against its group's reference. With no experiment,\n" +
			"configuration or generator it runs the built-in 'stages' experiment.\n\n" +
			"A SPEC is a preset then +technique, -technique and param=value items, applied left\n" +
			"to right: 'full,-lmr', 'stage-12,+lmr,lmr-base-centiplies=100'. See 'ablate techniques'.\n" +
			"Built-in experiments: " + strings.Join(experiments.Builtin(), ", ") + ".",
		Flags: flags([]cli.Flag{
			&cli.StringFlag{Name: "experiment", Aliases: []string{"e"}, Usage: "experiment `FILE` (TOML) or built-in name"},
			positionsFlag("", "EPD/FEN `FILE` or built-in suite (six, bench, perft); default six or the experiment's"),
			configFlag("a configuration `NAME=SPEC` (repeatable)"),
			&cli.StringFlag{Name: "ladder", Usage: "techniques `a,b,c`: the base without them, then adding one per row"},
			&cli.StringFlag{Name: "leave-one-out", Usage: "techniques `a,b,c`: the base, then the base without each"},
			&cli.StringFlag{Name: "factorial", Usage: "techniques `a,b,c`: all 2^k on/off combinations"},
			&cli.StringSliceFlag{Name: "sweep", Usage: "parameter range `p=from:to:step` (repeatable; two make a grid)"},
			&cli.StringFlag{Name: "base", Usage: "the generators' base `SPEC` (default: the engine's default preset)"},
			depthFlag(0, "search depth (default 8, or the experiment's)"),
			&cli.IntFlag{Name: "repeat", Aliases: []string{"r"}, Usage: "timing repeats per job (node counts that differ are reported)", Value: 1},
			jobsFlag(),
			setFlag(),
			hashFlag(),
			&cli.StringFlag{Name: "reference", Usage: "the configuration `NAME` its group is compared against (default: the group's first)"},
			formatFlag("stdout format: table, markdown, csv or json"),
			&cli.BoolFlag{Name: "records", Usage: "print every record (configuration, position, depth) after the summary"},
			&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "write records.csv, summary.csv and run.json to `DIR`"},
			&cli.StringFlag{Name: "resume", Usage: "finish the interrupted run in `DIR` without redoing finished jobs"},
			&cli.BoolFlag{Name: "continue", Usage: "with --out: finish the run already in DIR if there is one (done: nothing to do), else start it; for retried cluster jobs"},
			&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "no progress bar"},
			forceFlag(),
			shardFlag(),
			&cli.StringFlag{Name: "estimates", Usage: "cost jobs by the times of a previous run `DIR` (for --shard and scheduling)"},
		}, budgetFlags(), subjectFlags()),
		Action: runAction,
	}
}

// runResumeSame are the flags that change nothing a run computes: a
// resume may give them anew.
var runResumeSame = []string{"jobs", "quiet", "format", "records", "estimates"}

func runAction(c *cli.Context) error {
	format := c.String("format")
	if err := results.CheckFormat(format); err != nil {
		return badInput(err)
	}
	dir := c.String("out")
	var settings runSettings
	var prior []results.Record
	var info *results.RunInfo

	resume := c.String("resume")
	if c.Bool("continue") && dir != "" && resume == "" {
		h, err := results.Inspect(dir)
		if err != nil {
			return cli.Exit(err.Error(), exitFailed)
		}
		if h.What == "run" {
			ri, err := results.ReadRunInfo(dir)
			if err != nil {
				return badInput(fmt.Errorf("--continue %s: %v", dir, err))
			}
			if err := resumeChanges(c, ri.Args, runResumeSame...); err != nil {
				return badInput(fmt.Errorf("--continue %s: %v", dir, err))
			}
			if ri.Complete {
				fmt.Fprintf(c.App.ErrWriter, "%s holds this run, complete: nothing to do\n", dir)
				return nil
			}
			resume = dir
		}
	}
	replaces := ""
	if resume == "" && dir != "" {
		var err error
		if dir, replaces, err = claimOut(c, dir, "ablate run --resume"); err != nil {
			return err
		}
	}
	if resume != "" {
		ri, recs, err := results.ResumeRun(resume)
		if err != nil {
			return badInput(fmt.Errorf("--resume %s: %v", resume, err))
		}
		if err := resumeChanges(c, ri.Args, runResumeSame...); err != nil {
			return badInput(fmt.Errorf("--resume %s: %v", resume, err))
		}
		if err := json.Unmarshal(ri.Request, &settings); err != nil {
			return badInput(fmt.Errorf("--resume %s: run.json has no usable request: %v", resume, err))
		}
		prior = recs
		if c.IsSet("jobs") {
			settings.Workers = c.Int("jobs")
		}
		dir, info = resume, ri
	} else {
		var err error
		if settings, err = readRunSettings(c); err != nil {
			return badInput(err)
		}
	}
	if settings.Repeat < 1 || settings.Workers < 1 {
		return badInput(fmt.Errorf("--repeat and --jobs must be at least 1"))
	}
	if err := checkHash(settings.HashMB, settings.Workers); err != nil {
		return badInput(err)
	}
	b := experiments.Budget{Nodes: settings.MaxNodes, Time: settings.MaxTime}
	sub, err := makeSubject(settings.Subject, settings.HashMB, b, settings.Request.Experiment, c.App.ErrWriter)
	if err != nil {
		return badInput(err)
	}
	settings.Request.Subject = sub

	plan, err := experiments.Build(settings.Request)
	if err != nil {
		return badInput(err)
	}
	skip := map[string]bool{}
	for _, r := range prior {
		skip[experiments.JobKey(r.Group, r.Config, r.Position)] = true
	}
	ctx, cancel := interruptible()
	defer cancel()
	runner := &experiments.Runner{Plan: plan, Workers: settings.Workers, Repeat: settings.Repeat,
		Budget: b, Schedule: true, Skip: skip, Shard: settings.Shard}
	if settings.Estimates != "" {
		prev, err := results.ReadRun(settings.Estimates)
		if err != nil {
			return badInput(fmt.Errorf("--estimates: %v", err))
		}
		runner.Costs = results.JobCosts(prev)
	}
	jobs, _, err := runner.Jobs(ctx)
	if err != nil {
		return cli.Exit(err.Error(), exitFailed)
	}
	shardJobs := len(jobs) + len(skip)
	if settings.Shard.Count > 1 {
		fmt.Fprintf(c.App.ErrWriter, "shard %s: %d of the plan's %d jobs\n", settings.Shard, shardJobs, plan.Jobs())
	}

	// run.json first, so that an interrupted run can be resumed.
	var d *results.Dir
	if dir != "" {
		resuming := info != nil
		if !resuming {
			req, _ := json.Marshal(settings)
			info = &results.RunInfo{Args: commandLine(c), Request: req, Format: format, Experiment: plan.Name,
				Description: plan.Description, Started: time.Now().UTC(), Replaces: replaces}
		}
		plan.Describe(info, experiments.RunShape{Jobs: shardJobs, Workers: settings.Workers, Repeat: settings.Repeat,
			HashMB: settings.HashMB, Shard: settings.Shard,
			Key: fmt.Sprintf("repeat=%d max-nodes=%d max-time=%v", settings.Repeat, settings.MaxNodes, settings.MaxTime)})
		if d, err = results.OpenDir(dir, info, resuming); err != nil {
			return err
		}
		defer d.Close()
	}

	total := shardJobs
	bar := startProgress(c.App.ErrWriter, c.Bool("quiet"), total, len(skip))
	runner.OnProgress = bar.update
	runner.OnJob = func(recs []results.Record) error { return d.AppendJSON(recs) }
	recs, runErr := runner.Run(ctx)
	bar.stop()
	interrupted := errors.Is(runErr, context.Canceled)
	var failed experiments.JobErrors
	if runErr != nil && !interrupted && !errors.As(runErr, &failed) {
		return cli.Exit(runErr.Error(), exitFailed)
	}

	all := append(prior, recs...)
	plan.Order(all)
	sums, err := results.Summarize(all, plan.Reference)
	if err != nil {
		return err
	}
	if info != nil {
		info.Failed = nil
		for _, f := range failed {
			info.Failed = append(info.Failed, f.Error())
		}
	}
	// A complete run's records are all in records.csv; the journal was
	// only there to resume it.
	if err := d.Finish(!interrupted && failed == nil, func(dir string) error { return results.WriteRunFiles(dir, all, sums) }); err != nil {
		return err
	}
	if err := results.RenderRun(c.App.Writer, format, sums, all, c.Bool("records")); err != nil {
		return err
	}
	warnCutShort(c.App.ErrWriter, sums)
	if bad := results.Unrepeatable(all); len(bad) > 0 {
		fmt.Fprintf(c.App.ErrWriter, "warning: %s is not deterministic: repeats of %d searches counted different nodes "+
			"(nodes_spread in the records):\n  %s\n", plan.Subject.Name(), len(bad), strings.Join(bad, "\n  "))
	}
	if failed != nil {
		msg := failed.Error()
		if dir != "" {
			msg += fmt.Sprintf("\nthe other jobs' records are in %s; retry the failed ones with: ablate run --resume %s", dir, dir)
		}
		return cli.Exit(msg, exitFailed)
	}
	if interrupted {
		doneJobs := len(skip) + results.CountJobs(recs)
		msg := fmt.Sprintf("interrupted: %d of %d jobs done", doneJobs, total)
		if dir != "" {
			msg += fmt.Sprintf("; their records are in %s; finish with: ablate run --resume %s", dir, dir)
		}
		return cli.Exit(msg, exitInterrupted)
	}
	return nil
}
