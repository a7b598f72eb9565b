// Package term draws a long job's progress on a terminal: one go-pretty
// tracker (done of total, a message, the time left), and off a terminal
// either nothing or a plain line at every tenth of the job.
package term

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/jedib0t/go-pretty/v6/progress"
)

// Bar is a job's progress on stderr.
type Bar struct {
	w       io.Writer
	title   string
	total   int
	plain   bool // off a terminal: a line at every tenth
	pw      progress.Writer
	tracker *progress.Tracker
	mu      sync.Mutex
	printed int // tenths already printed, off a terminal
}

// Options say what a bar shows.
type Options struct {
	Title       string // the tracker's first message, and a plain line's head
	Units       string // what is counted (jobs, pairs, games): the plain line's unit
	Total, Done int
	ETA         bool // go-pretty's own time left
	Width       int  // the message's width (default 60)
	Quiet       bool // draw nothing
	Plain       bool // off a terminal, print "title: message" at every tenth
}

// Start draws a bar on w when w is a terminal and not quiet.
func Start(w io.Writer, o Options) *Bar {
	b := &Bar{w: w, title: o.Title, total: o.Total, plain: o.Plain && !o.Quiet}
	f, term := IsTerminal(w)
	if o.Quiet || !term || o.Total == 0 {
		return b
	}
	b.plain = false
	width := o.Width
	if width == 0 {
		width = 60
	}
	msg := o.Title
	if msg == "" {
		msg = o.Units
	}
	b.tracker = &progress.Tracker{Message: msg, Total: int64(o.Total), Units: progress.UnitsDefault}
	b.tracker.SetValue(int64(o.Done))
	pw := progress.NewWriter()
	pw.SetOutputWriter(f)
	pw.SetAutoStop(false)
	pw.SetTrackerLength(24)
	pw.SetMessageLength(width)
	pw.SetUpdateFrequency(200 * time.Millisecond)
	pw.Style().Visibility.ETA = o.ETA
	pw.Style().Visibility.Speed = false
	pw.Style().Options.TimeInProgressPrecision = time.Second
	pw.AppendTracker(b.tracker)
	go pw.Render()
	b.pw = pw
	return b
}

// Set shows done units and a message; off a terminal, with Plain, it
// prints the message at each new tenth of the total, or when last.
func (b *Bar) Set(done int, msg string, last bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	switch {
	case b.tracker != nil:
		b.tracker.SetValue(int64(done))
		b.tracker.UpdateMessage(msg)
	case b.plain && b.total > 0:
		if tenth := 10 * done / b.total; tenth > b.printed || last {
			b.printed = tenth
			fmt.Fprintf(b.w, "%s: %s\n", b.title, msg)
		}
	}
}

// Stop draws the last frame and stops the bar.
func (b *Bar) Stop() {
	if b.pw != nil {
		b.tracker.MarkAsDone()
		time.Sleep(250 * time.Millisecond) // let the last frame render
		b.pw.Stop()
	}
}

// IsTerminal reports whether w is a terminal, and its file.
func IsTerminal(w io.Writer) (*os.File, bool) {
	f, ok := w.(*os.File)
	if !ok {
		return nil, false
	}
	st, err := f.Stat()
	return f, err == nil && st.Mode()&os.ModeCharDevice != 0
}

// ShellLine is a command line as a shell reads it back: each argument
// that holds anything but plain characters in single quotes.
func ShellLine(args []string) string {
	out := make([]string, len(args))
	for i, a := range args {
		plain := a != ""
		for _, r := range a {
			if !strings.ContainsRune("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_=+,.:/@%", r) {
				plain = false
			}
		}
		if plain {
			out[i] = a
		} else {
			out[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
	}
	return strings.Join(out, " ")
}

// Wrap breaks text into lines of at most width columns, each indented.
func Wrap(text, indent string, width int) string {
	var lines []string
	line := indent
	for _, w := range strings.Fields(text) {
		if len(line) > len(indent) && len(line)+1+len(w) > width {
			lines = append(lines, line)
			line = indent
		}
		if len(line) > len(indent) {
			line += " "
		}
		line += w
	}
	return strings.Join(append(lines, line), "\n")
}

// CheckedWriter keeps the first error its writer W returned, so that one
// lost write is not lost silently by a renderer that ignores it.
type CheckedWriter struct {
	W   io.Writer
	Err error
}

func (c *CheckedWriter) Write(p []byte) (int, error) {
	n, err := c.W.Write(p)
	if err != nil && c.Err == nil {
		c.Err = err
	}
	return n, err
}
