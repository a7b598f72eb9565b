package experiments

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ablate-chess/ablate/engine/chess"
	"github.com/ablate-chess/ablate/engine/search"
	"github.com/ablate-chess/ablate/results"
)

// Runner runs a plan's jobs on parallel workers. Each job searches one
// position under one configuration from a cleared table and fresh history,
// so its records are the same whatever the number of workers, the order of
// the jobs or the machine.
type Runner struct {
	Plan    *Plan
	Workers int
	Repeat  int // timing repeats; node counts must agree across them
	HashMB  int
	// Skip holds the jobs already done (by JobKey), for --resume.
	Skip map[string]bool
	// OnJob, if set, is called with each finished job's records, one call
	// at a time, as jobs finish.
	OnJob func(recs []results.Record) error
}

// JobKey names a job: its group, configuration and position.
func JobKey(group, config, position string) string {
	return group + "\x00" + config + "\x00" + position
}

type job struct{ row, entry int }

// Run runs every job not in Skip and returns the new records, in plan
// order. When ctx is cancelled, the searches in progress stop at once and
// Run returns the records of the jobs that finished, with ctx's error.
func (r *Runner) Run(ctx context.Context) ([]results.Record, error) {
	var jobs []job
	for i, row := range r.Plan.Rows {
		for j, e := range row.Suite.Entries {
			if !r.Skip[JobKey(row.Group, row.Name, e.ID)] {
				jobs = append(jobs, job{i, j})
			}
		}
	}
	workers := max(1, min(r.Workers, len(jobs)))
	var stop atomic.Bool
	defer context.AfterFunc(ctx, func() { stop.Store(true) })()

	todo := make(chan job)
	type done struct {
		job  job
		recs []results.Record
		err  error
	}
	out := make(chan done)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := search.New(search.DefaultConfig(), max(1, r.HashMB))
			for jb := range todo {
				recs, err := r.runJob(s, jb, &stop)
				out <- done{jb, recs, err}
			}
		}()
	}
	go func() {
		defer close(todo)
		for _, jb := range jobs {
			select {
			case todo <- jb:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() {
		wg.Wait()
		close(out)
	}()

	finished := map[job][]results.Record{}
	var firstErr error
	for d := range out {
		switch {
		case d.err != nil:
			if firstErr == nil {
				firstErr = d.err
				stop.Store(true)
			}
		case d.recs != nil && firstErr == nil:
			finished[d.job] = d.recs
			if r.OnJob != nil {
				if err := r.OnJob(d.recs); err != nil {
					firstErr = err
					stop.Store(true)
				}
			}
		}
	}
	var recs []results.Record
	for _, jb := range jobs {
		recs = append(recs, finished[jb]...)
	}
	if firstErr == nil && ctx.Err() != nil {
		firstErr = ctx.Err()
	}
	return recs, firstErr
}

// runJob searches one position under one configuration Repeat times and
// returns a record per depth; nil if it was stopped.
func (r *Runner) runJob(s *search.Searcher, jb job, stop *atomic.Bool) ([]results.Record, error) {
	row := &r.Plan.Rows[jb.row]
	e := &row.Suite.Entries[jb.entry]
	s.SetConfig(row.Config)
	repeat := max(1, r.Repeat)
	times := make([][]time.Duration, row.Depth) // by depth, one per repeat
	var first search.Result
	for k := 0; k < repeat; k++ {
		s.ClearTT()
		res := s.Search(e.Board, nil, search.Limits{Depth: row.Depth, Stop: stop}, nil)
		if stop.Load() || res.Depth < row.Depth {
			return nil, nil
		}
		if k == 0 {
			first = res
		} else {
			for d := range res.Iterations {
				if a, b := first.Iterations[d].Stats.Nodes, res.Iterations[d].Stats.Nodes; a != b {
					return nil, fmt.Errorf("%s on %s, depth %d: %d nodes on the first run and %d on run %d; "+
						"the search is not deterministic", row.Name, e.ID, d+1, a, b, k+1)
				}
			}
		}
		for d, it := range res.Iterations {
			times[d] = append(times[d], it.Elapsed)
		}
	}

	techniques := row.Config.Techniques.Effective().String()
	params := strings.Join(row.Config.Params.Diff(), ";")
	recs := make([]results.Record, len(first.Iterations))
	for d, it := range first.Iterations {
		st := &it.Stats
		med, fastest := medianMin(times[d])
		rec := results.Record{
			Group: row.Group, Config: row.Name, Position: e.ID, Depth: it.Depth,
			Nodes: st.Nodes, QNodes: st.QNodes,
			TimeMS: ms(med), TimeMin: ms(fastest),
			BestMove: it.Move.String(), ScoreCP: it.Score, SelDepth: it.SelDepth,
			TTHitRate: st.TTHitRate(), FirstMoveCutoffRate: st.FirstMoveCutoffRate(),
			PVSResearchRate: st.PVSResearchRate(), LMRResearchRate: st.LMRResearchRate(),
			MeanReduction: st.MeanReduction(),
			TTProbes:      st.TTProbes, TTHits: st.TTHits, TTCutoffs: st.TTCutoffs,
			BetaCutoffs: st.BetaCutoffs, FirstMoveCutoffs: st.FirstMoveCutoffs,
			PVSSearches: st.PVSSearches, PVSResearches: st.PVSResearches,
			LMRReduced: st.LMRReduced, LMRPlies: st.LMRPlies, LMRResearches: st.LMRResearches,
			LMPPrunes: st.LMPPrunes, NullTries: st.NullTries, NullCutoffs: st.NullCutoffs,
			HyperTries: st.HyperTries, HyperPrunes: st.HyperPrunes,
			RFPPrunes: st.RFPPrunes, FutilityPrunes: st.FutilityPrunes, QSEEPrunes: st.QSEEPrunes,
			Extensions: st.Extensions, AspirationResearches: st.AspirationResearches,
			Repeats: repeat, Techniques: techniques, Params: params,
		}
		samples := make([]string, len(times[d]))
		for k, t := range times[d] {
			samples[k] = strconv.FormatFloat(ms(t), 'f', -1, 64)
		}
		rec.TimesMS = strings.Join(samples, ";")
		if med > 0 {
			rec.NPS = float64(st.Nodes) / med.Seconds()
		}
		if d > 0 {
			rec.EBF = float64(st.Nodes) / float64(first.Iterations[d-1].Stats.Nodes)
		}
		if search.IsMate(it.Score) {
			rec.MateIn = search.MateIn(it.Score)
		}
		if it.Move != chess.NullMove {
			if solved, applies := e.Solved(it.Move); applies {
				rec.Solved = map[bool]string{true: "yes", false: "no"}[solved]
			}
		}
		recs[d] = rec
	}
	return recs, nil
}

func medianMin(ts []time.Duration) (median, fastest time.Duration) {
	s := slices.Clone(ts)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	n := len(s)
	if n%2 == 1 {
		return s[n/2], s[0]
	}
	return (s[n/2-1] + s[n/2]) / 2, s[0]
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// Order sorts records into plan order (configuration, then position, then
// depth), so that records gathered in any order, from a resumed run or
// from several shards, come out the same. Records the plan does not know
// go last, in their own order.
func (p *Plan) Order(recs []results.Record) {
	rank := map[string]int{}
	n := 0
	for _, row := range p.Rows {
		for _, e := range row.Suite.Entries {
			rank[JobKey(row.Group, row.Name, e.ID)] = n
			n++
		}
	}
	key := func(r *results.Record) int {
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

// Info describes the plan's configurations for run.json.
func (p *Plan) Info() []results.ConfigInfo {
	out := make([]results.ConfigInfo, len(p.Rows))
	for i, row := range p.Rows {
		out[i] = results.ConfigInfo{Group: row.Group, Name: row.Name, Spec: row.Spec,
			Techniques: row.Config.Techniques.Effective().String(),
			Params:     strings.Join(row.Config.Params.Diff(), ";"),
			Positions:  row.Suite.Name, Depth: row.Depth}
	}
	return out
}
