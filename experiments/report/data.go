// Package report draws a run directory as one self-contained HTML page:
// how the tree grows with depth, the branching factor, time to depth,
// where each configuration's savings come from position by position,
// re-search rates, and, where a worth or match result is present, Elo
// beside tree size; with the summary table and the run's provenance.
//
//	data.go   a run directory's records turned into the data of each plot
//	plots.go  the plots, drawn by gonum/plot
//	html.go   the page: inline SVG, no scripts, nothing fetched
package report

import (
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/ablate-chess/ablate/experiments/records"
	"github.com/ablate-chess/ablate/experiments/resultdir"
	"github.com/ablate-chess/ablate/experiments/worth"
)

// Run is what a run directory holds.
type Run struct {
	Dir     string
	Info    *resultdir.RunInfo // nil if the directory has no run.json
	Records []records.Record
	Summary []records.Summary
	Worth   []records.WorthRow     // worth.csv, if the directory has one
	Match   *resultdir.MatchInfo   // match.json, if the directory has one
	Matches []*resultdir.MatchInfo // matches/*/match.json (a worth directory)
	// Trajectory is a tune's trajectory.csv: the pairs played, then each
	// parameter's value, a row a batch (the header names them).
	Trajectory [][]string
	// Screening is a screening worth's design and fit (screen.json).
	Screening *worth.Screened
}

// Load reads a run directory (or a records.csv file): its records and
// run.json, and any worth.csv, match.json and matches/ beside them.
func Load(path string) (*Run, error) {
	dir := path
	if st, err := os.Stat(path); err == nil && !st.IsDir() {
		dir = filepath.Dir(path)
	}
	r := &Run{Dir: dir}
	if ri, err := resultdir.ReadRunInfo(dir); err == nil {
		r.Info = ri
	}
	if mi, err := resultdir.ReadMatchInfo(dir); err == nil {
		r.Match = mi
	}
	if recs, err := resultdir.ReadRun(dir); err == nil {
		r.Records = recs
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	} else if r.Trajectory, err = readTrajectory(dir); r.Match == nil && err != nil {
		return nil, fmt.Errorf("%s: no records.csv, match.json or trajectory.csv", dir)
	}
	var ref map[string]string
	if r.Info != nil {
		ref = r.Info.Reference
		r.Info.OrderRecords(r.Records)
	}
	sums, err := records.Summarize(r.Records, ref)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", dir, err)
	}
	r.Summary = sums
	if rows, err := resultdir.ReadWorth(dir); err == nil {
		r.Worth = rows
	} else if !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	if sc, err := worth.ReadScreened(dir); err == nil {
		r.Screening = sc
	}
	matches, _ := filepath.Glob(filepath.Join(dir, "matches", "*", "match.json"))
	sort.Strings(matches)
	for _, m := range matches {
		if mi, err := resultdir.ReadMatchInfo(filepath.Dir(m)); err == nil {
			r.Matches = append(r.Matches, mi)
		}
	}
	return r, nil
}

// Point is one point of a series, with its spread (0 when none).
type Point struct {
	X, Y   float64
	Lo, Hi float64 `json:",omitempty"`
}

// Series is one configuration's line.
type Series struct {
	Config string
	Points []Point
}

// Dist is one configuration's values over positions.
type Dist struct {
	Config    string
	Positions []string
	Values    []float64
}

// Rates are one configuration's re-search rates and mean reduction.
type Rates struct {
	Config                   string
	PVSResearch, LMRResearch float64 // shares, 0..1
	MeanReduction            float64 // plies per reduced search
	Known                    bool    // false: the engine reports no counters
}

// Group is the data of one group of configurations: every plot's.
type Group struct {
	Name         string
	Reference    string
	NodesByDepth []Series // total nodes to each depth, over the positions
	EBFByDepth   []Series // nodes to a depth over nodes to the one before
	TimeByDepth  []Series // total time to each depth (ms), spread over repeats
	NodeRatios   []Dist   // each position's nodes over the reference's
	Rates        []Rates
}

