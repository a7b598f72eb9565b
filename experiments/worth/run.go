package worth

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/ablate-chess/ablate/experiments/match"
	"github.com/ablate-chess/ablate/experiments/resultdir"
	"github.com/ablate-chess/ablate/experiments/setup"
)

// Event is what a worth tells its progress callback as it goes: a Note,
// a line for the user; or a Cell's match beginning (Done false) and
// ending (Done true).
type Event struct {
	Note string
	Cell *Cell
	Done bool
}

// Run is a worth through its life, the one call a command makes: its
// directory claimed (with NoPlay, a directory another ablate is writing
// is read from a copy, and nothing is written there), the tree sizes, the
// cells built, then played (or, with NoPlay, read as far as they got).
// progress, if set, is told each step. Errors before any game that are the
// request's fault are a *setup.InputError; an interruption during the
// tree sizes or the games is a *resultdir.Interrupted.
func Run(ctx context.Context, r Request, progress func(Event)) (*Worth, error) {
	note := func(format string, args ...any) {
		if progress != nil {
			progress(Event{Note: fmt.Sprintf(format, args...)})
		}
	}
	w, err := Open(r)
	var locked *resultdir.LockedError
	if r.NoPlay && errors.As(err, &locked) {
		// A worth another ablate is playing: its table so far, from a
		// copy of the directory, so that nothing is written where it writes.
		copied, cerr := copyForReading(r.Out)
		if cerr != nil {
			return nil, cerr
		}
		defer os.RemoveAll(copied)
		note("%v: the table of what it holds now, from a copy (nothing is written there)", locked)
		r.Out = copied
		w, err = Open(r)
	}
	if err != nil {
		return nil, &setup.InputError{Err: err}
	}
	defer w.Close()

	if g := w.Grown(); g != nil {
		note("%s: %s: the worth goes on to the new count, its games so far kept", w.Dir, strings.Join(g, "; "))
	}
	if rep := w.Replaces(); rep != "" {
		note("--force: writing in %s; it replaces %s once every cell is played", w.Dir, rep)
	}
	if r.TreeRun == "" && !w.Resumed() {
		note("tree sizes: %d searches", r.Plan.Jobs())
	}
	if err := w.TreeSizes(ctx); err != nil {
		if errors.Is(err, context.Canceled) {
			return nil, &resultdir.Interrupted{During: "the tree sizes, before any game"}
		}
		return nil, &setup.InputError{Err: err}
	}
	if err := w.Cells(func(s string) { note("%s", s) }); err != nil {
		return nil, &setup.InputError{Err: err}
	}
	if r.NoPlay {
		return w, w.SoFar()
	}
	return w, w.Play(ctx, func(t *Cell) func() {
		if progress == nil {
			return func() {}
		}
		t.Match.OnShallow = func(player string, depth float64) {
			note("%s", match.ShallowNote(player, depth, t.Match.Budget))
		}
		progress(Event{Cell: t})
		return func() { progress(Event{Cell: t, Done: true}) }
	})
}

// copyForReading copies the result directory dir into a new temporary
// directory, for reading what a running writer has written so far.
func copyForReading(dir string) (string, error) {
	tmp, err := os.MkdirTemp("", "ablate-worth-copy-")
	if err != nil {
		return "", err
	}
	if err := os.CopyFS(tmp, os.DirFS(dir)); err != nil {
		os.RemoveAll(tmp)
		return "", fmt.Errorf("copying %s to read it: %v", dir, err)
	}
	return tmp, nil
}
