package matrix

import (
	"context"
	"errors"
	"fmt"
	"os"
	"runtime/debug"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/ablate-chess/ablate/engine/chess"
	"github.com/ablate-chess/ablate/engine/search"
	"github.com/ablate-chess/ablate/engine/subject"
	"github.com/ablate-chess/ablate/experiments/records"
	"github.com/ablate-chess/ablate/experiments/resultdir"
	"github.com/ablate-chess/ablate/experiments/setup"
	"github.com/ablate-chess/ablate/positions"
)

// Runner runs a plan's jobs on parallel workers. Each job searches one
// position under one configuration from a cleared table and fresh history,
// so its records are the same whatever the number of workers, the order of
// the jobs or the machine. Repeats that count different nodes are not an
// error but a finding: each record says by how much (nodes_spread).
type Runner struct {
	Plan    *Plan
	Workers int
	Repeat  int // timing repeats
	Cap     setup.Cap
	// Schedule starts the jobs longest-expected first, by the estimates of
	// a shallow pass (Estimate), so that no long job is left to end the run
	// alone; without it jobs start in plan order.
	Schedule bool
	// Shard, if set, runs only that slice of the plan (Plan.Assign by the
	// estimates).
	Shard setup.Shard
	// Costs, if set, are the jobs' costs by JobKey (the time they took in
	// a previous run): better estimates than the shallow pass's, which
	// only the jobs it lacks get.
	Costs map[string]float64
	// Skip holds the jobs already done (by JobKey), for --resume.
	Skip map[string]bool
	// OnJob, if set, is called with each finished job's records, one call
	// at a time, as jobs finish.
	OnJob func(recs []records.Record) error
	// OnProgress, if set, is called as jobs start and finish, one call at a
	// time.
	OnProgress func(Progress)

	jobs []Job // Jobs's answer, kept for Run
	est  map[Job]float64
}

// Progress is what a run has done and what it expects.
type Progress struct {
	Done, Total int
	Running     []string      // "configuration on position" of the jobs in progress
	ETA         time.Duration // learned: the measured time per estimated node times the estimated nodes left
}

// Message is the progress as one line: the first job running, how many
// others, and the time left.
func (p Progress) Message() string {
	msg := "starting"
	if len(p.Running) > 0 {
		msg = p.Running[0]
		if len(p.Running) > 1 {
			msg += fmt.Sprintf(" +%d", len(p.Running)-1)
		}
	}
	if p.ETA > 0 {
		msg = fmt.Sprintf("%s, %s left", msg, p.ETA.Round(time.Second))
	}
	return msg
}

// JobError is a job that failed: the engine failed, or panicked.
type JobError struct {
	Group, Config, Position string
	Depth                   int
	Err                     error
}

func (e *JobError) Error() string {
	return fmt.Sprintf("%s on %s, depth %d: %v", e.Config, e.Position, e.Depth, e.Err)
}

// JobErrors are the jobs of a run that failed; the others finished.
type JobErrors []*JobError

func (es JobErrors) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d job(s) failed:", len(es))
	for _, e := range es {
		b.WriteString("\n  " + e.Error())
	}
	return b.String()
}

// JobKey names a job: its group, configuration and position.
func JobKey(group, config, position string) string { return records.JobKey(group, config, position) }

// Job is one (configuration, position) pair of a plan: indexes into its
// rows and the row's suite.
type Job struct{ Row, Entry int }

// AllJobs lists the plan's jobs in plan order.
func (p *Plan) AllJobs() []Job {
	var jobs []Job
	for i, row := range p.Rows {
		for j := range row.Suite.Entries {
			jobs = append(jobs, Job{i, j})
		}
	}
	return jobs
}

// Key is the job's JobKey.
func (p *Plan) Key(jb Job) string {
	row := &p.Rows[jb.Row]
	return JobKey(row.Group, row.Name, row.Suite.Entries[jb.Entry].ID)
}

