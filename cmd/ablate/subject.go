package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/ablate-chess/ablate/experiments/matrix"
	"github.com/ablate-chess/ablate/experiments/resultdir"
	"github.com/ablate-chess/ablate/experiments/setup"
	"github.com/ablate-chess/ablate/experiments/source"

	"github.com/urfave/cli/v2"

	"github.com/ablate-chess/ablate/cmd/internal/command"
	"github.com/ablate-chess/ablate/engine/subject"
)

// The engine a command searches: ablate's own, or with --engine an
// external UCI engine, its techniques named by a profile.

func subjectFlags() []cli.Flag {
	return append([]cli.Flag{
		&cli.StringFlag{Name: "engine", Usage: "search this UCI engine instead of ablate's own: `[NAME=]CMD` (path, or path and arguments)"},
		&cli.StringFlag{Name: "engine-dir", Usage: "the external engine's working `DIR`ectory"},
		&cli.StringSliceFlag{Name: "engine-option", Usage: "a UCI option sent to the external engine, `[ENGINE:]OPTION=VALUE` (repeatable)"},
		&cli.StringFlag{Name: "profile", Usage: "the external engine's profile: built-in `NAME` (" +
			strings.Join(subject.BuiltinProfiles(), ", ") + ") or TOML FILE"},
	}, sourceFlags()...)
}

func readSubjectSpec(c *cli.Context) (setup.Subject, error) {
	src, err := readSource(c)
	if err != nil {
		return setup.Subject{}, err
	}
	spec, err := setup.NewSubject(c.String("engine"), c.String("engine-dir"), c.String("profile"),
		c.String("build-cache"), c.StringSlice("engine-option"), src)
	return spec, flagError(err)
}

// makeSubject makes the subject (matrix.MakeSubject), Ctrl-C
// stopping a build: exit 130, and how to go on.
func makeSubject(spec setup.Subject, hashMB int, b setup.Cap, experiment string, errw io.Writer) (subject.Subject, error) {
	ctx, cancel := command.Interruptible()
	defer cancel()
	sub, err := matrix.MakeSubject(ctx, spec, hashMB, b, experiment, errw)
	return sub, buildError(err)
}

// buildError is a build's error, an interruption being exit 130.
func buildError(err error) error {
	if errors.Is(err, context.Canceled) {
		return command.Interrupted(resultdir.Building.Error())
	}
	if errors.Is(err, setup.ErrNoEngine) {
		return fmt.Errorf("--profile, --engine-option and --engine-dir need --engine or --engine-src")
	}
	return err
}

// readSource reads --engine-src and its variants: nil without it.
func readSource(c *cli.Context) (*source.Source, error) {
	dir := c.String("engine-src")
	if dir == "" {
		if c.IsSet("variant") {
			return nil, fmt.Errorf("--variant needs --engine-src")
		}
		return nil, nil
	}
	src := &source.Source{Repo: dir, Build: c.String("build"), ExpectBench: c.Uint64("expect-bench"), Clean: c.Bool("clean")}
	if err := src.AddVariants(c.StringSlice("variant")); err != nil {
		return nil, fmt.Errorf("--variant %v", err)
	}
	return src, nil
}

// sourceFlags are the flags that build an engine from its source.
func sourceFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "engine-src", Usage: "build the engine from this git repository `DIR` in variants (--variant)"},
		&cli.StringSliceFlag{Name: "variant", Usage: "a variant to build, `NAME=REV` or NAME=REV:FILE.diff (a patch on REV); repeatable"},
		&cli.StringFlag{Name: "build", Usage: "the variants' build `CMD`, {src} the source and {out} the binary", Value: source.DefaultBuild},
		&cli.StringFlag{Name: "build-cache", Usage: "keep built variants in `DIR` (default: under the user's cache directory)"},
		&cli.Uint64Flag{Name: "expect-bench", Usage: "the bench signature `N` the base's variants must give"},
		&cli.BoolFlag{Name: "clean", Usage: "refuse an --engine-src whose working tree has changes"},
	}
}
