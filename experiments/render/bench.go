package render

import (
	"fmt"
	"io"

	"github.com/ablate-chess/ablate/experiments/records"
)

// WriteBench writes a bench's node-count signatures: with one
// configuration, each position's nodes at depth; with several, a line
// each; then 'Nodes searched: N' and 'Nodes/second: N', the last two
// lines as OpenBench reads them. A configuration cut short by its budget
// has no signature: those are returned, and the totals not written.
func Bench(out io.Writer, recs []records.Record, configs, depth int) (cutShort []string, err error) {
	sums, err := records.Summarize(recs, nil)
	if err != nil {
		return nil, err
	}
	if configs == 1 {
		for _, r := range recs {
			if r.Depth == depth && r.CapExceeded == "" {
				fmt.Fprintf(out, "%-32s %12d\n", r.Position, r.Nodes)
			}
		}
	}
	var total uint64
	var totalMS float64
	for _, s := range sums {
		total, totalMS = total+s.Nodes, totalMS+s.TimeMS
		if s.CutShort > 0 {
			cutShort = append(cutShort, s.Config)
		}
		if configs > 1 {
			sig := fmt.Sprintf("Nodes searched: %11d  Nodes/second: %9d", s.Nodes, perSecond(s.Nodes, s.TimeMS))
			if s.CutShort > 0 {
				sig = fmt.Sprintf("cut short by the cap on %d of %d positions", s.CutShort, s.CutShort+s.Positions)
			}
			fmt.Fprintf(out, "%-24s depth %2d  %s\n", s.Config, s.Depth, sig)
		}
	}
	if len(cutShort) > 0 {
		return cutShort, nil
	}
	_, err = fmt.Fprintf(out, "\nNodes searched: %d\nNodes/second: %d\n", total, perSecond(total, totalMS))
	return nil, err
}

func perSecond(n uint64, ms float64) int64 {
	if ms <= 0 {
		return 0
	}
	return int64(float64(n) / (ms / 1000))
}
