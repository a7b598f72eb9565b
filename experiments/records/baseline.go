package records

import (
	"fmt"
	"io"
	"os"
	"strconv"
)

// BaselineRow is one line of a bench baseline (results/baseline/bench.csv): the node
// count one configuration's search of one position must reproduce. It holds
// everything needed to re-run that search: the configuration's spec, the
// depth and the position's FEN.
type BaselineRow struct {
	Config   string `csv:"config"`
	Spec     string `csv:"spec"`
	Depth    int    `csv:"depth"`
	Position string `csv:"position"`
	FEN      string `csv:"fen"`
	Nodes    uint64 `csv:"nodes"`
	Engine   string `csv:"engine"` // the engine pinned; empty in older files: ablate
}

// WriteBaseline writes a baseline file.
func WriteBaseline(path string, rows []BaselineRow) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := WriteRows(f, rows); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// ReadBaseline reads a baseline; every column must be there.
func ReadBaseline(r io.Reader, name string) ([]BaselineRow, error) {
	rows, err := readCSV[BaselineRow](r, name)
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, fmt.Errorf("%s: no rows", name)
	}
	for i, row := range rows {
		line := i + 2
		switch {
		case row.Config == "" || row.Spec == "" || row.Position == "" || row.FEN == "":
			return nil, fmt.Errorf("%s:%d: config, spec, position and fen must all be given", name, line)
		case row.Depth < 1:
			return nil, fmt.Errorf("%s:%d: depth %d is not positive", name, line, row.Depth)
		}
	}
	return rows, nil
}

// BaselineKey names a pinned search: its configuration and position.
type BaselineKey [2]string

// Changed lists the pinned searches whose node count got differs from the
// baseline's, and the total of the counts got.
func Changed(want []BaselineRow, got map[BaselineKey]uint64) (changed []BaselineRow, total uint64) {
	for _, w := range want {
		n := got[BaselineKey{w.Config, w.Position}]
		total += n
		if n != w.Nodes {
			changed = append(changed, w)
		}
	}
	return changed, total
}

// BaselineDiff splits changed searches by a second run's counts (again):
// those that moved again are the engine's nondeterminism, said as such;
// the others are the search's change, as table rows (config, position,
// expected, got, change).
func BaselineDiff(changed []BaselineRow, got, again map[BaselineKey]uint64) (diff [][]string, unrepeatable []string) {
	for _, w := range changed {
		k := BaselineKey{w.Config, w.Position}
		if got[k] != again[k] {
			unrepeatable = append(unrepeatable, fmt.Sprintf("%s on %s: %d then %d nodes", w.Config, w.Position, got[k], again[k]))
			continue
		}
		change := 100 * (float64(got[k]) - float64(w.Nodes)) / float64(max(w.Nodes, 1))
		diff = append(diff, []string{w.Config, w.Position, strconv.FormatUint(w.Nodes, 10),
			strconv.FormatUint(got[k], 10), strconv.FormatFloat(change, 'f', 2, 64) + "%"})
	}
	return diff, unrepeatable
}
