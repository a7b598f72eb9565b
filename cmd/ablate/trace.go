package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/ablate-chess/ablate/cmd/internal/command"
	"github.com/ablate-chess/ablate/cmd/internal/term"
	"github.com/ablate-chess/ablate/engine/chess"
	"github.com/ablate-chess/ablate/engine/search"
	"github.com/ablate-chess/ablate/experiments/nullcheck"
	"github.com/ablate-chess/ablate/experiments/render"
	"github.com/ablate-chess/ablate/experiments/setup"
	"github.com/ablate-chess/ablate/experiments/trace"
)

// defaultTraceNodes stops a trace that would run away.
const defaultTraceNodes = 300000

func traceCommand() *cli.Command {
	return &cli.Command{
		Name:  "trace",
		Usage: "a search's events for one position, or where two configurations' trees part",
		UsageText: "ablate trace [--fen FEN] [--depth D] [--config SPEC] [--vs SPEC] [--format json|tree]\n" +
			"ablate trace ... [--ply N] [--kinds a,b] [--move-path e2e4,e7e5]",
		Description: "Records every event of a search: nodes entered (ply, depth, window, node type),\n" +
			"table cutoffs, null-move and hyper null-move tries and results, RFP, futility and\n" +
			"LMP prunes, LMR reductions (with the refinements behind them) and re-searches, PVS\n" +
			"re-searches, beta cutoffs with the move, each node's best move and score; as JSON\n" +
			"lines (for tools) or an indented tree, filtered by ply, event kind and move path. With\n" +
			"--vs, searches the position under both configurations in step and reports the\n" +
			"first node where their trees part and why, then how the trees differ by cause.\n" +
			"With --check-null, searches each null-move cutoff's node again the ordinary way and\n" +
			"counts the cutoffs a real move's search overturns (scores below beta), per position\n" +
			"of --positions (or --fen) and by depth. With --by-depth, counts each event by the\n" +
			"remaining depth of the node it happened at, over --positions (or --fen): where a\n" +
			"tree's nodes and prunings are (depth 0 is the quiescence search).\n" +
			term.Wrap("Events: "+strings.Join(search.EventKinds(), ", ")+".", "", helpWidth-3),
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "fen", Usage: "the position", Value: chess.StartFEN},
			depthFlag(4, "search depth"),
			&cli.StringFlag{Name: "config", Aliases: []string{"c"}, Usage: "the configuration `SPEC`", Value: "full"},
			&cli.StringFlag{Name: "vs", Usage: "a second configuration `SPEC` to walk beside the first"},
			&cli.Uint64Flag{Name: "max-nodes", Usage: "stop the trace after `N` nodes", Value: defaultTraceNodes},
			formatFlag("json (one event per line) or tree", true),
			&cli.IntFlag{Name: "ply", Usage: "only events up to ply `N`", Value: -1},
			&cli.StringFlag{Name: "kinds", Usage: "only the events of these kinds `a,b` (see ablate trace --help)"},
			&cli.StringFlag{Name: "move-path", Usage: "only events under this path `e2e4,e7e5`"},
			hashFlag(),
			&cli.BoolFlag{Name: "check-null", Usage: "count the null-move cutoffs a real move's search overturns"},
			&cli.BoolFlag{Name: "by-depth", Usage: "count the events (--kinds; default node, qnode, null-try, rfp, razoring, " +
				"futility, lmp, reduce) by the remaining depth of their node"},
			positionsFlag("", "with --check-null or --by-depth: a suite or file of positions instead of --fen"),
			&cli.IntFlag{Name: "limit", Usage: "with --check-null: check at most `N` cutoffs a position (evenly spread)", Value: 200},
		},
		Action: traceAction,
	}
}

