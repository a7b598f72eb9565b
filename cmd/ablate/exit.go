package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/ablate-chess/ablate/cmd/internal/command"
	"github.com/ablate-chess/ablate/experiments/setup"
)

// exitError is the one map from a library's error to the command's exit
// status: a refused or interrupted --out directory as claimError says;
// an interruption 130; the input's fault (a setting, named by its flag;
// a plan that cannot be built) 2; the machine (a full disk, permissions)
// and every other failure 1. An error that is already an exit passes.
func exitError(err error) error {
	var ec cli.ExitCoder
	switch {
	case err == nil || errors.As(err, &ec):
		return err
	case claimError(err) != err:
		return claimError(err)
	case errors.Is(err, context.Canceled):
		return command.Interrupted(err.Error())
	case errors.Is(err, setup.ErrNoEngine):
		return command.BadInput(fmt.Errorf("--profile, --engine-option and --engine-dir need --engine or --engine-src"))
	case setup.IsBadInput(err):
		return command.BadInput(flagError(err))
	}
	return cli.Exit(err.Error(), command.ExitFor(err, command.ExitFailed))
}
