package results

import (
	"encoding/csv"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"
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
	QNodes   uint64  `csv:"qnodes" json:"qnodes"`
	TimeMS   float64 `csv:"time_ms" json:"time_ms"`         // median over repeats
	TimeMin  float64 `csv:"time_min_ms" json:"time_min_ms"` // fastest repeat
	NPS      float64 `csv:"nps" json:"nps"`
	EBF      float64 `csv:"ebf" json:"ebf"` // nodes at this depth / nodes at the one before
	BestMove string  `csv:"best_move" json:"best_move"`
	ScoreCP  int     `csv:"score_cp" json:"score_cp"`
	MateIn   int     `csv:"mate_in" json:"mate_in"` // moves to mate, negative if mated; 0 if no mate
	SelDepth int     `csv:"seldepth" json:"seldepth"`
	Solved   string  `csv:"solved" json:"solved"` // yes, no, or empty when the position has no bm/am

	TTHitRate           float64 `csv:"tt_hit_rate" json:"tt_hit_rate"`
	FirstMoveCutoffRate float64 `csv:"first_move_cutoff_rate" json:"first_move_cutoff_rate"`
	PVSResearchRate     float64 `csv:"pvs_research_rate" json:"pvs_research_rate"`
	LMRResearchRate     float64 `csv:"lmr_research_rate" json:"lmr_research_rate"`
	MeanReduction       float64 `csv:"mean_reduction" json:"mean_reduction"`

	TTProbes             uint64 `csv:"tt_probes" json:"tt_probes"`
	TTHits               uint64 `csv:"tt_hits" json:"tt_hits"`
	TTCutoffs            uint64 `csv:"tt_cutoffs" json:"tt_cutoffs"`
	BetaCutoffs          uint64 `csv:"beta_cutoffs" json:"beta_cutoffs"`
	FirstMoveCutoffs     uint64 `csv:"first_move_cutoffs" json:"first_move_cutoffs"`
	PVSSearches          uint64 `csv:"pvs_searches" json:"pvs_searches"`
	PVSResearches        uint64 `csv:"pvs_researches" json:"pvs_researches"`
	LMRReduced           uint64 `csv:"lmr_reduced" json:"lmr_reduced"`
	LMRPlies             uint64 `csv:"lmr_plies" json:"lmr_plies"`
	LMRResearches        uint64 `csv:"lmr_researches" json:"lmr_researches"`
	LMPPrunes            uint64 `csv:"lmp_prunes" json:"lmp_prunes"`
	NullTries            uint64 `csv:"null_tries" json:"null_tries"`
	NullCutoffs          uint64 `csv:"null_cutoffs" json:"null_cutoffs"`
	HyperTries           uint64 `csv:"hyper_tries" json:"hyper_tries"`
	HyperPrunes          uint64 `csv:"hyper_prunes" json:"hyper_prunes"`
	RFPPrunes            uint64 `csv:"rfp_prunes" json:"rfp_prunes"`
	FutilityPrunes       uint64 `csv:"futility_prunes" json:"futility_prunes"`
	QSEEPrunes           uint64 `csv:"qsee_prunes" json:"qsee_prunes"`
	Extensions           uint64 `csv:"extensions" json:"extensions"`
	AspirationResearches uint64 `csv:"aspiration_researches" json:"aspiration_researches"`

	Repeats    int    `csv:"repeats" json:"repeats"`
	TimesMS    string `csv:"times_ms" json:"times_ms"`     // every repeat's time to depth, ms, ';'-separated
	Techniques string `csv:"techniques" json:"techniques"` // the effective set, comma-separated
	Params     string `csv:"params" json:"params"`         // parameters changed from the defaults, name=value;...
}

// Columns returns the records.csv header.
func Columns() []string { return csvColumns(reflect.TypeOf(Record{})) }

// WriteCSV writes records with a header line.
func WriteCSV(w io.Writer, recs []Record) error { return writeCSV(w, recs) }

// ReadCSV reads records.csv. Columns it does not know are ignored and
// columns it misses stay zero, so files from other versions still read.
func ReadCSV(r io.Reader, name string) ([]Record, error) { return readCSV[Record](r, name) }

// csvColumns lists the csv tags of a struct type.
func csvColumns(t reflect.Type) []string {
	cols := make([]string, t.NumField())
	for i := range cols {
		cols[i] = t.Field(i).Tag.Get("csv")
	}
	return cols
}

func writeCSV[T any](w io.Writer, rows []T) error {
	cw := csv.NewWriter(w)
	t := reflect.TypeOf((*T)(nil)).Elem()
	if err := cw.Write(csvColumns(t)); err != nil {
		return err
	}
	line := make([]string, t.NumField())
	for _, row := range rows {
		v := reflect.ValueOf(row)
		for i := range line {
			line[i] = formatField(v.Field(i))
		}
		if err := cw.Write(line); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

func formatField(f reflect.Value) string {
	switch f.Kind() {
	case reflect.String:
		return f.String()
	case reflect.Int:
		return strconv.FormatInt(f.Int(), 10)
	case reflect.Uint64:
		return strconv.FormatUint(f.Uint(), 10)
	case reflect.Float64:
		return strconv.FormatFloat(f.Float(), 'f', -1, 64)
	}
	panic("results: unsupported field kind " + f.Kind().String())
}

func readCSV[T any](r io.Reader, name string) ([]T, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	header, err := cr.Read()
	if err != nil {
		return nil, fmt.Errorf("%s: no header line: %v", name, err)
	}
	t := reflect.TypeOf((*T)(nil)).Elem()
	index := map[string]int{}
	for i, c := range csvColumns(t) {
		index[c] = i
	}
	fieldOf := make([]int, len(header))
	known := 0
	for i, h := range header {
		fieldOf[i] = -1
		if f, ok := index[strings.TrimSpace(h)]; ok {
			fieldOf[i] = f
			known++
		}
	}
	if known == 0 {
		return nil, fmt.Errorf("%s:1: no known column in the header", name)
	}
	var out []T
	for line := 2; ; line++ {
		rec, err := cr.Read()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, line, err)
		}
		var row T
		v := reflect.ValueOf(&row).Elem()
		for i, cell := range rec {
			if i >= len(fieldOf) || fieldOf[i] < 0 {
				continue
			}
			if err := parseField(v.Field(fieldOf[i]), cell); err != nil {
				return nil, fmt.Errorf("%s:%d: column %s: %v", name, line, header[i], err)
			}
		}
		out = append(out, row)
	}
}

func parseField(f reflect.Value, s string) error {
	switch f.Kind() {
	case reflect.String:
		f.SetString(s)
	case reflect.Int:
		if s == "" {
			return nil
		}
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return fmt.Errorf("%q is not a whole number", s)
		}
		f.SetInt(n)
	case reflect.Uint64:
		if s == "" {
			return nil
		}
		n, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			return fmt.Errorf("%q is not a count", s)
		}
		f.SetUint(n)
	case reflect.Float64:
		if s == "" {
			return nil
		}
		x, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return fmt.Errorf("%q is not a number", s)
		}
		f.SetFloat(x)
	}
	return nil
}