// WorthPoint is one configuration's tree size and Elo against its
// reference.
type WorthPoint struct {
	Config        string
	NodeRatio     float64
	Elo, EloError float64
	Games         int
	HasRatio      bool
	// In a worth ladder: the budget ("nodes=10000", "tc=10+0.1") and the
	// mean depth the configuration and its reference reached.
	Budget                  string
	MeanDepth, RefMeanDepth float64
	Partial                 bool // a match not finished: its games so far
}

// Data is everything a report draws of one run.
// Interaction is one interaction a screening fitted: two techniques out
// together, beyond the sum of each out alone.
type Interaction struct {
	Pair          string
	Elo, EloError float64
	Depends       bool
}

type Data struct {
	Groups []Group
	Worth  []WorthPoint `json:",omitempty"`
	// Interactions are a screening's fitted interactions.
	Interactions []Interaction `json:",omitempty"`
	// Tune is a tune's parameters, each a series of its value by pairs.
	Tune []Series `json:",omitempty"`
}

// readTrajectory reads a tune directory's trajectory.csv.
func readTrajectory(dir string) ([][]string, error) {
	f, err := os.Open(filepath.Join(dir, "trajectory.csv"))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err == nil && (len(rows) < 2 || len(rows[0]) < 2 || rows[0][0] != "pairs") {
		err = fmt.Errorf("%s: not a tune's trajectory", filepath.Join(dir, "trajectory.csv"))
	}
	return rows, err
}

// tuneSeries turns a trajectory into one series a parameter.
func tuneSeries(rows [][]string) []Series {
	if len(rows) < 2 {
		return nil
	}
	out := make([]Series, len(rows[0])-1)
	for j := range out {
		out[j].Config = rows[0][j+1]
	}
	for _, row := range rows[1:] {
		x, err := strconv.ParseFloat(row[0], 64)
		if err != nil || len(row) != len(rows[0]) {
			continue
		}
		for j := range out {
			if y, err := strconv.ParseFloat(row[j+1], 64); err == nil {
				out[j].Points = append(out[j].Points, Point{X: x, Y: y})
			}
		}
	}
	return out
}

// Build computes the data of every plot from a run's records.
func Build(r *Run) *Data {
	d := &Data{}
	type key struct{ group, config string }
	var groups []string
	configs := map[string][]string{}
	seen := map[key]bool{}
	byKey := map[key][]*records.Record{}
	for i := range r.Records {
		rec := &r.Records[i]
		k := key{rec.Group, rec.Config}
		if !seen[k] {
			seen[k] = true
			if len(configs[rec.Group]) == 0 {
				groups = append(groups, rec.Group)
			}
			configs[rec.Group] = append(configs[rec.Group], rec.Config)
		}
		byKey[k] = append(byKey[k], rec)
	}
	sums := map[key]*records.Summary{}
	for i := range r.Summary {
		s := &r.Summary[i]
		sums[key{s.Group, s.Config}] = s
	}
	for _, g := range groups {
		grp := Group{Name: g}
		for _, c := range configs[g] {
			recs := byKey[key{g, c}]
			sum := sums[key{g, c}]
			if grp.Reference == "" && sum != nil {
				grp.Reference = sum.Reference
			}
			nodes, ebf, times := depthSeries(recs)
			grp.NodesByDepth = append(grp.NodesByDepth, Series{c, nodes})
			grp.EBFByDepth = append(grp.EBFByDepth, Series{c, ebf})
			grp.TimeByDepth = append(grp.TimeByDepth, Series{c, times})
			grp.Rates = append(grp.Rates, rates(c, recs, sum))
		}
		ref := byKey[key{g, grp.Reference}]
		for _, c := range configs[g] {
			grp.NodeRatios = append(grp.NodeRatios, ratios(c, byKey[key{g, c}], ref, sums[key{g, c}], sums[key{g, grp.Reference}]))
		}
		d.Groups = append(d.Groups, grp)
	}
	d.Tune = tuneSeries(r.Trajectory)
	if r.Screening != nil && r.Screening.Fit != nil {
		for _, in := range r.Screening.Fit.Interactions {
			d.Interactions = append(d.Interactions, Interaction{Pair: in.A + " × " + in.B, Elo: in.Elo, EloError: in.EloError, Depends: in.Depends})
		}
	}
	for _, w := range r.Worth {
		d.Worth = append(d.Worth, WorthPoint{Config: w.Config, NodeRatio: w.NodeRatio, Elo: w.Elo, EloError: w.EloError,
			Games: w.Games, HasRatio: !w.NoRatio, Budget: w.Budget, MeanDepth: w.MeanDepth, RefMeanDepth: w.RefMeanDepth,
			Partial: w.Partial})
	}
	return d
}

