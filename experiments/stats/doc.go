// Package stats is the statistics of matches, as fishtest and fastchess
// compute them: game and pentanomial tallies, Elo and normalized Elo with
// their intervals, LOS, the SPRT, when a match has played enough, and the
// interval of a ratio of two samples.
//
//	elo.go       Score, Elo, SPRT
//	result.go    MatchResult: a tally's statistics
//	stop.go      Stop: an SPRT or a precision
//	interval.go  RatioInterval
//	logistic.go  LogisticFit: the screening's fit of pair results
package stats
