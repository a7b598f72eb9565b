package results

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"

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
func RenderTable(w io.Writer, format string, header []string, rows [][]string, rightFrom int) error {
	switch format {
	case "csv":
		cw := csv.NewWriter(w)
		cw.Write(header)
		cw.WriteAll(rows)
		return cw.Error()
	case "json":
		objs := make([]map[string]string, len(rows))
		for i, r := range rows {
			objs[i] = map[string]string{}
			for j, h := range header {
				objs[i][h] = r[j]
			}
		}
		return writeJSON(w, objs)
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

func fmtRatio(x float64) string { return strconv.FormatFloat(x, 'f', 3, 64) }
func fmtPct(x float64) string   { return strconv.FormatFloat(100*x, 'f', 2, 64) + "%" }
func fmtMS(x float64) string    { return strconv.FormatFloat(x, 'f', 1, 64) }

// RenderSummary writes the summaries in format. Tables leave out the
// group column when there is only one group.
func RenderSummary(w io.Writer, format string, sums []Summary) error {
	switch format {
	case "csv":
		return WriteSummaryCSV(w, sums)
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
			if s.blank(option) {
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
	return RenderTable(w, format, header, rows, 2-skip)
}

// RenderRecords writes records in format (table and markdown show the main
// columns; csv and json all of them).
func RenderRecords(w io.Writer, format string, recs []Record) error {
	switch format {
	case "csv":
		return WriteCSV(w, recs)
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
		if r.BudgetExceeded != "" {
			best = "(" + r.BudgetExceeded + " budget)"
		}
		rows = append(rows, []string{r.Config, r.Position, strconv.Itoa(r.Depth), strconv.FormatUint(r.Nodes, 10),
			known(strconv.FormatUint(r.QNodes, 10)), fmtMS(r.TimeMS), strconv.FormatFloat(r.EBF, 'f', 2, 64), best,
			strconv.Itoa(r.ScoreCP), known(fmtPct(r.PVSResearchRate)), known(fmtPct(r.LMRResearchRate)), r.Solved})
	}
	return RenderTable(w, format, []string{"config", "position", "depth", "nodes", "qnodes", "time ms", "ebf",
		"best", "score", "pvs re-search", "lmr re-search", "solved"}, rows, 2)
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// RenderRun writes a run's result: its summary, and with records its
// records too (one JSON document holding both in JSON).
func RenderRun(w io.Writer, format string, sums []Summary, recs []Record, records bool) error {
	if records && format == "json" {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(struct {
			Summary []Summary `json:"summary"`
			Records []Record  `json:"records"`
		}{sums, recs})
	}
	if err := RenderSummary(w, format, sums); err != nil {
		return err
	}
	if !records {
		return nil
	}
	fmt.Fprintln(w)
	return RenderRecords(w, format, recs)
}