// Run runs every job not in Skip and returns the new records, in plan
// order. When ctx is cancelled, the searches in progress stop at once and
// Run returns the records of the jobs that finished, with ctx's error. A
// job that fails does not stop the others: Run returns every finished
// job's records and a JobErrors naming the failed ones.
func (r *Runner) Run(ctx context.Context) ([]records.Record, error) {
	jobs, est, err := r.Jobs(ctx)
	if err != nil {
		return nil, err
	}
	workers := max(1, min(r.Workers, len(jobs)))
	var stop atomic.Bool
	defer context.AfterFunc(ctx, func() { stop.Store(true) })()

	prog := newTracker(r.OnProgress, r.Plan, jobs, est, len(r.Skip), workers)

	type done struct {
		job  Job
		recs []records.Record
		err  error
	}
	finished := map[Job][]records.Record{}
	var failed JobErrors
	var fatal error
	startErr := Pool(ctx, workers, jobs, &stop, r.Plan.Subject.Start, func(e subject.Engine) { e.Close() },
		func(eng subject.Engine, jb Job) done {
			prog.started(jb)
			recs, err := r.safeJob(eng, jb, &stop)
			prog.finished(jb)
			return done{jb, recs, err}
		},
		func(d done) {
			switch {
			case d.err != nil:
				var je *JobError
				if errors.As(d.err, &je) {
					failed = append(failed, je)
				} else if fatal == nil {
					fatal = d.err
					stop.Store(true)
				}
			case d.recs != nil && fatal == nil:
				finished[d.job] = d.recs
				if r.OnJob != nil {
					if err := r.OnJob(d.recs); err != nil {
						fatal = err
						stop.Store(true)
					}
				}
			}
		})
	var recs []records.Record
	for _, jb := range r.Plan.AllJobs() {
		recs = append(recs, finished[jb]...)
	}
	switch {
	case startErr != nil:
		return recs, fmt.Errorf("starting %s: %v", r.Plan.Subject.Name(), startErr)
	case fatal != nil:
		return recs, fatal
	case ctx.Err() != nil:
		return recs, ctx.Err()
	case len(failed) > 0:
		sort.Slice(failed, func(i, j int) bool { return failed[i].Error() < failed[j].Error() })
		return recs, failed
	}
	return recs, nil
}

// Jobs returns the jobs Run runs, in the order it starts them, with their
// estimated costs: the shard's (all the plan's if unsharded) less those in
// Skip, longest first when scheduled.
func (r *Runner) Jobs(ctx context.Context) ([]Job, map[Job]float64, error) {
	if r.est != nil {
		return r.jobs, r.est, nil
	}
	all := r.Plan.AllJobs()
	est := make(map[Job]float64, len(all))
	for _, jb := range all {
		est[jb] = 1
	}
	sharded := r.Shard.Count > 1
	if sharded || (r.Schedule && len(all) > max(1, r.Workers)) {
		var probe []Job
		for _, jb := range all {
			if c, ok := r.Costs[r.Plan.Key(jb)]; ok {
				est[jb] = c
			} else {
				probe = append(probe, jb)
			}
		}
		if len(probe) > 0 {
			pe, err := r.Plan.Estimate(ctx, probe, max(1, r.Workers))
			if err != nil {
				return nil, nil, err
			}
			// Probed jobs are costed in nodes; beside jobs costed in
			// milliseconds, they are converted at ablate's speed here.
			scale := 1.0
			if len(probe) < len(all) {
				scale = 1.0 / nodesPerMS
			}
			for jb, n := range pe {
				est[jb] = n * scale
			}
		}
	}
	mine := all
	if sharded {
		mine = r.Plan.Assign(est, r.Shard.Count)[r.Shard.Index-1]
	}
	var jobs []Job
	for _, jb := range mine {
		if !r.Skip[r.Plan.Key(jb)] {
			jobs = append(jobs, jb)
		}
	}
	if r.Schedule {
		sort.SliceStable(jobs, func(i, j int) bool { return est[jobs[i]] > est[jobs[j]] })
	}
	r.jobs, r.est = jobs, est
	return jobs, est, nil
}

// nodesPerMS converts estimated nodes to milliseconds where some jobs are
// costed by time: about ablate's speed on one core here.
const nodesPerMS = 3000

// safeJob runs a job, turning a panic into a JobError that names it.
func (r *Runner) safeJob(eng subject.Engine, jb Job, stop *atomic.Bool) (recs []records.Record, err error) {
	row := &r.Plan.Rows[jb.Row]
	defer func() {
		if p := recover(); p != nil {
			err = &JobError{row.Group, row.Name, row.Suite.Entries[jb.Entry].ID, row.Depth,
				fmt.Errorf("panic: %v\n%s", p, debug.Stack())}
		}
	}()
	recs, err = r.runJob(eng, jb, stop)
	if err != nil {
		var je *JobError
		if !errors.As(err, &je) {
			err = &JobError{row.Group, row.Name, row.Suite.Entries[jb.Entry].ID, row.Depth, err}
		}
	}
	return recs, err
}

