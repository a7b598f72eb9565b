package search

import (
	"fmt"
	"sort"
	"strings"

	"github.com/ablate-chess/ablate/engine/eval"
)

// Technique is one switchable part of the search. Its CLI name (the comment)
// is also its name in configurations, UCI options and result columns.
type Technique uint8

const (
	AlphaBeta            Technique = iota // alpha-beta
	Quiescence                            // qsearch
	QSearchSEE                            // qs-see
	TranspositionTable                    // tt
	HashMove                              // tt-move
	MVVLVA                                // mvv-lva
	Killers                               // killers
	CounterMove                           // counter-move
	History                               // history
	ContinuationHistory                   // cont-history
	PVS                                   // pvs
	Aspiration                            // aspiration
	CheckExtension                        // check-ext
	NullMovePruning                       // nmp
	HyperNullMove                         // hyper-nmp
	ReverseFutility                       // rfp
	Futility                              // futility
	LateMoveReductions                    // lmr
	LateMovePruning                       // lmp
	LMRPV                                 // lmr-pv
	LMRCutNode                            // cut-node
	LMRCutoffCount                        // cutoff-count
	LMRTTCapture                          // tt-capture
	LMRAllNode                            // all-node
	LMRTTPV                               // tt-pv
	HistoryLMR                            // history-lmr
	HyperNMPReuse                         // hyper-nmp-reuse
	MateDistance                          // mdp
	IIR                                   // iir
	Razoring                              // razoring
	DeltaPruning                          // delta
	SEEPruning                            // see-prune
	HistoryPruning                        // history-prune
	Singular                              // singular
	SingularDouble                        // singular-double
	SingularNegative                      // singular-negative
	MultiCut                              // multi-cut
	ProbCut                               // probcut
	CaptureHistory                        // capture-history
	CaptureLMR                            // capture-lmr
	ContinuationHistory2                  // cont-history-2
	CorrectionHistory                     // correction-history
	NMPEval                               // nmp-eval
	NMPThreat                             // nmp-threat
	EvalCache                             // eval-cache
	KeepHistory                           // keep-history
	TimeStability                         // tm-stability
	TimeNodeShare                         // tm-node-share
	TTEval                                // tt-eval
	LMRImproving                          // lmr-improving
	QSearchTT                             // qs-tt
	NMPTTGuard                            // nmp-tt
	LMRReach                              // lmr-reach
	CheckExtSEE                           // check-ext-see
	LMRChecks                             // lmr-checks
	QSearchTTStore                        // qs-tt-store
	QSearchSEEFutility                    // qs-see-futility
	NMPRawEval                            // nmp-raw-eval
	BadCapturesLast                       // bad-captures-last
	FutilityLMRDepth                      // futility-lmr-depth
	HistoryPruneLMRDepth                  // history-prune-lmr-depth

	// firstEvalTerm is the first evaluation term (engine/eval): each
	// eval.Term is a technique, numbered from here in eval's order and
	// named and described by eval's own table (EvalTerm).
	firstEvalTerm
)

// NumTechniques counts the search's techniques and the evaluation's terms.
const NumTechniques = firstEvalTerm + Technique(eval.NumTerms)

// EvalTerm is the technique that switches an evaluation term.
func EvalTerm(t eval.Term) Technique { return firstEvalTerm + Technique(t) }

// evalTermSet is the set of the techniques of the given terms.
func evalTermSet(ts ...eval.Term) Set {
	var s Set
	for _, t := range ts {
		s = s.With(EvalTerm(t))
	}
	return s
}

// IsEvaluation reports whether t is an evaluation term.
func (t Technique) IsEvaluation() bool { return t >= firstEvalTerm }

// EvalTerms is the set's evaluation terms, as the evaluation takes them.
func (s Set) EvalTerms() eval.Terms { return s.terms }

// techniqueInfo is a technique's row of the one vocabulary: its name (the
// CLI's, the configurations', the UCI option's), what it does, the
// techniques it needs to have any effect, the events it counts and traces
// (vocab.go, whose names are its columns in records.csv), and the prefix
// of its parameters' names (params.go; "" is its name).
type techniqueInfo struct {
	name     string
	summary  string
	requires []Technique
	events   []EventKind
	params   string
}

// Events are the kinds of event the technique counts and traces.
func (t Technique) Events() []EventKind { return techniqueInfos[t].events }

