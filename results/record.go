package results

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
	// BudgetExceeded is "nodes" or "time" on the record of a job stopped by
	// its budget: the iteration it was searching, with the nodes and time
	// so far. Its earlier iterations' records are complete.
	BudgetExceeded string `csv:"budget_exceeded" json:"budget_exceeded"`

	TTHitRate           float64 `csv:"tt_hit_rate,counter" json:"tt_hit_rate"`
	FirstMoveCutoffRate float64 `csv:"first_move_cutoff_rate,counter" json:"first_move_cutoff_rate"`
	PVSResearchRate     float64 `csv:"pvs_research_rate,counter" json:"pvs_research_rate"`
	LMRResearchRate     float64 `csv:"lmr_research_rate,counter" json:"lmr_research_rate"`
	MeanReduction       float64 `csv:"mean_reduction,counter" json:"mean_reduction"`

	TTProbes             uint64 `csv:"tt_probes,counter" json:"tt_probes"`
	TTHits               uint64 `csv:"tt_hits,counter" json:"tt_hits"`
	TTCutoffs            uint64 `csv:"tt_cutoffs,counter" json:"tt_cutoffs"`
	BetaCutoffs          uint64 `csv:"beta_cutoffs,counter" json:"beta_cutoffs"`
	FirstMoveCutoffs     uint64 `csv:"first_move_cutoffs,counter" json:"first_move_cutoffs"`
	PVSSearches          uint64 `csv:"pvs_searches,counter" json:"pvs_searches"`
	PVSResearches        uint64 `csv:"pvs_researches,counter" json:"pvs_researches"`
	LMRReduced           uint64 `csv:"lmr_reduced,counter" json:"lmr_reduced"`
	LMRPlies             uint64 `csv:"lmr_plies,counter" json:"lmr_plies"`
	LMRResearches        uint64 `csv:"lmr_researches,counter" json:"lmr_researches"`
	LMPPrunes            uint64 `csv:"lmp_prunes,counter" json:"lmp_prunes"`
	NullTries            uint64 `csv:"null_tries,counter" json:"null_tries"`
	NullCutoffs          uint64 `csv:"null_cutoffs,counter" json:"null_cutoffs"`
	HyperTries           uint64 `csv:"hyper_tries,counter" json:"hyper_tries"`
	HyperPrunes          uint64 `csv:"hyper_prunes,counter" json:"hyper_prunes"`
	RFPPrunes            uint64 `csv:"rfp_prunes,counter" json:"rfp_prunes"`
	FutilityPrunes       uint64 `csv:"futility_prunes,counter" json:"futility_prunes"`
	QSEEPrunes           uint64 `csv:"qsee_prunes,counter" json:"qsee_prunes"`
	Extensions           uint64 `csv:"extensions,counter" json:"extensions"`
	AspirationResearches uint64 `csv:"aspiration_researches,counter" json:"aspiration_researches"`

	Repeats int    `csv:"repeats" json:"repeats"`
	TimesMS string `csv:"times_ms" json:"times_ms"` // every repeat's time to depth, ms, ';'-separated
	// NodesSpread is the most minus the fewest nodes the repeats counted
	// to this depth: 0 for a deterministic engine. nodes is the first's.
	NodesSpread uint64 `csv:"nodes_spread" json:"nodes_spread"`
	Engine      string `csv:"engine" json:"engine"`         // the engine searched: "ablate", or an external engine's name
	Techniques  string `csv:"techniques" json:"techniques"` // the effective set, comma-separated
	Params      string `csv:"params" json:"params"`         // parameters changed from the defaults, name=value;...

	// NoCounters marks a record from an engine that does not report
	// ablate's search counters (an external engine): the columns tagged
	// "counter" are unknown, written as empty cells and JSON nulls, never
	// as zeros.
	NoCounters bool `csv:"-" json:"-"`
}

// blank reports whether the columns with the given tag option are unknown.
func (r *Record) blank(option string) bool { return option == "counter" && r.NoCounters }

func (r *Record) setBlank(option string) {
	if option == "counter" {
		r.NoCounters = true
	}
}

// MarshalJSON writes the record's fields in column order, with null for
// unknown counters.
func (r Record) MarshalJSON() ([]byte, error) { return marshalOrdered(&r) }

// UnmarshalJSON reads what MarshalJSON writes.
func (r *Record) UnmarshalJSON(data []byte) error { return unmarshalOrdered(data, r) }

// Columns returns the records.csv header.
func Columns() []string { return columnNames(reflect.TypeOf(Record{})) }

// WriteCSV writes records with a header line.
func WriteCSV(w io.Writer, recs []Record) error { return writeCSV(w, recs) }

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
