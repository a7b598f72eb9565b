package search

import "github.com/ablate-chess/ablate/engine/chess"

// Tracing: a Tracer set on a Searcher hears every event of the search, for
// ablate trace. Each hook is one branch on a nil pointer, the same way at
// every node, so a search without a tracer pays nothing measurable
// (BenchmarkSearch, benchstat in the README), and one with a tracer counts
// exactly the same nodes (a test).

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
	WhyImproving
)

var reasonNames = []string{"lmr", "lmr-pv", "cut-node", "cutoff-count", "tt-capture", "all-node", "tt-pv", "history-lmr", "lmr-improving"}

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
	PV, Cut     bool // the node's type (node, best, multi-cut): PV, expected cut, else expected all
	Path        []chess.Move
	Move        chess.Move // the move concerned: a pruned, reduced, re-searched or cutting move, the best
	Index       int        // its index among the node's moves
	Order       OrderClass // a cutting move's: what put it where the ordering did
	Reduction   int
	Full        int // a reduced move's depth unreduced (reduce)
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
