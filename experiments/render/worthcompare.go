package render

import (
	"fmt"
	"io"
	"strconv"

	"github.com/ablate-chess/ablate/experiments/records"
)

// WorthComparison writes two worth tables lined up: each configuration's
// Elo in both, the difference, whether they agree and how the intervals'
// widths compare; then, in a table or Markdown, the sum of it.
func WorthComparison(w io.Writer, format string, cs []records.WorthComparison) error {
	header := []string{"budget", "config", "old Elo (95%)", "new Elo (95%)", "new − old (95%)", "agree", "width new/old",
		"nElo width new/old", "old games", "new games"}
	var rows [][]string
	ladder := false
	for _, c := range cs {
		ladder = ladder || c.Budget != ""
		agree := "yes"
		if !c.Agree {
			agree = "no"
		}
		rows = append(rows, []string{c.Budget, c.Config, interval(c.OldElo, c.OldError, 1, true), interval(c.NewElo, c.NewError, 1, true),
			interval(c.Diff, c.DiffError, 1, true), agree, strconv.FormatFloat(c.WidthRatio, 'f', 2, 64),
			strconv.FormatFloat(c.NEloWidthRatio, 'f', 2, 64), strconv.Itoa(c.OldGames), strconv.Itoa(c.NewGames)})
	}
	if !ladder {
		header = header[1:]
		for i := range rows {
			rows[i] = rows[i][1:]
		}
	}
	if err := Table(w, format, header, rows, 1); err != nil {
		return err
	}
	if format == "csv" {
		return nil
	}
	a := records.Agreement(cs)
	_, err := fmt.Fprintf(w, "\n%d configurations in both: %d agree within their combined 95%% intervals; "+
		"%d new intervals at most half as wide as the old in Elo, %d in normalized Elo (median width new/old %.2f and %.2f)\n",
		a.N, a.Agree, a.HalfAsWide, a.NEloHalfAsWide, a.MedianWidthRatio, a.MedianNEloWidthRatio)
	return err
}
