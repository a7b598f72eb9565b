package main

import (
	"io"

	"github.com/ablate-chess/ablate/cmd/internal/term"
	"github.com/ablate-chess/ablate/experiments/match"
)

// showMatch shows a match's state on w as pairs are counted: a tracker on
// a terminal (games, score, Elo ±, LLR and bounds), else a plain line at
// every tenth of the match; nothing if quiet. It returns what stops it.
func showMatch(w io.Writer, m *match.Match, quiet bool) (stop func()) {
	bar := term.Start(w, term.Options{Title: m.A.Name + " vs " + m.B.Name, Units: "games", Total: 2 * m.Pairs,
		Width: 90, ETA: true, Quiet: quiet, Plain: true})
	m.OnProgress = func(out *match.Outcome) {
		r := out.Score.Result(m.SPRT)
		bar.Set(2*len(out.Pairs), r.String(), out.Verdict != "")
	}
	return bar.Stop
}
