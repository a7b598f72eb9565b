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
package positions
