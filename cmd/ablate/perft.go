package main

import (
	"fmt"
	"time"

	"github.com/urfave/cli/v2"

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
			depth := c.Int("depth")
			if depth < 1 || depth > 20 {
				return badInput(fmt.Errorf("perft: --depth must be from 1 to 20 (or give --suite)"))
			}
			pos, err := chess.ParseFEN(c.String("fen"))
			if err != nil {
				return badInput(err)
			}
			out := c.App.Writer
			start := time.Now()
			var nodes uint64
			if c.Bool("divide") {
				for _, mc := range chess.Divide(&pos, depth) {
					fmt.Fprintf(out, "%s: %d\n", mc.Move, mc.Nodes)
					nodes += mc.Nodes
				}
				fmt.Fprintln(out)
			} else {
				nodes = chess.Perft(&pos, depth)
			}
			elapsed := time.Since(start)
			fmt.Fprintf(out, "Nodes: %d\n", nodes)
			fmt.Fprintf(c.App.ErrWriter, "time %.3f s, %.1f Mnodes/s\n",
				elapsed.Seconds(), float64(nodes)/elapsed.Seconds()/1e6)
			return nil
		},
	}
}

func perftSuite(c *cli.Context, name string, maxDepth int) error {
	suite, err := positions.Load(name)
	if err != nil {
		return badInput(err)
	}
	passed, failed := suite.CheckPerft(maxDepth, func(pc positions.PerftCheck) { fmt.Fprintln(c.App.Writer, pc) })
	fmt.Fprintf(c.App.Writer, "%d passed, %d failed\n", passed, failed)
	if failed > 0 {
		return cli.Exit("", exitFailed)
	}
	return nil
}