// runJob searches one position under one configuration Repeat times and
// returns a record per completed depth (and one for the depth a budget cut
// short); nil if the run was stopped.
func (r *Runner) runJob(eng subject.Engine, jb Job, stop *atomic.Bool) ([]records.Record, error) {
	row := &r.Plan.Rows[jb.Row]
	e := &row.Suite.Entries[jb.Entry]
	repeat := max(1, r.Repeat)
	lim := subject.Limits{Depth: row.Depth, Nodes: r.Cap.Nodes, StopAfter: r.Cap.Time, Stop: stop}
	times := make([][]time.Duration, row.Depth) // by depth, one per repeat
	lo := make([]uint64, row.Depth)             // fewest and most nodes by depth
	hi := make([]uint64, row.Depth)
	var first subject.Result
	for k := 0; k < repeat; k++ {
		if err := eng.Reset(row.Config); err != nil {
			return nil, err
		}
		res, err := eng.Search(chess.NewGame(e.Board), lim, nil)
		if err != nil {
			return nil, err
		}
		if stop.Load() {
			return nil, nil
		}
		if k == 0 {
			first = res
		}
		for _, it := range res.Iterations {
			d := it.Depth - 1 // an external engine may skip a depth
			if d < 0 || d >= row.Depth {
				continue
			}
			times[d] = append(times[d], it.Elapsed)
			if len(times[d]) == 1 {
				lo[d], hi[d] = it.Nodes, it.Nodes
			}
			lo[d], hi[d] = min(lo[d], it.Nodes), max(hi[d], it.Nodes)
		}
		if res.Depth() < row.Depth {
			break // cut short: the budget would cut every repeat
		}
	}

	// A position that ends the game (mate or stalemate) has nothing to
	// search: its one iteration stands for every depth, a job complete,
	// not one the cap cut short.
	if n := len(first.Iterations); n > 0 && first.Depth() < row.Depth && gameOver(e.Board) {
		last := first.Iterations[n-1]
		for d := last.Depth + 1; d <= row.Depth; d++ {
			it := last
			it.Depth = d
			first.Iterations = append(first.Iterations, it)
			times[d-1], lo[d-1], hi[d-1] = times[last.Depth-1], lo[last.Depth-1], hi[last.Depth-1]
		}
	}
	recs := make([]records.Record, 0, len(first.Iterations)+1)
	for i := range first.Iterations {
		it := &first.Iterations[i]
		d := it.Depth - 1
		if d < 0 || d >= row.Depth {
			continue
		}
		rec := r.record(row, e, it)
		rec.NodesSpread = hi[d] - lo[d]
		med, fastest := medianMin(times[d])
		rec.TimeMS, rec.TimeMin = ms(med), ms(fastest)
		rec.Repeats = len(times[d])
		samples := make([]string, len(times[d]))
		for k, t := range times[d] {
			samples[k] = strconv.FormatFloat(ms(t), 'f', -1, 64)
		}
		rec.TimesMS = strings.Join(samples, ";")
		if med > 0 {
			rec.NPS = float64(it.Nodes) / med.Seconds()
		}
		if i > 0 && first.Iterations[i-1].Nodes > 0 {
			rec.EBF = float64(it.Nodes) / float64(first.Iterations[i-1].Nodes)
		}
		recs = append(recs, rec)
	}
	if depth := first.Depth(); depth < row.Depth {
		// The budget stopped it: one record for the iteration it was in.
		rec := records.Record{Group: row.Group, Config: row.Name, Position: e.ID, Depth: depth + 1,
			Nodes: first.Nodes, TimeMS: ms(first.Elapsed), TimeMin: ms(first.Elapsed),
			TimesMS: strconv.FormatFloat(ms(first.Elapsed), 'f', -1, 64), Repeats: 1,
			Engine: r.Plan.Subject.Name(), Techniques: row.Config.Techniques(), Params: row.Config.Params(),
			CapExceeded: "time", NoCounters: true}
		if r.Cap.Nodes != 0 && first.Nodes >= r.Cap.Nodes {
			rec.CapExceeded = "nodes"
		}
		recs = append(recs, rec)
	}
	return recs, nil
}

// counterColumns name the search's counters in records.
var counterColumns = search.CounterColumns()

// record fills in what one iteration found.
func (r *Runner) record(row *Row, e *positions.Entry, it *subject.Iteration) records.Record {
	rec := records.Record{
		Group: row.Group, Config: row.Name, Position: e.ID, Depth: it.Depth,
		Nodes: it.Nodes, BestMove: it.Move.String(), ScoreCP: it.Score, SelDepth: it.SelDepth,
		Engine: r.Plan.Subject.Name(), Techniques: row.Config.Techniques(), Params: row.Config.Params(),
	}
	if search.IsMate(it.Score) {
		rec.MateIn = search.MateIn(it.Score)
	}
	if it.Move != chess.NullMove {
		if solved, applies := e.Solved(it.Move); applies {
			rec.Solved = map[bool]string{true: "yes", false: "no"}[solved]
		}
	}
	st := it.Stats
	if st == nil {
		return externalCounts(rec, r.Plan.Subject, it.Counters)
	}
	rec.QNodes = st.QNodes
	rec.TTHitRate, rec.FirstMoveCutoffRate = st.TTHitRate(), st.FirstMoveCutoffRate()
	rec.PVSResearchRate, rec.LMRResearchRate = st.PVSResearchRate(), st.LMRResearchRate()
	rec.MeanReduction = st.MeanReduction()
	rec.Counts = records.Counts{Names: counterColumns, Values: st.Count.Columns()}
	return rec
}

