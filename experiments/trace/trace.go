// Package trace searches with a tracer: events filtered (Filter) and
// written as lines (Writer), one search's tree (Search), and two
// configurations' trees in step until they first differ (Compare).
package trace

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/ablate-chess/ablate/engine/chess"
	"github.com/ablate-chess/ablate/engine/search"
	"github.com/ablate-chess/ablate/experiments/setup"
)

// Traces: one search's events, streamed as JSON lines or an indented tree
// through filters; or two searches of the same position walked in step, to
// find where their trees part and why, and to count how they differ.

// TraceFilter keeps the events a user asked for: up to a ply, of some
// kinds, under a path.
type Filter struct {
	MaxPly int                       // -1: any
	Kinds  map[search.EventKind]bool // nil: all
	Path   []chess.Move              // only events at or under this path
}

func (f *Filter) keep(e *search.Event) bool {
	if f.MaxPly >= 0 && e.Ply > f.MaxPly {
		return false
	}
	if f.Kinds != nil && !f.Kinds[e.Kind] {
		return false
	}
	n := min(len(f.Path), len(e.Path))
	for i := 0; i < n; i++ {
		if f.Path[i] != e.Path[i] {
			return false
		}
	}
	return len(e.Path) >= len(f.Path) || e.Kind == search.EvNode && len(e.Path) == len(f.Path)
}

// TraceLine is an event as one JSON line.
type Line struct {
	Event     string   `json:"event"`
	Ply       int      `json:"ply"`
	Path      string   `json:"path"`
	Depth     int      `json:"depth"`
	Alpha     *int     `json:"alpha,omitempty"`
	Beta      *int     `json:"beta,omitempty"`
	Node      string   `json:"node,omitempty"`
	Move      string   `json:"move,omitempty"`
	Index     *int     `json:"index,omitempty"`
	Order     string   `json:"order,omitempty"`
	Reduction int      `json:"reduction,omitempty"`
	Why       []string `json:"why,omitempty"`
	Score     *int     `json:"score,omitempty"`
}

func pathString(p []chess.Move) string {
	var b strings.Builder
	for i, m := range p {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(m.String())
	}
	return b.String()
}

func nodeType(e *search.Event) string { return typeOf(e).String() }

// Line turns an event into its JSON form.
func NewLine(e *search.Event) Line {
	l := Line{Event: e.Kind.String(), Ply: e.Ply, Path: pathString(e.Path), Depth: e.Depth}
	ip := func(x int) *int { return &x }
	switch e.Kind {
	case search.EvNode, search.EvQNode:
		l.Alpha, l.Beta = ip(e.Alpha), ip(e.Beta)
		if e.Kind == search.EvNode {
			l.Node = nodeType(e)
		}
	case search.EvFutility, search.EvLMP:
		l.Move, l.Index = e.Move.String(), ip(e.Index)
	case search.EvReduce:
		l.Move, l.Index, l.Reduction, l.Why = e.Move.String(), ip(e.Index), e.Reduction, e.Why.Names()
	case search.EvLMRResearch, search.EvPVSResearch, search.EvCutoff:
		l.Move, l.Index, l.Score = e.Move.String(), ip(e.Index), ip(e.Score)
		if e.Kind == search.EvCutoff {
			l.Order = e.Order.String()
		}
	case search.EvNullTry:
		l.Beta, l.Reduction = ip(e.Beta), e.Reduction
	case search.EvBest:
		l.Alpha, l.Beta, l.Score = ip(e.Alpha), ip(e.Beta), ip(e.Score)
		if e.Move != chess.NullMove {
			l.Move = e.Move.String()
		}
	default:
		l.Beta, l.Score = ip(e.Beta), ip(e.Score)
	}
	return l
}

// Describe says what an event is, in a phrase.
func Describe(e *search.Event) string {
	switch e.Kind {
	case search.EvNode:
		if len(e.Path) == 0 {
			return fmt.Sprintf("searched the root at depth %d, window [%d, %d]", e.Depth, e.Alpha, e.Beta)
		}
		return fmt.Sprintf("searched %s at depth %d, window [%d, %d] (%s node)", e.Path[len(e.Path)-1], e.Depth, e.Alpha, e.Beta, nodeType(e))
	case search.EvQNode:
		return fmt.Sprintf("searched %s in quiescence, window [%d, %d]", e.Path[len(e.Path)-1], e.Alpha, e.Beta)
	case search.EvTTCutoff:
		return fmt.Sprintf("took the table's bound, %d, and stopped", e.Score)
	case search.EvNullTry:
		return fmt.Sprintf("tried a null move (reduced by %d)", e.Reduction)
	case search.EvNullCutoff:
		return fmt.Sprintf("pruned by null move (%d >= beta %d)", e.Score, e.Beta)
	case search.EvNullFail:
		return fmt.Sprintf("tried a null move that failed low (%d < beta %d)", e.Score, e.Beta)
	case search.EvHyperTry:
		return fmt.Sprintf("tried a hyper null move (threshold %d)", e.Score)
	case search.EvHyperPrune:
		return fmt.Sprintf("pruned by hyper null move (%d)", e.Score)
	case search.EvRFP:
		return fmt.Sprintf("pruned by reverse futility (eval %d against beta %d)", e.Score, e.Beta)
	case search.EvFutility:
		return fmt.Sprintf("pruned move %d (%s) by futility", e.Index+1, e.Move)
	case search.EvLMP:
		return fmt.Sprintf("pruned move %d (%s) by late move pruning", e.Index+1, e.Move)
	case search.EvReduce:
		return fmt.Sprintf("reduced move %d (%s) by %d (%s)", e.Index+1, e.Move, e.Reduction, strings.Join(e.Why.Names(), ", "))
	case search.EvLMRResearch:
		return fmt.Sprintf("searched reduced move %d (%s) again at full depth (it scored %d)", e.Index+1, e.Move, e.Score)
	case search.EvPVSResearch:
		return fmt.Sprintf("searched move %d (%s) again with the full window (it scored %d)", e.Index+1, e.Move, e.Score)
	case search.EvCutoff:
		return fmt.Sprintf("failed high on move %d (%s, %d)", e.Index+1, e.Move, e.Score)
	case search.EvBest:
		return fmt.Sprintf("returned %d (best %s)", e.Score, e.Move)
	}
	return e.Kind.String()
}

