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

	// Evaluation terms (engine/eval): switched like the search's
	// techniques, off in every preset until one is measured to help.
	EvalBishopPair     // bishop-pair
	EvalTempo          // tempo
	EvalRookFiles      // rook-files
	EvalMobility       // mobility
	EvalPassedPawns    // passed-pawns
	EvalPawnStructure  // pawn-structure
	EvalKingSafety     // king-safety
	EvalThreats        // threats
	EvalOutposts       // outposts
	EvalEndgameScaling // endgame-scaling
	EvalTuned          // tuned

	NumTechniques
)

// evalTerms maps each evaluation term to its technique, in eval's order.
var evalTerms = [eval.NumTerms]Technique{EvalBishopPair, EvalTempo, EvalRookFiles, EvalMobility, EvalPassedPawns,
	EvalPawnStructure, EvalKingSafety, EvalThreats, EvalOutposts, EvalEndgameScaling, EvalTuned}

// IsEvaluation reports whether t is an evaluation term.
func (t Technique) IsEvaluation() bool { return t >= EvalBishopPair }

// EvalTerms is the set's evaluation terms, as the evaluation takes them.
func (s Set) EvalTerms() eval.Terms {
	var terms eval.Terms
	for i, t := range evalTerms {
		if s.Has(t) {
			terms = terms.With(eval.Term(i))
		}
	}
	return terms
}

// techniqueInfo describes a technique: its name, what it does, and the
// techniques it needs to have any effect.
type techniqueInfo struct {
	name     string
	summary  string
	requires []Technique
}