// depthSeries sums a configuration's records by depth over the positions
// that completed it: nodes, the branching factor, and time (the median
// repeat's, spread from the fastest total repeat to the slowest).
func depthSeries(recs []*records.Record) (nodes, ebf, times []Point) {
	positions := map[string]bool{}
	type acc struct {
		n     uint64
		t     float64
		reps  []float64
		count int
	}
	by := map[int]*acc{}
	var depths []int
	for _, r := range recs {
		positions[r.Position] = true
		if r.CapExceeded != "" {
			continue
		}
		a := by[r.Depth]
		if a == nil {
			a = &acc{}
			by[r.Depth] = a
			depths = append(depths, r.Depth)
		}
		a.n += r.Nodes
		a.t += r.TimeMS
		a.count++
		for k, s := range strings.Split(r.TimesMS, ";") {
			v, err := strconv.ParseFloat(s, 64)
			if err != nil {
				continue
			}
			for len(a.reps) <= k {
				a.reps = append(a.reps, 0)
			}
			a.reps[k] += v
		}
	}
	sort.Ints(depths)
	prev := 0.0
	for _, dep := range depths {
		a := by[dep]
		if a.count < len(positions) {
			continue // not every position got there: a partial sum
		}
		n := float64(a.n)
		nodes = append(nodes, Point{X: float64(dep), Y: n})
		if prev > 0 {
			ebf = append(ebf, Point{X: float64(dep), Y: n / prev})
		}
		prev = n
		p := Point{X: float64(dep), Y: a.t}
		if len(a.reps) > 1 {
			p.Lo, p.Hi = a.reps[0], a.reps[0]
			for _, v := range a.reps {
				p.Lo, p.Hi = math.Min(p.Lo, v), math.Max(p.Hi, v)
			}
		}
		times = append(times, p)
	}
	return nodes, ebf, times
}

// ratios is each position's nodes at the configuration's final depth over
// the reference's at its own, where both searches completed.
func ratios(config string, recs, ref []*records.Record, sum, refSum *records.Summary) Dist {
	dist := Dist{Config: config}
	if sum == nil || refSum == nil {
		return dist
	}
	refNodes := map[string]uint64{}
	for _, r := range ref {
		if r.Depth == refSum.Depth && r.CapExceeded == "" {
			refNodes[r.Position] = r.Nodes
		}
	}
	for _, r := range recs {
		if r.Depth != sum.Depth || r.CapExceeded != "" {
			continue
		}
		if n := refNodes[r.Position]; n > 0 && r.Nodes > 0 {
			dist.Positions = append(dist.Positions, r.Position)
			dist.Values = append(dist.Values, float64(r.Nodes)/float64(n))
		}
	}
	return dist
}

func rates(config string, recs []*records.Record, sum *records.Summary) Rates {
	rt := Rates{Config: config}
	if sum == nil {
		return rt
	}
	rt.Known = !sum.NoCounters
	rt.PVSResearch, rt.LMRResearch = sum.PVSResearchRate, sum.LMRResearchRate
	var plies, reduced uint64
	for _, r := range recs {
		if r.Depth == sum.Depth && r.CapExceeded == "" {
			plies, reduced = plies+r.Counts.Get("lmr_plies"), reduced+r.Counts.Get("lmr_reduced")
		}
	}
	if reduced > 0 {
		rt.MeanReduction = float64(plies) / float64(reduced)
	}
	return rt
}

// JSON writes the data, for the golden test and for tools.
func (d *Data) JSON() ([]byte, error) { return json.MarshalIndent(d, "", "  ") }
