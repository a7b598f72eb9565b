package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/ablate-chess/ablate/results"
)

func forceFlag() cli.Flag {
	return &cli.BoolFlag{Name: "force", Usage: "with --out: replace what DIR holds, once the new result is complete " +
		"(written beside it, in DIR" + results.StagingSuffix + ", until then)"}
}

// outError is a refused --out as bad input (exit 2), with what to do.
func outError(err error, resumeHint string) error {
	var occupied *results.OccupiedError
	if !errors.As(err, &occupied) {
		return err
	}
	flag := *occupied
	flag.Setting = "--" + strings.TrimPrefix(flag.Setting, "--") // the library names the setting; here, its flag
	msg := flag.Error() + "; "
	h := occupied.Holding
	if resumeHint != "" && !h.Complete && (h.What == "run" || h.What == "match") {
		msg += "finish it with: " + resumeHint + " " + h.Path + "; or "
	}
	msg += "write to a new directory, or give --force to replace it once the new result is complete"
	return badInput(errors.New(msg))
}

// resumeChanges checks the flags given with --resume (or --continue)
// against the command line that began the directory (its args): a flag
// that would change the plan is refused, naming each difference. The
// flags in same change nothing of what is computed (-j, --quiet).
func resumeChanges(c *cli.Context, began []string, same ...string) error {
	same = append(same, "resume", "continue", "out", "force", "help")
	now, err := parseCommandLine(c.Command, commandLine(c))
	if err != nil {
		return nil // the command line parsed once already
	}
	then, thenErr := parseCommandLine(c.Command, began)
	old := oldSpellings(c.Command.Name)
	var diffs []string
	for _, f := range c.Command.Flags {
		name := f.Names()[0]
		v, given := flagValue(now, f, old[name])
		if slices.Contains(same, name) || slices.Contains(slices.Collect(maps.Values(old)), name) || !given {
			continue
		}
		if thenErr != nil {
			diffs = append(diffs, fmt.Sprintf("--%s %s", name, v))
			continue
		}
		if was, _ := flagValue(then, f, old[name]); was != v {
			diffs = append(diffs, fmt.Sprintf("--%s %s (it began with %s)", name, v, was))
		}
	}
	if len(diffs) == 0 {
		return nil
	}
	return fmt.Errorf("these flags would change what it computes: %s; give only the flags that do not (-j, --quiet), "+
		"or begin a new directory", strings.Join(diffs, ", "))
}

// parseCommandLine parses a stored command line (ablate CMD flags...) with
// the command's flags, without running anything.
func parseCommandLine(cmd *cli.Command, args []string) (*flag.FlagSet, error) {
	i := slices.Index(args, cmd.Name)
	if i < 0 {
		return nil, fmt.Errorf("no %s in %q", cmd.Name, args)
	}
	set := flag.NewFlagSet(cmd.Name, flag.ContinueOnError)
	set.SetOutput(io.Discard)
	for _, f := range cmd.Flags {
		if err := f.Apply(set); err != nil {
			return nil, err
		}
	}
	return set, set.Parse(args[i+1:])
}

// flagValue is a flag's value in a parsed command line, under whichever
// of its names (or its old spelling) was given (each name holds its own
// value), and whether one was.
func flagValue(set *flag.FlagSet, f cli.Flag, old string) (string, bool) {
	names := append(f.Names(), old)
	value, given := set.Lookup(names[0]).Value.String(), false
	set.Visit(func(g *flag.Flag) {
		if slices.Contains(names, g.Name) {
			value, given = g.Value.String(), true
		}
	})
	return value, given
}
