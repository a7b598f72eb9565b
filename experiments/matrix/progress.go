package matrix

import (
	"sort"
	"sync"
	"time"
)

// tracker reports a run's progress with a learned ETA: each finished job
// teaches the time one estimated node takes, and the estimated nodes of
// the jobs left, at that rate over the workers, is the time left.
type tracker struct {
	report  func(Progress)
	plan    *Plan
	est     map[Job]float64
	workers int
	now     func() time.Time

	mu       sync.Mutex
	total    int
	done     int
	left     float64 // estimated nodes of the jobs not finished
	running  map[Job]time.Time
	spent    time.Duration // time of the finished jobs
	estSpent float64       // their estimates
}

func newTracker(report func(Progress), plan *Plan, jobs []Job, est map[Job]float64, skipped, workers int) *tracker {
	t := &tracker{report: report, plan: plan, est: est, workers: workers,
		total: len(jobs) + skipped, done: skipped, running: map[Job]time.Time{}, now: time.Now}
	for _, jb := range jobs {
		t.left += est[jb]
	}
	return t
}

func (t *tracker) started(jb Job) {
	if t.report == nil {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.running[jb] = t.now()
	t.send()
}

func (t *tracker) finished(jb Job) {
	if t.report == nil {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if start, ok := t.running[jb]; ok {
		t.spent += t.now().Sub(start)
		t.estSpent += t.est[jb]
		delete(t.running, jb)
	}
	t.left -= t.est[jb]
	t.done++
	t.send()
}

func (t *tracker) send() {
	p := Progress{Done: t.done, Total: t.total}
	for jb := range t.running {
		row := &t.plan.Rows[jb.Row]
		p.Running = append(p.Running, row.Name+" on "+row.Suite.Entries[jb.Entry].ID)
	}
	sort.Strings(p.Running)
	if t.estSpent > 0 {
		perNode := float64(t.spent) / t.estSpent
		// The jobs not started take their estimate at the learned rate;
		// those running, what of it they have not yet spent.
		work := perNode * t.left
		for jb, start := range t.running {
			work -= perNode * t.est[jb]
			work += max(perNode*t.est[jb]-float64(t.now().Sub(start)), 0)
		}
		p.ETA = time.Duration(max(work, 0) / float64(t.workers))
	}
	t.report(p)
}
