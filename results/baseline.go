package results

import (
	"fmt"
	"io"
	"os"
)

// BaselineRow is one line of a bench baseline (results/bench.csv): the node
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
	if err := writeCSV(f, rows); err != nil {
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