// externalCounts fills in the counters an external engine reported
// (counts, by ablate's column names) for the columns its profile names,
// and the rates those give; the other columns are not in its records.
// An engine that reports none, or an iteration it did not report for,
// has its counters unknown.
func externalCounts(rec records.Record, sub subject.Subject, counts map[string]uint64) records.Record {
	names := counterColumns
	if c, ok := sub.(subject.CounterNames); ok && len(c.CounterNames()) > 0 {
		names = slices.DeleteFunc(slices.Clone(c.CounterNames()), func(n string) bool { return n == "qnodes" }) // a column of its own
	}
	rec.Counts = records.Counts{Names: names}
	if counts == nil {
		rec.NoCounters = true
		return rec
	}
	rec.Counts.Values = make([]uint64, len(names))
	for i, n := range names {
		rec.Counts.Values[i] = counts[n]
	}
	rate := func(a, b string) float64 {
		if counts[b] == 0 {
			return 0
		}
		return float64(counts[a]) / float64(counts[b])
	}
	rec.QNodes = counts["qnodes"]
	rec.TTHitRate, rec.FirstMoveCutoffRate = rate("tt_hits", "tt_probes"), rate("first_move_cutoffs", "beta_cutoffs")
	rec.PVSResearchRate, rec.LMRResearchRate = rate("pvs_researches", "pvs_searches"), rate("lmr_researches", "lmr_reduced")
	rec.MeanReduction = rate("lmr_plies", "lmr_reduced")
	return rec
}

// gameOver reports whether the side to move has no legal move.
func gameOver(p chess.Position) bool {
	var l chess.MoveList
	p.LegalMoves(&l)
	return l.N == 0
}

func medianMin(ts []time.Duration) (median, fastest time.Duration) {
	if len(ts) == 0 {
		return 0, 0
	}
	s := slices.Clone(ts)
	slices.Sort(s)
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
func (p *Plan) Order(recs []records.Record) {
	rank := map[string]int{}
	for i, jb := range p.AllJobs() {
		rank[p.Key(jb)] = i
	}
	records.SortByJob(recs, rank)
}

// Info describes the plan's configurations for run.json, and each of its
// position sets' ids in order (keyed s1, s2, ... in order of first use).
func (p *Plan) Info() ([]resultdir.ConfigInfo, map[string][]string) {
	out := make([]resultdir.ConfigInfo, len(p.Rows))
	suites := map[string][]string{}
	key := map[*positions.Suite]string{}
	for i, row := range p.Rows {
		k, ok := key[row.Suite]
		if !ok {
			k = fmt.Sprintf("s%d", len(key)+1)
			key[row.Suite] = k
			for _, e := range row.Suite.Entries {
				suites[k] = append(suites[k], e.ID)
			}
		}
		out[i] = resultdir.ConfigInfo{Group: row.Group, Name: row.Name, Spec: row.Spec,
			Techniques: row.Config.Techniques(), Params: row.Config.Params(),
			Positions: row.Suite.Name, Suite: k, Depth: row.Depth}
	}
	return out, suites
}

// RunShape is what run.json says of a run beside its plan: its jobs (this
// shard's), workers, repeats, table size, shard, and what else its numbers
// depend on (Key, into the fingerprint).
type RunShape struct {
	Jobs, Workers, Repeat, HashMB int
	Shard                         setup.Shard
	Key                           string
}

// Describe fills run.json's description of the plan: its configurations
// and suites, references, the run's shape, the fingerprint by which shards
// are matched, and the shard.
func (p *Plan) Describe(info *resultdir.RunInfo, r RunShape) {
	info.Configs, info.Suites = p.Info()
	info.Reference = p.Reference
	info.Jobs, info.Workers, info.Repeat, info.HashMB = r.Jobs, r.Workers, r.Repeat, r.HashMB
	info.Fingerprint = p.Fingerprint(r.Key)
	if r.Shard.Count > 1 {
		host, _ := os.Hostname()
		info.Shard = &resultdir.ShardInfo{Index: r.Shard.Index, Count: r.Shard.Count, Host: host, Jobs: r.Jobs}
	}
}
