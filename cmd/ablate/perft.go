package main

import (
	"fmt"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/ablate-chess/ablate/cmd/internal/command"
	"github.com/ablate-chess/ablate/engine/chess"
	"github.com/ablate-chess/ablate/positions"
)

func perftCommand() *cli.Command {
	return &cli.Command{
		Name:      "perft",
		Usage:     "count the leaves of the legal move tree (move generator check and speed test)",
		UsageText: "ablate perft --depth N [--fen FEN] [--divide]\nablate perft --suite FILE|perft [--max-depth N]",
		Description: "With --depth, counts the tree below one position and prints 'Nodes: N' (with\n" +
			"--divide, the count below each root move first); time and speed go to stderr.\n" +
			"With --suite, checks every position of an EPD file whose lines carry perft counts\n" +
			"(;D1 20 ;D2 400 ...) and exits 1 if any count is wrong.",
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "depth", Aliases: []string{"d"}, Usage: "depth to count to", Value: 0},
			&cli.StringFlag{Name: "fen", Usage: "position to count from", Value: chess.StartFEN},
			&cli.BoolFlag{Name: "divide", Usage: "print the count below each root move"},
			&cli.StringFlag{Name: "suite", Usage: "EPD file or built-in suite name to check"},
			&cli.IntFlag{Name: "max-depth", Usage: "with --suite, check depths up to this one", Value: 5},
		},
		Action: func(c *cli.Context) error {
			if c.String("suite") != "" {
				return perftSuite(c, c.String("suite"), c.Int("max-depth"))
			}
			if d := c.Int("depth"); d < 1 || d > 20 {
				return command.BadInput(fmt.Errorf("perft --depth %d: want 1 to 20 (or give --suite)", d))
			}
			start := time.Now()
			nodes, err := positions.WritePerft(c.App.Writer, c.String("fen"), c.Int("depth"), c.Bool("divide"))
			if err != nil {
				return command.BadInput(err)
			}
			elapsed := time.Since(start)
			fmt.Fprintf(c.App.ErrWriter, "time %.3f s, %.1f Mnodes/s\n", elapsed.Seconds(), float64(nodes)/elapsed.Seconds()/1e6)
			return nil
		},
	}
}

func perftSuite(c *cli.Context, name string, maxDepth int) error {
	failed, err := positions.CheckSuitePerft(c.App.Writer, name, maxDepth)
	if err != nil {
		return command.BadInput(err)
	}
	if failed > 0 {
		return cli.Exit("", command.ExitFailed)
	}
	return nil
}