// TraceWriter streams the events that pass a filter, as JSON lines or as an
// indented tree; it counts every node and stops the search past a limit.
type Writer struct {
	W      io.Writer
	Tree   bool
	Filter Filter
	Nodes  uint64 // nodes seen
	err    error
	enc    *json.Encoder
}

// NewTraceWriter is a TraceWriter to w in format: json (one event a line;
// table, the default of every command's format, is json here) or tree.
func NewWriter(w io.Writer, format string, filter Filter) (*Writer, error) {
	switch format {
	case "json", "table":
		return &Writer{W: w, Filter: filter}, nil
	case "tree":
		return &Writer{W: w, Tree: true, Filter: filter}, nil
	}
	return nil, setup.BadSetting("format", "%q: want json or tree", format)
}

// Event implements search.Tracer.
func (t *Writer) Event(e *search.Event) {
	if e.Kind == search.EvNode || e.Kind == search.EvQNode {
		t.Nodes++
	}
	if t.err != nil || !t.Filter.keep(e) {
		return
	}
	if !t.Tree {
		if t.enc == nil {
			t.enc = json.NewEncoder(t.W)
		}
		t.err = t.enc.Encode(NewLine(e))
		return
	}
	indent := strings.Repeat("  ", e.Ply)
	switch e.Kind {
	case search.EvNode:
		last := "root"
		if len(e.Path) > 0 {
			last = e.Path[len(e.Path)-1].String()
		}
		_, t.err = fmt.Fprintf(t.W, "%s%s  d%d [%d, %d] %s\n", indent, last, e.Depth, e.Alpha, e.Beta, nodeType(e))
	case search.EvQNode:
		_, t.err = fmt.Fprintf(t.W, "%s%s  q [%d, %d]\n", indent, e.Path[len(e.Path)-1], e.Alpha, e.Beta)
	default:
		_, t.err = fmt.Fprintf(t.W, "%s  · %s\n", indent, Describe(e))
	}
}

// Err is the first write error.
func (t *Writer) Err() error { return t.err }

// TraceResult is what a traced search ended with.
type Result struct {
	Result  search.Result
	Stopped bool // the node limit stopped it
}

// Trace searches pos under cfg to depth with a tracer, stopping after
// maxNodes nodes (0: no limit).
func Search(cfg search.Config, pos chess.Position, depth int, maxNodes uint64, hashMB int, t search.Tracer) Result {
	s := search.New(cfg, hashMB)
	s.SetTracer(t)
	res := s.Search(pos, nil, search.Limits{Depth: depth, Nodes: maxNodes}, nil)
	return Result{Result: res, Stopped: maxNodes > 0 && res.Stats.Nodes >= maxNodes && res.Depth < depth}
}

// Divergence is where two traces of one position part, and how the two
// trees differ by cause.
type Divergence struct {
	Found   bool
	At      string // the path of the node where they part
	Depth   int
	A, B    string // what each search did there
	Counts  [2][]uint64
	Nodes   [2]uint64
	Stopped [2]bool
}

// chanTracer hands events, copied, to a channel.
type chanTracer struct{ ch chan search.Event }

func (c chanTracer) Event(e *search.Event) {
	x := *e
	x.Path = append([]chess.Move(nil), e.Path...)
	c.ch <- x
}

// sameEvent reports whether two events are the same step of a search.
func sameEvent(a, b *search.Event) bool {
	return a.Kind == b.Kind && a.Depth == b.Depth && a.Move == b.Move && a.Reduction == b.Reduction &&
		a.Alpha == b.Alpha && a.Beta == b.Beta && a.Score == b.Score && slices.Equal(a.Path, b.Path)
}

