package matrix

import (
	"context"
	"errors"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ablate-chess/ablate/engine/chess"
	"github.com/ablate-chess/ablate/engine/subject"
	"github.com/ablate-chess/ablate/experiments/records"
	"github.com/ablate-chess/ablate/experiments/setup"
)

// TestBudgetCutsShort gives each job fewer nodes than the deepest searches
// need: those jobs end with a record marked cap_exceeded holding exactly
// the budget's nodes, and the run goes on.
func TestBudgetCutsShort(t *testing.T) {
	plan := smallPlan(t)
	const budget = 10000
	recs, err := (&Runner{Plan: plan, Workers: 2, Cap: setup.Cap{Nodes: budget}}).Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	cut, whole := 0, 0
	last := map[string]int{}
	for i, r := range recs {
		k := JobKey(r.Group, r.Config, r.Position)
		if r.CapExceeded != "" {
			cut++
			if r.CapExceeded != "nodes" || r.Nodes != budget || !r.NoCounters || r.Depth != last[k]+1 {
				t.Errorf("cut record %+v after depth %d", r, last[k])
			}
			if i+1 < len(recs) && JobKey(recs[i+1].Group, recs[i+1].Config, recs[i+1].Position) == k {
				t.Errorf("%s: records after the cut one", k)
			}
		} else {
			if r.Nodes >= budget {
				t.Errorf("%s depth %d: %d nodes, past the budget, not marked", k, r.Depth, r.Nodes)
			}
			if r.Depth == 6 {
				whole++
			}
		}
		last[k] = r.Depth
	}
	if cut == 0 || whole == 0 || cut+whole != plan.Jobs() {
		t.Errorf("%d jobs cut short and %d whole, of %d", cut, whole, plan.Jobs())
	}
}

// panicky is ablate's engine, except that it panics on Kiwipete.
type panicky struct{ subject.Native }

func (p panicky) Start() (subject.Engine, error) {
	e, err := p.Native.Start()
	return panickyEngine{e}, err
}

type panickyEngine struct{ subject.Engine }

func (e panickyEngine) Search(g *chess.Game, lim subject.Limits, f func(*subject.Iteration)) (subject.Result, error) {
	if kiwipete(&g.Position) {
		panic("boom")
	}
	return e.Engine.Search(g, lim, f)
}

// kiwipete has a black knight on b6, alone of six.
func kiwipete(p *chess.Position) bool {
	return p.PieceOn(chess.MakeSquare(1, 5)) == chess.MakePiece(chess.Black, chess.Knight)
}

// TestPanicNamesTheJob: a panic in a worker fails that job only; the error
// names it, and every other job's records are returned.
func TestPanicNamesTheJob(t *testing.T) {
	plan, err := Build(Request{Configs: []string{"a=full"}, Options: Options{Positions: "six", Depth: 3, Subject: panicky{}}})
	if err != nil {
		t.Fatal(err)
	}
	victim := "kiwipete"
	var finished int
	recs, err := (&Runner{Plan: plan, Workers: 2, OnJob: func([]records.Record) error { finished++; return nil }}).Run(context.Background())
	var je JobErrors
	if !errors.As(err, &je) || len(je) != 1 {
		t.Fatalf("error %v", err)
	}
	if msg := je[0].Error(); !strings.HasPrefix(msg, "a on "+victim+", depth 3: panic: boom") {
		t.Errorf("error %q does not name the job", msg)
	}
	if finished != 5 || len(recs) != 5*3 {
		t.Errorf("%d jobs finished, %d records", finished, len(recs))
	}
}

