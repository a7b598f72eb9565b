package matrix

import (
	"context"
	"math"
	"sync/atomic"
	"time"

	"github.com/ablate-chess/ablate/engine/chess"
	"github.com/ablate-chess/ablate/engine/subject"
)

// ProbeNodes is the first node budget of the shallow pass that estimates a
// job's cost: a few milliseconds per job. A probe that completes fewer than
// three iterations says little about the tree's growth, so it is tried
// again with eight times the budget, up to ProbeMaxNodes (a tenth of a
// second or so: such jobs are the costly ones). ProbeTime bounds each try
// for an engine that ignores node limits (or hangs).
const (
	ProbeNodes    = 5000
	ProbeMaxNodes = 320000
	ProbeTime     = 2 * time.Second
)

// Estimate predicts each job's cost in nodes from a shallow pass: the job's
// own search, stopped after ProbeNodes nodes (or more, see ProbeMaxNodes).
// A probe that completes the job's depth knows its count exactly;
// otherwise its count is extrapolated to the job's depth by the growth per
// ply of its configuration (growth, over all its positions). A probe that
// completes no iteration at all predicts a tree that grows 40 times a ply. Node counts
// are deterministic, so the estimates are the same on every machine: shards
// cut from them hold the same jobs everywhere.
func (p *Plan) Estimate(ctx context.Context, jobs []Job, workers int) (map[Job]float64, error) {
	probes := make(map[Job]subject.Result, len(jobs))
	var stop atomic.Bool
	defer context.AfterFunc(ctx, func() { stop.Store(true) })()
	type probe struct {
		job Job
		res subject.Result
		err error
	}
	var resetErr error
	err := Pool(ctx, min(workers, len(jobs)), jobs, &stop, p.Subject.Start, func(e subject.Engine) { e.Close() },
		func(eng subject.Engine, jb Job) probe {
			row := &p.Rows[jb.Row]
			var res subject.Result
			for nodes := uint64(ProbeNodes); nodes <= ProbeMaxNodes; nodes *= 8 {
				if err := eng.Reset(row.Config); err != nil {
					return probe{jb, res, err}
				}
				var err error
				res, err = eng.Search(chess.NewGame(row.Suite.Entries[jb.Entry].Board),
					subject.Limits{Depth: row.Depth, Nodes: nodes, StopAfter: ProbeTime, Stop: &stop}, nil)
				if err != nil {
					// An engine that fails the probe (some fail at a small
					// node limit) is estimated as the costliest, so that its
					// job starts first; the job itself will report.
					return probe{jb, subject.Result{}, nil}
				}
				if len(res.Iterations) >= 3 || res.Depth() >= row.Depth {
					break
				}
			}
			return probe{jb, res, nil}
		},
		func(pr probe) {
			if pr.err != nil && resetErr == nil {
				resetErr = pr.err
				stop.Store(true)
			}
			probes[pr.job] = pr.res
		})
	if err == nil {
		err = resetErr
	}
	if err != nil {
		return nil, err
	}
	// Each configuration's growth per ply: the geometric mean over its
	// positions of their last iterations' growth, steadier than any one
	// position's.
	logSum, count := map[int]float64{}, map[int]int{}
	for jb, res := range probes {
		if g, ok := growth(&res); ok {
			logSum[jb.Row] += math.Log(g)
			count[jb.Row]++
		}
	}
	est := make(map[Job]float64, len(jobs))
	for jb, res := range probes {
		g := 40.0
		if count[jb.Row] > 0 {
			g = math.Exp(logSum[jb.Row] / float64(count[jb.Row]))
		}
		est[jb] = extrapolate(&res, p.Rows[jb.Row].Depth, g)
	}
	return est, ctx.Err()
}

// growth is a probe's growth per ply: the geometric mean of its last two
// depth-to-depth ratios (one from two iterations), between 1.5 and 40.
func growth(res *subject.Result) (float64, bool) {
	its := res.Iterations
	k := len(its)
	var g float64
	switch {
	case k >= 3:
		g = math.Sqrt(float64(its[k-1].Nodes) / float64(max(1, its[k-3].Nodes)))
	case k == 2:
		g = float64(its[1].Nodes) / float64(max(1, its[0].Nodes))
	default:
		return 0, false
	}
	return min(max(g, 1.5), 40), true
}

// extrapolate predicts a search's nodes at depth from a shallow one that
// grows g times a ply.
func extrapolate(res *subject.Result, depth int, g float64) float64 {
	its := res.Iterations
	k := len(its)
	switch {
	case k == 0:
		return float64(ProbeMaxNodes) * math.Pow(40, float64(depth))
	case its[k-1].Depth >= depth:
		for _, it := range its {
			if it.Depth >= depth {
				return float64(it.Nodes)
			}
		}
	}
	return float64(its[k-1].Nodes) * math.Pow(g, float64(depth-its[k-1].Depth))
}