// ParamPrefix begins the names of the technique's parameters.
func (t Technique) ParamPrefix() string {
	if p := techniqueInfos[t].params; p != "" {
		return p
	}
	return techniqueInfos[t].name
}

var techniqueInfos = [NumTechniques]techniqueInfo{
	AlphaBeta:            {name: "alpha-beta", summary: "alpha-beta cutoffs (off: plain negamax, every move searched with an open window)", events: []EventKind{EvCutoff, EvFirstMoveCutoff}},
	Quiescence:           {name: "qsearch", summary: "quiescence search of captures and promotions at the leaves (off: static evaluation)"},
	QSearchSEE:           {name: "qs-see", summary: "skip captures that lose material by SEE in quiescence search", requires: []Technique{Quiescence, AlphaBeta}, events: []EventKind{EvQSEE}},
	TranspositionTable:   {name: "tt", summary: "transposition table: reuse bounds from earlier searches of a position", events: []EventKind{EvTTProbe, EvTTHit, EvTTCutoff}},
	HashMove:             {name: "tt-move", summary: "search the transposition table's best move first", requires: []Technique{TranspositionTable}},
	MVVLVA:               {name: "mvv-lva", summary: "order captures most valuable victim first, least valuable attacker first"},
	Killers:              {name: "killers", summary: "order two quiet moves that caused a cutoff at the same ply early"},
	CounterMove:          {name: "counter-move", summary: "order the quiet move that last refuted the opponent's previous move early"},
	History:              {name: "history", summary: "order quiet moves by how often they caused cutoffs (butterfly history)"},
	ContinuationHistory:  {name: "cont-history", summary: "order quiet moves by their history as replies to the previous move"},
	PVS:                  {name: "pvs", summary: "principal variation search: null-window searches after the first move, re-searched when they beat alpha", requires: []Technique{AlphaBeta}, events: []EventKind{EvPVSSearch, EvPVSResearch}},
	Aspiration:           {name: "aspiration", summary: "aspiration windows around the previous iteration's score, widened on failure", requires: []Technique{AlphaBeta}, events: []EventKind{EvAspirationResearch}},
	CheckExtension:       {name: "check-ext", summary: "search moves that give check one ply deeper", events: []EventKind{EvExtension}},
	NullMovePruning:      {name: "nmp", summary: "null-move pruning with a depth-adaptive reduction", requires: []Technique{AlphaBeta}, events: []EventKind{EvNullTry, EvNullCutoff, EvNullFail}},
	HyperNullMove:        {name: "hyper-nmp", summary: "hyper null-move pruning: a null move answered by a quiescence search with a depth-scaled margin (H.G. Muller)", requires: []Technique{AlphaBeta, Quiescence}, events: []EventKind{EvHyperTry, EvHyperPrune}},
	ReverseFutility:      {name: "rfp", summary: "reverse futility pruning: near the leaves, return a static eval far above beta", requires: []Technique{AlphaBeta}, events: []EventKind{EvRFP}},
	Futility:             {name: "futility", summary: "futility pruning: near the leaves, skip quiet moves when the static eval is far below alpha", requires: []Technique{AlphaBeta}, events: []EventKind{EvFutility}},
	LateMoveReductions:   {name: "lmr", summary: "late move reductions: search late quiet moves less deep, re-search when they beat alpha", requires: []Technique{PVS}, events: []EventKind{EvReduce, EvReducedPlies, EvLMRResearch}},
	LateMovePruning:      {name: "lmp", summary: "late move pruning: near the leaves, skip quiet moves after 3 + depth^2 have been tried", requires: []Technique{AlphaBeta}, events: []EventKind{EvLMP}},
	LMRPV:                {name: "lmr-pv", summary: "reduce one ply less on the principal variation", requires: []Technique{LateMoveReductions}},
	LMRCutNode:           {name: "cut-node", summary: "reduce more at an expected cut node", requires: []Technique{LateMoveReductions}, params: "lmr-cut-node"},
	LMRCutoffCount:       {name: "cutoff-count", summary: "reduce more when many moves at this node have been refuted", requires: []Technique{LateMoveReductions}, params: "lmr-cutoff"},
	LMRTTCapture:         {name: "tt-capture", summary: "reduce more when the hash move is a capture", requires: []Technique{LateMoveReductions, HashMove}, params: "lmr-tt-capture"},
	LMRAllNode:           {name: "all-node", summary: "reduce less at an expected all-node", requires: []Technique{LateMoveReductions}, params: "lmr-all-node"},
	LMRTTPV:              {name: "tt-pv", summary: "reduce less at a node that has been on the principal variation", requires: []Technique{LateMoveReductions, TranspositionTable}, params: "lmr-tt-pv"},
	HistoryLMR:           {name: "history-lmr", summary: "reduce moves with a good history less and a bad one more", requires: []Technique{LateMoveReductions}, params: "lmr-history"},
	HyperNMPReuse:        {name: "hyper-nmp-reuse", summary: "the thread's refinement: a hyper null search that failed low stands in for a null search of quiescence depth", requires: []Technique{HyperNullMove, NullMovePruning}},
	MateDistance:         {name: "mdp", summary: "mate distance pruning: no line here can mate faster than a mate already found, so the window shrinks to what can", events: []EventKind{EvMDP}},
	IIR:                  {name: "iir", summary: "internal iterative reductions: a node with no hash move, deep and expected to matter, is searched a ply shallower", events: []EventKind{EvIIR}},
	Razoring:             {name: "razoring", summary: "razoring: near the leaves, a static eval far below alpha drops to quiescence search, and stops there if it stays below", requires: []Technique{AlphaBeta, Quiescence}, events: []EventKind{EvRazor}},
	DeltaPruning:         {name: "delta", summary: "delta pruning: in quiescence, skip a capture that even with a margin cannot lift the standing pat to alpha", requires: []Technique{AlphaBeta, Quiescence}, events: []EventKind{EvDelta}},
	SEEPruning:           {name: "see-prune", summary: "SEE pruning in the main search: near the leaves, skip quiet moves and captures that lose too much material by exchange", requires: []Technique{AlphaBeta}, events: []EventKind{EvSEEPrune}, params: "see"},
	HistoryPruning:       {name: "history-prune", summary: "history pruning: near the leaves, skip quiet moves whose history is very bad", requires: []Technique{AlphaBeta, History}, events: []EventKind{EvHistoryPrune}},
	Singular:             {name: "singular", summary: "singular extensions: a hash move that no other move comes near, by a reduced search without it, is searched a ply deeper", requires: []Technique{AlphaBeta, TranspositionTable, HashMove}, events: []EventKind{EvSingularSearch, EvSingularExt}},
	SingularDouble:       {name: "singular-double", summary: "double and triple singular extensions: a hash move far more singular still is searched two or three plies deeper (off the PV, a few per line)", requires: []Technique{Singular}, events: []EventKind{EvDoubleExt}, params: "singular"},
	SingularNegative:     {name: "singular-negative", summary: "negative singular extensions: a hash move that is not singular, at a node that will fail high anyway or is expected to, is searched a ply shallower", requires: []Technique{Singular}, events: []EventKind{EvNegativeExt}},
	MultiCut:             {name: "multi-cut", summary: "multi-cut: when the singular search without the hash move still fails high, two moves beat beta; the node is cut", requires: []Technique{Singular}, events: []EventKind{EvMultiCut}},
	ProbCut:              {name: "probcut", summary: "ProbCut: a capture whose shallow search beats beta by a margin would beat beta at full depth; cut the node", requires: []Technique{AlphaBeta, Quiescence}, events: []EventKind{EvProbCutTry, EvProbCut}},
	CaptureHistory:       {name: "capture-history", summary: "order captures by their history (by piece, square and victim) after the victim's value"},
	CaptureLMR:           {name: "capture-lmr", summary: "late move reductions of late captures off the PV, less for a good capture history", requires: []Technique{LateMoveReductions, CaptureHistory}},
	ContinuationHistory2: {name: "cont-history-2", summary: "continuation history two plies back (a reply to the side's own last move) in ordering, history-LMR and history pruning"},
	CorrectionHistory:    {name: "correction-history", summary: "correct the static evaluation by how far searches have found it off, keyed by the pawns and by the material"},
	NMPEval:              {name: "nmp-eval", summary: "null move: reduce more the further the static eval stands above beta", requires: []Technique{NullMovePruning}},
	NMPThreat:            {name: "nmp-threat", summary: "null move: the reply that refuted the null move is a threat; order moves of the threatened piece early", requires: []Technique{NullMovePruning}},
	EvalCache:            {name: "eval-cache", summary: "keep each position's static evaluation in a table by its key, and look it up before evaluating again (speed only: the same tree)"},
	KeepHistory:          {name: "keep-history", summary: "keep the history tables (quiet, continuation, capture, counter-move, correction) from one move of a game to the next, emptied at a new game (off: every search starts them empty; a run's searches are each a new game)"},
	TimeStability:        {name: "tm-stability", summary: "time: under a clock, start no new iteration sooner when the best move has held for several iterations, later when it has just changed (the same tree at a fixed depth or node count)"},
	TimeNodeShare:        {name: "tm-node-share", summary: "time: under a clock, start no new iteration sooner when the best move took most of the last iteration's nodes, later when it took few (the same tree at a fixed depth or node count)"},
	TTEval:               {name: "tt-eval", summary: "the table's score of an earlier search stands in for the static eval where its bound says it is nearer the truth, in the prunings that compare the eval with the window (razoring, reverse futility, null move, ProbCut, futility)", requires: []Technique{TranspositionTable}},
	QSearchTT:            {name: "qs-tt", summary: "quiescence search reads the transposition table: a stored bound that decides the window ends the node (every stored search went at least as deep)", requires: []Technique{Quiescence, AlphaBeta, TranspositionTable}, events: []EventKind{EvQTTCutoff}},
	NMPTTGuard:           {name: "nmp-tt", summary: "null move: not tried where the table holds an upper bound below beta (an earlier search failed low here, so passing will hardly fail high)", requires: []Technique{NullMovePruning, TranspositionTable}},
	LMRReach:             {name: "lmr-reach", summary: "LMR's reach: a late quiet move it may reduce is reduced at least a ply, and may be reduced straight into quiescence search (off: from no ply to one short of it, as Ethereal 12 and Stockfish 15.1 clamp it)", requires: []Technique{LateMoveReductions}},
	CheckExtSEE:          {name: "check-ext-see", summary: "the check extension only for a check that loses no material by SEE (a check that hangs the checker is a spite check, not a forcing line)", requires: []Technique{CheckExtension}},
	LMRChecks:            {name: "lmr-checks", summary: "LMR reduces a late quiet move that gives check, or is made in check, like any other (off: checks and evasions are never reduced; Ethereal 12 reduces both)", requires: []Technique{LateMoveReductions}},
	QSearchTTStore:       {name: "qs-tt-store", summary: "quiescence search writes its result to the transposition table (at depth 0, never over a main search's entry), for qs-tt to read on the next visit", requires: []Technique{QSearchTT}},
	QSearchSEEFutility:   {name: "qs-see-futility", summary: "quiescence skips a capture whose exchange cannot bring the node's best so far (the standing pat, until a capture beats it) to within a margin of alpha (SEE below alpha - best - margin), after Ethereal's noisy picker, whose threshold uses the standing pat throughout", requires: []Technique{QSearchSEE, AlphaBeta}, params: "qs-futility"},
	NMPRawEval:           {name: "nmp-raw-eval", summary: "null move: tried, and its reduction set, by the raw static eval, not the one correction history corrected (or the table's score with tt-eval): passing is trusted only where the evaluation itself stands at beta", requires: []Technique{NullMovePruning, CorrectionHistory}},
	BadCapturesLast:      {name: "bad-captures-last", summary: "the main search orders a capture or promotion that loses material by SEE after the quiet moves (the killers, the counter move, the histories' moves), as Ethereal's and Stockfish's move pickers do (off: captures keep their own scores, which with mvv-lva or capture-history on put every capture before every quiet move but the table's)"},
	FutilityLMRDepth:     {name: "futility-lmr-depth", summary: "futility pruning judges a quiet move at the depth LMR's table would search it to (the node's depth less the table's plies for its move number), not at the node's, in both its depth limit and its margin: a late move is pruned as the shallower search it would get, as Stockfish's parent-node futility does (its lmrDepth; Ethereal 12 uses the node's depth)", requires: []Technique{LateMoveReductions}},
	HistoryPruneLMRDepth: {name: "history-prune-lmr-depth", summary: "history pruning judges a quiet move at the depth LMR's table would search it to (the node's depth less the table's plies for its move number), in its depth limit and its threshold, so that a late move with a history below zero is skipped where the table would leave it no depth: our own mix of Stockfish's continuation-history pruning (its depth limit at lmrDepth, its threshold at the node's depth) and Ethereal 12's counter-move pruning (a history below 0 at depth 3 or less, the node's)", requires: []Technique{HistoryPruning, LateMoveReductions}},
	LMRImproving:         {name: "lmr-improving", summary: "reduce a late quiet move more when the side to move is not improving (its static eval no better than two plies ago): its late moves are less likely to matter", requires: []Technique{LateMoveReductions}, params: "lmr-improving"},
}

