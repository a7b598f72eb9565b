package render

import (
	"fmt"
	"io"
	"slices"
	"strconv"

	"github.com/ablate-chess/ablate/experiments/records"
	"github.com/ablate-chess/ablate/experiments/screen"
)

// depths is the mean depth a row's configuration and its reference
// reached, "7.4/7.9", or empty where no game says.
func depths(r *records.WorthRow) string {
	if r.MeanDepth == 0 && r.RefMeanDepth == 0 {
		return ""
	}
	return fmt.Sprintf("%.1f/%.1f", r.MeanDepth, r.RefMeanDepth)
}

// Worth writes the worth table: each configuration's tree size and
// Elo against its reference.
func Worth(w io.Writer, format string, rows []records.WorthRow) error {
	switch format {
	case "csv":
		return records.WriteWorthCSV(w, rows)
	case "json":
		return writeJSON(w, rows)
	}
	groups := map[string]bool{}
	ladder := false
	for _, r := range rows {
		groups[r.Group] = true
		ladder = ladder || r.Budget != ""
	}
	if ladder {
		return renderLadder(w, format, rows, len(groups) > 1)
	}
	header := []string{"group", "config", "vs", "depth", "nodes ×", "Elo (95%)", "nElo (95%)", "LOS", "W-D-L", "games",
		"mean depth without/with", "SPRT"}
	skip := 0
	if len(groups) < 2 {
		header, skip = header[1:], 1
	}
	var out [][]string
	for i := range rows {
		r := &rows[i]
		ratio := fmtRatio(r.NodeRatio)
		if r.NoRatio {
			ratio = "cut short"
		}
		row := []string{r.Group, r.Config, r.Reference, strconv.Itoa(r.Depth), ratio,
			interval(r.Elo, r.EloError, 1, true), interval(r.NElo, r.NEloError, 1, true),
			fmt.Sprintf("%.1f%%", 100*r.LOS), fmt.Sprintf("%d-%d-%d", r.Wins, r.Draws, r.Losses), strconv.Itoa(r.Games) + r.SoFar(),
			depths(r), r.Verdict}
		out = append(out, row[skip:])
	}
	return Table(w, format, header, out, 3-skip)
}

// renderLadder writes a worth ladder's table: a row per configuration, a
// column per budget, each cell its Elo against the reference with the 95%
// interval, then the games and the mean depth each side reached
// (configuration/reference).
func renderLadder(w io.Writer, format string, rows []records.WorthRow, showGroup bool) error {
	var budgets []string
	type key struct{ group, config string }
	var keys []key
	cells := map[key]map[string]*records.WorthRow{}
	for i := range rows {
		r := &rows[i]
		k := key{r.Group, r.Config}
		if cells[k] == nil {
			cells[k] = map[string]*records.WorthRow{}
			keys = append(keys, k)
		}
		if !slices.Contains(budgets, r.Budget) {
			budgets = append(budgets, r.Budget)
		}
		cells[k][r.Budget] = r
	}
	header := []string{"group", "config", "vs", "nodes ×"}
	for _, b := range budgets {
		header = append(header, b)
	}
	skip := 1
	if showGroup {
		skip = 0
	}
	var out [][]string
	for _, k := range keys {
		var first *records.WorthRow
		for _, b := range budgets {
			if r := cells[k][b]; r != nil && first == nil {
				first = r
			}
		}
		ratio := fmtRatio(first.NodeRatio)
		if first.NoRatio {
			ratio = "cut short"
		}
		row := []string{k.group, k.config, first.Reference, ratio}
		for _, b := range budgets {
			r := cells[k][b]
			if r == nil {
				row = append(row, "")
				continue
			}
			row = append(row, fmt.Sprintf("%s (%d g%s, d %.1f/%.1f)", interval(r.Elo, r.EloError, 1, true),
				r.Games, r.SoFar(), r.MeanDepth, r.RefMeanDepth))
		}
		out = append(out, row[skip:])
	}
	return Table(w, format, header[skip:], out, 3-skip)
}

// ScreeningNotes says on w what a screening's table does not show: its
// design, each interaction it fitted, the additive model's test, and a
// warning for each technique whose effect depends on another's.
func ScreeningNotes(w io.Writer, an *screen.Analysis, k, m int) {
	fmt.Fprintf(w, "screening: %d pairs, %d of %d techniques out a pair\n", an.Pairs, k, m)
	for _, in := range an.Interactions {
		fmt.Fprintf(w, "  interaction %s x %s: %s Elo (p = %.2g)\n", in.A, in.B, interval(in.Elo, in.EloError, 1, true), in.P)
	}
	if an.Additivity.DF > 0 {
		fmt.Fprintf(w, "  additive model against the %d interactions: chi-squared %.1f, p = %.2g\n",
			an.Additivity.DF, an.Additivity.Stat, an.Additivity.P)
	}
	for _, warn := range an.Warnings {
		fmt.Fprintln(w, "warning:", warn)
	}
}
