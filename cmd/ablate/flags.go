package main

import (
	"runtime"

	"github.com/urfave/cli/v2"
)

// The flags several commands share, defined once so that they read the
// same everywhere.

func depthFlag(def int, usage string) cli.Flag {
	return &cli.IntFlag{Name: "depth", Aliases: []string{"d"}, Usage: usage, Value: def}
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
	return &cli.IntFlag{Name: "jobs", Aliases: []string{"j"}, Usage: "parallel workers", Value: runtime.NumCPU()}
}

func hashFlag() cli.Flag {
	return &cli.IntFlag{Name: "hash", Usage: "transposition table `MB` per worker", Value: 16}
}

func formatFlag(usage string) cli.Flag {
	return &cli.StringFlag{Name: "format", Aliases: []string{"f"}, Usage: usage, Value: "table"}
}
