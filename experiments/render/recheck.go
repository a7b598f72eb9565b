package render

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"

	"github.com/ablate-chess/ablate/experiments/recheck"
	"github.com/ablate-chess/ablate/experiments/trace"
)

// Recheck writes trace --check-null's and --check-lmr's tables: a row a
// position (ids[i] for per[i]) and the total, each with its shortcuts, how
// many were checked and overturned, the mean loss of those overturned and
// the floor; then the total by depth left, and, for LMR (byMove), by move
// number. what names the shortcuts' column.
func Recheck(w io.Writer, format, what string, ids []string, per []recheck.Tally, total recheck.Tally, byMove bool) error {
	var rows [][]string
	for i, n := range per {
		rows = append(rows, tallyRow(ids[i], n))
	}
	rows = append(rows, tallyRow("total", total))
	header := []string{"position", what, "checked", "overturned", "rate", "mean loss (cp)", "floor", "floor rate"}
	if err := Table(w, format, header, rows, 1); err != nil {
		return err
	}
	counts := []string{"checked", "overturned", "rate", "floor", "floor rate"}
	fmt.Fprintln(w)
	if err := Table(w, format, append([]string{"depth left"}, counts...), countRows(total.ByDepth, strconv.Itoa), 1); err != nil {
		return err
	}
	if !byMove {
		return nil
	}
	fmt.Fprintln(w)
	return Table(w, format, append([]string{"move"}, counts...), countRows(total.ByMove, trace.BucketName), 1)
}

// countRows is a tally's table by depth or bucket of move numbers, in
// order, each key named by name.
func countRows(m map[int][3]int, name func(int) string) [][]string {
	var rows [][]string
	for _, k := range slices.Sorted(maps.Keys(m)) {
		x := m[k]
		rows = append(rows, []string{name(k), strconv.Itoa(x[0]), strconv.Itoa(x[1]), percent(x[1], x[0]), strconv.Itoa(x[2]), percent(x[2], x[0])})
	}
	return rows
}

// tallyRow is one position's row of the table (or the total's).
func tallyRow(id string, n recheck.Tally) []string {
	loss := ""
	if n.Overturned > 0 {
		loss = strconv.Itoa(n.Loss / n.Overturned)
	}
	return []string{id, strconv.Itoa(n.Shortcuts), strconv.Itoa(n.Checked), strconv.Itoa(n.Overturned), percent(n.Overturned, n.Checked), loss,
		strconv.Itoa(n.Floor), percent(n.Floor, n.Checked)}
}

// percent is a of b in percent to a tenth, or "" where b is 0.
func percent(a, b int) string {
	if b == 0 {
		return ""
	}
	return fmt.Sprintf("%.1f%%", 100*float64(a)/float64(b))
}
