package match

import (
	"context"
	"errors"
	"fmt"

	"github.com/ablate-chess/ablate/experiments/resultdir"
	"github.com/ablate-chess/ablate/experiments/setup"
)

// Event is what a match tells its progress callback: a Note, a line for
// the user; or its games beginning (Start, with the Match, whose
// OnProgress the callback may set for a live line) and ending (Done).
type Event struct {
	Note        string
	Start, Done bool
	Match       *Match
}

// Run is a match through its life, the one call a command makes: Open,
// then Play, then the games written to pgn if it is not "". A match its
// directory holds complete plays nothing: Run returns it with no Outcome
// (its result is the Opened's Info.Result). An interrupted match returns
// its Outcome so far with the *resultdir.Interrupted. Errors before any
// game that are the request's fault are a *setup.InputError; an
// interruption while its engines were built is resultdir.Building.
func Run(ctx context.Context, r Request, pgn string, progress func(Event)) (*Opened, *Outcome, error) {
	tell := func(e Event) {
		if progress != nil {
			progress(e)
		}
	}
	o, err := Open(ctx, r)
	switch {
	case errors.Is(err, context.Canceled):
		return nil, nil, resultdir.Building
	case err != nil:
		return nil, nil, &setup.InputError{Err: err}
	case o.Complete:
		tell(Event{Note: fmt.Sprintf("%s holds this match, complete: nothing to play", o.Dir)})
		return o, nil, nil
	case len(o.Done) > 0:
		tell(Event{Note: fmt.Sprintf("resuming %s: %d of %d pairs played", o.Dir, len(o.Done), o.Pairs)})
	}
	o.Match.OnShallow = func(player string, depth float64) {
		tell(Event{Note: ShallowNote(player, depth, o.Match.Budget)})
	}
	tell(Event{Start: true, Match: o.Match})
	out, err := o.Play(ctx)
	tell(Event{Done: true, Match: o.Match})
	var interrupted *resultdir.Interrupted
	if err != nil && !errors.As(err, &interrupted) {
		return o, nil, err
	}
	if pgn != "" {
		if werr := o.WritePGN(pgn, out); werr != nil {
			return o, nil, werr
		}
	}
	return o, out, err
}

// ShallowNote is the line a match's OnShallow prints: a player searching a
// ply or less a move under a node budget.
func ShallowNote(player string, depth float64, b setup.Budget) string {
	return fmt.Sprintf("%s searches %.1f plies a move on average under %s: does it honour go nodes? "+
		"(Debian's Ethereal 12 answers go nodes with a one-ply search; build it from its source with --engine-src)",
		player, depth, b.String())
}
