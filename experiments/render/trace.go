package render

import (
	"io"
	"strconv"

	"github.com/ablate-chess/ablate/engine/search"
	"github.com/ablate-chess/ablate/experiments/trace"
)

// EventCounts writes trace --vs's counts: a row an event either search
// saw, with its count in A and in B and the difference.
func EventCounts(w io.Writer, format string, counts [2][]uint64, nameA, nameB string) error {
	var rows [][]string
	for k := range search.NumEventKinds {
		name, x, y := k.String(), counts[0][k], counts[1][k]
		if x == 0 && y == 0 {
			continue
		}
		rows = append(rows, []string{name, count(x), count(y), strconv.FormatInt(int64(y)-int64(x), 10)})
	}
	return Table(w, format, []string{"event", "A: " + nameA, "B: " + nameB, "B - A"}, rows, 1)
}

// ByDepth writes trace --by-depth's table: a row a remaining depth,
// deepest first, a column each of kinds.
func ByDepth(w io.Writer, format string, counts [][]uint64, kinds []search.EventKind) error {
	header := []string{"depth left"}
	for _, k := range kinds {
		header = append(header, k.String())
	}
	var rows [][]string
	for d := len(counts) - 1; d >= 0; d-- {
		row := []string{strconv.Itoa(d)}
		for _, k := range kinds {
			row = append(row, count(counts[d][k]))
		}
		rows = append(rows, row)
	}
	return Table(w, format, header, rows, 1)
}

// count is n in decimal.
func count(n uint64) string { return strconv.FormatUint(n, 10) }

// mean is a/b with two decimals, or "" where b is 0.
func mean(a, b uint64) string {
	if b == 0 {
		return ""
	}
	return strconv.FormatFloat(float64(a)/float64(b), 'f', 2, 64)
}

// share is a/b with four decimals, or "" where b is 0.
func share(a, b uint64) string {
	if b == 0 {
		return ""
	}
	return strconv.FormatFloat(float64(a)/float64(b), 'f', 4, 64)
}

// NodeTypes writes trace --node-types' table: a row a node type and one
// of all, each with its nodes, their share of the main nodes, and how many
// ended each way.
func NodeTypes(w io.Writer, format string, n trace.NodeTypes) error {
	header := []string{"node type", "nodes", "share"}
	for e := range trace.NumNodeEnds {
		header = append(header, e.String())
	}
	var all uint64
	var ends [trace.NumNodeEnds]uint64
	for t := range trace.NumNodeTypes {
		all += n.Entered[t]
		for e := range trace.NumNodeEnds {
			ends[e] += n.End(t, e)
		}
	}
	var rows [][]string
	for t := range trace.NumNodeTypes {
		row := []string{t.String(), count(n.Entered[t]), share(n.Entered[t], all)}
		for e := range trace.NumNodeEnds {
			row = append(row, count(n.End(t, e)))
		}
		rows = append(rows, row)
	}
	row := []string{"all types", count(all), share(all, all)}
	for _, c := range ends {
		row = append(row, count(c))
	}
	return Table(w, format, header, append(rows, row), 1)
}

// byMoveKinds are --by-move's counted events, in its columns' order.
var byMoveKinds = []search.EventKind{search.EvCutoff, search.EvReduce, search.EvLMRResearch, search.EvPVSResearch,
	search.EvLMP, search.EvFutility, search.EvSEEPrune, search.EvHistoryPrune}

// ByMove writes trace --by-move's table: a row a bucket of move numbers, with each event's count,
// the cutoffs by quiet moves and by what ordered the cutting move (a
// killer, the counter move, the histories' score: the history's hits),
// and the mean plies of a reduction.
func ByMove(w io.Writer, format string, m trace.ByMove) error {
	header := []string{"move"}
	for _, k := range byMoveKinds {
		header = append(header, k.String())
		switch k {
		case search.EvCutoff:
			header = append(header, "quiet cutoff", "by killer", "by counter", "by history")
		case search.EvReduce:
			header = append(header, "plies a reduction")
		}
	}
	var rows [][]string
	for b := range trace.MoveBuckets {
		row := []string{trace.BucketName(b)}
		for _, k := range byMoveKinds {
			row = append(row, count(m.Kind[b][k]))
			switch k {
			case search.EvCutoff:
				c := m.Cutoffs[b]
				row = append(row, count(m.QuietCutoffs[b]), count(c[search.OrderKiller]), count(c[search.OrderCounter]), count(c[search.OrderHistory]))
			case search.EvReduce:
				row = append(row, mean(m.ReducedPlies[b], m.Kind[b][k]))
			}
		}
		rows = append(rows, row)
	}
	return Table(w, format, header, rows, 1)
}

// Reductions writes trace --reductions' table: a row a remaining depth, deepest first, with the mean
// plies a reduction takes at each bucket of move numbers (blank where none
// was reduced) and the reduced searches at that depth.
func Reductions(w io.Writer, format string, m trace.ByMove) error {
	header := []string{"depth left"}
	for b := 1; b < len(trace.MoveBuckets); b++ { // the first move is never reduced
		header = append(header, "move "+trace.BucketName(b))
	}
	header = append(header, "reduced")
	var rows [][]string
	for d := len(m.Reductions) - 1; d >= 0; d-- {
		var reduced uint64
		row := []string{strconv.Itoa(d)}
		for b := 1; b < len(trace.MoveBuckets); b++ {
			row = append(row, mean(m.Plies[d][b], m.Reductions[d][b]))
			reduced += m.Reductions[d][b]
		}
		if reduced == 0 {
			continue
		}
		rows = append(rows, append(row, count(reduced)))
	}
	return Table(w, format, header, rows, 1)
}
