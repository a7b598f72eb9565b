package records

import (
	"fmt"
	"io"
	"math"
	"reflect"

	"github.com/ablate-chess/ablate/experiments/stats"
)

// Summary is one configuration's totals over its positions at its final
// depth, compared with the reference configuration of its group.
type Summary struct {
	Group               string  `csv:"group" json:"group"`
	Config              string  `csv:"config" json:"config"`
	Reference           string  `csv:"reference" json:"reference"`
	Positions           int     `csv:"positions" json:"positions"` // positions searched to the final depth
	Depth               int     `csv:"depth" json:"depth"`
	Nodes               uint64  `csv:"nodes,total" json:"nodes"`
	NodeRatio           float64 `csv:"node_ratio,ratio" json:"node_ratio"`                 // total nodes / reference's
	GeoMeanNodeRatio    float64 `csv:"geomean_node_ratio" json:"geomean_node_ratio"`       // geometric mean of per-position ratios
	TimeMS              float64 `csv:"time_ms,total" json:"time_ms"`                       // total time to depth (medians)
	TimeRatio           float64 `csv:"time_ratio,ratio" json:"time_ratio"`                 // total time / reference's
	NPS                 float64 `csv:"nps,total" json:"nps"`                               // total nodes / total time
	PVSResearchRate     float64 `csv:"pvs_research_rate,counter" json:"pvs_research_rate"` // all re-searches / all null-window searches
	LMRResearchRate     float64 `csv:"lmr_research_rate,counter" json:"lmr_research_rate"` // all re-searches / all reduced searches
	BestMoveAgreement   float64 `csv:"best_move_agreement" json:"best_move_agreement"`     // share of positions with the reference's best move
	MeanAbsScoreChange  float64 `csv:"mean_abs_score_change" json:"mean_abs_score_change"` // centipawns, against the reference
	Solved              int     `csv:"solved" json:"solved"`
	Solvable            int     `csv:"solvable" json:"solvable"`
	SolveRate           float64 `csv:"solve_rate" json:"solve_rate"`
	FirstMoveCutoffRate float64 `csv:"first_move_cutoff_rate,counter" json:"first_move_cutoff_rate"`
	// CutShort counts the positions whose search its budget stopped. They
	// are left out of everything above; the totals and ratios, which would
	// mix partial counts in, are then unknown (empty).
	CutShort int `csv:"cut_short" json:"cut_short"`

	NoCounters  bool `csv:"-" json:"-"` // the engine reports no search counters
	RefCutShort bool `csv:"-" json:"-"` // the reference was cut short: no ratios
}

func (s *Summary) Blank(option string) bool {
	switch option {
	case "counter":
		return s.NoCounters
	case "total":
		return s.CutShort > 0
	case "ratio":
		return s.CutShort > 0 || s.RefCutShort
	}
	return false
}

// MarshalJSON writes the summary in column order, with null for what is
// unknown.
func (s Summary) MarshalJSON() ([]byte, error) { return marshalOrdered(&s) }

// WriteSummaryCSV writes summaries with a header line.
func WriteSummaryCSV(w io.Writer, s []Summary) error {
	return WriteRows(w, s)
}

// SummaryColumns returns the summary.csv header.
func SummaryColumns() []string { return columnNames(reflect.TypeOf(Summary{}), nil) }

