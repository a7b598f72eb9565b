package main

import (
	"fmt"
	"runtime"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/ablate-chess/ablate/engine/search"
	"github.com/ablate-chess/ablate/experiments/render"
	"github.com/ablate-chess/ablate/experiments/setup"
)

// The flags several commands share, defined once so that they read the
// same everywhere.

// depthFlag is a tree's depth, checked against the search's range.
func depthFlag(def int, usage string) cli.Flag {
	return &cli.IntFlag{Name: "depth", Aliases: []string{"d"}, Usage: usage, Value: def,
		Action: func(_ *cli.Context, d int) error {
			if d < 1 || d > search.MaxPly-1 {
				return fmt.Errorf("--depth %d: the depth must be from 1 to %d", d, search.MaxPly-1)
			}
			return nil
		}}
}

func configFlag(usage string) cli.Flag {
	return &cli.StringSliceFlag{Name: "config", Aliases: []string{"c"}, Usage: usage}
}

func positionsFlag(def, usage string) cli.Flag {
	return &cli.StringFlag{Name: "positions", Aliases: []string{"p"}, Usage: usage, Value: def}
}

func setFlag() cli.Flag {
	return &cli.StringSliceFlag{Name: "set", Usage: "`param=value` for every configuration (repeatable)"}
}

func jobsFlag() cli.Flag {
	// The default is said, not printed, so that the generated reference is
	// the same on a machine of any size.
	return &cli.IntFlag{Name: "workers", Aliases: []string{"j"}, Usage: "parallel workers (games or searches at once)",
		Value: runtime.NumCPU(), DefaultText: "one per core"}
}

func hashFlag() cli.Flag {
	return &cli.IntFlag{Name: "hash", Usage: fmt.Sprintf("transposition table `MB` per worker (1 to %d)", search.MaxHashMB), Value: 16}
}

// formatFlag is a table's format, checked against the ones results
// renders (table, markdown, csv, json) unless the command has formats of
// its own (own).
func formatFlag(usage string, own ...bool) cli.Flag {
	f := &cli.StringFlag{Name: "format", Aliases: []string{"f"}, Usage: usage, Value: "table"}
	if len(own) == 0 {
		f.Action = func(_ *cli.Context, v string) error { return render.CheckFormat(v) }
	}
	return f
}

// The default cap of every job: generous (thirty times the largest job
// of the stored experiments, a few minutes here) but finite, so that no
// default runs without bound.
const (
	defaultMaxNodes = 1_000_000_000
	defaultMaxTime  = 5 * time.Minute
)

func capFlags() []cli.Flag {
	return []cli.Flag{
		&cli.Uint64Flag{Name: "max-nodes", Usage: "each job's node cap: a search past it stops and is recorded as cut short (0: none)",
			Value: defaultMaxNodes},
		&cli.DurationFlag{Name: "max-time", Usage: "each job's time cap, as in 90s or 5m (0: none)", Value: defaultMaxTime},
	}
}

func jobCap(c *cli.Context) setup.Cap {
	return setup.Cap{Nodes: c.Uint64("max-nodes"), Time: c.Duration("max-time")}
}

func shardFlag() cli.Flag {
	return &cli.StringFlag{Name: "shard", Usage: "run only shard `I/N` of the plan (from 1), or auto / auto/N from the " +
		"job engine's environment (Slurm arrays, Kubernetes Indexed Jobs, GNU parallel)"}
}

// flagError names the flag of a setting the library found bad.
func flagError(err error) error {
	if se, ok := setup.IsSettingError(err); ok {
		return fmt.Errorf("--%v", se)
	}
	return err
}
