// Package command is what every command of ablate's command line does the
// same way, whatever it computes: its exit statuses, Ctrl-C, the command
// line it records, flags renamed with their old spellings kept, the flags
// a resume may not change, and --help's layout. It knows urfave/cli and
// nothing of chess, runs or matches; cmd/ablate holds the commands.
package command

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/urfave/cli/v2"
)

// Exit statuses: 0 success, 1 a check that failed (perft mismatch, bench
// baseline mismatch, compare --fail-on) or the environment (output that
// cannot be written), 2 bad usage or bad input, 130 interrupted (128 +
// SIGINT).
const (
	ExitFailed      = 1
	ExitBadInput    = 2
	ExitInterrupted = 130
)

// BadInput wraps an error as a usage or input error (exit status 2), but
// for an error of the machine (a permission refused, a full device),
// which is 1 whatever reported it. An error that carries its status
// already (an interruption) keeps it.
func BadInput(err error) error {
	var ec cli.ExitCoder
	if errors.As(err, &ec) {
		return err
	}
	return cli.Exit(err.Error(), ExitFor(err, ExitBadInput))
}

// BadUsage is a usage error (exit status 2) with its message.
func BadUsage(format string, args ...any) error {
	return cli.Exit(fmt.Sprintf(format, args...), ExitBadInput)
}

// ExitFor is the status of an error: 1 for the environment's faults
// (permission, a full or read-only device, an I/O error), else def.
func ExitFor(err error, def int) int {
	for _, e := range []error{fs.ErrPermission, syscall.ENOSPC, syscall.EROFS, syscall.EDQUOT, syscall.EIO} {
		if errors.Is(err, e) {
			return ExitFailed
		}
	}
	return def
}

// Failure is the status of a command's work that did not finish: an
// interruption (130), the machine (1), a failure (1).
func Failure(err error) error {
	var ec cli.ExitCoder
	switch {
	case err == nil || errors.As(err, &ec):
		return err
	case errors.Is(err, context.Canceled):
		return cli.Exit(err.Error(), ExitInterrupted)
	}
	return cli.Exit(err.Error(), ExitFor(err, ExitFailed))
}

// Interrupted is an interruption's exit (130) with its message.
func Interrupted(msg string) error { return cli.Exit(msg, ExitInterrupted) }

// Status reports the error an app's Run returned on stderr, as
// "ablate: ...", and returns the exit status it stands for.
func Status(err error, stderr io.Writer) int {
	if err == nil {
		return 0
	}
	var ec cli.ExitCoder
	if errors.As(err, &ec) {
		msg, code := err.Error(), ec.ExitCode()
		// urfave/cli's own exit for a word that names no command or help
		// topic ("ablate tune extra", "ablate help x") is 3: a usage error
		// here, like every other.
		if topic, ok := strings.CutPrefix(msg, "No help topic for "); ok && code == 3 {
			msg, code = "no command or help topic "+topic+": see ablate --help", ExitBadInput
		}
		if msg != "" {
			fmt.Fprintln(stderr, "ablate:", msg)
		}
		return code
	}
	fmt.Fprintln(stderr, "ablate:", err)
	return ExitFor(err, ExitBadInput)
}

// Interruptible is the context of a command that Ctrl-C (or SIGTERM)
// stops: what it finished is kept, and it exits 130.
func Interruptible() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
}

// argsKey holds, in the app's metadata, the command line it was run with.
const argsKey = "args"

// KeepArgs records in the app the command line it is run with, for Line.
func KeepArgs(app *cli.App, args []string) {
	if app.Metadata == nil {
		app.Metadata = map[string]any{}
	}
	app.Metadata[argsKey] = append([]string(nil), args...)
}

// Line is the command line the app was run with, for run.json and
// match.json: "ablate" and the arguments, whatever the binary was called
// (a test binary runs the app with arguments of its own).
func Line(c *cli.Context) []string {
	args, _ := c.App.Metadata[argsKey].([]string)
	if len(args) == 0 {
		return []string{"ablate"}
	}
	return append([]string{"ablate"}, args[1:]...)
}

// Flags joins lists of flags.
func Flags(lists ...[]cli.Flag) []cli.Flag {
	var out []cli.Flag
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}

// SplitList reads a comma-separated list, each item trimmed.
func SplitList(s string) []string {
	if s == "" {
		return nil
	}
	var out []string
	for _, x := range strings.Split(s, ",") {
		out = append(out, strings.TrimSpace(x))
	}
	return out
}