// The evaluation terms' rows are eval's.
func init() {
	for t := eval.Term(0); t < eval.NumTerms; t++ {
		techniqueInfos[EvalTerm(t)] = techniqueInfo{name: t.String(), summary: "evaluation: " + t.Adds()}
	}
}

func (t Technique) String() string { return techniqueInfos[t].name }

// Summary says what the technique does.
func (t Technique) Summary() string { return techniqueInfos[t].summary }

// Requires lists the techniques t needs to have any effect.
func (t Technique) Requires() []Technique { return techniqueInfos[t].requires }

// ParseTechnique reads a technique's name.
func ParseTechnique(name string) (Technique, error) {
	for t := Technique(0); t < NumTechniques; t++ {
		if techniqueInfos[t].name == name {
			return t, nil
		}
	}
	return 0, fmt.Errorf("unknown technique %q (known: %s)", name, strings.Join(TechniqueNames(), ", "))
}

// TechniqueNames lists every technique's name in declaration order.
func TechniqueNames() []string {
	names := make([]string, NumTechniques)
	for t := range names {
		names[t] = techniqueInfos[t].name
	}
	return names
}

// Set is a set of techniques: the search's in one word, a bit each, and
// the evaluation's terms as eval takes them. A Set is a value: == compares
// two.
type Set struct {
	search uint64
	terms  eval.Terms
}

