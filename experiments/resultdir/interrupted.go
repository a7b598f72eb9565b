package resultdir

import (
	"context"
	"fmt"
)

// Interrupted is a result its context stopped (Ctrl-C): every unit it
// finished (a run's jobs, a match's pairs, a worth's cells, a tune's
// pairs) is kept in Dir, and the same command again finishes it. Every
// command's interruption is this one type.
type Interrupted struct {
	Done, Total int
	Units       string // "jobs", "pairs", ...
	Dir         string // "": nothing was kept (no --out)
	Hint        string // what else the command can do with what was kept, or ""
	// During names a step before the first unit ("the build", "the tree
	// sizes"), stopped with nothing of it kept: the same command again
	// begins it again (Hint says what it reuses).
	During string
}

// Building is an interruption while an engine was built, before any
// unit: nothing half built is kept, and what was built is reused.
var Building = &Interrupted{During: "the build", Hint: "nothing half built is kept, and what was built is reused"}

func (e *Interrupted) Error() string {
	if e.During != "" {
		msg := fmt.Sprintf("interrupted during %s; the same command again begins it again", e.During)
		if e.Hint != "" {
			msg += ": " + e.Hint
		}
		return msg
	}
	msg := fmt.Sprintf("interrupted after %d of %d %s", e.Done, e.Total, e.Units)
	if e.Dir != "" {
		msg += fmt.Sprintf("; they are kept in %s: the same command again finishes it", e.Dir)
		if e.Hint != "" {
			msg += "; " + e.Hint
		}
	}
	return msg
}

// Unwrap makes an interruption a context.Canceled.
func (e *Interrupted) Unwrap() error { return context.Canceled }
