// Package runs is ablate run as a library: one type, Run, owns a run's
// request, its directory and its life (begun, refused, replaced, resumed,
// continued, finished), so that the command is flags, a request, a few
// calls and a table.
//
//	runs.go  Settings (run.json's request), Run: Open, Prepare, Execute
//	life.go  Do: the three in one call, with one progress callback
package runs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/ablate-chess/ablate/engine/search"
	"github.com/ablate-chess/ablate/engine/subject"
	"github.com/ablate-chess/ablate/experiments/matrix"
	"github.com/ablate-chess/ablate/experiments/records"
	"github.com/ablate-chess/ablate/experiments/resultdir"
	"github.com/ablate-chess/ablate/experiments/setup"
)

// Settings are everything a run needs besides its plan; they are stored in
// run.json, so that a resume rebuilds the same run.
type Settings struct {
	Request   matrix.Request `json:"request"`
	Repeat    int            `json:"repeat"`
	Workers   int            `json:"workers"`
	HashMB    int            `json:"hash_mb"`
	MaxNodes  uint64         `json:"max_nodes"`
	MaxTime   time.Duration  `json:"max_time"`
	Subject   setup.Subject  `json:"subject"`
	Shard     setup.Shard    `json:"shard"`
	Estimates string         `json:"estimates,omitempty"`
}

// Cap is each job's cap.
func (s *Settings) Cap() setup.Cap {
	return setup.Cap{Nodes: s.MaxNodes, Time: s.MaxTime}
}

// Request is what a run is asked to do.
type Request struct {
	Settings Settings // a new run's; a resumed run reads its own
	Out      string   // its directory; "" keeps nothing
	Replace  bool     // replace what Out holds, once the new run is complete
	// Resume, if set, is Out, and the run is the one its directory
	// holds, with the settings it began with (but Workers, if
	// WorkersGiven): the command line need not repeat them.
	Resume       string
	WorkersGiven bool
	Args         []string // the command line, for run.json
	Format       string
}

// Run is a run through its life.
type Run struct {
	Request
	Dir string // where it writes: Out, or Out's staging directory; "" for none
	// Complete: Out holds this run, complete; there is nothing to do, and
	// Records and Summaries are read from it.
	Complete bool

	Plan      *matrix.Plan
	Records   []records.Record  // after Execute: every record, the resumed ones too, in plan order
	Summaries []records.Summary // after Execute
	Failed    matrix.JobErrors
	// OnProgress, if set before Execute, is called as jobs start and end.
	OnProgress func(matrix.Progress)

	claim  *resultdir.Claim
	info   *resultdir.RunInfo
	prior  []records.Record
	runner *matrix.Runner
	total  int
	d      *resultdir.Dir
}

// Failed is a run some of whose jobs failed: the others' records are kept.
type Failed struct {
	Jobs matrix.JobErrors
	Dir  string
}

func (e *Failed) Error() string {
	msg := e.Jobs.Error()
	if e.Dir != "" {
		msg += fmt.Sprintf("\nthe other jobs' records are in %s; the same command again retries the failed ones", e.Dir)
	}
	return msg
}

func (e *Failed) Unwrap() error { return e.Jobs }

// Plan is what a run computes, for comparing a request with the run a
// directory holds: its settings without those that change no record (the
// workers, the jobs' scheduling), and the engine's default base named.
func Plan(s Settings) Settings {
	s.Workers, s.Estimates = 0, ""
	native := s.Subject.Engine == "" && s.Subject.Source == nil
	if s.Request.Base == "" && native {
		s.Request.Base = search.DefaultPreset
	}
	if q := &s.Request; q.Experiment == "" && len(q.Configs)+len(q.Ladder)+len(q.LeaveOneOut)+len(q.Factorial)+len(q.Sweeps) == 0 && native {
		q.Experiment = "stages" // what Prepare runs when nothing is asked
	}
	return s
}

// stored reads the plan of the run in dir.
func stored(dir string) (any, bool, error) {
	ri, err := resultdir.ReadRunInfo(dir)
	if err != nil {
		return nil, false, err
	}
	var s Settings
	if err := json.Unmarshal(ri.Request, &s); err != nil {
		return nil, false, fmt.Errorf("run.json has no usable request: %v", err)
	}
	return Plan(s), ri.Complete, nil
}