var techniqueInfos = [NumTechniques]techniqueInfo{
	AlphaBeta:            {"alpha-beta", "alpha-beta cutoffs (off: plain negamax, every move searched with an open window)", nil},
	Quiescence:           {"qsearch", "quiescence search of captures and promotions at the leaves (off: static evaluation)", nil},
	QSearchSEE:           {"qs-see", "skip captures that lose material by SEE in quiescence search", []Technique{Quiescence, AlphaBeta}},
	TranspositionTable:   {"tt", "transposition table: reuse bounds from earlier searches of a position", nil},
	HashMove:             {"tt-move", "search the transposition table's best move first", []Technique{TranspositionTable}},
	MVVLVA:               {"mvv-lva", "order captures most valuable victim first, least valuable attacker first", nil},
	Killers:              {"killers", "order two quiet moves that caused a cutoff at the same ply early", nil},
	CounterMove:          {"counter-move", "order the quiet move that last refuted the opponent's previous move early", nil},
	History:              {"history", "order quiet moves by how often they caused cutoffs (butterfly history)", nil},
	ContinuationHistory:  {"cont-history", "order quiet moves by their history as replies to the previous move", nil},
	PVS:                  {"pvs", "principal variation search: null-window searches after the first move, re-searched when they beat alpha", []Technique{AlphaBeta}},
	Aspiration:           {"aspiration", "aspiration windows around the previous iteration's score, widened on failure", []Technique{AlphaBeta}},
	CheckExtension:       {"check-ext", "search moves that give check one ply deeper", nil},
	NullMovePruning:      {"nmp", "null-move pruning with a depth-adaptive reduction", []Technique{AlphaBeta}},
	HyperNullMove:        {"hyper-nmp", "hyper null-move pruning: a null move answered by a quiescence search with a depth-scaled margin (H.G. Muller)", []Technique{AlphaBeta, Quiescence}},
	ReverseFutility:      {"rfp", "reverse futility pruning: near the leaves, return a static eval far above beta", []Technique{AlphaBeta}},
	Futility:             {"futility", "futility pruning: near the leaves, skip quiet moves when the static eval is far below alpha", []Technique{AlphaBeta}},
	LateMoveReductions:   {"lmr", "late move reductions: search late quiet moves less deep, re-search when they beat alpha", []Technique{PVS}},
	LateMovePruning:      {"lmp", "late move pruning: near the leaves, skip quiet moves after 3 + depth^2 have been tried", []Technique{AlphaBeta}},
	LMRPV:                {"lmr-pv", "reduce one ply less on the principal variation", []Technique{LateMoveReductions}},
	LMRCutNode:           {"cut-node", "reduce more at an expected cut node", []Technique{LateMoveReductions}},
	LMRCutoffCount:       {"cutoff-count", "reduce more when many moves at this node have been refuted", []Technique{LateMoveReductions}},
	LMRTTCapture:         {"tt-capture", "reduce more when the hash move is a capture", []Technique{LateMoveReductions, HashMove}},
	LMRAllNode:           {"all-node", "reduce less at an expected all-node", []Technique{LateMoveReductions}},
	LMRTTPV:              {"tt-pv", "reduce less at a node that has been on the principal variation", []Technique{LateMoveReductions, TranspositionTable}},
	HistoryLMR:           {"history-lmr", "reduce moves with a good history less and a bad one more", []Technique{LateMoveReductions}},
	HyperNMPReuse:        {"hyper-nmp-reuse", "the thread's refinement: a hyper null search that failed low stands in for a null search of quiescence depth", []Technique{HyperNullMove, NullMovePruning}},
	MateDistance:         {"mdp", "mate distance pruning: no line here can mate faster than a mate already found, so the window shrinks to what can", nil},
	IIR:                  {"iir", "internal iterative reductions: a node with no hash move, deep and expected to matter, is searched a ply shallower", nil},
	Razoring:             {"razoring", "razoring: near the leaves, a static eval far below alpha drops to quiescence search, and stops there if it stays below", []Technique{AlphaBeta, Quiescence}},
	DeltaPruning:         {"delta", "delta pruning: in quiescence, skip a capture that even with a margin cannot lift the standing pat to alpha", []Technique{AlphaBeta, Quiescence}},
	SEEPruning:           {"see-prune", "SEE pruning in the main search: near the leaves, skip quiet moves and captures that lose too much material by exchange", []Technique{AlphaBeta}},
	HistoryPruning:       {"history-prune", "history pruning: near the leaves, skip quiet moves whose history is very bad", []Technique{AlphaBeta, History}},
	Singular:             {"singular", "singular extensions: a hash move that no other move comes near, by a reduced search without it, is searched a ply deeper", []Technique{AlphaBeta, TranspositionTable, HashMove}},
	SingularDouble:       {"singular-double", "double and triple singular extensions: a hash move far more singular still is searched two or three plies deeper (off the PV, a few per line)", []Technique{Singular}},
	SingularNegative:     {"singular-negative", "negative singular extensions: a hash move that is not singular, at a node that will fail high anyway or is expected to, is searched a ply shallower", []Technique{Singular}},
	MultiCut:             {"multi-cut", "multi-cut: when the singular search without the hash move still fails high, two moves beat beta; the node is cut", []Technique{Singular}},
	ProbCut:              {"probcut", "ProbCut: a capture whose shallow search beats beta by a margin would beat beta at full depth; cut the node", []Technique{AlphaBeta, Quiescence}},
	CaptureHistory:       {"capture-history", "order captures by their history (by piece, square and victim) after the victim's value", nil},
	CaptureLMR:           {"capture-lmr", "late move reductions of late captures off the PV, less for a good capture history", []Technique{LateMoveReductions, CaptureHistory}},
	ContinuationHistory2: {"cont-history-2", "continuation history two plies back (a reply to the side's own last move) in ordering, history-LMR and history pruning", nil},
	CorrectionHistory:    {"correction-history", "correct the static evaluation by how far searches have found it off, keyed by the pawns and by the material", nil},
	NMPEval:              {"nmp-eval", "null move: reduce more the further the static eval stands above beta", []Technique{NullMovePruning}},
	NMPThreat:            {"nmp-threat", "null move: the reply that refuted the null move is a threat; order moves of the threatened piece early", []Technique{NullMovePruning}},
	EvalCache:            {"eval-cache", "keep each position's static evaluation in a table by its key, and look it up before evaluating again (speed only: the same tree)", nil},
	KeepHistory:          {"keep-history", "keep the history tables (quiet, continuation, capture, counter-move, correction) from one move of a game to the next, emptied at a new game (off: every search starts them empty; a run's searches are each a new game)", nil},
	EvalBishopPair:       {"bishop-pair", "evaluation: a bonus for the side with both bishops", nil},
	EvalTempo:            {"tempo", "evaluation: a bonus for the side to move", nil},
	EvalRookFiles:        {"rook-files", "evaluation: rooks and queens on open files (no pawn) and semi-open files (no pawn of their own)", nil},
	EvalMobility:         {"mobility", "evaluation: each knight, bishop, rook and queen by the squares it attacks safely (not its side's, not attacked by a pawn)", nil},
	EvalPassedPawns:      {"passed-pawns", "evaluation: passed pawns by rank, less when blocked, and the kings' distances to the square in front (endgame)", nil},
	EvalPawnStructure:    {"pawn-structure", "evaluation: isolated, doubled and backward pawns against supported and phalanx pawns (cached in a pawn hash table)", nil},
	EvalKingSafety:       {"king-safety", "evaluation: enemy pieces' attacks on the squares around the king, its pawn shield, pawn storms and open files beside it", nil},
	EvalThreats:          {"threats", "evaluation: pieces attacked by pawns, rooks and queens by minor pieces, a queen by rooks, and pieces attacked and undefended", nil},
	EvalOutposts:         {"outposts", "evaluation: knights and bishops deep in the enemy half, guarded by a pawn, where no enemy pawn can attack them", nil},
	EvalEndgameScaling:   {"endgame-scaling", "evaluation: the endgame score halved with opposite-coloured bishops alone, cut to an eighth without the material to mate", nil},
	EvalTuned:            {"tuned", "evaluation: the piece-square tables and term weights of ablate's Texel tune (tuned.go), in place of PeSTO's and the hand-set ones", nil},
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

// Set is a set of techniques.
type Set uint64

// AllTechniques has every technique on.
const AllTechniques Set = 1<<NumTechniques - 1

// SetOf returns the set of the given techniques.
func SetOf(ts ...Technique) Set {
	var s Set
	for _, t := range ts {
		s |= 1 << t
	}
	return s
}

// Has reports whether t is in s.
func (s Set) Has(t Technique) bool { return s&(1<<t) != 0 }

// With returns s with t added.
func (s Set) With(t Technique) Set { return s | 1<<t }

// Without returns s with t removed.
func (s Set) Without(t Technique) Set { return s &^ (1 << t) }

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
