package report

import (
	"fmt"
	"html/template"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/ablate-chess/ablate/experiments/records"
)

// Page is a report: one run, or two side by side (old and new).
type Page struct {
	Runs    []*Run
	Data    []*Data
	Figures [][]Figure
}

// NewPage computes the data and draws the figures of each run.
func NewPage(runs []*Run) (*Page, error) {
	pg := &Page{Runs: runs}
	for _, r := range runs {
		d := Build(r)
		figs, err := Figures(d)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", r.Dir, err)
		}
		pg.Data = append(pg.Data, d)
		pg.Figures = append(pg.Figures, figs)
	}
	return pg, nil
}

// WritePNGs writes each figure as dir/<name>.png (with a run's number
// before the name when there are several runs) and returns the paths.
func (pg *Page) WritePNGs(dir string) ([]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	var paths []string
	for i, figs := range pg.Figures {
		for _, f := range figs {
			name := f.Name
			if len(pg.Runs) > 1 {
				name = fmt.Sprintf("run%d-%s", i+1, name)
			}
			data, err := f.Encode("png")
			if err != nil {
				return nil, err
			}
			path := filepath.Join(dir, name+".png")
			if err := os.WriteFile(path, data, 0o644); err != nil {
				return nil, err
			}
			paths = append(paths, path)
		}
	}
	return paths, nil
}

type cell struct {
	SVG  template.HTML // empty when the run has no such figure
	Name string
}

type row struct {
	Name, Title, Caption string
	Cells                []cell
}

type table struct {
	Header []string
	Rows   [][]string
}

type runView struct {
	Title      string
	Provenance [][2]string
	Summary    table
	Worth      *table
}

// WriteHTML writes the page: self-contained (every plot inline SVG, the
// style inline, no script, nothing fetched), one row per figure with a
// column per run.
func (pg *Page) WriteHTML(w io.Writer) error {
	var rows []row
	index := map[string]int{}
	for i, figs := range pg.Figures {
		for _, f := range figs {
			k, ok := index[f.Name]
			if !ok {
				k = len(rows)
				index[f.Name] = k
				rows = append(rows, row{Name: f.Name, Title: f.Title, Caption: f.Caption, Cells: make([]cell, len(pg.Runs))})
			}
			svg, err := f.Encode("svg")
			if err != nil {
				return err
			}
			rows[k].Cells[i] = cell{SVG: template.HTML(stripXMLHeader(svg)), Name: f.Name}
		}
	}
	var views []runView
	for _, r := range pg.Runs {
		views = append(views, view(r))
	}
	return page.Execute(w, struct {
		Runs  []runView
		Rows  []row
		Multi bool
	}{views, rows, len(pg.Runs) > 1})
}

func stripXMLHeader(svg []byte) string {
	s := string(svg)
	if i := strings.Index(s, "<svg"); i > 0 {
		s = s[i:]
	}
	return s
}

func view(r *Run) runView {
	v := runView{Title: r.Dir}
	if ri := r.Info; ri != nil {
		v.Title = fmt.Sprintf("%s (%s)", ri.Experiment, r.Dir)
		v.Provenance = [][2]string{
			{"command", strings.Join(ri.Args, " ")},
			{"engine", ri.Engine + " " + ri.Commit},
			{"Go", ri.GoVersion},
			{"machine", fmt.Sprintf("%s, %d cores, host %s", ri.CPU, ri.Cores, ri.Host)},
			{"started", ri.Started.Format("2006-01-02 15:04:05 MST")},
		}
		if !ri.Finished.IsZero() {
			v.Provenance = append(v.Provenance, [2]string{"finished", ri.Finished.Format("2006-01-02 15:04:05 MST")})
		}
		for _, s := range ri.Shards {
			v.Provenance = append(v.Provenance, [2]string{"shard", fmt.Sprintf("%d/%d on %s: %d jobs", s.Index, s.Count, s.Host, s.Jobs)})
		}
		// What each configuration is beside its spec: a variant built from
		// source names its commit, patch and bench here.
		for _, c := range ri.Configs {
			if c.Params != "" {
				v.Provenance = append(v.Provenance, [2]string{"config " + c.Name, c.Params})
			}
		}
	}
	v.Summary = summaryTable(r.Summary)
	if len(r.Worth) > 0 {
		t := &table{Header: []string{"config", "vs", "depth", "nodes ×", "budget", "Elo (95%)", "nElo (95%)", "LOS", "W-D-L",
			"games", "depth reached"}}
		for _, w := range r.Worth {
			ratio := strconv.FormatFloat(w.NodeRatio, 'f', 3, 64)
			if w.NoRatio {
				ratio = "cut short"
			}
			budget, reached := w.Budget, ""
			if budget == "" {
				budget = w.Limits
			}
			if w.MeanDepth > 0 {
				reached = fmt.Sprintf("%.1f / %.1f", w.MeanDepth, w.RefMeanDepth)
			}
			games := strconv.Itoa(w.Games)
			if w.Partial {
				games += " so far"
			}
			t.Rows = append(t.Rows, []string{w.Config, w.Reference, strconv.Itoa(w.Depth), ratio, budget,
				fmt.Sprintf("%+.1f ± %.1f", w.Elo, w.EloError), fmt.Sprintf("%+.1f ± %.1f", w.NElo, w.NEloError),
				fmt.Sprintf("%.1f%%", 100*w.LOS), fmt.Sprintf("%d-%d-%d", w.Wins, w.Draws, w.Losses), games, reached})
		}
		v.Worth = t
	}
	return v
}

