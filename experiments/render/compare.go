package render

import (
	"fmt"
	"io"
	"strconv"

	"github.com/ablate-chess/ablate/experiments/records"
)

// RenderComparison writes comparisons as a table, Markdown (fit for a pull
// request) or CSV.
func Comparison(w io.Writer, format string, cs []records.Comparison) error {
	header := []string{"group", "config", "positions", "depth", "nodes old", "nodes new", "nodes change",
		"time old ms", "time new ms", "time ratio", "95% CI", "time", "nps ratio",
		"pvs re-search old", "pvs re-search new", "lmr re-search old", "lmr re-search new", "best moves changed"}
	var rows [][]string
	for _, c := range cs {
		if c.Missing != "" {
			rows = append(rows, []string{c.Group, c.Config, "missing in " + c.Missing, "", "", "", "", "", "", "", "", "", "", "", "", "", "", ""})
			continue
		}
		ci := ""
		if c.TimeKnown {
			ci = fmtRatio(c.TimeLow) + "–" + fmtRatio(c.TimeHigh)
		}
		pos := strconv.Itoa(c.Positions)
		if c.MissingPos > 0 {
			pos += fmt.Sprintf(" (+%d missing)", c.MissingPos)
		}
		rows = append(rows, []string{c.Group, c.Config, pos, strconv.Itoa(c.Depth),
			strconv.FormatUint(c.OldNodes, 10), strconv.FormatUint(c.NewNodes, 10), fmtSignedPct(c.NodeChange),
			fmtMS(c.OldTimeMS), fmtMS(c.NewTimeMS), fmtRatio(c.TimeRatio), ci, c.TimeVerdict(), fmtRatio(c.NPSRatio),
			fmtPct(c.OldPVSResearch), fmtPct(c.NewPVSResearch), fmtPct(c.OldLMRResearch), fmtPct(c.NewLMRResearch),
			strconv.Itoa(c.MovesChanged)})
	}
	return Table(w, format, header, rows, 2)
}

func fmtSignedPct(x float64) string {
	s := strconv.FormatFloat(100*x, 'f', 2, 64) + "%"
	if x > 0 {
		s = "+" + s
	}
	return s
}
