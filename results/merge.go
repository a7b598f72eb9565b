package results

import (
	"fmt"
	"sort"
)

// JobKey names a job: its group, configuration and position.
func JobKey(group, config, position string) string {
	return group + "\x00" + config + "\x00" + position
}

// SortByJob sorts records by their job's rank (jobs without one last, in
// their own order), then by depth.
func SortByJob(recs []Record, rank map[string]int) {
	n := len(rank)
	key := func(r *Record) int {
		if k, ok := rank[JobKey(r.Group, r.Config, r.Position)]; ok {
			return k
		}
		return n
	}
	sort.SliceStable(recs, func(i, j int) bool {
		a, b := key(&recs[i]), key(&recs[j])
		if a != b {
			return a < b
		}
		return recs[i].Depth < recs[j].Depth
	})
}

// OrderRecords sorts records into the plan order run.json describes:
// configuration, then position, then depth. It is the order a whole run
// writes, so that merged shards write the same file.
func (ri *RunInfo) OrderRecords(recs []Record) {
	rank := map[string]int{}
	for i, k := range ri.JobsOf() {
		rank[k] = i
	}
	SortByJob(recs, rank)
}

// JobsOf lists the jobs run.json describes, as group\x00config\x00position.
func (ri *RunInfo) JobsOf() []string {
	var out []string
	for _, c := range ri.Configs {
		for _, id := range ri.Suites[c.Suite] {
			out = append(out, JobKey(c.Group, c.Name, id))
		}
	}
	return out
}

// JobName writes a job key for people: "config on position (group)".
func JobName(key string) string {
	var g, c, p string
	parts := splitKey(key)
	if len(parts) == 3 {
		g, c, p = parts[0], parts[1], parts[2]
	}
	return fmt.Sprintf("%s on %s (%s)", c, p, g)
}

func splitKey(k string) []string {
	var out []string
	start := 0
	for i := 0; i < len(k); i++ {
		if k[i] == 0 {
			out = append(out, k[start:i])
			start = i + 1
		}
	}
	return append(out, k[start:])
}

// CheckRecords checks a shard's records against the plan run.json
// describes, so that a damaged file is refused rather than merged: each
// record's job is one of the plan's, its depth one of the configuration's
// iterations, and its node count above zero.
func (ri *RunInfo) CheckRecords(recs []Record, file string) error {
	depth := map[string]int{}
	for _, c := range ri.Configs {
		for _, id := range ri.Suites[c.Suite] {
			depth[JobKey(c.Group, c.Name, id)] = c.Depth
		}
	}
	for i := range recs {
		r := &recs[i]
		d, ok := depth[JobKey(r.Group, r.Config, r.Position)]
		switch {
		case !ok:
			return fmt.Errorf("%s: record %d (%s) is no job of the plan in run.json", file, i+1, JobName(JobKey(r.Group, r.Config, r.Position)))
		case r.Depth < 1 || (d > 0 && r.Depth > d):
			return fmt.Errorf("%s: record %d (%s) has depth %d; the plan searches to %d", file, i+1, JobName(JobKey(r.Group, r.Config, r.Position)), r.Depth, d)
		case r.Nodes == 0:
			return fmt.Errorf("%s: record %d (%s) has no nodes", file, i+1, JobName(JobKey(r.Group, r.Config, r.Position)))
		}
	}
	return nil
}

// CheckPairs checks a match shard's pairs: each pair's number is one of
// the match's (1 to pairs), its games' results are results, and its points
// are theirs.
func CheckPairs(ps []PairRecord, pairs int, file string) error {
	valid := map[string]bool{"1-0": true, "0-1": true, "1/2-1/2": true}
	for i, p := range ps {
		switch {
		case p.Pair < 1 || p.Pair > pairs:
			return fmt.Errorf("%s: row %d: pair %d is not one of the match's 1 to %d", file, i+1, p.Pair, pairs)
		case !valid[p.Game1] || !valid[p.Game2]:
			return fmt.Errorf("%s: row %d: results %q and %q are not game results", file, i+1, p.Game1, p.Game2)
		case p.Points != Points(p.Game1, true)+Points(p.Game2, false):
			return fmt.Errorf("%s: row %d: %g points for %s and %s", file, i+1, p.Points, p.Game1, p.Game2)
		case p.Opening == "":
			return fmt.Errorf("%s: row %d: no opening", file, i+1)
		}
	}
	return nil
}

// MergeRepeats joins repeated runs of one build into one set of records
// whose times hold every run's sample; their node counts must agree.
func MergeRepeats(runs [][]Record) ([]Record, error) {
	type key struct {
		job   string
		depth int
	}
	merged := append([]Record(nil), runs[0]...)
	at := map[key]int{}
	for i, r := range merged {
		at[key{JobKey(r.Group, r.Config, r.Position), r.Depth}] = i
	}
	for _, run := range runs[1:] {
		for _, r := range run {
			i, ok := at[key{JobKey(r.Group, r.Config, r.Position), r.Depth}]
			if !ok {
				continue
			}
			m := &merged[i]
			if m.Nodes != r.Nodes {
				return nil, fmt.Errorf("%s on %s at depth %d: %d nodes in one run, %d in another", r.Config, r.Position, r.Depth, m.Nodes, r.Nodes)
			}
			m.TimesMS += ";" + r.TimesMS
			m.Repeats++
		}
	}
	return merged, nil
}

// JobCosts is each job's time to its deepest depth in a run's records, in
// milliseconds (a job cut short costs what it took).
func JobCosts(recs []Record) map[string]float64 {
	costs := map[string]float64{}
	depth := map[string]int{}
	for _, r := range recs {
		k := JobKey(r.Group, r.Config, r.Position)
		if r.Depth >= depth[k] {
			depth[k], costs[k] = r.Depth, max(r.TimeMS, 0.001)
		}
	}
	return costs
}

func CountJobs(recs []Record) int {
	seen := map[string]bool{}
	for _, r := range recs {
		seen[JobKey(r.Group, r.Config, r.Position)] = true
	}
	return len(seen)
}
