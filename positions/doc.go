// Package positions reads position suites, EPD or FEN, from files and from
// the suites built into the binary.
//
//	epd.go     the EPD/FEN line reader, Entry and Suite
//	suites.go  the built-in suites (*.epd, embedded) and Load
//
// The built-in suites:
//
//	perft.epd  positions with perft counts: the six well-known ones, then
//	           positions made for ablate, one rule each (counts from
//	           Stockfish's "go perft", see tools/perft-counts.sh)
//	six.epd    the start position and five more, for stage comparisons
//	bench.epd  the bench suite: openings, middlegames, endgames, tactics, mates
//	openings.epd  2375 balanced openings for game pairs: Scid's ECO lines of
//	           10 to 16 plies that Stockfish 15.1 scores within 40 cp at
//	           depth 14 (tools/make-openings.sh, tools/openings)
//	openings-unbalanced.epd  210 unbalanced openings: the same ECO lines
//	           that Stockfish scores 90 to 130 cp ahead for one side, as
//	           fishtest's books of this kind (the same tool, -min-score)
//	perft.go   perft counts checked against the suite's
package positions
