package records

import "math"

// PerNode is the shape of one configuration's trees, per node: its records
// at the deepest depth its complete searches reached (as its summary's),
// summed over the positions, and the measures those sums make. A measure
// is NaN where the engine does not count what it needs (an external
// engine's run, or a counter its patch leaves out) or its denominator
// is 0.
type PerNode struct {
	Group, Config string
	Depth         int
	Positions     int
	Nodes         uint64
	// Measures, in the order of PerNodeMeasures.
	Measures []float64
}

// PerNodeMeasures names PerNode's measures, each a ratio of two summed
// counters (records.csv's columns).
var PerNodeMeasures = []struct {
	Name     string
	Num, Den string // columns; "main" is nodes less qnodes; no Den: a count
	Share    bool   // a share of the whole, written as a percentage
}{
	{"main-search nodes", "main", "", false},
	{"quiescence nodes per main node", "qnodes", "main", false},
	{"null-move tries per main node", "null_tries", "main", false},
	{"null-move cutoffs per try", "null_cutoffs", "null_tries", false},
	{"zero-window searches reduced by LMR", "lmr_reduced", "pvs_searches", true},
	{"plies a reduction takes", "lmr_plies", "lmr_reduced", false},
	{"reduced searches searched again", "lmr_researches", "lmr_reduced", true},
	{"extensions per main node", "extensions", "main", false},
	{"fail-highs on the first move", "first_move_cutoffs", "beta_cutoffs", true},
	{"table hits per probe", "tt_hits", "tt_probes", false},
	{"table cutoffs per probe", "tt_cutoffs", "tt_probes", false},
}

// PerNodes measures each (group, configuration) of recs, in the order they
// first appear.
func PerNodes(recs []Record) ([]PerNode, error) {
	d, err := deepestOf(recs)
	if err != nil {
		return nil, err
	}
	var out []PerNode
	for _, k := range d.order {
		p := PerNode{Group: k.group, Config: k.config, Depth: d.final[k]}
		sum := map[string]uint64{}
		cols := map[string]int{} // how many records count each column
		counted := 0             // records with counters
		for _, r := range d.atFinal[k] {
			p.Positions++
			p.Nodes += r.Nodes
			if r.NoCounters || r.Counts.Values == nil {
				continue
			}
			counted++
			sum["qnodes"] += r.QNodes
			for j, name := range r.Counts.Names {
				sum[name] += r.Counts.Values[j]
				cols[name]++
			}
		}
		sum["main"] = p.Nodes - sum["qnodes"]
		all := p.Positions > 0 && counted == p.Positions
		has := func(column string) bool {
			switch column {
			case "":
				return true
			case "qnodes", "main":
				return all
			}
			return all && cols[column] == p.Positions
		}
		for _, m := range PerNodeMeasures {
			v := math.NaN()
			switch {
			case !has(m.Num) || !has(m.Den):
			case m.Den == "":
				v = float64(sum[m.Num])
			case sum[m.Den] > 0:
				v = float64(sum[m.Num]) / float64(sum[m.Den])
			}
			p.Measures = append(p.Measures, v)
		}
		out = append(out, p)
	}
	return out, nil
}
