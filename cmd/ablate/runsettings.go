package main

import (
	"os"

	"github.com/ablate-chess/ablate/cmd/internal/command"
	"github.com/ablate-chess/ablate/experiments/matrix"
	"github.com/ablate-chess/ablate/experiments/runs"
	"github.com/ablate-chess/ablate/experiments/setup"
	"github.com/urfave/cli/v2"
)

// readRunSettings reads a new run's settings from the flags: the plan
// asked for, the budgets, the subject and the shard.
func readRunSettings(c *cli.Context) (runs.Settings, error) {
	spec, err := readSubjectSpec(c)
	if err != nil {
		return runs.Settings{}, err
	}
	settings := runs.Settings{
		Request: matrix.Request{
			Experiment:  c.String("experiment"),
			Configs:     c.StringSlice("config"),
			Ladder:      command.SplitList(c.String("ladder")),
			LeaveOneOut: command.SplitList(c.String("leave-one-out")),
			Factorial:   command.SplitList(c.String("factorial")),
			Sweeps:      c.StringSlice("sweep"),
			Base:        c.String("base"),
			Options: matrix.Options{
				Positions: c.String("positions"), Depth: c.Int("depth"),
				Set: c.StringSlice("set"), Reference: c.String("reference"),
			},
		},
		Repeat: c.Int("repeat"), Workers: c.Int("workers"), HashMB: c.Int("hash"),
		MaxNodes: c.Uint64("max-nodes"), MaxTime: c.Duration("max-time"), Subject: spec, Estimates: c.String("estimates"),
	}
	settings.Shard, err = setup.ParseShard(c.String("shard"), os.Getenv)
	return settings, err
}
