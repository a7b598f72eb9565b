package main

import (
	"github.com/urfave/cli/v2"

	"github.com/ablate-chess/ablate/results"
)

func techniquesCommand() *cli.Command {
	return &cli.Command{
		Name:  "techniques",
		Usage: "list the techniques, parameters and presets that configurations are made of",
		Flags: []cli.Flag{
			formatFlag("table, markdown, csv or json"),
		},
		Action: func(c *cli.Context) error {
			return results.WriteTechniques(c.App.Writer, c.String("format"))
		},
	}
}
