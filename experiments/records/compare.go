package records

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/ablate-chess/ablate/experiments/stats"
)

// Comparison is one configuration lined up between an old and a new run.
type Comparison struct {
	Group, Config string
	Missing       string // "old" or "new" when only one side has the configuration
	Positions     int    // positions both sides searched
	MissingPos    int    // positions only one side searched
	Depth         int

	OldNodes, NewNodes uint64
	NodeChange         float64 // new / old - 1

	OldTimeMS, NewTimeMS float64 // total of medians
	// TimeRatio is new / old (ratio of geometric means of the per-repeat
	// totals); TimeLow and TimeHigh bound it at 95% (Welch's t on the logs).
	// TimeKnown is false when a side has fewer than two repeats.
	TimeRatio, TimeLow, TimeHigh float64
	TimeKnown                    bool
	NPSRatio                     float64

	OldPVSResearch, NewPVSResearch float64
	OldLMRResearch, NewLMRResearch float64
	MovesChanged                   int      // positions whose best move changed
	Changed                        []string // position:old->new
}

// TimeVerdict says how time changed: "faster" or "slower" when the 95%
// interval excludes 1, "no change" when it spans 1, "unknown" without
// repeats.
func (c *Comparison) TimeVerdict() string {
	switch {
	case !c.TimeKnown:
		return "unknown"
	case c.TimeHigh < 1:
		return "faster"
	case c.TimeLow > 1:
		return "slower"
	}
	return "no change"
}

// Compare lines two runs' records up by (group, configuration) and
// position, each at the deepest depth both sides reached for that
// configuration.
func Compare(old, new []Record) []Comparison {
	type key struct{ group, config string }
	index := func(recs []Record) (map[key]map[string][]*Record, []key) {
		m := map[key]map[string][]*Record{}
		var order []key
		for i := range recs {
			r := &recs[i]
			k := key{r.Group, r.Config}
			if m[k] == nil {
				m[k] = map[string][]*Record{}
				order = append(order, k)
			}
			m[k][r.Position] = append(m[k][r.Position], r)
		}
		return m, order
	}
	om, oorder := index(old)
	nm, norder := index(new)
	var out []Comparison
	for _, k := range oorder {
		if nm[k] == nil {
			out = append(out, Comparison{Group: k.group, Config: k.config, Missing: "new"})
			continue
		}
		out = append(out, compareConfig(k.group, k.config, om[k], nm[k]))
	}
	for _, k := range norder {
		if om[k] == nil {
			out = append(out, Comparison{Group: k.group, Config: k.config, Missing: "old"})
		}
	}
	return out
}

func compareConfig(group, config string, old, new map[string][]*Record) Comparison {
	c := Comparison{Group: group, Config: config}
	// The deepest depth every common position reached on both sides.
	depth := math.MaxInt
	var common []string
	for pos, o := range old {
		n, ok := new[pos]
		if !ok {
			c.MissingPos++
			continue
		}
		common = append(common, pos)
		depth = min(depth, maxDepth(o), maxDepth(n))
	}
	for pos := range new {
		if _, ok := old[pos]; !ok {
			c.MissingPos++
		}
	}
	sort.Strings(common)
	if len(common) == 0 {
		return c
	}
	c.Depth = depth
	var oldTotals, newTotals []float64
	var oPVS, oPVSR, nPVS, nPVSR, oLMR, oLMRR, nLMR, nLMRR uint64
	for _, pos := range common {
		o, n := atDepth(old[pos], depth), atDepth(new[pos], depth)
		c.Positions++
		c.OldNodes += o.Nodes
		c.NewNodes += n.Nodes
		c.OldTimeMS += o.TimeMS
		c.NewTimeMS += n.TimeMS
		oc, nc := o.Counts, n.Counts
		oPVS, oPVSR = oPVS+oc.Get("pvs_searches"), oPVSR+oc.Get("pvs_researches")
		nPVS, nPVSR = nPVS+nc.Get("pvs_searches"), nPVSR+nc.Get("pvs_researches")
		oLMR, oLMRR = oLMR+oc.Get("lmr_reduced"), oLMRR+oc.Get("lmr_researches")
		nLMR, nLMRR = nLMR+nc.Get("lmr_reduced"), nLMRR+nc.Get("lmr_researches")
		oldTotals = addSamples(oldTotals, samples(o))
		newTotals = addSamples(newTotals, samples(n))
		if o.BestMove != n.BestMove {
			c.MovesChanged++
			c.Changed = append(c.Changed, fmt.Sprintf("%s:%s->%s", pos, o.BestMove, n.BestMove))
		}
	}
	c.NodeChange = stats.Ratio(float64(c.NewNodes), float64(c.OldNodes)) - 1
	c.OldPVSResearch, c.NewPVSResearch = stats.Ratio(float64(oPVSR), float64(oPVS)), stats.Ratio(float64(nPVSR), float64(nPVS))
	c.OldLMRResearch, c.NewLMRResearch = stats.Ratio(float64(oLMRR), float64(oLMR)), stats.Ratio(float64(nLMRR), float64(nLMR))
	c.TimeRatio = stats.Ratio(c.NewTimeMS, c.OldTimeMS)
	if lo, mid, hi, ok := stats.RatioInterval(oldTotals, newTotals); ok {
		c.TimeRatio, c.TimeLow, c.TimeHigh, c.TimeKnown = mid, lo, hi, true
	}
	oldNPS := stats.Ratio(float64(c.OldNodes), c.OldTimeMS)
	newNPS := stats.Ratio(float64(c.NewNodes), c.NewTimeMS)
	c.NPSRatio = stats.Ratio(newNPS, oldNPS)
	return c
}

