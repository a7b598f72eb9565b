package main

import "github.com/ablate-chess/ablate/cmd/internal/command"

// helpWidth is the widest line --help prints.
const helpWidth = 100

// conventions are what every command shares: flags renamed (--jobs was a
// plan's jobs' name for its workers; compare's --base and --head were
// revisions where every other --base is a spec; match's --depth was a
// move's where every other is a tree's; trace's --event filtered events
// where match's names the PGN's), each flag's category in --help,
// and the width of --help.
var conventions = command.Conventions{
	HelpWidth: helpWidth,
	Renamed: map[string]map[string]string{
		"":        {"workers": "jobs"},
		"compare": {"old-rev": "base", "new-rev": "head"},
		"match":   {"move-depth": "depth"},
		"worth":   {"move-depth": "depth"},
		"spsa":    {"move-depth": "depth"},
		"trace":   {"kinds": "event"},
	},
	Categories: map[string][]string{
		"What to search": {"config", "experiment", "leave-one-out", "ladder", "factorial", "sweep", "base", "reference",
			"positions", "depth", "set", "repeat", "tree-depth", "fen", "all", "suite", "vs", "run", "preset"},
		"Caps": {"max-nodes", "max-time", "max-depth"},
		"Engine": {"engine", "engine-dir", "engine-option", "profile", "hash", "engine-a", "engine-b", "head",
			"baseline"},
		"Games": {"openings", "openings-order", "seed", "pairs", "games", "nodes", "tc", "movetime", "time-margin",
			"resign", "draw", "max-moves", "sprt", "precision", "budgets", "event", "player"},
		"Output": {"format", "out", "html", "records", "pgn", "png", "quiet", "update", "divide", "move-path", "ply", "kinds"},
		"Runs, resume and scale-out": {"workers", "shard", "resume", "continue", "estimates", "allow-partial", "force",
			"check-against", "rounds", "fail-on"},
	},
}
