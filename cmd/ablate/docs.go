package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"

	"github.com/urfave/cli/v2"

	"github.com/ablate-chess/ablate/results"
)

// docsCommand writes the command-line reference from the app itself:
// docs/cli.md and the man page docs/ablate.1 (make docs), or checks that
// they are current (make test).
func docsCommand() *cli.Command {
	return &cli.Command{
		Name:      "docs",
		Usage:     "write the command-line reference (cli.md and the man page ablate.1) from the app",
		UsageText: "ablate docs [--check] DIR",
		Hidden:    true,
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "check", Usage: "exit 1 if DIR's files are not what the app would write"},
			&cli.StringFlag{Name: "index", Usage: "also write `ROOT`/INDEX.md, every result stored under ROOT"},
		},
		Action: func(c *cli.Context) error {
			if root := c.String("index"); root != "" {
				if err := results.WriteIndexFile(root); err != nil {
					return err
				}
			}
			if c.NArg() != 1 {
				return badInput(fmt.Errorf("docs wants one directory"))
			}
			dir := c.Args().First()
			files, err := referenceDocs(c.App)
			if err != nil {
				return err
			}
			for _, name := range []string{"cli.md", "ablate.1"} {
				path := filepath.Join(dir, name)
				if c.Bool("check") {
					have, err := os.ReadFile(path)
					if err != nil || !bytes.Equal(have, files[name]) {
						return cli.Exit(fmt.Sprintf("%s is not the app's reference: run make docs", path), exitFailed)
					}
					continue
				}
				if err := os.WriteFile(path, files[name], 0o644); err != nil {
					return err
				}
			}
			return nil
		},
	}
}

// referenceDocs renders the app's reference as Markdown and as a man page.
// The version line is left out: it names the commit, which the files
// cannot hold.
func referenceDocs(app *cli.App) (map[string][]byte, error) {
	a := *app
	a.Version = ""
	md, err := a.ToMarkdown()
	if err != nil {
		return nil, err
	}
	man, err := a.ToManWithSection(1)
	if err != nil {
		return nil, err
	}
	return map[string][]byte{"cli.md": []byte(md), "ablate.1": []byte(man)}, nil
}