func traceAction(c *cli.Context) error {
	if err := setup.CheckHash(c.Int("hash"), 2); err != nil {
		return command.BadInput(flagError(err))
	}
	pos, err := chess.ParseFEN(c.String("fen"))
	if err != nil {
		return command.BadInput(fmt.Errorf("--fen: %v", err))
	}
	cfg, err := search.ParseConfig(c.String("config"))
	if err != nil {
		return command.BadInput(fmt.Errorf("--config: %v", err))
	}
	depth, maxNodes := c.Int("depth"), c.Uint64("max-nodes")
	if c.Bool("check-null") {
		return checkNull(c, cfg, pos, depth)
	}
	if c.Bool("by-depth") {
		return traceByDepth(c, cfg, pos, depth)
	}
	if vs := c.String("vs"); vs != "" {
		other, err := search.ParseConfig(vs)
		if err != nil {
			return command.BadInput(fmt.Errorf("--vs: %v", err))
		}
		return traceVs(c, cfg, other, pos, depth, maxNodes)
	}
	filter, err := trace.ParseFilter(pos, c.Int("ply"), c.String("kinds"), c.String("move-path"))
	if err != nil {
		return command.BadInput(flagError(err))
	}
	tw, err := trace.NewWriter(c.App.Writer, c.String("format"), filter)
	if err != nil {
		return command.BadInput(flagError(err))
	}
	r := trace.Search(cfg, pos, depth, maxNodes, c.Int("hash"), tw)
	if err := tw.Err(); err != nil {
		return err
	}
	if err := r.Err(depth); err != nil {
		return command.Failure(err)
	}
	fmt.Fprintf(c.App.ErrWriter, "traced %d nodes to depth %d: best %s, score %d\n", r.Result.Stats.Nodes, depth, r.Result.Move, r.Result.Score)
	return nil
}

func traceVs(c *cli.Context, a, b search.Config, pos chess.Position, depth int, maxNodes uint64) error {
	d := trace.Compare(a, b, pos, depth, maxNodes, c.Int("hash"))
	format := c.String("format")
	if format == "json" || format == "tree" {
		format = "table"
	}
	if err := writeDivergence(c.App.Writer, format, d, c.String("config"), c.String("vs")); err != nil {
		return err
	}
	return command.Failure(d.Err(maxNodes))
}

// writeDivergence writes where the trees part (or that they do not), then
// a table in format of each event's count in A and B and the difference.
func writeDivergence(w io.Writer, format string, d trace.Divergence, nameA, nameB string) error {
	switch {
	case !d.Found:
		fmt.Fprintf(w, "the two trees are the same: %d nodes each\n", d.Nodes[0])
	default:
		at := d.At
		if at == "" {
			at = "the root"
		}
		fmt.Fprintf(w, "at %s, depth %d: B %s; A %s\n\n", at, d.Depth, d.B, d.A)
	}
	var rows [][]string
	for k := range search.NumEventKinds {
		name, x, y := k.String(), d.Counts[0][k], d.Counts[1][k]
		if x == 0 && y == 0 {
			continue
		}
		rows = append(rows, []string{name, strconv.FormatUint(x, 10), strconv.FormatUint(y, 10),
			strconv.FormatInt(int64(y)-int64(x), 10)})
	}
	return render.Table(w, format, []string{"event", "A: " + nameA, "B: " + nameB, "B - A"}, rows, 1)
}

// defaultDepthKinds are --by-depth's columns when --kinds names none.
const defaultDepthKinds = "node,qnode,null-try,rfp,razoring,futility,lmp,reduce"

// traceByDepth is trace --by-depth: a table of event counts by the
// remaining depth of their node, summed over the positions.
func traceByDepth(c *cli.Context, cfg search.Config, pos chess.Position, depth int) error {
	format := c.String("format")
	if format == "json" || format == "tree" {
		format = "table"
	}
	if err := render.CheckFormat(format); err != nil {
		return command.BadInput(flagError(err))
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
	ps, err := nullcheck.Suite(c.String("positions"), pos)
	if err != nil {
		return command.BadInput(err)
	}
	boards := make([]chess.Position, len(ps))
	for i, p := range ps {
		boards[i] = p.Board
	}
	counts := trace.ByDepth(cfg, boards, depth, c.Int("hash"))
	header := []string{"depth left"}
	for _, k := range kinds {
		header = append(header, k.String())
	}
	var rows [][]string
	for d := len(counts) - 1; d >= 0; d-- {
		row := []string{strconv.Itoa(d)}
		for _, k := range kinds {
			row = append(row, strconv.FormatUint(counts[d][k], 10))
		}
		rows = append(rows, row)
	}
	return render.Table(c.App.Writer, format, header, rows, 1)
}
