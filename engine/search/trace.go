package search

import "github.com/ablate-chess/ablate/engine/chess"

// Tracing: a Tracer set on a Searcher hears every event of the search, for
// ablate trace. Each hook is one branch on a nil pointer, the same way at
// every node, so a search without a tracer pays nothing measurable
// (BenchmarkSearch, benchstat in the README), and one with a tracer counts
// exactly the same nodes (a test).

// EventKind is what happened.
type EventKind uint8

const (
	EvNode        EventKind = iota // a main-search node entered: depth, window, node type
	EvQNode                        // a quiescence node entered
	EvTTCutoff                     // the table's bound ended the node
	EvNullTry                      // a null-move search started
	EvNullCutoff                   // ... and failed high: the node is pruned
	EvNullFail                     // ... and did not
	EvHyperTry                     // a hyper null-move attempt
	EvHyperPrune                   // ... that pruned the node
	EvRFP                          // reverse futility pruning ended the node
	EvFutility                     // futility pruning skipped a move
	EvLMP                          // late move pruning skipped a move
	EvReduce                       // LMR reduced a move: Reduction plies, Why
	EvLMRResearch                  // a reduced search beat alpha: searched again at full depth
	EvPVSResearch                  // a null-window search landed inside the window: searched again with it
	EvCutoff                       // a move failed high: the node is done
	EvBest                         // the node's result: its best move and score

	numEventKinds
)

var eventNames = [numEventKinds]string{"node", "qnode", "tt-cutoff", "null-try", "null-cutoff", "null-fail",
	"hyper-try", "hyper-prune", "rfp", "futility", "lmp", "reduce", "lmr-research", "pvs-research", "cutoff", "best"}

func (k EventKind) String() string { return eventNames[k] }

// EventKinds lists every event kind's name.
func EventKinds() []string { return eventNames[:] }

// ParseEventKind reads an event kind's name.
func ParseEventKind(name string) (EventKind, bool) {
	for k, n := range eventNames {
		if n == name {
			return EventKind(k), true
		}
	}
	return 0, false
}

// Reasons are the LMR refinements that changed a reduction, as bits.
type Reasons uint16

// The reasons, one per refinement (and the base formula).
const (
	WhyFormula Reasons = 1 << iota
	WhyPV
	WhyCutNode
	WhyCutoffCount
	WhyTTCapture
	WhyAllNode
	WhyTTPV
	WhyHistory
)

var reasonNames = []string{"lmr", "lmr-pv", "cut-node", "cutoff-count", "tt-capture", "all-node", "tt-pv", "history-lmr"}

// Names lists the reasons that are set.
func (r Reasons) Names() []string {
	var out []string
	for i, n := range reasonNames {
		if r&(1<<i) != 0 {
			out = append(out, n)
		}
	}
	return out
}

// Event is one event of a traced search. Path is the moves from the root
// to the node (shared with the searcher: copy it to keep it).
type Event struct {
	Kind        EventKind
	Ply, Depth  int
	Alpha, Beta int
	PV, Cut     bool // the node's type: PV, expected cut, else expected all
	Path        []chess.Move
	Move        chess.Move // the move concerned: a pruned, reduced, re-searched or cutting move, the best
	Index       int        // its index among the node's moves
	Reduction   int
	Why         Reasons
	Score       int
}

// Tracer hears a traced search's events, one at a time, on the searching
// goroutine.
type Tracer interface{ Event(*Event) }

// SetTracer makes the searcher report every event to t (nil: none).
func (s *Searcher) SetTracer(t Tracer) { s.tracer = t }

// emit fills in the node's place and reports an event. Callers check
// s.tracer first, so that untraced searches never get here.
func (s *Searcher) emit(e Event, ply int) {
	e.Ply = ply
	s.path = s.path[:0]
	for p := 1; p <= ply; p++ {
		s.path = append(s.path, s.stack[p].move)
	}
	e.Path = s.path
	s.tracer.Event(&e)
}
