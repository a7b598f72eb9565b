package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"runtime"
	"syscall"

	"github.com/urfave/cli/v2"

	"github.com/ablate-chess/ablate/results"
	"github.com/ablate-chess/ablate/results/term"
)

// Exit codes: 0 success, 1 a check that failed (perft mismatch, bench
// baseline mismatch, compare --fail-on) or the environment (output that
// cannot be written), 2 bad usage or bad input, 130 interrupted.
const (
	exitFailed   = 1
	exitBadInput = 2
)

// badInput wraps an error as a usage or input error (exit status 2), but
// for an error of the machine (a permission refused, a full device),
// which is 1 whatever reported it.
// An error that carries its status already (an interruption) keeps it.
func badInput(err error) error {
	var ec cli.ExitCoder
	if errors.As(err, &ec) {
		return err
	}
	return cli.Exit(err.Error(), exitFor(err, exitBadInput))
}

// exitFor is the status of an error: 1 for the environment's faults
// (permission, a full or read-only device, an I/O error), else def.
func exitFor(err error, def int) int {
	for _, e := range []error{fs.ErrPermission, syscall.ENOSPC, syscall.EROFS, syscall.EDQUOT, syscall.EIO} {
		if errors.Is(err, e) {
			return exitFailed
		}
	}
	return def
}

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
		Version:   versionLine(),
		// Specs hold commas (full,-lmr): slice flags are repeated, not split.
		DisableSliceFlagSeparator: true,
		ExitErrHandler:            func(*cli.Context, error) {},
		Action: func(c *cli.Context) error {
			if c.Args().Present() {
				return badInput(fmt.Errorf("no command %q; see ablate --help", c.Args().First()))
			}
			return cli.ShowAppHelp(c)
		},
		Commands: []*cli.Command{
			runCommand(),
			benchCommand(),
			checkCommand(),
			compareCommand(),
			matchCommand(),
			eloCommand(),
			worthCommand(),
			tuneCommand(),
			mergeCommand(),
			reportCommand(),
			traceCommand(),
			perftCommand(),
			uciCommand(),
			techniquesCommand(),
			docsCommand(),
		},
	}
	for _, cmd := range app.Commands {
		cmd.OnUsageError = usageError
		addOldSpellings(cmd)
		categorize(cmd.Flags)
		for _, sub := range cmd.Subcommands {
			sub.OnUsageError = usageError
			addOldSpellings(sub)
			categorize(sub.Flags)
		}
	}
	app.OnUsageError = usageError
	return app
}

// usageError makes a usage error one line and a hint on stderr, exit 2,
// rather than the whole help on stdout.
func usageError(c *cli.Context, err error, _ bool) error {
	name := "ablate"
	if c.Command != nil && c.Command.Name != "" {
		name += " " + c.Command.Name
	}
	return badInput(fmt.Errorf("%v (see %s --help)", err, name))
}

// versionLine is what ablate --version prints: the module version, the
// commit it was built from, and the Go that built it.
func versionLine() string {
	version, commit := results.Version()
	return fmt.Sprintf("%s (commit %s, %s)", version, commit, runtime.Version())
}

func init() {
	cli.VersionPrinter = func(c *cli.Context) {
		fmt.Fprintf(c.App.Writer, "ablate %s\n", c.App.Version)
	}
}

// run runs the command line and returns the exit status. A failed write to
// stdout (a full disk) is exit 1 with a message, whatever the command did:
// its results were not written. (A closed pipe, as with | head, ends the
// process quietly: Go's default for SIGPIPE on stdout.)
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	out := &term.CheckedWriter{W: stdout}
	app := newApp(stdin, out, stderr)
	app.Metadata = map[string]any{argsKey: append([]string(nil), args...)}
	err := app.Run(args)
	if out.Err != nil {
		fmt.Fprintln(stderr, "ablate: writing the output:", out.Err)
		return exitFailed
	}
	if err == nil {
		return 0
	}
	var ec cli.ExitCoder
	if errors.As(err, &ec) {
		if msg := err.Error(); msg != "" {
			fmt.Fprintln(stderr, "ablate:", msg)
		}
		return ec.ExitCode()
	}
	fmt.Fprintln(stderr, "ablate:", err)
	return exitFor(err, exitBadInput)
}

// argsKey holds, in the app's metadata, the command line it was run with.
const argsKey = "args"

// commandLine is the command line the app was run with, for run.json and
// match.json: "ablate" and the arguments, whatever the binary was called
// (a test binary runs the app with arguments of its own).
func commandLine(c *cli.Context) []string {
	args, _ := c.App.Metadata[argsKey].([]string)
	if len(args) == 0 {
		return []string{"ablate"}
	}
	return append([]string{"ablate"}, args[1:]...)
}

// interruptible is the context of a command that Ctrl-C (or SIGTERM)
// stops: what it finished is kept, and it exits 130.
func interruptible() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
}

// failure is the status of a command's work that did not finish: an
// interruption (130), the machine (1), a failure (1).
func failure(err error) error {
	var ec cli.ExitCoder
	switch {
	case err == nil || errors.As(err, &ec):
		return err
	case errors.Is(err, context.Canceled):
		return cli.Exit(err.Error(), exitInterrupted)
	}
	return cli.Exit(err.Error(), exitFor(err, exitFailed))
}
