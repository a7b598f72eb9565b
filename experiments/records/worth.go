package records

import (
	"io"
	"path/filepath"
	"strings"

	"github.com/ablate-chess/ablate/experiments/stats"
)

// WorthRow is one row of worth.csv: a configuration against its group's
// reference, in tree size (from a run) and in strength (from a match).
type WorthRow struct {
	Group     string `csv:"group" json:"group"`
	Config    string `csv:"config" json:"config"`
	Reference string `csv:"reference" json:"reference"`
	// Budget is the match's budget in a worth ladder (nodes=10000,
	// tc=10+0.1); empty for a worth at one budget (see Limits).
	Budget    string  `csv:"budget" json:"budget"`
	Positions string  `csv:"positions" json:"positions"`
	Depth     int     `csv:"depth" json:"depth"`
	NodeRatio float64 `csv:"node_ratio,ratio" json:"node_ratio"` // nodes / the reference's
	Games     int     `csv:"games" json:"games"`
	Wins      int     `csv:"wins" json:"wins"`
	Draws     int     `csv:"draws" json:"draws"`
	Losses    int     `csv:"losses" json:"losses"`
	Elo       float64 `csv:"elo" json:"elo"` // of the configuration against the reference
	EloError  float64 `csv:"elo_error" json:"elo_error"`
	NElo      float64 `csv:"nelo" json:"nelo"`
	NEloError float64 `csv:"nelo_error" json:"nelo_error"`
	LOS       float64 `csv:"los" json:"los"`
	DrawRatio float64 `csv:"draw_ratio" json:"draw_ratio"`
	LLR       float64 `csv:"llr" json:"llr"`
	Verdict   string  `csv:"verdict" json:"verdict"`
	// Partial marks a match begun and not finished (ablate worth
	// --no-play): its figures are those of the pairs played so far.
	Partial bool   `csv:"partial" json:"partial"`
	Limits  string `csv:"limits" json:"limits"`
	// The mean depth the configuration and its reference reached in their
	// moves: the depth the budget buys each.
	MeanDepth    float64 `csv:"mean_depth" json:"mean_depth"`
	RefMeanDepth float64 `csv:"ref_mean_depth" json:"ref_mean_depth"`
	// Params are the configuration's parameters changed from its
	// defaults; a variant built from source names its commit, patch and
	// bench signature here.
	Params string `csv:"params" json:"params"`

	NoRatio bool `csv:"-" json:"-"` // the tree was cut short: no ratio
}

func (w *WorthRow) Blank(option string) bool { return option == "ratio" && w.NoRatio }

// MarshalJSON writes the row in column order, null for an unknown ratio.
func (w WorthRow) MarshalJSON() ([]byte, error) { return marshalOrdered(&w) }

// NewWorthRow joins a configuration's summary and its match result.
func NewWorthRow(s *Summary, r *stats.MatchResult, limits string) WorthRow {
	w := WorthRow{Group: s.Group, Config: s.Config, Reference: s.Reference, Depth: s.Depth, NodeRatio: s.NodeRatio,
		NoRatio: s.Blank("ratio"), Limits: limits}
	w.SetResult(r)
	return w
}

// SetResult sets the row's match statistics.
func (w *WorthRow) SetResult(r *stats.MatchResult) {
	w.Games, w.Wins, w.Draws, w.Losses = r.Games, r.Wins, r.Draws, r.Losses
	w.Elo, w.EloError, w.NElo, w.NEloError, w.LOS, w.DrawRatio = r.Elo, r.EloError, r.NElo, r.NEloError, r.LOS, r.DrawRatio
	w.LLR, w.Verdict = r.LLR, r.Verdict
	w.MeanDepth, w.RefMeanDepth = r.DepthA, r.DepthB
}

// SoFar follows the games of a match not finished.
func (w *WorthRow) SoFar() string {
	if w.Partial {
		return " so far"
	}
	return ""
}

// MatchDir is the row's match directory in a worth directory:
// matches/GROUP__CONFIG, with __BUDGET in a ladder.
func (w *WorthRow) MatchDir() string {
	name := Slug(w.Group) + "__" + Slug(w.Config)
	if w.Budget != "" {
		name += "__" + Slug(strings.Replace(w.Budget, "=", "-", 1))
	}
	return filepath.Join("matches", name)
}

// Slug makes a name safe as a file name: letters, digits, '-', '+' and
// '.' stay, anything else becomes '_'.
func Slug(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '+', r == '.':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	return b.String()
}

// WriteWorthCSV writes worth.csv.
func WriteWorthCSV(w io.Writer, rows []WorthRow) error { return WriteRows(w, rows) }

// Played are the rows of the cells played (a row not played is zero).
func Played(rows []WorthRow) []WorthRow {
	var played []WorthRow
	for _, r := range rows {
		if r.Config != "" {
			played = append(played, r)
		}
	}
	return played
}

func (w *WorthRow) setBlank(option string) {
	if option == "ratio" {
		w.NoRatio = true
	}
}

// ReadWorthCSV reads worth.csv.
func ReadWorthCSV(r io.Reader, name string) ([]WorthRow, error) { return readCSV[WorthRow](r, name) }
