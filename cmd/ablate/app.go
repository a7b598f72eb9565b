package main

import (
	"fmt"
	"io"

	"github.com/urfave/cli/v2"

	"github.com/ablate-chess/ablate/cmd/internal/command"
	"github.com/ablate-chess/ablate/cmd/internal/term"
	"github.com/ablate-chess/ablate/experiments/resultdir"
)

// newApp builds the command line. All output goes to the given writers, so
// tests run real commands into buffers.
func newApp(stdin io.Reader, stdout, stderr io.Writer) *cli.App {
	app := &cli.App{
		Name:  "ablate",
		Usage: "switch a chess engine's search techniques on and off; measure what each saves and costs",
		Description: "ablate runs fixed-depth searches of a set of positions under several technique\n" +
			"configurations and reports node counts, time to depth and re-search rates.",
		Reader:    stdin,
		Writer:    stdout,
		ErrWriter: stderr,
		Version:   resultdir.VersionLine(),
		// Specs hold commas (full,-lmr): slice flags are repeated, not split.
		DisableSliceFlagSeparator: true,
		ExitErrHandler:            func(*cli.Context, error) {},
		Action: func(c *cli.Context) error {
			if c.Args().Present() {
				return command.BadInput(fmt.Errorf("no command %q; see ablate --help", c.Args().First()))
			}
			return cli.ShowAppHelp(c)
		},
		// In --help's order: searches, matches and their analysis, tools.
		Commands: []*cli.Command{runCommand(), benchCommand(), checkCommand(), compareCommand(), matchCommand(), eloCommand(),
			worthCommand(), tuneCommand(), mergeCommand(), reportCommand(), traceCommand(), perftCommand(), uciCommand(),
			techniquesCommand(), docsCommand()},
	}
	conventions.Apply(app)
	return app
}

// run runs the command line and returns the exit status. A failed write to
// stdout (a full disk) is exit 1 with a message, whatever the command did:
// its results were not written. (A closed pipe, as with | head, ends the
// process quietly: Go's default for SIGPIPE on stdout.)
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	out := &term.CheckedWriter{W: stdout}
	app := newApp(stdin, out, stderr)
	command.KeepArgs(app, args)
	err := app.Run(args)
	if out.Err != nil {
		fmt.Fprintln(stderr, "ablate: writing the output:", out.Err)
		return command.ExitFailed
	}
	return command.Status(err, stderr)
}
