package experiments

import (
	"context"
	"math"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ablate-chess/ablate/engine/chess"
	"github.com/ablate-chess/ablate/engine/subject"
)

// ProbeNodes is the node budget of the shallow pass that estimates a job's
// cost: a few milliseconds per job. ProbeTime bounds it for an engine that
// ignores node limits (or hangs).
const (
	ProbeNodes = 5000
	ProbeTime  = 2 * time.Second
)

// Estimate predicts each job's cost in nodes from a shallow pass: the job's
// own search, stopped after ProbeNodes nodes. A probe that completes the
// job's depth knows its count exactly; otherwise the last iterations' growth
// (the geometric mean of the last two depth-to-depth ratios, kept between
// 1.5 and 40) is extrapolated to the job's depth. A probe that completes no
// iteration at all predicts a tree that grows 40 times a ply. Node counts
// are deterministic, so the estimates are the same on every machine: shards
// cut from them hold the same jobs everywhere.
func (p *Plan) Estimate(ctx context.Context, jobs []Job, workers int) (map[Job]float64, error) {
	est := make(map[Job]float64, len(jobs))
	var mu sync.Mutex
	var stop atomic.Bool
	defer context.AfterFunc(ctx, func() { stop.Store(true) })()
	todo := make(chan Job)
	errs := make(chan error, workers)
	var wg sync.WaitGroup
	for w := 0; w < max(1, min(workers, len(jobs))); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			eng, err := p.Subject.Start()
			if err != nil {
				errs <- err
				for range todo {
				}
				return
			}
			defer eng.Close()
			for jb := range todo {
				row := &p.Rows[jb.Row]
				if err := eng.Reset(row.Config); err != nil {
					errs <- err
					break
				}
				res, err := eng.Search(chess.NewGame(row.Suite.Entries[jb.Entry].Board),
					subject.Limits{Depth: row.Depth, Nodes: ProbeNodes, StopAfter: ProbeTime, Stop: &stop}, nil)
				if err != nil {
					// An engine that fails the probe (some fail at a small
					// node limit) is estimated as the costliest, so that
					// its job starts first; the job itself will report.
					res = subject.Result{}
				}
				mu.Lock()
				est[jb] = extrapolate(&res, row.Depth)
				mu.Unlock()
			}
		}()
	}
	for _, jb := range jobs {
		todo <- jb
	}
	close(todo)
	wg.Wait()
	select {
	case err := <-errs:
		return nil, err
	default:
	}
	return est, ctx.Err()
}

// extrapolate predicts a search's nodes at depth from a shallow one.
func extrapolate(res *subject.Result, depth int) float64 {
	its := res.Iterations
	k := len(its)
	switch {
	case k == 0:
		return float64(ProbeNodes) * math.Pow(40, float64(depth))
	case its[k-1].Depth >= depth:
		for _, it := range its {
			if it.Depth >= depth {
				return float64(it.Nodes)
			}
		}
	}
	growth := 40.0
	switch {
	case k >= 3:
		growth = math.Sqrt(float64(its[k-1].Nodes) / float64(max(1, its[k-3].Nodes)))
	case k == 2:
		growth = float64(its[1].Nodes) / float64(max(1, its[0].Nodes))
	}
	growth = min(max(growth, 1.5), 40)
	return float64(its[k-1].Nodes) * math.Pow(growth, float64(depth-its[k-1].Depth))
}