// Summarize builds one summary per (group, configuration), in the order the
// configurations first appear in recs. Each configuration is summed at its
// deepest depth. The reference of a group is the configuration named
// reference[group] if given and present, else the group's first.
func Summarize(recs []Record, reference map[string]string) ([]Summary, error) {
	d, err := deepestOf(recs)
	if err != nil {
		return nil, err
	}
	order, cut, final, atFinal, byPos := d.order, d.cut, d.final, d.atFinal, d.byPos
	refOf := map[string]key{}
	for _, k := range order {
		if _, ok := refOf[k.group]; !ok {
			refOf[k.group] = k
		}
		if name, ok := reference[k.group]; ok && name == k.config {
			refOf[k.group] = k
		}
	}

	out := make([]Summary, 0, len(order))
	for _, k := range order {
		rk := refOf[k.group]
		s := Summary{Group: k.group, Config: k.config, Reference: rk.config, Depth: final[k],
			CutShort: len(cut[k]), RefCutShort: len(cut[rk]) > 0, NoCounters: len(atFinal[k]) > 0}
		var time float64
		var pvsS, pvsR, lmrS, lmrR, beta, first uint64
		var logRatio, absScore float64
		compared, agree := 0, 0
		for _, r := range atFinal[k] {
			s.Positions++
			s.Nodes += r.Nodes
			s.NoCounters = s.NoCounters && r.NoCounters
			time += r.TimeMS
			c := r.Counts
			pvsS, pvsR = pvsS+c.Get("pvs_searches"), pvsR+c.Get("pvs_researches")
			lmrS, lmrR = lmrS+c.Get("lmr_reduced"), lmrR+c.Get("lmr_researches")
			beta, first = beta+c.Get("beta_cutoffs"), first+c.Get("first_move_cutoffs")
			switch r.Solved {
			case "yes":
				s.Solved++
				s.Solvable++
			case "no":
				s.Solvable++
			}
			if ref, ok := byPos[rk][r.Position]; ok && ref.Nodes > 0 && r.Nodes > 0 {
				compared++
				logRatio += math.Log(float64(r.Nodes) / float64(ref.Nodes))
				absScore += math.Abs(float64(r.ScoreCP - ref.ScoreCP))
				if r.BestMove == ref.BestMove {
					agree++
				}
			}
		}
		s.TimeMS = time
		s.NPS = stats.Ratio(float64(s.Nodes), time/1000)
		s.PVSResearchRate = stats.Ratio(float64(pvsR), float64(pvsS))
		s.LMRResearchRate = stats.Ratio(float64(lmrR), float64(lmrS))
		s.FirstMoveCutoffRate = stats.Ratio(float64(first), float64(beta))
		s.SolveRate = stats.Ratio(float64(s.Solved), float64(s.Solvable))
		if compared > 0 {
			s.GeoMeanNodeRatio = math.Exp(logRatio / float64(compared))
			s.BestMoveAgreement = float64(agree) / float64(compared)
			s.MeanAbsScoreChange = absScore / float64(compared)
		}
		out = append(out, s)
	}
	// Totals against the reference's totals, once all are known.
	total := map[key]Summary{}
	for _, s := range out {
		total[key{s.Group, s.Config}] = s
	}
	for i := range out {
		ref := total[refOf[out[i].Group]]
		out[i].NodeRatio = stats.Ratio(float64(out[i].Nodes), float64(ref.Nodes))
		out[i].TimeRatio = stats.Ratio(out[i].TimeMS, ref.TimeMS)
	}
	return out, nil
}

// ReadSummaryCSV reads summary.csv.
func ReadSummaryCSV(r io.Reader, name string) ([]Summary, error) { return readCSV[Summary](r, name) }

// key names a configuration of a group.
type key struct{ group, config string }

// deepest is what a summary is made of: each configuration's records at
// the deepest depth its complete searches reached (a position whose search
// a cap cut short is left out), in record order and by position.
type deepest struct {
	order   []key                      // the configurations, as they first appear
	cut     map[key]map[string]bool    // positions whose search was cut short
	final   map[key]int                // deepest depth of the complete searches
	atFinal map[key][]*Record          // records at that depth, in record order
	byPos   map[key]map[string]*Record // the same by position
}

func deepestOf(recs []Record) (deepest, error) {
	d := deepest{cut: map[key]map[string]bool{}, final: map[key]int{}, atFinal: map[key][]*Record{}, byPos: map[key]map[string]*Record{}}
	for i := range recs {
		r := &recs[i]
		k := key{r.Group, r.Config}
		if _, seen := d.cut[k]; !seen {
			d.order = append(d.order, k)
			d.cut[k] = map[string]bool{}
		}
		if r.CapExceeded != "" {
			d.cut[k][r.Position] = true
		}
	}
	for i := range recs {
		r := &recs[i]
		k := key{r.Group, r.Config}
		if d.cut[k][r.Position] {
			continue
		}
		if f, ok := d.final[k]; !ok || r.Depth > f {
			d.final[k] = r.Depth
			d.atFinal[k] = nil
			d.byPos[k] = map[string]*Record{}
		}
		if r.Depth == d.final[k] {
			if _, dup := d.byPos[k][r.Position]; dup {
				return deepest{}, fmt.Errorf("two records for %s / %s / %s at depth %d", r.Group, r.Config, r.Position, r.Depth)
			}
			d.byPos[k][r.Position] = r
			d.atFinal[k] = append(d.atFinal[k], r)
		}
	}
	return d, nil
}
