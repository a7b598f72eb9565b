package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"

	"github.com/urfave/cli/v2"

	"github.com/ablate-chess/ablate/cmd/internal/command"
	"github.com/ablate-chess/ablate/experiments/render"
	"github.com/ablate-chess/ablate/experiments/resultdir"
)

// docsCommand writes the command-line reference from the app itself:
// docs/cli.md and the man page docs/ablate.1 (make docs), or checks that
// they are current (make test).
func docsCommand() *cli.Command {
	return &cli.Command{
		Name:      "docs",
		ArgsUsage: "DIR",
		Usage:     "write the command-line reference (cli.md and the man page ablate.1) from the app",
		UsageText: "ablate docs [--check] DIR",
		Hidden:    true,
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "check", Usage: "exit 1 if DIR's files are not what the app would write"},
			&cli.StringFlag{Name: "index", Usage: "also write `ROOT`/INDEX.md, every result stored under ROOT"},
		},
		Action: func(c *cli.Context) error {
			if root := c.String("index"); root != "" {
				if err := writeIndex(root); err != nil {
					return err
				}
			}
			if c.NArg() != 1 {
				return command.BadInput(fmt.Errorf("docs wants one directory"))
			}
			return command.WriteReference(c.App, c.Args().First(), c.Bool("check"))
		},
	}
}

// writeIndex writes root/INDEX.md: every result stored under root.
func writeIndex(root string) error {
	stored, err := resultdir.IndexDir(root)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if err := render.Index(&b, root, stored); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(root, "INDEX.md"), b.Bytes(), 0o644)
}
