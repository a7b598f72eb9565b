package match

import (
	"io"

	"github.com/ablate-chess/ablate/results/term"
)

// ShowLive shows the match's state on w as pairs are counted: a tracker
// on a terminal (games, score, Elo ±, LLR and bounds), else a plain line
// at every tenth of the match; nothing if quiet. It returns what stops it.
func (m *Match) ShowLive(w io.Writer, quiet bool) (stop func()) {
	bar := term.Start(w, term.Options{Title: m.A.Name + " vs " + m.B.Name, Units: "games", Total: 2 * m.Pairs,
		Width: 90, ETA: true, Quiet: quiet, Plain: true})
	m.OnProgress = func(out *Outcome) {
		r := out.Score.Result(m.SPRT)
		bar.Set(2*len(out.Pairs), r.Line(), out.Verdict != "")
	}
	return bar.Stop
}
