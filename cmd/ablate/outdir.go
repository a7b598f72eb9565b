package main

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/ablate-chess/ablate/cmd/internal/command"
	"github.com/ablate-chess/ablate/experiments/resultdir"
)

// The result directory's flags, the same in run, match, worth and tune.

func outFlag(files string) cli.Flag {
	return &cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "write " + files + " to `DIR`; the same command " +
		"again finishes an interrupted result there (or, complete, leaves it)"}
}

func forceFlag() cli.Flag {
	return &cli.BoolFlag{Name: "force", Usage: "with --out: replace what DIR holds, once the new result is complete " +
		"(written beside it, in DIR" + resultdir.StagingSuffix + ", until then)"}
}

// resumeFlag is the old way to finish an interrupted result, kept for
// scripts: the directory's own settings, whatever the flags say.
func resumeFlag() cli.Flag {
	return &cli.StringFlag{Name: "resume", Hidden: true, Usage: "finish the interrupted result in `DIR` with the settings it began with"}
}

// claimError is a refused --out as bad input (exit 2), with what to do;
// an interruption exits 130; other errors are the caller's.
func claimError(err error) error {
	var occupied *resultdir.OccupiedError
	var changed *resultdir.PlanChangedError
	var locked *resultdir.LockedError
	var interrupted *resultdir.Interrupted
	switch {
	case errors.As(err, &interrupted):
		return command.Interrupted(interrupted.Error())
	case errors.As(err, &locked):
		return cli.Exit("--out "+locked.Error()+": wait for it to finish, or write to another directory", command.ExitBadInput)
	case errors.As(err, &changed):
		c := *changed
		c.Setting = "--" + strings.TrimPrefix(c.Setting, "--")
		todo := ": the command that began it finishes it; or write to another directory, "
		if c.Finished {
			todo = ": write to another directory, "
		}
		return cli.Exit(c.Error()+todo+"or give --force to replace it once the new result is complete", command.ExitBadInput)
	case errors.As(err, &occupied):
		o := *occupied
		o.Setting = "--" + strings.TrimPrefix(o.Setting, "--") // the library names the setting; here, its flag
		return cli.Exit(o.Error()+"; write to another directory, or give --force to replace it once the new result is complete",
			command.ExitBadInput)
	}
	return err
}

// refuseExisting refuses an output file that exists already (exit 2):
// a result is never written over another unless --force says so. A
// device (/dev/null) is no result.
func refuseExisting(flag, path string) error {
	if fi, err := os.Lstat(path); err == nil && fi.Mode()&os.ModeDevice == 0 {
		return cli.Exit(fmt.Sprintf("--%s %s exists: write to another file, or give --force to replace it", flag, path),
			command.ExitBadInput)
	}
	return nil
}

// resumeAlone refuses, beside --resume DIR, a flag that would change what
// DIR began: --resume takes the directory's own settings. Those that
// change nothing computed (-j, --quiet, the format) may be given.
func resumeAlone(c *cli.Context) error {
	dir := c.String("resume")
	if dir == "" {
		return nil
	}
	same := map[string]bool{"resume": true, "workers": true, "jobs": true, "j": true, "quiet": true, "q": true,
		"format": true, "f": true, "records": true, "pgn": true, "no-play": true}
	for _, name := range c.LocalFlagNames() {
		if !same[name] {
			return command.BadUsage("--resume takes the settings %s began with: give no --%s "+
				"(or give the command that began it, which finishes it)", dir, name)
		}
	}
	return nil
}