func maxDepth(rs []*Record) int {
	d := 0
	for _, r := range rs {
		d = max(d, r.Depth)
	}
	return d
}

func atDepth(rs []*Record, depth int) *Record {
	for _, r := range rs {
		if r.Depth == depth {
			return r
		}
	}
	return &Record{}
}

// samples returns a record's per-repeat times, or its median alone.
func samples(r *Record) []float64 {
	var out []float64
	for _, s := range strings.Split(r.TimesMS, ";") {
		if x, err := strconv.ParseFloat(s, 64); err == nil {
			out = append(out, x)
		}
	}
	if len(out) == 0 && r.TimeMS > 0 {
		out = []float64{r.TimeMS}
	}
	return out
}

// addSamples adds each position's k-th repeat to the k-th total; totals
// keep as many repeats as every position so far had.
func addSamples(totals, s []float64) []float64 {
	if totals == nil {
		return append([]float64(nil), s...)
	}
	n := min(len(totals), len(s))
	totals = totals[:n]
	for i := range totals {
		totals[i] += s[i]
	}
	return totals
}

// FailRule is a compare --fail-on rule: the new side may be worse by at
// most Pct per cent in nodes, or in time (time only when the interval says
// slower).
type FailRule struct {
	What string // nodes or time
	Pct  float64
}

// ParseFailRules reads rules "nodes:PCT" and "time:PCT".
func ParseFailRules(items []string) ([]FailRule, error) {
	var rules []FailRule
	for _, it := range items {
		what, pct, ok := strings.Cut(it, ":")
		v, err := strconv.ParseFloat(strings.TrimSuffix(pct, "%"), 64)
		if !ok || err != nil || v < 0 || math.IsNaN(v) || (what != "nodes" && what != "time") {
			return nil, fmt.Errorf("%q: want nodes:PCT or time:PCT, as in nodes:0.5", it)
		}
		rules = append(rules, FailRule{what, v})
	}
	return rules, nil
}

// Failures lists the comparisons that break a rule, each saying by how
// much; none means the new side passes.
func Failures(cs []Comparison, rules []FailRule) []string {
	var out []string
	for _, cmp := range cs {
		if cmp.Missing != "" {
			continue
		}
		for _, r := range rules {
			switch {
			case r.What == "nodes" && 100*cmp.NodeChange > r.Pct:
				out = append(out, fmt.Sprintf("%s: nodes %+.2f%% (limit %g%%)", cmp.Config, 100*cmp.NodeChange, r.Pct))
			case r.What == "time" && cmp.TimeVerdict() == "slower" && 100*(cmp.TimeRatio-1) > r.Pct:
				out = append(out, fmt.Sprintf("%s: time x%.3f, 95%% CI %.3f-%.3f (limit %g%%)",
					cmp.Config, cmp.TimeRatio, cmp.TimeLow, cmp.TimeHigh, r.Pct))
			}
		}
	}
	return out
}