// Open claims the request's directory (locked until the run ends) and
// decides the run's life, doing no search and no build: a new run in an
// empty directory (or beside the one it replaces), the interrupted run it
// holds with the same plan (resumed), or that run complete (Complete: read
// back). A run with another plan there, or anything else, is refused
// (*resultdir.PlanChangedError, *resultdir.OccupiedError).
func Open(r Request) (*Run, error) {
	run := &Run{Request: r}
	if r.Resume != "" {
		run.Out = r.Resume
		ri, err := resultdir.ReadRunInfo(r.Resume)
		if err != nil {
			return nil, setup.BadSetting("resume", "%s: %v", r.Resume, err)
		}
		workers := run.Settings.Workers
		run.Settings = Settings{}
		if err := json.Unmarshal(ri.Request, &run.Settings); err != nil {
			return nil, setup.BadSetting("resume", "%s: run.json has no usable request: %v", r.Resume, err)
		}
		if r.WorkersGiven {
			run.Settings.Workers = workers
		}
	}
	if run.Out == "" {
		return run, nil
	}
	claim, err := resultdir.Open(resultdir.Ask{Dir: run.Out, Kind: "run", Replace: r.Replace,
		Plan: Plan(run.Settings), Stored: stored, Description: &resultdir.RunInfo{}})
	if err != nil {
		return nil, err
	}
	run.claim, run.Dir = claim, claim.Dir
	switch claim.State {
	case resultdir.Complete:
		run.Complete = true
		defer claim.Release()
		if run.Records, err = resultdir.ReadRun(claim.Dir); err != nil {
			return nil, err
		}
		sums, err := resultdir.ReadSummaries(claim.Dir)
		if err != nil {
			return nil, err
		}
		run.Summaries = sums
	case resultdir.Resumed:
		ri, recs, err := resultdir.ResumeRun(claim.Dir)
		if err != nil {
			claim.Release()
			return nil, err
		}
		run.info, run.prior = ri, recs
	}
	return run, nil
}

// Close lets go of the run's directory (Execute does, at its end).
func (r *Run) Close() { r.claim.Release() }

// Prepare makes the subject (what it is set to goes to log; ctx stops a
// build), builds the plan and its jobs, and writes run.json, so that an
// interrupted run can be resumed.
func (r *Run) Prepare(ctx context.Context, log io.Writer) (err error) {
	defer func() {
		if err != nil {
			r.claim.Release()
		}
	}()
	s := &r.Settings
	if s.Repeat < 1 {
		return setup.BadSetting("repeat", "%d: must be at least 1", s.Repeat)
	}
	if s.Workers < 1 {
		return setup.BadSetting("workers", "%d: must be at least 1", s.Workers)
	}
	if err := setup.CheckHash(s.HashMB, s.Workers); err != nil {
		return err
	}
	var sub subject.Subject
	sub, err = matrix.MakeSubject(ctx, s.Subject, s.HashMB, s.Cap(), s.Request.Experiment, log)
	if err != nil {
		return err
	}
	s.Request.Subject = sub
	if q := &s.Request; q.Experiment == "" && len(q.Configs)+len(q.Ladder)+len(q.LeaveOneOut)+len(q.Factorial)+len(q.Sweeps) == 0 {
		// Nothing asked: every variant of an engine built from source
		// against the first, else the stages experiment.
		q.Experiment = "stages"
		if v, ok := sub.(interface{ VariantNames() []string }); ok {
			q.Experiment = ""
			for _, name := range v.VariantNames() {
				q.Configs = append(q.Configs, name+"="+name)
			}
		}
	}
	if r.Plan, err = matrix.Build(s.Request); err != nil {
		return err
	}
	if err := samePresets(r.Plan, r.prior); err != nil {
		return setup.BadSetting("out", "%s: %v", r.Dir, err)
	}
	skip := map[string]bool{}
	for _, rec := range r.prior {
		skip[matrix.JobKey(rec.Group, rec.Config, rec.Position)] = true
	}
	r.runner = &matrix.Runner{Plan: r.Plan, Workers: s.Workers, Repeat: s.Repeat,
		Cap: s.Cap(), Schedule: true, Skip: skip, Shard: s.Shard}
	if s.Estimates != "" {
		prev, err := resultdir.ReadRun(s.Estimates)
		if err != nil {
			return setup.BadSetting("estimates", "%v", err)
		}
		r.runner.Costs = records.JobCosts(prev)
	}
	jobs, _, err := r.runner.Jobs(ctx)
	if errors.Is(err, context.Canceled) {
		return &resultdir.Interrupted{During: "the shallow pass that estimates each job's cost, before any job"}
	}
	if err != nil {
		return err
	}
	r.total = len(jobs) + len(skip)
	if s.Shard.Count > 1 {
		fmt.Fprintf(log, "shard %s: %d of the plan's %d jobs\n", s.Shard, r.total, r.Plan.Jobs())
	}
	if r.Dir == "" {
		return nil
	}
	resuming := r.info != nil
	if !resuming {
		req, _ := json.Marshal(s)
		r.info = &resultdir.RunInfo{Args: r.Args, Request: req, Format: r.Format, Experiment: r.Plan.Name,
			Description: r.Plan.Description, Life: resultdir.Begin(r.claim.Replaces())}
	}
	r.Plan.Describe(r.info, matrix.RunShape{Jobs: r.total, Workers: s.Workers, Repeat: s.Repeat,
		HashMB: s.HashMB, Shard: s.Shard,
		Key: fmt.Sprintf("repeat=%d max-nodes=%d max-time=%v", s.Repeat, s.MaxNodes, s.MaxTime)})
	r.d, err = resultdir.OpenDir(r.Dir, r.info, resuming)
	return err
}