// TestEstimatesOrderTheJobs: the shallow pass knows the exact count of a job
// it completes, and ranks stage-9 far above full at depth 8.
func TestEstimatesOrderTheJobs(t *testing.T) {
	plan, err := Build(Request{Configs: []string{"full=full", "s9=stage-9"}, Options: Options{Positions: "six", Depth: 8}})
	if err != nil {
		t.Fatal(err)
	}
	jobs := plan.AllJobs()
	est, err := plan.Estimate(context.Background(), jobs, 2)
	if err != nil {
		t.Fatal(err)
	}
	var full, s9 float64
	for _, jb := range jobs {
		if est[jb] <= 0 {
			t.Errorf("%s: estimate %v", plan.Key(jb), est[jb])
		}
		if jb.Row == 0 {
			full += est[jb]
		} else {
			s9 += est[jb]
		}
	}
	if s9 < 5*full {
		t.Errorf("stage-9 estimated at %.0f nodes, full at %.0f", s9, full)
	}
	shallow, _ := Build(Request{Configs: []string{"full=full"}, Options: Options{Positions: "six", Depth: 2}})
	sj := shallow.AllJobs()
	est, _ = shallow.Estimate(context.Background(), sj, 1)
	recs, _ := (&Runner{Plan: shallow, Workers: 1}).Run(context.Background())
	for _, r := range recs {
		if r.Depth == 2 && float64(r.Nodes) != est[sj[0]] && r.Position == shallow.Rows[0].Suite.Entries[0].ID {
			t.Errorf("exact estimate %v, search %d", est[sj[0]], r.Nodes)
		}
	}
}

// TestTrackerLearnsTheRate: after one job, the time left is the estimated
// work left at the rate that job took, shared by the workers, less what
// the running jobs have already spent.
func TestTrackerLearnsTheRate(t *testing.T) {
	plan, _ := Build(Request{Configs: []string{"a=full"}, Options: Options{Positions: "six", Depth: 1}})
	jobs := plan.AllJobs()[:4]
	est := map[Job]float64{jobs[0]: 100, jobs[1]: 100, jobs[2]: 200, jobs[3]: 400}
	var last Progress
	tr := newTracker(func(p Progress) { last = p }, plan, jobs, est, 0, 2)
	clock := time.Unix(0, 0)
	tr.now = func() time.Time { return clock }
	tr.started(jobs[0])
	tr.started(jobs[1])
	clock = clock.Add(10 * time.Millisecond) // 0.1 ms a node
	tr.finished(jobs[0])
	// Left: job 1 (10 ms, all of it spent), jobs 2 and 3 (20 + 40 ms), over 2 workers.
	if last.Done != 1 || last.ETA != 30*time.Millisecond || len(last.Running) != 1 {
		t.Errorf("progress %+v, want 1 done, 30ms left, 1 running", last)
	}
}

// BenchmarkExternalOverhead runs Toga II over the bench suite at depth 10
// (ucinewgame ... go depth 10 per job, one worker) and reports the CPU time
// ablate's own process spent (reading and checking every line, building
// records; getrusage of this process, not its children) as a share of the
// search time the engine reported, and the engine's restarts as a share of
// the wall time.
func BenchmarkExternalOverhead(b *testing.B) {
	if _, err := os.Stat("/usr/games/toga2"); err != nil {
		b.Skip("toga2 not installed")
	}
	for _, reset := range []string{"restart", "ucinewgame"} {
		b.Run("reset="+reset, func(b *testing.B) {
			prof, _ := subject.LoadProfile("toga2")
			prof.Reset = reset
			u, err := subject.OpenUCI(subject.UCI{Command: "/usr/games/toga2", Profile: prof})
			if err != nil {
				b.Fatal(err)
			}
			plan, err := Build(Request{Configs: []string{"d=default"}, Options: Options{Positions: "bench", Depth: 10, Subject: u}})
			if err != nil {
				b.Fatal(err)
			}
			var engineMS float64
			var self time.Duration
			for b.Loop() {
				before := cpuSelf()
				recs, err := (&Runner{Plan: plan, Workers: 1}).Run(context.Background())
				if err != nil {
					b.Fatal(err)
				}
				self += cpuSelf() - before
				for _, r := range recs {
					if r.Depth == 10 {
						engineMS += r.TimeMS
					}
				}
			}
			b.ReportMetric(100*self.Seconds()*1000/engineMS, "%ablate-cpu")
			b.ReportMetric(100*(b.Elapsed().Seconds()*1000-engineMS)/(b.Elapsed().Seconds()*1000), "%not-searching")
		})
	}
}

func cpuSelf() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
