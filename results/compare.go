package results

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/ablate-chess/ablate/engine/search"
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
		oPVS, oPVSR, nPVS, nPVSR = oPVS+o.Counts[search.EvPVSSearch], oPVSR+o.Counts[search.EvPVSResearch], nPVS+n.Counts[search.EvPVSSearch], nPVSR+n.Counts[search.EvPVSResearch]
		oLMR, oLMRR, nLMR, nLMRR = oLMR+o.Counts[search.EvReduce], oLMRR+o.Counts[search.EvLMRResearch], nLMR+n.Counts[search.EvReduce], nLMRR+n.Counts[search.EvLMRResearch]
		oldTotals = addSamples(oldTotals, samples(o))
		newTotals = addSamples(newTotals, samples(n))
		if o.BestMove != n.BestMove {
			c.MovesChanged++
			c.Changed = append(c.Changed, fmt.Sprintf("%s:%s->%s", pos, o.BestMove, n.BestMove))
		}
	}
	c.NodeChange = ratio(float64(c.NewNodes), float64(c.OldNodes)) - 1
	c.OldPVSResearch, c.NewPVSResearch = ratio(float64(oPVSR), float64(oPVS)), ratio(float64(nPVSR), float64(nPVS))
	c.OldLMRResearch, c.NewLMRResearch = ratio(float64(oLMRR), float64(oLMR)), ratio(float64(nLMRR), float64(nLMR))
	c.TimeRatio = ratio(c.NewTimeMS, c.OldTimeMS)
	if lo, mid, hi, ok := ratioInterval(oldTotals, newTotals); ok {
		c.TimeRatio, c.TimeLow, c.TimeHigh, c.TimeKnown = mid, lo, hi, true
	}
	oldNPS := ratio(float64(c.OldNodes), c.OldTimeMS)
	newNPS := ratio(float64(c.NewNodes), c.NewTimeMS)
	c.NPSRatio = ratio(newNPS, oldNPS)
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

// ratioInterval estimates new/old from two samples of totals: the ratio of
// geometric means, with a 95% interval from Welch's t on the logarithms.
func ratioInterval(old, new []float64) (lo, mid, hi float64, ok bool) {
	if len(old) < 2 || len(new) < 2 {
		return 0, 0, 0, false
	}
	mo, vo := meanVar(logs(old))
	mn, vn := meanVar(logs(new))
	se2o, se2n := vo/float64(len(old)), vn/float64(len(new))
	se := math.Sqrt(se2o + se2n)
	d := mn - mo
	df := 1.0
	if se > 0 {
		df = (se2o + se2n) * (se2o + se2n) /
			(se2o*se2o/float64(len(old)-1) + se2n*se2n/float64(len(new)-1))
	}
	t := tQuantile975(df)
	return math.Exp(d - t*se), math.Exp(d), math.Exp(d + t*se), true
}

func logs(xs []float64) []float64 {
	out := make([]float64, len(xs))
	for i, x := range xs {
		out[i] = math.Log(math.Max(x, 1e-9))
	}
	return out
}

func meanVar(xs []float64) (mean, variance float64) {
	for _, x := range xs {
		mean += x
	}
	mean /= float64(len(xs))
	for _, x := range xs {
		variance += (x - mean) * (x - mean)
	}
	return mean, variance / float64(len(xs)-1)
}

// tQuantile975 is Student's t distribution's 97.5th percentile for df
// degrees of freedom (table for small df, normal beyond).
func tQuantile975(df float64) float64 {
	table := []float64{12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
		2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
		2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042}
	i := int(math.Floor(df))
	switch {
	case i < 1:
		return table[0]
	case i <= len(table):
		return table[i-1]
	}
	return 1.960
}

// RenderComparison writes comparisons as a table, Markdown (fit for a pull
// request) or CSV.
func RenderComparison(w io.Writer, format string, cs []Comparison) error {
	header := []string{"group", "config", "positions", "depth", "nodes old", "nodes new", "nodes change",
		"time old ms", "time new ms", "time ratio", "95% CI", "time", "nps ratio",
		"pvs re-search old", "pvs re-search new", "lmr re-search old", "lmr re-search new", "best moves changed"}
	var rows [][]string
	for _, c := range cs {
		if c.Missing != "" {
			rows = append(rows, []string{c.Group, c.Config, "missing in " + c.Missing, "", "", "", "", "", "", "", "", "", "", "", "", "", "", ""})
			continue
		}
		ci := ""
		if c.TimeKnown {
			ci = fmtRatio(c.TimeLow) + "–" + fmtRatio(c.TimeHigh)
		}
		pos := strconv.Itoa(c.Positions)
		if c.MissingPos > 0 {
			pos += fmt.Sprintf(" (+%d missing)", c.MissingPos)
		}
		rows = append(rows, []string{c.Group, c.Config, pos, strconv.Itoa(c.Depth),
			strconv.FormatUint(c.OldNodes, 10), strconv.FormatUint(c.NewNodes, 10), fmtSignedPct(c.NodeChange),
			fmtMS(c.OldTimeMS), fmtMS(c.NewTimeMS), fmtRatio(c.TimeRatio), ci, c.TimeVerdict(), fmtRatio(c.NPSRatio),
			fmtPct(c.OldPVSResearch), fmtPct(c.NewPVSResearch), fmtPct(c.OldLMRResearch), fmtPct(c.NewLMRResearch),
			strconv.Itoa(c.MovesChanged)})
	}
	return RenderTable(w, format, header, rows, 2)
}

func fmtSignedPct(x float64) string {
	s := strconv.FormatFloat(100*x, 'f', 2, 64) + "%"
	if x > 0 {
		s = "+" + s
	}
	return s
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
