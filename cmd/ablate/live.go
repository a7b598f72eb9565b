package main

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/jedib0t/go-pretty/v6/progress"

	"github.com/ablate-chess/ablate/experiments"
	"github.com/ablate-chess/ablate/experiments/match"
	"github.com/ablate-chess/ablate/results"
)

// liveLine shows a match's state on stderr as pairs are counted: a
// go-pretty tracker on a terminal (games, score, Elo ±, LLR and bounds),
// else a plain line at every tenth of the match.
type liveLine struct {
	w       io.Writer
	m       *match.Match
	pw      progress.Writer
	tracker *progress.Tracker
	mu      sync.Mutex
	printed int // tenths already printed, off a terminal
	quiet   bool
}

// startBar draws one go-pretty tracker on a terminal: bar width, message
// width, and go-pretty's own ETA if eta.
func startBar(f *os.File, tr *progress.Tracker, length, message int, eta bool) progress.Writer {
	pw := progress.NewWriter()
	pw.SetOutputWriter(f)
	pw.SetAutoStop(false)
	pw.SetTrackerLength(length)
	pw.SetMessageLength(message)
	pw.SetUpdateFrequency(200 * time.Millisecond)
	pw.Style().Visibility.ETA = eta
	pw.Style().Visibility.Speed = false
	pw.Style().Options.TimeInProgressPrecision = time.Second
	pw.AppendTracker(tr)
	go pw.Render()
	return pw
}

func isTerminal(w io.Writer) (*os.File, bool) {
	f, ok := w.(*os.File)
	if !ok {
		return nil, false
	}
	st, err := f.Stat()
	return f, err == nil && st.Mode()&os.ModeCharDevice != 0
}

func startLive(w io.Writer, quiet bool, m *match.Match) *liveLine {
	l := &liveLine{w: w, m: m, quiet: quiet}
	f, term := isTerminal(w)
	if quiet || !term {
		return l
	}
	l.tracker = &progress.Tracker{Message: m.A.Name + " vs " + m.B.Name, Total: int64(2 * m.Pairs), Units: progress.UnitsDefault}
	l.pw = startBar(f, l.tracker, 20, 90, true)
	return l
}

func (l *liveLine) update(out *match.Outcome) {
	l.mu.Lock()
	defer l.mu.Unlock()
	r := out.Score.Result(l.m.SPRT)
	line := r.Line()
	switch {
	case l.tracker != nil:
		l.tracker.SetValue(int64(r.Games))
		l.tracker.UpdateMessage(line)
	case !l.quiet:
		if tenth := 10 * len(out.Pairs) / l.m.Pairs; tenth > l.printed || out.Verdict != "" {
			l.printed = tenth
			fmt.Fprintf(l.w, "%s vs %s: %s\n", l.m.A.Name, l.m.B.Name, line)
		}
	}
}

func (l *liveLine) stop() {
	if l.pw != nil {
		l.tracker.MarkAsDone()
		time.Sleep(250 * time.Millisecond)
		l.pw.Stop()
	}
}

func startProgress(w io.Writer, quiet bool, total, done int) *progressBar {
	return startUnits(w, quiet, "jobs", total, done, false)
}

// startUnits starts a bar of units (jobs, pairs), with the time left if
// eta; off a terminal, or quiet, it draws nothing.
func startUnits(w io.Writer, quiet bool, units string, total, done int, eta bool) *progressBar {
	f, term := isTerminal(w)
	if quiet || !term || total == 0 {
		return &progressBar{}
	}
	tr := &progress.Tracker{Message: units, Total: int64(total), Units: progress.UnitsDefault}
	tr.SetValue(int64(done))
	pw := startBar(f, tr, 24, 60, eta)
	return &progressBar{pw: pw, tracker: tr}
}

// update shows the runner's progress.
// set shows done units and a message.
func (b *progressBar) set(done int, msg string) {
	if b.tracker != nil {
		b.tracker.SetValue(int64(done))
		b.tracker.UpdateMessage(msg)
	}
}

func (b *progressBar) update(p experiments.Progress) {
	if b.tracker == nil {
		return
	}
	b.tracker.SetValue(int64(p.Done))
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
	b.tracker.UpdateMessage(msg)
}

func (b *progressBar) stop() {
	if b.pw != nil {
		b.tracker.MarkAsDone()
		time.Sleep(250 * time.Millisecond) // let the last frame render
		b.pw.Stop()
	}
}

// warnCutShort says on stderr which configurations their budget cut short.
func warnCutShort(w io.Writer, sums []results.Summary) {
	for _, s := range sums {
		if s.CutShort > 0 {
			fmt.Fprintf(w, "warning: %s / %s: %d of %d positions cut short by the cap (--max-nodes, --max-time); "+
				"they are left out of its summary, whose totals are unknown\n", s.Group, s.Config, s.CutShort, s.CutShort+s.Positions)
		}
	}
}

// progressBar shows jobs done, the jobs running and the time left (the
// runner's learned estimate) on stderr, when stderr is a terminal and the
// user did not ask for quiet.
type progressBar struct {
	pw      progress.Writer
	tracker *progress.Tracker
}
