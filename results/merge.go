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