// The search's techniques fit the word: with more than 64 the shift below
// is negative, and the build fails.
const _ = uint64(1) << (64 - firstEvalTerm)

// SetOf returns the set of the given techniques.
func SetOf(ts ...Technique) Set {
	var s Set
	for _, t := range ts {
		s = s.With(t)
	}
	return s
}

// Has reports whether t is in s.
func (s Set) Has(t Technique) bool {
	if t < firstEvalTerm {
		return s.search&(1<<t) != 0
	}
	return s.terms&(1<<(t-firstEvalTerm)) != 0
}

// With returns s with t added.
func (s Set) With(t Technique) Set {
	if t < firstEvalTerm {
		s.search |= 1 << t
	} else {
		s.terms |= 1 << (t - firstEvalTerm)
	}
	return s
}

// Without returns s with t removed.
func (s Set) Without(t Technique) Set {
	if t < firstEvalTerm {
		s.search &^= 1 << t
	} else {
		s.terms &^= 1 << (t - firstEvalTerm)
	}
	return s
}

// Union returns the techniques in s or in o.
func (s Set) Union(o Set) Set {
	return Set{s.search | o.search, s.terms | o.terms}
}

// IsEmpty reports whether s has no technique.
func (s Set) IsEmpty() bool { return s == Set{} }

// Effective returns s without the techniques that cannot act because a
// technique they need is off (LMR without PVS has no null-window search to
// reduce; tt-move without a table has no move). A switched-on technique
// with a missing requirement is inert, so dropping it changes no node.
func (s Set) Effective() Set {
	for {
		e := s
		for t := Technique(0); t < NumTechniques; t++ {
			for _, r := range techniqueInfos[t].requires {
				if !e.Has(r) {
					e = e.Without(t)
				}
			}
		}
		if e == s {
			return e
		}
		s = e
	}
}

// Techniques lists the techniques in s in declaration order.
func (s Set) Techniques() []Technique {
	var ts []Technique
	for t := Technique(0); t < NumTechniques; t++ {
		if s.Has(t) {
			ts = append(ts, t)
		}
	}
	return ts
}

// String lists the names in s, comma-separated, in declaration order.
func (s Set) String() string {
	var names []string
	for _, t := range s.Techniques() {
		names = append(names, t.String())
	}
	return strings.Join(names, ",")
}

// sortedNames returns names sorted, for messages.
func sortedNames(names []string) string {
	s := append([]string(nil), names...)
	sort.Strings(s)
	return strings.Join(s, ", ")
}
