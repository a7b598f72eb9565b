package main

import (
	"fmt"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/ablate-chess/ablate/cmd/internal/command"
	"github.com/ablate-chess/ablate/engine/chess"
	"github.com/ablate-chess/ablate/engine/search"
	"github.com/ablate-chess/ablate/experiments/recheck"
	"github.com/ablate-chess/ablate/experiments/render"
	"github.com/ablate-chess/ablate/experiments/trace"
)

// trace's tables over a suite: --by-depth, --node-types, --by-move and
// --reductions (--check-null and --check-lmr have their own file, recheck.go).

// defaultDepthKinds are --by-depth's columns when --kinds names none.
const defaultDepthKinds = "node,qnode,null-try,rfp,razoring,futility,lmp,reduce"

// traceByDepth is trace --by-depth: a table of event counts by the
// remaining depth of their node, summed over the positions.
func traceByDepth(c *cli.Context, cfg search.Config, pos chess.Position, depth int) error {
	format, err := tableFormat(c)
	if err != nil {
		return err
	}
	names := c.String("kinds")
	if names == "" {
		names = defaultDepthKinds
	}
	var kinds []search.EventKind
	for _, name := range strings.Split(names, ",") {
		k, ok := search.ParseEventKind(strings.TrimSpace(name))
		if !ok {
			return command.BadInput(fmt.Errorf("--kinds: %q: no such event (known: %s)", name, strings.Join(search.EventKinds(), ", ")))
		}
		kinds = append(kinds, k)
	}
	boards, err := traceBoards(c, pos)
	if err != nil {
		return err
	}
	counts := trace.ByDepth(cfg, boards, depth, c.Int("hash"))
	return render.ByDepth(c.App.Writer, format, counts, kinds)
}

// tableFormat is --format for a trace's tables: json and tree (the
// event streams') read as table.
func tableFormat(c *cli.Context) (string, error) {
	format := c.String("format")
	if format == "json" || format == "tree" {
		format = "table"
	}
	if err := render.CheckFormat(format); err != nil {
		return "", command.BadInput(flagError(err))
	}
	return format, nil
}

// traceBoards are the positions a trace's tables count over: --positions,
// else --fen.
func traceBoards(c *cli.Context, pos chess.Position) ([]chess.Position, error) {
	ps, err := recheck.Suite(c.String("positions"), pos)
	if err != nil {
		return nil, command.BadInput(err)
	}
	boards := make([]chess.Position, len(ps))
	for i, p := range ps {
		boards[i] = p.Board
	}
	return boards, nil
}

// traceShape is trace --node-types, --by-move and --reductions: the one
// the user asked for of the trees' shape, over the positions.
func traceShape(c *cli.Context, cfg search.Config, pos chess.Position, depth int) error {
	format, err := tableFormat(c)
	if err != nil {
		return err
	}
	boards, err := traceBoards(c, pos)
	if err != nil {
		return err
	}
	shape := trace.MeasureShape(cfg, boards, depth, c.Int("hash"))
	switch {
	case c.Bool("node-types"):
		return render.NodeTypes(c.App.Writer, format, shape.Types)
	case c.Bool("by-move"):
		return render.ByMove(c.App.Writer, format, shape.Moves)
	}
	return render.Reductions(c.App.Writer, format, shape.Moves)
}