func summaryTable(sums []records.Summary) table {
	t := table{Header: []string{"group", "config", "depth", "nodes", "ratio", "geomean", "time ms", "knps",
		"PVS re-search", "LMR re-search", "agree", "solved", "cut short"}}
	pct := func(x float64) string { return strconv.FormatFloat(100*x, 'f', 2, 64) + "%" }
	for _, s := range sums {
		nodes, ratio, tm, knps := strconv.FormatUint(s.Nodes, 10), strconv.FormatFloat(s.NodeRatio, 'f', 3, 64),
			strconv.FormatFloat(s.TimeMS, 'f', 1, 64), strconv.FormatFloat(s.NPS/1000, 'f', 0, 64)
		if s.CutShort > 0 {
			nodes, ratio, tm, knps = "", "", "", ""
		}
		pvs, lmr := pct(s.PVSResearchRate), pct(s.LMRResearchRate)
		if s.NoCounters {
			pvs, lmr = "", ""
		}
		solved, cut := "", ""
		if s.Solvable > 0 {
			solved = fmt.Sprintf("%d/%d", s.Solved, s.Solvable)
		}
		if s.CutShort > 0 {
			cut = strconv.Itoa(s.CutShort)
		}
		t.Rows = append(t.Rows, []string{s.Group, s.Config, strconv.Itoa(s.Depth), nodes, ratio,
			strconv.FormatFloat(s.GeoMeanNodeRatio, 'f', 3, 64), tm, knps, pvs, lmr, pct(s.BestMoveAgreement), solved, cut})
	}
	return t
}

var page = template.Must(template.New("report").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>ablate report{{range .Runs}}: {{.Title}}{{end}}</title>
<style>
body { font-family: sans-serif; margin: 1.5em; color: #222; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 1.5em; }
table { border-collapse: collapse; font-size: 0.85em; margin: 0.5em 0; }
th, td { border: 1px solid #ccc; padding: 0.2em 0.5em; text-align: right; }
th:first-child, td:first-child, th:nth-child(2), td:nth-child(2) { text-align: left; }
.figures { display: grid; grid-template-columns: repeat({{if .Multi}}2{{else}}1{{end}}, minmax(0, 1fr)); gap: 1em; }
figure { margin: 0; } figure svg { width: 100%; height: auto; }
figcaption, .caption { font-size: 0.85em; color: #555; }
.provenance td { text-align: left; }
</style>
</head>
<body>
<h1>ablate report</h1>
{{range $i, $r := .Runs}}
<h2>{{if $.Multi}}Run {{$i}}: {{end}}{{$r.Title}}</h2>
<table class="provenance">{{range $r.Provenance}}<tr><td>{{index . 0}}</td><td>{{index . 1}}</td></tr>{{end}}</table>
<table class="summary">
<tr>{{range $r.Summary.Header}}<th>{{.}}</th>{{end}}</tr>
{{range $r.Summary.Rows}}<tr>{{range .}}<td>{{.}}</td>{{end}}</tr>
{{end}}</table>
{{with $r.Worth}}<table class="worth">
<tr>{{range .Header}}<th>{{.}}</th>{{end}}</tr>
{{range .Rows}}<tr>{{range .}}<td>{{.}}</td>{{end}}</tr>
{{end}}</table>{{end}}
{{end}}
{{range .Rows}}
<h2>{{.Title}}</h2>
<p class="caption">{{.Caption}}</p>
<div class="figures">{{range $i, $c := .Cells}}
<figure class="plot" data-plot="{{$c.Name}}" data-run="{{$i}}">{{if $c.SVG}}{{$c.SVG}}{{else}}<figcaption>(not in this run)</figcaption>{{end}}</figure>{{end}}
</div>
{{end}}
</body>
</html>
`))

// Write loads the run directories (one, or two to draw side by side),
// writes the page to out and, if pngDir is given, each plot as a PNG
// there; it returns how many plots and PNGs it wrote.
func Write(dirs []string, out, pngDir string) (plots, pngs int, err error) {
	var runs []*Run
	for _, dir := range dirs {
		r, err := Load(dir)
		if err != nil {
			return 0, 0, err
		}
		runs = append(runs, r)
	}
	pg, err := NewPage(runs)
	if err != nil {
		return 0, 0, err
	}
	f, err := os.Create(out)
	if err != nil {
		return 0, 0, err
	}
	if err := pg.WriteHTML(f); err != nil {
		f.Close()
		return 0, 0, err
	}
	if err := f.Close(); err != nil {
		return 0, 0, err
	}
	for _, figs := range pg.Figures {
		plots += len(figs)
	}
	if pngDir != "" {
		paths, err := pg.WritePNGs(pngDir)
		return plots, len(paths), err
	}
	return plots, 0, nil
}