// Compare searches pos under a and b side by side, each streaming its events
// into the comparison, which holds only the two it is looking at: memory
// stays flat. The first pair of events that differ is where the trees part.
func Compare(a, b search.Config, pos chess.Position, depth int, maxNodes uint64, hashMB int) Divergence {
	var d Divergence
	d.Counts = [2][]uint64{make([]uint64, search.NumEventKinds), make([]uint64, search.NumEventKinds)}
	var chans [2]chan search.Event
	for i, cfg := range []search.Config{a, b} {
		chans[i] = make(chan search.Event, 256)
		go func(i int, cfg search.Config) {
			defer close(chans[i])
			r := Search(cfg, pos, depth, maxNodes, hashMB, chanTracer{ch: chans[i]})
			d.Stopped[i] = r.Stopped
		}(i, cfg)
	}
	count := func(i int, e *search.Event) {
		d.Counts[i][e.Kind]++
		if e.Kind == search.EvNode || e.Kind == search.EvQNode {
			d.Nodes[i]++
		}
	}
	for {
		ea, okA := <-chans[0]
		eb, okB := <-chans[1]
		if okA {
			count(0, &ea)
		}
		if okB {
			count(1, &eb)
		}
		if !okA || !okB {
			break
		}
		if !d.Found && !sameEvent(&ea, &eb) {
			d.Found = true
			d.At = pathString(commonPath(ea.Path, eb.Path))
			// The depth of the node where they part: the parent-level
			// event's, where one side entered a child the other did not.
			d.Depth = ea.Depth
			if len(ea.Path) > len(eb.Path) {
				d.Depth = eb.Depth
			}
			d.A, d.B = Describe(&ea), Describe(&eb)
		}
	}
	// Whatever is left of the longer stream.
	for i := range chans {
		for e := range chans[i] {
			count(i, &e)
		}
	}
	return d
}

func commonPath(a, b []chess.Move) []chess.Move {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return a[:n]
}

// ParseTraceFilter reads a trace's filter: events up to maxPly (-1: all),
// of the events named in the comma list kinds (empty: all), under the
// moves of the comma list path played from pos (empty: anywhere).
func ParseFilter(pos chess.Position, maxPly int, kinds, path string) (Filter, error) {
	f := Filter{MaxPly: maxPly}
	if kinds != "" {
		f.Kinds = map[search.EventKind]bool{}
		for _, name := range strings.Split(kinds, ",") {
			k, ok := search.ParseEventKind(strings.TrimSpace(name))
			if !ok {
				return f, setup.BadSetting("event", "%q: no such event (known: %s)", name, strings.Join(search.EventKinds(), ", "))
			}
			f.Kinds[k] = true
		}
	}
	if path != "" {
		for _, s := range strings.Split(path, ",") {
			m, err := pos.ParseUCI(strings.TrimSpace(s))
			if err != nil {
				return f, setup.BadSetting("move-path", "%v", err)
			}
			f.Path = append(f.Path, m)
			pos.Play(m)
		}
	}
	return f, nil
}

// Err is a search of the two its node cap (maxNodes) stopped, as an
// error: the counts are of the trees so far.
func (d Divergence) Err(maxNodes uint64) error {
	for i, stopped := range d.Stopped {
		if stopped {
			return fmt.Errorf("search %c stopped at its cap of %d nodes: the counts are of the trees so far", 'A'+i, maxNodes)
		}
	}
	return nil
}

// Err is a trace its node cap stopped before depth, as an error.
func (r Result) Err(depth int) error {
	if !r.Stopped {
		return nil
	}
	return fmt.Errorf("trace stopped at %d nodes (its cap, --max-nodes), after depth %d of %d: "+
		"trace a smaller depth, or raise the cap", r.Result.Stats.Nodes, r.Result.Depth, depth)
}

// ByDepth counts every traced event of the searches of ps under cfg to
// depth by the remaining depth of the node it happened at: the row of
// depth 0 is the quiescence search's. counts[d][k] is kind k's count at
// depth d. An event that carries a depth is counted there; one that
// does not, at the depth of the latest node entered at its ply. It shows where a tree's nodes
// and prunings are, which a total hides: a tree whose nodes are mostly a
// ply from the leaves gives the null move, tried from a few plies up,
// little to do.
func ByDepth(cfg search.Config, ps []chess.Position, depth, hashMB int) [][]uint64 {
	t := &depthTracer{}
	for _, p := range ps {
		Search(cfg, p, depth, 0, hashMB, t)
	}
	return t.counts
}

type depthTracer struct {
	at     [search.MaxPly + 2]int // the remaining depth of the node at each ply
	counts [][]uint64
}

func (t *depthTracer) Event(e *search.Event) {
	if e.Ply < 0 || e.Ply >= len(t.at) {
		return
	}
	switch e.Kind {
	case search.EvNode:
		t.at[e.Ply] = max(e.Depth, 0)
	case search.EvQNode:
		t.at[e.Ply] = 0
	}
	d := t.at[e.Ply]
	if e.Depth > 0 {
		d = e.Depth // the event's own: a verification search at the same ply (razoring's, the singular one) has moved at
	}
	for len(t.counts) <= d {
		t.counts = append(t.counts, make([]uint64, search.NumEventKinds))
	}
	t.counts[d][e.Kind]++
}
