package search

// The search's vocabulary: one table of what the search does that ablate
// counts or traces. Each kind is, at once, a trace event (ablate trace
// names it), a counter (Stats.Count[kind], a plain add that -tags nostats
// compiles out) and, when it is counted, a column of records.csv. A new
// technique adds its kinds here, its switch in techniques.go and its code
// in the search, nothing else: the records, the trace and the reports pick
// the kinds up from this table.

// EventKind is one thing the search does.
type EventKind uint8

// The kinds, in the order of their records.csv columns.
const (
	EvNode               EventKind = iota // a main-search node entered: depth, window, node type
	EvQNode                               // a quiescence node entered
	EvTTProbe                             // the transposition table probed
	EvTTHit                               // ... and holding the position
	EvTTCutoff                            // the table's bound ended the node
	EvCutoff                              // a move failed high: the node is done
	EvFirstMoveCutoff                     // ... the node's first move
	EvPVSSearch                           // a null-window search of a move after the first
	EvPVSResearch                         // ... landed inside the window: searched again with it
	EvReduce                              // LMR reduced a move: Reduction plies, Why
	EvReducedPlies                        // the plies LMR took off (counted as a sum)
	EvLMRResearch                         // a reduced search beat alpha: searched again at full depth
	EvLMP                                 // late move pruning skipped a move
	EvNullTry                             // a null-move search started
	EvNullCutoff                          // ... and failed high: the node is pruned
	EvNullFail                            // ... and did not
	EvHyperTry                            // a hyper null-move attempt
	EvHyperPrune                          // ... that pruned the node
	EvRFP                                 // reverse futility pruning ended the node
	EvFutility                            // futility pruning skipped a move
	EvQSEE                                // SEE pruning skipped a losing capture in quiescence
	EvExtension                           // a check extended a move by a ply
	EvAspirationResearch                  // the root failed its aspiration window: searched again
	EvMDP                                 // mate distance pruning ended the node
	EvIIR                                 // internal iterative reduction took a ply off a node
	EvRazor                               // razoring ended the node
	EvDelta                               // delta pruning skipped a capture in quiescence
	EvSEEPrune                            // SEE pruning skipped a move in the main search
	EvHistoryPrune                        // history pruning skipped a quiet move
	EvSingularSearch                      // a singular search: the node without its hash move, reduced
	EvSingularExt                         // ... found the hash move singular: extended a ply
	EvDoubleExt                           // ... so singular it was extended two plies or more
	EvNegativeExt                         // ... not singular: the hash move searched a ply shallower
	EvMultiCut                            // ... failed high without the hash move: the node is cut
	EvProbCutTry                          // a ProbCut search of a capture
	EvProbCut                             // ... that cut the node
	EvQTTCutoff                           // the table's bound ended a quiescence node
	EvBest                                // the node's result: its best move and score

	NumEventKinds
)

// kinds is the table. name is the trace's name for the kind; column, its
// records.csv column ("": not counted, as nodes are counted apart);
// traced, whether the search reports it to a tracer (the others are
// counted only: they are too many, or carry nothing an event would).
var kinds = [NumEventKinds]struct {
	name, column string
	traced       bool
}{
	EvNode:               {"node", "", true},
	EvQNode:              {"qnode", "", true},
	EvTTProbe:            {"tt-probe", "tt_probes", false},
	EvTTHit:              {"tt-hit", "tt_hits", false},
	EvTTCutoff:           {"tt-cutoff", "tt_cutoffs", true},
	EvCutoff:             {"cutoff", "beta_cutoffs", true},
	EvFirstMoveCutoff:    {"first-move-cutoff", "first_move_cutoffs", false},
	EvPVSSearch:          {"pvs-search", "pvs_searches", false},
	EvPVSResearch:        {"pvs-research", "pvs_researches", true},
	EvReduce:             {"reduce", "lmr_reduced", true},
	EvReducedPlies:       {"reduced-plies", "lmr_plies", false},
	EvLMRResearch:        {"lmr-research", "lmr_researches", true},
	EvLMP:                {"lmp", "lmp_prunes", true},
	EvNullTry:            {"null-try", "null_tries", true},
	EvNullCutoff:         {"null-cutoff", "null_cutoffs", true},
	EvNullFail:           {"null-fail", "", true},
	EvHyperTry:           {"hyper-try", "hyper_tries", true},
	EvHyperPrune:         {"hyper-prune", "hyper_prunes", true},
	EvRFP:                {"rfp", "rfp_prunes", true},
	EvFutility:           {"futility", "futility_prunes", true},
	EvQSEE:               {"qs-see", "qs_see_prunes", false},
	EvExtension:          {"extension", "extensions", false},
	EvAspirationResearch: {"aspiration-research", "aspiration_researches", false},
	EvMDP:                {"mdp", "mdp_prunes", true},
	EvIIR:                {"iir", "iir_reductions", true},
	EvRazor:              {"razoring", "razoring_prunes", true},
	EvDelta:              {"delta", "delta_prunes", false},
	EvSEEPrune:           {"see-prune", "see_prunes", true},
	EvHistoryPrune:       {"history-prune", "history_prunes", true},
	EvSingularSearch:     {"singular-search", "singular_searches", true},
	EvSingularExt:        {"singular-extension", "singular_extensions", true},
	EvDoubleExt:          {"double-extension", "double_extensions", false},
	EvNegativeExt:        {"negative-extension", "negative_extensions", true},
	EvMultiCut:           {"multi-cut", "multi_cuts", true},
	EvProbCutTry:         {"probcut-try", "probcut_tries", false},
	EvProbCut:            {"probcut", "probcut_cuts", true},
	EvQTTCutoff:          {"qs-tt-cutoff", "", true},
	EvBest:               {"best", "", true},
}

func (k EventKind) String() string { return kinds[k].name }

// Traced reports whether the search reports events of this kind to a
// tracer.
func (k EventKind) Traced() bool { return kinds[k].traced }

// EventKinds lists the names of the kinds a tracer hears.
func EventKinds() []string {
	var out []string
	for _, k := range kinds {
		if k.traced {
			out = append(out, k.name)
		}
	}
	return out
}

// oldKindNames are the names some kinds had before their technique's name
// was theirs too, still read.
var oldKindNames = map[string]string{"qsee": "qs-see", "razor": "razoring"}

// ParseEventKind reads the name of a kind a tracer hears.
func ParseEventKind(name string) (EventKind, bool) {
	if now, ok := oldKindNames[name]; ok {
		name = now
	}
	for k, info := range kinds {
		if info.traced && info.name == name {
			return EventKind(k), true
		}
	}
	return 0, false
}

// Counts are the search's counters, one per kind.
type Counts [NumEventKinds]uint64

// CounterColumns are the records.csv columns of the kinds counted, in the
// table's order.
func CounterColumns() []string {
	var out []string
	for _, info := range kinds {
		if info.column != "" {
			out = append(out, info.column)
		}
	}
	return out
}

// Columns are the counters of the kinds counted, in CounterColumns' order.
func (c *Counts) Columns() []uint64 {
	var out []uint64
	for k, info := range kinds {
		if info.column != "" {
			out = append(out, c[k])
		}
	}
	return out
}

// count counts one event of kind k.
func (s *Searcher) count(k EventKind) {
	if statsOn {
		s.stats.Count[k]++
	}
}
