package matrix

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"sort"

	"github.com/ablate-chess/ablate/experiments/resultdir"
)

// Assign splits the plan's jobs into count shards of about equal expected
// cost: the costliest job first, each to the shard with the least so far
// (ties to the lower shard). The estimates are node counts, the same on
// every machine, so every shard computes the same split.
func (p *Plan) Assign(est map[Job]float64, count int) [][]Job {
	jobs := p.AllJobs()
	order := append([]Job(nil), jobs...)
	sort.SliceStable(order, func(i, j int) bool { return est[order[i]] > est[order[j]] })
	load := make([]float64, count)
	of := map[Job]int{}
	for _, jb := range order {
		best := 0
		for s := 1; s < count; s++ {
			if load[s] < load[best] {
				best = s
			}
		}
		load[best] += est[jb]
		of[jb] = best
	}
	out := make([][]Job, count)
	for _, jb := range jobs { // each shard's jobs in plan order
		out[of[jb]] = append(out[of[jb]], jb)
	}
	return out
}

// Fingerprint identifies what a plan computes: its configurations (spec,
// effective techniques and parameters, depth), its positions, the engine
// and the build that searches them. Shards merge only with the same one.
func (p *Plan) Fingerprint(extra ...string) string {
	type row struct {
		Group, Name, Spec, Techniques, Params string
		Depth                                 int
		Positions                             []string
	}
	version, commit := resultdir.Version()
	doc := struct {
		Experiment, Engine, Version, Commit string
		Rows                                []row
		Extra                               []string
	}{p.Name, p.Subject.Name(), version, commit, nil, extra}
	for _, r := range p.Rows {
		x := row{r.Group, r.Name, r.Spec, r.Config.Techniques(), r.Config.Params(), r.Depth, nil}
		for _, e := range r.Suite.Entries {
			x.Positions = append(x.Positions, e.ID+" "+e.Board.String())
		}
		doc.Rows = append(doc.Rows, x)
	}
	data, _ := json.Marshal(doc)
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}
