package runs

import (
	"context"
	"errors"
	"fmt"

	"github.com/ablate-chess/ablate/experiments/matrix"
	"github.com/ablate-chess/ablate/experiments/resultdir"
	"github.com/ablate-chess/ablate/experiments/setup"
)

// Event is what a run tells its progress callback: a Note, a line for the
// user; the jobs' count as they begin (Start: Total, and Done already by
// an earlier run); or a job begun or ended (Progress).
type Event struct {
	Note        string
	Start       bool
	Total, Done int
	Progress    *matrix.Progress
}

// Do is a run through its life, the one call a command makes: Open,
// Prepare, Execute. A run its directory holds complete is read back. The
// Run returned holds the records there are even when the error says the
// run did not finish (jobs failed: *Failed; interrupted:
// *resultdir.Interrupted). Errors before any search that are the
// request's fault are a *setup.InputError.
func Do(ctx context.Context, req Request, progress func(Event)) (*Run, error) {
	tell := func(e Event) {
		if progress != nil {
			progress(e)
		}
	}
	r, err := Open(req)
	if err != nil {
		return nil, &setup.InputError{Err: err}
	}
	if r.Complete {
		tell(Event{Note: fmt.Sprintf("%s holds this run, complete: nothing to do", r.Dir)})
		return r, nil
	}
	if r.Dir != r.Out && r.Out != "" {
		tell(Event{Note: fmt.Sprintf("--force: writing in %s; it replaces %s once complete", r.Dir, r.Out)})
	}
	if err := r.Prepare(ctx, noteWriter(tell)); err != nil {
		var interrupted *resultdir.Interrupted
		switch {
		case errors.As(err, &interrupted):
			return nil, err
		case errors.Is(err, context.Canceled):
			return nil, resultdir.Building
		}
		return nil, &setup.InputError{Err: err}
	}
	total, done := r.Jobs()
	if done > 0 {
		tell(Event{Note: fmt.Sprintf("resuming %s: %d of %d jobs done", r.Dir, done, total)})
	}
	tell(Event{Start: true, Total: total, Done: done})
	r.OnProgress = func(p matrix.Progress) { tell(Event{Progress: &p}) }
	err = r.Execute(ctx)
	if err != nil && r.Records == nil {
		return nil, err
	}
	return r, err
}

// noteWriter is an io.Writer whose every write is a note, for libraries
// that say what they do on a log.
type noteWriter func(Event)

func (w noteWriter) Write(p []byte) (int, error) {
	w(Event{Note: string(trimNewline(p))})
	return len(p), nil
}

func trimNewline(p []byte) []byte {
	if n := len(p); n > 0 && p[n-1] == '\n' {
		return p[:n-1]
	}
	return p
}
