package render

import (
	"fmt"
	"io"
	"math"
	"strconv"

	"github.com/ablate-chess/ablate/experiments/records"
)

// PerNode writes compare --per-node's table: a row a measure (after the
// nodes, positions and depth), a column a configuration, so that runs of
// several engines stand side by side. An unknown measure is an empty cell.
func PerNode(w io.Writer, format string, ps []records.PerNode) error {
	header := []string{"measure"}
	nodes, positions, depth := []string{"nodes"}, []string{"positions"}, []string{"depth"}
	for _, p := range ps {
		header = append(header, p.Config)
		nodes = append(nodes, strconv.FormatUint(p.Nodes, 10))
		positions = append(positions, strconv.Itoa(p.Positions))
		depth = append(depth, strconv.Itoa(p.Depth))
	}
	rows := [][]string{nodes, positions, depth}
	for i, m := range records.PerNodeMeasures {
		row := []string{m.Name}
		for _, p := range ps {
			row = append(row, measure(p.Measures[i], m.Den == "", m.Share))
		}
		rows = append(rows, row)
	}
	return Table(w, format, header, rows, 1)
}

// measure is one cell: a count, a percentage to a tenth, or a ratio to
// three decimals; empty where unknown.
func measure(v float64, count, share bool) string {
	switch {
	case math.IsNaN(v):
		return ""
	case count:
		return strconv.FormatFloat(v, 'f', 0, 64)
	case share:
		return fmt.Sprintf("%.1f%%", 100*v)
	}
	return strconv.FormatFloat(v, 'f', 3, 64)
}
