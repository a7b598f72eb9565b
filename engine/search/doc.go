// Package search is the object of ablate's experiments: a fail-soft
// alpha-beta search in which every technique is a named switch and every
// number in a technique's condition a named parameter.
//
//	techniques.go  Technique, Set, what each needs to act (Effective)
//	params.go      Params, DefaultParams, the parameter registry
//	presets.go     Config, the presets (full, full-eval, full-pesto, stage-9..21), specs
//	vocab.go       the events the search counts and traces: one table
//	searcher.go    Searcher, frames, node entry, limits, draws
//	iterate.go     Search: iterative deepening, aspiration windows, results
//	alphabeta.go   negamax: a node's life; the table; the PVS re-search chain
//	prune.go       ending a node before its moves: razoring, reverse futility,
//	               (hyper) null move, ProbCut
//	singular.go    singular, double and negative extensions, multi-cut
//	move.go        one move: LMP, futility, SEE and history pruning; its
//	               extension; its reduction (LMR and its refinements)
//	qsearch.go     quiescence search
//	correction.go  correction history
//	movepick.go    move scoring and selection
//	history.go     killers, counter-moves, butterfly and continuation history
//	tt.go          the transposition table
//	prefetch_amd64.go  prefetch: a table slot loaded ahead of its probe (prefetch_amd64.s)
//	prefetch_other.go  prefetch elsewhere: nothing
//	stats.go       Stats and the rates computed from it
//	clock.go       a game clock's time shared into soft and hard limits
//	trace.go       Tracer: every event of a search, for ablate trace
//	stats_on.go    the counters kept (the default build)
//	stats_off.go   the counters compiled out (-tags nostats), for timing
//
// A technique switched off leaves no trace: its block is skipped, and the
// ordering tables it would feed are neither read nor written.
package search
