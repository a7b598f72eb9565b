package main

import (
	"github.com/urfave/cli/v2"

	"github.com/ablate-chess/ablate/engine/uci"
)

func uciCommand() *cli.Command {
	return &cli.Command{
		Name:  "uci",
		Usage: "speak UCI on stdin/stdout, for GUIs and match runners",
		Description: "Every technique is a check option and every parameter a spin option,\n" +
			"named as in 'ablate techniques'; the Preset combo option sets all techniques and\n" +
			"parameters at once.",
		Action: func(c *cli.Context) error {
			return uci.NewServer(c.App.Writer).Run(c.App.Reader)
		},
	}
}
