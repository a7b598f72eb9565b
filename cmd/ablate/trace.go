package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/ablate-chess/ablate/cmd/internal/command"
	"github.com/ablate-chess/ablate/cmd/internal/term"
	"github.com/ablate-chess/ablate/engine/chess"
	"github.com/ablate-chess/ablate/engine/search"
	"github.com/ablate-chess/ablate/experiments/render"
	"github.com/ablate-chess/ablate/experiments/setup"
	"github.com/ablate-chess/ablate/experiments/trace"
)

// traceModes are trace's flags that each make another command of it:
// one at a time.
var traceModes = []string{"vs", "check-null", "check-lmr", "by-depth", "node-types", "by-move", "reductions"}

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
			"of --positions (or --fen) and by depth. With --check-lmr, the same for LMR: each\n" +
			"reduced move whose reduced search failed low is searched again at its unreduced\n" +
			"depth, overturned if it then beats the node's alpha; by depth and move number. Each\n" +
			"check starts from the tree's histories and first checks the tree's own shortened\n" +
			"search (the null search, the reduced one): a shortcut the check disagrees with\n" +
			"there is the floor, not counted. With --by-depth, counts each event by the\n" +
			"remaining depth of the node it happened at, over --positions (or --fen): where a\n" +
			"tree's nodes and prunings are (depth 0 is the quiescence search). With --node-types,\n" +
			"--by-move or --reductions, over the same positions: the main nodes by type and how\n" +
			"each ended (the table's bound, a pruning before its moves, above, below or inside its\n" +
			"window); the events that concern a move by its number among its node's moves; LMR's\n" +
			"mean reduction by remaining depth and move number, as the reduction table acts.\n" +
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
			&cli.BoolFlag{Name: "check-lmr", Usage: "count the reduced moves that failed low and beat alpha searched unreduced"},
			&cli.BoolFlag{Name: "by-depth", Usage: "count the events (--kinds; default node, qnode, null-try, rfp, razoring, " +
				"futility, lmp, reduce) by the remaining depth of their node"},
			&cli.BoolFlag{Name: "node-types", Usage: "count the main nodes by type (PV, expected cut, expected all) and how each ended"},
			&cli.BoolFlag{Name: "by-move", Usage: "count cutoffs (by what ordered the move), reductions, re-searches and move prunes by the move's number among its node's moves"},
			&cli.BoolFlag{Name: "reductions", Usage: "the plies LMR takes off, on average, by the node's remaining depth and the move's number"},
			positionsFlag("", "with --check-null, --check-lmr, --by-depth, --node-types, --by-move or --reductions: a suite or file of positions instead of --fen"),
			&cli.IntFlag{Name: "limit", Usage: "with --check-null or --check-lmr: check at most `N` a position (evenly spread)", Value: 200},
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
	var modes []string
	for _, f := range traceModes {
		if c.IsSet(f) && (f == "vs" || c.Bool(f)) {
			modes = append(modes, "--"+f)
		}
	}
	if len(modes) > 1 {
		return command.BadInput(fmt.Errorf("%s: one at a time", strings.Join(modes, ", ")))
	}
	if c.Bool("check-null") || c.Bool("check-lmr") {
		return recheckAction(c, cfg, pos, depth, c.Bool("check-lmr"))
	}
	if c.Bool("by-depth") {
		return traceByDepth(c, cfg, pos, depth)
	}
	if c.Bool("node-types") || c.Bool("by-move") || c.Bool("reductions") {
		return traceShape(c, cfg, pos, depth)
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
	return render.EventCounts(w, format, d.Counts, nameA, nameB)
}
