package records

import (
	"fmt"
	"io"
	"reflect"
)

// Record is what one configuration's search of one position found at one
// depth (every iteration of iterative deepening gives one). Each record
// carries what produced it: the group, configuration, effective techniques
// and changed parameters, so records from separate runs can be merged.
// Counters are cumulative from the search's start, as time to depth is.
//
// The csv tags name the columns of records.csv, in this order; the order is
// part of the file format (README: "records.csv").
type Record struct {
	Group    string  `csv:"group" json:"group"`
	Config   string  `csv:"config" json:"config"`
	Position string  `csv:"position" json:"position"`
	Depth    int     `csv:"depth" json:"depth"`
	Nodes    uint64  `csv:"nodes" json:"nodes"`
	QNodes   uint64  `csv:"qnodes,counter" json:"qnodes"`
	TimeMS   float64 `csv:"time_ms" json:"time_ms"`         // median over repeats
	TimeMin  float64 `csv:"time_min_ms" json:"time_min_ms"` // fastest repeat
	NPS      float64 `csv:"nps" json:"nps"`
	EBF      float64 `csv:"ebf" json:"ebf"` // nodes at this depth / nodes at the one before
	BestMove string  `csv:"best_move" json:"best_move"`
	ScoreCP  int     `csv:"score_cp" json:"score_cp"`
	MateIn   int     `csv:"mate_in" json:"mate_in"` // moves to mate, negative if mated; 0 if no mate
	SelDepth int     `csv:"seldepth" json:"seldepth"`
	Solved   string  `csv:"solved" json:"solved"` // yes, no, or empty when the position has no bm/am
	// CapExceeded is "nodes" or "time" on the record of a job stopped by
	// its cap (--max-nodes, --max-time): the iteration it was searching, with the nodes and time
	// so far. Its earlier iterations' records are complete.
	CapExceeded string `csv:"cap_exceeded" json:"cap_exceeded"`

	TTHitRate           float64 `csv:"tt_hit_rate,counter" json:"tt_hit_rate"`
	FirstMoveCutoffRate float64 `csv:"first_move_cutoff_rate,counter" json:"first_move_cutoff_rate"`
	PVSResearchRate     float64 `csv:"pvs_research_rate,counter" json:"pvs_research_rate"`
	LMRResearchRate     float64 `csv:"lmr_research_rate,counter" json:"lmr_research_rate"`
	MeanReduction       float64 `csv:"mean_reduction,counter" json:"mean_reduction"`

	// Counts are the search's counters, a column each, named by the
	// search's table of what it counts (engine/search/vocab.go).
	Counts Counts `csv:"*,counter" json:"*"`

	Repeats int    `csv:"repeats" json:"repeats"`
	TimesMS string `csv:"times_ms" json:"times_ms"` // every repeat's time to depth, ms, ';'-separated
	// NodesSpread is the most minus the fewest nodes the repeats counted
	// to this depth: 0 for a deterministic engine. nodes is the first's.
	NodesSpread uint64 `csv:"nodes_spread" json:"nodes_spread"`
	Engine      string `csv:"engine" json:"engine"`         // the engine searched: "ablate", or an external engine's name
	Techniques  string `csv:"techniques" json:"techniques"` // the effective set, comma-separated
	Params      string `csv:"params" json:"params"`         // parameters off the registry's defaults (a preset's own too), name=value;...

	// NoCounters marks a record from an engine that does not report
	// ablate's search counters (an external engine): the columns tagged
	// "counter" are unknown, written as empty cells and JSON nulls, never
	// as zeros.
	NoCounters bool `csv:"-" json:"-"`
}

// Counts are an engine's counters, each a column of records.csv named by
// the engine's table of what it counts: the records, the summaries and
// the reports know them by their names alone.
type Counts struct {
	Names  []string // the columns, in order; a run's records share one list
	Values []uint64 // by name; nil when unknown
}

// Get is the counter of that column: 0 if the records have none.
func (c Counts) Get(column string) uint64 {
	for i, n := range c.Names {
		if n == column && i < len(c.Values) {
			return c.Values[i]
		}
	}
	return 0
}

// aliases are the old names of renamed columns, read as the new ones from
// the files written before the renaming.
var aliases = map[string]string{
	"budget_exceeded": "cap_exceeded", // a job's cap was once called its budget
	// Counters named by their technique, as everything else of it is.
	"qsee_prunes":  "qs_see_prunes",
	"razor_prunes": "razoring_prunes",
}

// Blank reports whether the columns with the given tag option are unknown.
func (r *Record) Blank(option string) bool { return option == "counter" && r.NoCounters }

func (r *Record) setBlank(option string) {
	if option == "counter" {
		r.NoCounters, r.Counts.Values = true, nil
	}
}

// MarshalJSON writes the record's fields in column order, with null for
// unknown counters.
func (r Record) MarshalJSON() ([]byte, error) { return marshalOrdered(&r) }

// UnmarshalJSON reads what MarshalJSON writes.
func (r *Record) UnmarshalJSON(data []byte) error { return unmarshalOrdered(data, r) }

// Columns returns the records.csv header of records with those counters.
func Columns(counters []string) []string { return columnNames(reflect.TypeOf(Record{}), counters) }

// WriteCSV writes records with a header line.
func WriteCSV(w io.Writer, recs []Record) error { return WriteRows(w, recs) }

// ReadCSV reads records.csv. Columns it does not know are ignored and
// columns it misses stay zero, so files from other versions still read. A
// record whose qnodes cell is empty has no counters.
func ReadCSV(r io.Reader, name string) ([]Record, error) { return readCSV[Record](r, name) }

// Unrepeatable lists the searches whose repeats counted different nodes,
// at their deepest depth, one line each: "config on position at depth d:
// spread n nodes".
func Unrepeatable(recs []Record) []string {
	var out []string
	last := map[string]int{}
	for i, r := range recs {
		last[JobKey(r.Group, r.Config, r.Position)] = i
	}
	for i, r := range recs {
		if last[JobKey(r.Group, r.Config, r.Position)] == i && r.NodesSpread > 0 {
			out = append(out, fmt.Sprintf("%s on %s at depth %d: %d nodes, spread %d over %d repeats",
				r.Config, r.Position, r.Depth, r.Nodes, r.NodesSpread, r.Repeats))
		}
	}
	return out
}
