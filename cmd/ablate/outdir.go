package main

import (
	"errors"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/ablate-chess/ablate/cmd/internal/command"
	"github.com/ablate-chess/ablate/experiments/resultdir"
)

func forceFlag() cli.Flag {
	return &cli.BoolFlag{Name: "force", Usage: "with --out: replace what DIR holds, once the new result is complete " +
		"(written beside it, in DIR" + resultdir.StagingSuffix + ", until then)"}
}

// outError is a refused --out as bad input (exit 2), with what to do.
func outError(err error, resumeHint string) error {
	var occupied *resultdir.OccupiedError
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
	return command.BadInput(errors.New(msg))
}
