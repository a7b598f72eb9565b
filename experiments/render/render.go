package render

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"github.com/ablate-chess/ablate/experiments/records"
	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"
)

// Formats lists the output formats.
var Formats = []string{"table", "markdown", "csv", "json"}

// CheckFormat says whether format is one of Formats.
func CheckFormat(format string) error {
	for _, f := range Formats {
		if f == format {
			return nil
		}
	}
	return fmt.Errorf("unknown format %q (known: table, markdown, csv, json)", format)
}

// RenderTable writes a table of strings: drawn by tablewriter for the
// terminal (table) or as Markdown, or as CSV or JSON (an array of objects
// keyed by the header). Columns from rightFrom on are right-aligned.
func Table(w io.Writer, format string, header []string, rows [][]string, rightFrom int) error {
	switch format {
	case "csv":
		cw := csv.NewWriter(w)
		cw.Write(header)
		cw.WriteAll(rows)
		return cw.Error()
	case "json":
		return writeJSON(w, Objects(header, rows))
	}
	opts := []tablewriter.Option{
		tablewriter.WithHeaderAutoFormat(tw.Off),
		tablewriter.WithRowAutoWrap(tw.WrapNone),
		tablewriter.WithHeaderAutoWrap(tw.WrapNone),
	}
	if format == "markdown" {
		opts = append(opts, tablewriter.WithRenderer(renderer.NewMarkdown()))
	}
	align := make([]tw.Align, len(header))
	for i := range align {
		align[i] = tw.AlignLeft
		if i >= rightFrom {
			align[i] = tw.AlignRight
		}
	}
	opts = append(opts, tablewriter.WithRowAlignmentConfig(tw.CellAlignment{PerColumn: align}),
		tablewriter.WithHeaderAlignmentConfig(tw.CellAlignment{PerColumn: align}))
	t := tablewriter.NewTable(w, opts...)
	t.Header(header)
	for _, r := range rows {
		if err := t.Append(r); err != nil {
			return err
		}
	}
	return t.Render()
}

// Objects are a table's rows as JSON objects keyed by the header.
func Objects(header []string, rows [][]string) []map[string]string {
	objs := make([]map[string]string, len(rows))
	for i, r := range rows {
		objs[i] = map[string]string{}
		for j, h := range header {
			objs[i][h] = r[j]
		}
	}
	return objs
}

func fmtRatio(x float64) string { return strconv.FormatFloat(x, 'f', 3, 64) }

func fmtPct(x float64) string { return strconv.FormatFloat(100*x, 'f', 2, 64) + "%" }

func fmtMS(x float64) string { return strconv.FormatFloat(x, 'f', 1, 64) }

// RenderSummary writes the summaries in format. Tables leave out the
// group column when there is only one group.
func Summary(w io.Writer, format string, sums []records.Summary) error {
	switch format {
	case "csv":
		return records.WriteSummaryCSV(w, sums)
	case "json":
		return writeJSON(w, sums)
	}
	groups := map[string]bool{}
	for _, s := range sums {
		groups[s.Group] = true
	}
	header := []string{"group", "config", "depth", "nodes", "ratio", "geomean", "time ms", "time ratio",
		"knps", "pvs re-search", "lmr re-search", "agree", "abs Δscore", "solved"}
	skip := 0
	if len(groups) < 2 {
		header, skip = header[1:], 1
	}
	cut := false
	for _, s := range sums {
		cut = cut || s.CutShort > 0
	}
	if cut {
		header = append(header, "cut short")
	}
	var rows [][]string
	for i := range sums {
		s := &sums[i]
		solved := ""
		if s.Solvable > 0 {
			solved = fmt.Sprintf("%d/%d", s.Solved, s.Solvable)
		}
		// Unknown quantities (cut-short totals, an external engine's
		// counters) are empty cells.
		known := func(option, text string) string {
			if s.Blank(option) {
				return ""
			}
			return text
		}
		row := []string{s.Group, s.Config, strconv.Itoa(s.Depth), known("total", strconv.FormatUint(s.Nodes, 10)),
			known("ratio", fmtRatio(s.NodeRatio)), fmtRatio(s.GeoMeanNodeRatio), known("total", fmtMS(s.TimeMS)),
			known("ratio", fmtRatio(s.TimeRatio)), known("total", strconv.FormatFloat(s.NPS/1000, 'f', 0, 64)),
			known("counter", fmtPct(s.PVSResearchRate)), known("counter", fmtPct(s.LMRResearchRate)),
			fmtPct(s.BestMoveAgreement), strconv.FormatFloat(s.MeanAbsScoreChange, 'f', 1, 64), solved}
		if cut {
			c := ""
			if s.CutShort > 0 {
				c = fmt.Sprintf("%d of %d", s.CutShort, s.CutShort+s.Positions)
			}
			row = append(row, c)
		}
		rows = append(rows, row[skip:])
	}
	return Table(w, format, header, rows, 2-skip)
}

// RenderRecords writes records in format (table and markdown show the main
// columns; csv and json all of them).
func Records(w io.Writer, format string, recs []records.Record) error {
	switch format {
	case "csv":
		return records.WriteCSV(w, recs)
	case "json":
		return writeJSON(w, recs)
	}
	var rows [][]string
	for i := range recs {
		r := &recs[i]
		known := func(text string) string {
			if r.NoCounters {
				return ""
			}
			return text
		}
		best := r.BestMove
		if r.CapExceeded != "" {
			best = "(" + r.CapExceeded + " cap)"
		}
		rows = append(rows, []string{r.Config, r.Position, strconv.Itoa(r.Depth), strconv.FormatUint(r.Nodes, 10),
			known(strconv.FormatUint(r.QNodes, 10)), fmtMS(r.TimeMS), strconv.FormatFloat(r.EBF, 'f', 2, 64), best,
			strconv.Itoa(r.ScoreCP), known(fmtPct(r.PVSResearchRate)), known(fmtPct(r.LMRResearchRate)), r.Solved})
	}
	return Table(w, format, []string{"config", "position", "depth", "nodes", "qnodes", "time ms", "ebf",
		"best", "score", "pvs re-search", "lmr re-search", "solved"}, rows, 2)
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// RenderRun writes a run's result: its summary, and with records its
// records too (one JSON document holding both in JSON).
func Run(w io.Writer, format string, sums []records.Summary, recs []records.Record, withRecords bool) error {
	if withRecords && format == "json" {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(struct {
			Summary []records.Summary `json:"summary"`
			Records []records.Record  `json:"records"`
		}{sums, recs})
	}
	if err := Summary(w, format, sums); err != nil {
		return err
	}
	if !withRecords {
		return nil
	}
	fmt.Fprintln(w)
	return Records(w, format, recs)
}

// WarnCutShort says on stderr which configurations their budget cut short.
func WarnCutShort(w io.Writer, sums []records.Summary) {
	for _, s := range sums {
		if s.CutShort > 0 {
			fmt.Fprintf(w, "warning: %s / %s: %d of %d positions cut short by the cap (--max-nodes, --max-time); "+
				"they are left out of its summary, whose totals are unknown\n", s.Group, s.Config, s.CutShort, s.CutShort+s.Positions)
		}
	}
}
