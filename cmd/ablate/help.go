package main

import (
	"strings"

	"github.com/ablate-chess/ablate/results/term"
	"github.com/urfave/cli/v2"
)

// Help: flags in categories, each flag's usage on lines of its own under
// its name, so that every line of --help fits in 100 columns.

// helpWidth is the widest line --help prints.
const helpWidth = 100

// flagCategory names each flag's category in --help; the same flag is in
// the same category in every command.
var flagCategory = map[string]string{}

func init() {
	for category, names := range map[string][]string{
		"What to search": {"config", "experiment", "leave-one-out", "ladder", "factorial", "sweep", "base", "reference",
			"positions", "depth", "set", "repeat", "tree-depth", "fen", "all", "suite", "vs", "run"},
		"Budgets": {"max-nodes", "max-time", "max-depth"},
		"Engine": {"engine", "engine-dir", "engine-option", "profile", "hash", "engine-a", "engine-b", "head",
			"baseline"},
		"Games": {"openings", "openings-order", "seed", "pairs", "games", "nodes", "tc", "movetime", "time-margin",
			"resign", "draw", "max-moves", "sprt", "precision", "budgets", "event", "player"},
		"Output": {"format", "out", "records", "pgn", "png", "quiet", "update", "divide", "move-path", "ply"},
		"Runs, resume and scale-out": {"workers", "shard", "resume", "continue", "estimates", "allow-partial", "force",
			"check-against", "rounds", "fail-on"},
	} {
		for _, n := range names {
			flagCategory[n] = category
		}
	}
	defaultFlagString = cli.FlagStringer
	cli.FlagStringer = wrappedFlag
}

// defaultFlagString is the library's rendering of a flag: names, a tab,
// usage.
var defaultFlagString cli.FlagStringFunc

// categorize puts each of the command's flags in its category.
func categorize(flags []cli.Flag) {
	for _, f := range flags {
		cat := flagCategory[f.Names()[0]]
		switch f := f.(type) {
		case *cli.StringFlag:
			f.Category = cat
		case *cli.StringSliceFlag:
			f.Category = cat
		case *cli.IntFlag:
			f.Category = cat
		case *cli.Uint64Flag:
			f.Category = cat
		case *cli.BoolFlag:
			f.Category = cat
		case *cli.DurationFlag:
			f.Category = cat
		}
	}
}

// wrappedFlag writes a flag for --help: its names and placeholder on one
// line, its usage and default below, wrapped.
func wrappedFlag(f cli.Flag) string {
	s := defaultFlagString(f)
	names, usage, ok := strings.Cut(s, "\t")
	if !ok {
		return s
	}
	return names + "\n" + term.Wrap(usage, "        ", helpWidth)
}