// Jobs is how many jobs the run has (its shard's), and how many of them a
// resume found done.
func (r *Run) Jobs() (total, done int) { return r.total, len(r.runner.Skip) }

// Execute runs the jobs left, journaling each as it finishes, then writes
// the result files and run.json: complete, or as far as it got. A run
// some of whose jobs failed keeps the others (Failed, and an error); one
// stopped by ctx is an *Interrupted. Records and Summaries hold what
// there is either way.
func (r *Run) Execute(ctx context.Context) error {
	defer r.claim.Release()
	defer r.d.Close()
	r.runner.OnProgress = r.OnProgress
	r.runner.OnJob = func(recs []records.Record) error { return r.d.AppendJSON(recs) }
	recs, runErr := r.runner.Run(ctx)
	interrupted := errors.Is(runErr, context.Canceled)
	if runErr != nil && !interrupted && !errors.As(runErr, &r.Failed) {
		return runErr
	}
	r.Records = append(r.prior, recs...)
	r.Plan.Order(r.Records)
	var err error
	if r.Summaries, err = records.Summarize(r.Records, r.Plan.Reference); err != nil {
		return err
	}
	if r.info != nil {
		r.info.Failed = nil
		for _, f := range r.Failed {
			r.info.Failed = append(r.info.Failed, f.Error())
		}
	}
	// A complete run's records are all in records.csv; the journal was
	// only there to resume it.
	if err := r.d.Finish(!interrupted && r.Failed == nil, func(dir string) error {
		return resultdir.WriteRunFiles(dir, r.Records, r.Summaries)
	}); err != nil {
		return err
	}
	if r.d != nil {
		r.Dir = r.d.Path // a replacement, complete, is at Out
	}
	switch {
	case r.Failed != nil:
		return &Failed{Jobs: r.Failed, Dir: r.Dir}
	case interrupted:
		return &resultdir.Interrupted{Done: len(r.runner.Skip) + records.CountJobs(recs), Total: r.total, Units: "jobs", Dir: r.Dir}
	}
	return nil
}

// samePresets checks that the configurations about to finish an
// interrupted run switch on what they began with: a spec whose preset has
// moved since (full following a new stage) would mix two engines'
// records under one name.
func samePresets(plan *matrix.Plan, prior []records.Record) error {
	known := plan.Subject.Techniques()
	checked := map[string]bool{}
	for _, rec := range prior {
		key := rec.Group + "\x00" + rec.Config
		if checked[key] {
			continue
		}
		checked[key] = true
		for i := range plan.Rows {
			row := &plan.Rows[i]
			if row.Group != rec.Group || row.Name != rec.Config {
				continue
			}
			if gained, lost := setup.MovedTechniques(known, rec.Techniques, row.Config.Techniques()); len(gained)+len(lost) > 0 {
				return setup.MovedError(row.Name, row.Spec, gained, lost)
			}
		}
	}
	return nil
}
