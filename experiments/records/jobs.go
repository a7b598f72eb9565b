package records

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

// TimeColumns are the columns that hold times, which differ between any
// two runs of the same plan.
var TimeColumns = map[string]bool{"time_ms": true, "time_min_ms": true, "nps": true, "times_ms": true, "time_ratio": true}
