package report

import (
	"bytes"
	"fmt"
	"image/color"
	"math"
	"sort"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Figure is one drawn plot: a name for its file, a caption, the plot.
type Figure struct {
	Name    string // file name without extension: nodes-ladder
	Title   string
	Caption string
	Plot    *plot.Plot
}

// The size every plot is drawn at: a page's width (the HTML scales it to
// the column), with the legend in a column of its own at the right, where
// it covers no data.
const (
	figWidth  = 10 * vg.Inch
	figHeight = 5 * vg.Inch
)

// Figures draws every plot of a run's data: per group, nodes by depth,
// branching factor, time to depth, node ratios over positions, re-search
// rates; then Elo beside tree size if the run has a worth result.
func Figures(d *Data) ([]Figure, error) {
	var figs []Figure
	for _, g := range d.Groups {
		slug := slug(g.Name)
		for _, f := range []struct {
			name, title, caption string
			draw                 func(Group) (*plot.Plot, error)
		}{
			{"nodes", "Nodes by depth", "Nodes searched to each depth, summed over the positions (log scale).", nodesPlot},
			{"ebf", "Effective branching factor", "Nodes to each depth over nodes to the one before.", ebfPlot},
			{"time", "Time to depth", "Time to each depth, summed over the positions (log scale); bars span the fastest and slowest repeat.", timePlot},
			{"ratio", "Node ratio to " + g.Reference, "Each position's nodes over the reference's at the final depth: a box of the middle half, whiskers, and every position as a dot (log scale), so that one position's outlier shows.", ratioPlot},
			{"rates", "Re-searches and reductions", "PVS and LMR re-search rates (per cent of null-window and reduced searches), and the mean reduction in plies (dark).", ratesPlot},
		} {
			p, err := f.draw(g)
			if err != nil {
				return nil, fmt.Errorf("%s, %s: %v", g.Name, f.name, err)
			}
			if p == nil {
				continue
			}
			p.Title.Text = f.title + " (" + g.Name + ")"
			figs = append(figs, Figure{Name: f.name + "-" + slug, Title: p.Title.Text, Caption: f.caption, Plot: p})
		}
	}
	var single, ladder []WorthPoint
	for _, w := range d.Worth {
		if w.Budget == "" {
			single = append(single, w)
		} else {
			ladder = append(ladder, w)
		}
	}
	if len(single) > 0 {
		p, err := worthPlot(single)
		if err != nil {
			return nil, err
		}
		figs = append(figs, Figure{Name: "worth", Title: p.Title.Text,
			Caption: "Each configuration's Elo against its reference (95% interval) beside its tree size against it: what a technique saves, and what it is worth.", Plot: p})
	}
	if len(d.Interactions) > 0 {
		p, err := interactionsPlot(d.Interactions)
		if err != nil {
			return nil, err
		}
		figs = append(figs, Figure{Name: "interactions", Title: p.Title.Text,
			Caption: "Each pair of overlapping techniques the screening fitted: the Elo the two out together score beyond the sum of " +
				"each out alone, with its 95% interval; zero is additive. Red: significant after Bonferroni.", Plot: p})
	}
	for _, param := range d.Tune {
		p := newPlot("pairs", param.Config)
		if _, err := lines(p, []Series{param}); err != nil {
			return nil, err
		}
		if mid := (p.Y.Min + p.Y.Max) / 2; p.Y.Max-p.Y.Min < 2 { // a tune that barely moved: show a unit each side
			p.Y.Min, p.Y.Max = mid-1, mid+1
		}
		p.Title.Text = "Tuning " + param.Config
		figs = append(figs, Figure{Name: "tune-" + slug(param.Config), Title: p.Title.Text,
			Caption: "The parameter's value as the SPSA tune went on, after each batch of pairs.", Plot: p})
	}
	for _, kind := range []string{"nodes", "tc"} {
		p, err := ladderPlot(ladder, kind)
		if err != nil {
			return nil, err
		}
		if p == nil {
			continue
		}
		figs = append(figs, Figure{Name: "worth-by-" + kind, Title: p.Title.Text,
			Caption: "Each configuration's Elo against its reference at each budget (log scale), its 95% interval as a band; " +
				"the labels give the mean depth the configuration and its reference reached there.", Plot: p})
	}
	return figs, nil
}

func slug(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
		default:
			b.WriteByte('-')
		}
	}
	return b.String()
}

func newPlot(x, y string) *plot.Plot {
	p := plot.New()
	p.X.Label.Text, p.Y.Label.Text = x, y
	p.Legend.Top = true
	p.Legend.Left = true
	p.Add(plotter.NewGrid())
	return p
}

func xys(pts []Point) plotter.XYs {
	out := make(plotter.XYs, len(pts))
	for i, p := range pts {
		out[i] = plotter.XY{X: p.X, Y: p.Y}
	}
	return out
}

// lines draws one line with points per series; a series with no points is
// left out.
func lines(p *plot.Plot, series []Series) (bool, error) {
	any := false
	for i, s := range series {
		if len(s.Points) == 0 {
			continue
		}
		l, pts, err := plotter.NewLinePoints(xys(s.Points))
		if err != nil {
			return false, err
		}
		l.Color, pts.Color = plotutil.Color(i), plotutil.Color(i)
		l.Dashes = plotutil.Dashes(i / 7)
		pts.Shape = plotutil.Shape(i)
		p.Add(l, pts)
		p.Legend.Add(s.Config, l, pts)
		any = true
	}
	return any, nil
}

func integerTicks(p *plot.Plot) { p.X.Tick.Marker = plot.TickerFunc(depthTicks) }

// depthTicks marks every depth, or every other past twenty.
func depthTicks(min, max float64) []plot.Tick {
	step := 1.0
	if max-min > 20 {
		step = 2
	}
	var ticks []plot.Tick
	for d := math.Ceil(min); d <= max; d += step {
		ticks = append(ticks, plot.Tick{Value: d, Label: fmt.Sprint(d)})
	}
	return ticks
}

func nodesPlot(g Group) (*plot.Plot, error) {
	p := newPlot("depth", "nodes")
	p.Y.Scale, p.Y.Tick.Marker = plot.LogScale{}, plot.LogTicks{Prec: -1}
	integerTicks(p)
	ok, err := lines(p, g.NodesByDepth)
	if !ok || err != nil {
		return nil, err
	}
	return p, nil
}

func ebfPlot(g Group) (*plot.Plot, error) {
	p := newPlot("depth", "nodes(d) / nodes(d-1)")
	integerTicks(p)
	ok, err := lines(p, g.EBFByDepth)
	if !ok || err != nil {
		return nil, err
	}
	return p, nil
}

// yerrs is a series with its spread as error bars.
type yerrs []Point

func (e yerrs) Len() int                    { return len(e) }
func (e yerrs) XY(i int) (float64, float64) { return e[i].X, e[i].Y }
func (e yerrs) YError(i int) (float64, float64) {
	if e[i].Hi == 0 {
		return 0, 0
	}
	// On a log scale a bar may not reach 0: a repeat timed at 0 ms (a
	// search under the clock's tick) draws no lower bar. The point is the
	// sum of each position's typical time, which may lie outside the
	// fastest and slowest repeat's sums; gonum draws a bar's length without
	// its sign, so a bar that would point the wrong way is not drawn.
	low, high := e[i].Y-e[i].Lo, e[i].Hi-e[i].Y
	if e[i].Lo <= 0 || low < 0 {
		low = 0
	}
	if high < 0 {
		high = 0
	}
	return low, high
}

func timePlot(g Group) (*plot.Plot, error) {
	p := newPlot("depth", "time (ms)")
	p.Y.Scale, p.Y.Tick.Marker = plot.LogScale{}, plot.LogTicks{Prec: -1}
	integerTicks(p)
	var positive []Series
	for _, s := range g.TimeByDepth {
		var pts []Point
		for _, pt := range s.Points {
			if pt.Y > 0 {
				pts = append(pts, pt)
			}
		}
		positive = append(positive, Series{s.Config, pts})
	}
	ok, err := lines(p, positive)
	if !ok || err != nil {
		return nil, err
	}
	for i, s := range positive {
		if len(s.Points) == 0 {
			continue
		}
		eb, err := plotter.NewYErrorBars(yerrs(s.Points))
		if err != nil {
			return nil, err
		}
		eb.Color = plotutil.Color(i)
		p.Add(eb)
	}
	return p, nil
}

func ratioPlot(g Group) (*plot.Plot, error) {
	if len(g.NodeRatios) < 2 {
		return nil, nil
	}
	p := newPlot("", "nodes / reference's")
	p.Y.Scale, p.Y.Tick.Marker = plot.LogScale{}, plot.LogTicks{Prec: -1}
	p.Legend.Top = false
	var names []string
	drawn := false
	for i, d := range g.NodeRatios {
		names = append(names, d.Config)
		if len(d.Values) == 0 {
			continue
		}
		vals := plotter.Values(d.Values)
		if len(vals) >= 3 {
			box, err := plotter.NewBoxPlot(vg.Points(18), float64(i), vals)
			if err != nil {
				return nil, err
			}
			box.FillColor = color.RGBA{R: 220, G: 230, B: 245, A: 255}
			p.Add(box)
		}
		dots := make(plotter.XYs, len(vals))
		for k, v := range vals {
			// Spread the dots a little sideways, the same way every time.
			dots[k] = plotter.XY{X: float64(i) + 0.22*(float64(k%5)/4-0.5), Y: v}
		}
		sc, err := plotter.NewScatter(dots)
		if err != nil {
			return nil, err
		}
		sc.Color = plotutil.Color(i)
		sc.Radius = vg.Points(2)
		p.Add(sc)
		drawn = true
	}
	if !drawn {
		return nil, nil
	}
	one, _ := plotter.NewLine(plotter.XYs{{X: -0.5, Y: 1}, {X: float64(len(names)) - 0.5, Y: 1}})
	one.Color, one.Dashes = color.Gray{Y: 120}, []vg.Length{vg.Points(3), vg.Points(3)}
	p.Add(one)
	p.NominalX(names...)
	p.X.Tick.Label.Rotation = math.Pi / 6
	p.X.Tick.Label.XAlign, p.X.Tick.Label.YAlign = draw.XRight, draw.YTop
	return p, nil
}

func ratesPlot(g Group) (*plot.Plot, error) {
	var pvs, lmr, red plotter.Values
	var names []string
	any := false
	for _, r := range g.Rates {
		if !r.Known {
			continue
		}
		names = append(names, r.Config)
		pvs, lmr, red = append(pvs, 100*r.PVSResearch), append(lmr, 100*r.LMRResearch), append(red, r.MeanReduction)
		any = any || r.PVSResearch > 0 || r.LMRResearch > 0 || r.MeanReduction > 0
	}
	if !any {
		return nil, nil
	}
	p := newPlot("", "per cent; plies")
	p.Legend.Top = true
	w := vg.Points(9)
	for i, s := range []struct {
		name string
		v    plotter.Values
	}{{"PVS re-search %", pvs}, {"LMR re-search %", lmr}, {"mean reduction (plies)", red}} {
		b, err := plotter.NewBarChart(s.v, w)
		if err != nil {
			return nil, err
		}
		b.Color = plotutil.Color(i)
		if i == 2 {
			b.Color = color.RGBA{R: 60, G: 60, B: 60, A: 255}
		}
		b.Offset = w * vg.Length(i-1)
		b.LineStyle.Width = 0
		p.Add(b)
		p.Legend.Add(s.name, b)
	}
	top := 0.0
	for _, v := range [][]float64{pvs, lmr, red} {
		for _, x := range v {
			top = math.Max(top, x)
		}
	}
	p.Y.Min, p.Y.Max = 0, top*1.35 // room for the legend
	p.NominalX(names...)
	p.X.Tick.Label.Rotation = math.Pi / 6
	p.X.Tick.Label.XAlign, p.X.Tick.Label.YAlign = draw.XRight, draw.YTop
	return p, nil
}

// worthPoints are the worth plot's points with their intervals and labels.
type worthPoints []WorthPoint

func (w worthPoints) Len() int                    { return len(w) }
func (w worthPoints) XY(i int) (float64, float64) { return w[i].NodeRatio, w[i].Elo }
func (w worthPoints) YError(i int) (float64, float64) {
	return w[i].EloError, w[i].EloError
}
func (w worthPoints) Label(i int) string { return " " + w[i].Config }

func worthPlot(points []WorthPoint) (*plot.Plot, error) {
	var pts worthPoints
	for _, w := range points {
		if w.HasRatio && w.NodeRatio > 0 && !math.IsNaN(w.Elo) && math.Abs(w.Elo) < 1e6 {
			pts = append(pts, w)
		}
	}
	if len(pts) == 0 {
		return nil, fmt.Errorf("no worth point with a tree size and an Elo")
	}
	p := newPlot("tree size against the reference (nodes ×, log scale)", "Elo against the reference")
	p.Title.Text = "Saves versus worth"
	p.X.Scale, p.X.Tick.Marker = plot.LogScale{}, doublingTicks{}
	sc, err := plotter.NewScatter(pts)
	if err != nil {
		return nil, err
	}
	sc.Color = plotutil.Color(0)
	eb, err := plotter.NewYErrorBars(pts)
	if err != nil {
		return nil, err
	}
	labels, err := plotter.NewLabels(pts)
	if err != nil {
		return nil, err
	}
	zero, _ := plotter.NewLine(plotter.XYs{{X: minRatio(pts) / 1.2, Y: 0}, {X: maxRatio(pts) * 1.2, Y: 0}})
	zero.Color, zero.Dashes = color.Gray{Y: 120}, []vg.Length{vg.Points(3), vg.Points(3)}
	p.Add(zero, eb, sc, spreadLabels{labels})
	return p, nil
}

// doublingTicks marks a log axis at the powers of two (…, 0.5, 1, 2, 4, …)
// in its range: tree-size ratios read as "twice", "four times".
type doublingTicks struct{}

func (doublingTicks) Ticks(lo, hi float64) []plot.Tick {
	var ticks []plot.Tick
	for e := math.Floor(math.Log2(lo)); e <= math.Ceil(math.Log2(hi)); e++ {
		if v := math.Exp2(e); v >= lo && v <= hi {
			ticks = append(ticks, plot.Tick{Value: v, Label: fmt.Sprintf("%g", v)})
		}
	}
	if len(ticks) < 2 {
		return plot.LogTicks{Prec: -1}.Ticks(lo, hi)
	}
	return ticks
}

// spreadLabels draws labels beside their points as plotter.Labels does,
// but moves a label down past any label drawn before it that it would
// overlap (the highest first), so that configurations with nearly the same
// tree size and Elo stay readable. A moved label gets a thin leader line
// to its point.
type spreadLabels struct{ *plotter.Labels }

func (l spreadLabels) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	type box struct {
		at      vg.Point // the point
		x, y    vg.Length
		w, h    vg.Length
		i       int
		visible bool
	}
	boxes := make([]box, len(l.Labels.Labels))
	for i, txt := range l.Labels.Labels {
		at := vg.Point{X: trX(l.XYs[i].X), Y: trY(l.XYs[i].Y)}
		sty := l.TextStyle[i]
		boxes[i] = box{at: at, x: at.X, y: at.Y, w: sty.Width(txt), h: sty.Height(txt), i: i, visible: c.Contains(at)}
	}
	sort.SliceStable(boxes, func(a, b int) bool { return boxes[a].y > boxes[b].y })
	overlaps := func(a, b box) bool {
		return a.x < b.x+b.w && b.x < a.x+a.w && a.y-a.h/2 < b.y+b.h/2 && b.y-b.h/2 < a.y+a.h/2
	}
	var placed []box
	for _, b := range boxes {
		if !b.visible {
			continue
		}
		for moved := true; moved; {
			moved = false
			for _, q := range placed {
				if overlaps(b, q) {
					b.y, moved = q.y-q.h/2-b.h/2, true
				}
			}
		}
		placed = append(placed, b)
		sty := l.TextStyle[b.i]
		sty.YAlign = draw.YCenter
		if b.at.Y-b.y > b.h/2 {
			c.StrokeLine2(draw.LineStyle{Color: color.Gray{Y: 150}, Width: vg.Points(0.5)}, b.at.X, b.at.Y, b.x+vg.Points(2), b.y)
		}
		c.FillText(sty, vg.Point{X: b.x, Y: b.y}, l.Labels.Labels[b.i])
	}
}

func minRatio(w worthPoints) float64 {
	m := math.Inf(1)
	for _, p := range w {
		m = math.Min(m, p.NodeRatio)
	}
	return m
}

func maxRatio(w worthPoints) float64 {
	m := math.Inf(-1)
	for _, p := range w {
		m = math.Max(m, p.NodeRatio)
	}
	return m
}

// widenLogAxis gives a log axis whose data is one value (one depth, one
// budget) a range around it: gonum widens such an axis by 1 either way,
// which takes a value under 1 (a search timed at 0.4 ms) below 0.
func widenLogAxis(a *plot.Axis) {
	if _, ok := a.Scale.(plot.LogScale); ok && a.Min == a.Max && a.Min > 0 {
		a.Min, a.Max = a.Min/2, a.Max*2
	}
}

// Encode draws a figure as SVG or PNG: the plot, and its legend in a
// column at the right.
func (f *Figure) Encode(format string) (_ []byte, err error) {
	// gonum/plot panics on data it cannot draw (a value of 0 on a log
	// scale): the report names the plot in an error instead of crashing.
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("plot %q cannot be drawn: %v", f.Plot.Title.Text, r)
		}
	}()
	cw, err := draw.NewFormattedCanvas(figWidth, figHeight, format)
	if err != nil {
		return nil, err
	}
	c := draw.New(cw)
	p := *f.Plot
	widenLogAxis(&p.X)
	widenLogAxis(&p.Y)
	legend := p.Legend
	p.Legend = plot.NewLegend()
	if width := legend.Rectangle(c).Size().X; width > 0 {
		pad := vg.Points(12)
		p.Draw(draw.Crop(c, 0, -(width + pad), 0, 0))
		legend.Top, legend.Left, legend.YOffs = true, true, -p.Title.TextStyle.Rectangle(p.Title.Text).Size().Y-p.Title.Padding
		legend.Draw(draw.Crop(c, c.Max.X-width-pad/2, 0, 0, 0))
	} else {
		p.Draw(c)
	}
	var b bytes.Buffer
	if _, err := cw.WriteTo(&b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// budgetSize reads a ladder's budget as a number for its axis: the nodes of
// "nodes=N", or a clock's seconds for a game of 40 moves, base plus 40
// increments, of "tc=B+I".
func budgetSize(budget string) (kind string, size float64, ok bool) {
	kind, v, _ := strings.Cut(budget, "=")
	switch kind {
	case "nodes":
		n, err := strconv.ParseFloat(v, 64)
		return kind, n, err == nil && n > 0
	case "tc":
		b, i, _ := strings.Cut(v, "+")
		base, err1 := strconv.ParseFloat(b, 64)
		inc, err2 := strconv.ParseFloat(i, 64)
		if i == "" {
			inc, err2 = 0, nil
		}
		return kind, base + 40*inc, err1 == nil && err2 == nil && base > 0
	}
	return kind, 0, false
}

// ladderPlot draws a worth ladder's budgets of one kind: Elo against the
// budget (log scale), a line a configuration with its 95% interval as a
// band, each point labelled with the mean depths reached. nil if the
// ladder has no budget of that kind.
func ladderPlot(points []WorthPoint, kind string) (*plot.Plot, error) {
	var configs []string
	byConfig := map[string][]WorthPoint{}
	sizes := map[float64]string{}
	for _, w := range points {
		k, size, ok := budgetSize(w.Budget)
		if !ok || k != kind || math.IsNaN(w.Elo) || math.Abs(w.Elo) > 1e6 {
			continue
		}
		if byConfig[w.Config] == nil {
			configs = append(configs, w.Config)
		}
		w.NodeRatio = size // the x of the point
		byConfig[w.Config] = append(byConfig[w.Config], w)
		sizes[size] = strings.TrimPrefix(w.Budget, kind+"=")
	}
	if len(configs) == 0 {
		return nil, nil
	}
	x := "nodes a move (log scale)"
	if kind == "tc" {
		x = "clock: base + increment (log scale of the time for 40 moves)"
	}
	p := newPlot(x, "Elo against the reference")
	p.Title.Text = "Worth by budget"
	if kind == "tc" {
		p.Title.Text = "Worth by clock"
	}
	p.X.Scale = plot.LogScale{}
	p.X.Tick.Marker = plot.TickerFunc(func(lo, hi float64) []plot.Tick {
		var ticks []plot.Tick
		for size, label := range sizes {
			ticks = append(ticks, plot.Tick{Value: size, Label: label})
		}
		sort.Slice(ticks, func(i, j int) bool { return ticks[i].Value < ticks[j].Value })
		return ticks
	})
	lo, hi := math.Inf(1), math.Inf(-1)
	for size := range sizes {
		lo, hi = min(lo, size), max(hi, size)
	}
	p.X.Min, p.X.Max = lo/1.5, hi*1.5
	zero, _ := plotter.NewLine(plotter.XYs{{X: lo / 1.5, Y: 0}, {X: hi * 1.5, Y: 0}})
	zero.Color, zero.Dashes = color.Gray{Y: 120}, []vg.Length{vg.Points(3), vg.Points(3)}
	p.Add(zero)
	for i, c := range configs {
		pts := byConfig[c]
		sort.Slice(pts, func(a, b int) bool { return pts[a].NodeRatio < pts[b].NodeRatio })
		col := plotutil.Color(i)
		var line, band plotter.XYs
		labels := plotter.XYLabels{}
		for _, w := range pts {
			line = append(line, plotter.XY{X: w.NodeRatio, Y: w.Elo})
			band = append(band, plotter.XY{X: w.NodeRatio, Y: w.Elo + w.EloError})
			labels.XYs = append(labels.XYs, plotter.XY{X: w.NodeRatio, Y: w.Elo})
			label := fmt.Sprintf(" d %.1f/%.1f", w.MeanDepth, w.RefMeanDepth)
			if w.Partial {
				label += fmt.Sprintf(", %d g so far", w.Games)
			}
			labels.Labels = append(labels.Labels, label)
		}
		for j := len(pts) - 1; j >= 0; j-- {
			band = append(band, plotter.XY{X: pts[j].NodeRatio, Y: pts[j].Elo - pts[j].EloError})
		}
		if len(pts) > 1 {
			poly, err := plotter.NewPolygon(band)
			if err != nil {
				return nil, err
			}
			r, g, b, _ := col.RGBA()
			poly.Color = color.NRGBA{R: uint8(r >> 8), G: uint8(g >> 8), B: uint8(b >> 8), A: 40}
			poly.LineStyle.Width = 0
			p.Add(poly)
		}
		l, sc, err := plotter.NewLinePoints(line)
		if err != nil {
			return nil, err
		}
		l.Color, sc.Color, sc.Shape = col, col, plotutil.Shape(i)
		eb, err := plotter.NewYErrorBars(worthPoints(pts))
		if err != nil {
			return nil, err
		}
		eb.Color = col
		lab, err := plotter.NewLabels(labels)
		if err != nil {
			return nil, err
		}
		for j := range lab.TextStyle {
			lab.TextStyle[j].Color = col
			lab.TextStyle[j].Font.Size = vg.Points(7)
		}
		p.Add(l, sc, eb, spreadLabels{lab})
		p.Legend.Add(c, l, sc)
	}
	return p, nil
}

// interactionPoints are interactions at x = 0, 1, ... with their
// intervals.
type interactionPoints []Interaction

func (w interactionPoints) Len() int                    { return len(w) }
func (w interactionPoints) XY(i int) (float64, float64) { return float64(i), w[i].Elo }
func (w interactionPoints) YError(i int) (float64, float64) {
	return w[i].EloError, w[i].EloError
}

// interactionsPlot draws a screening's interactions, each with its
// interval, against zero.
func interactionsPlot(ins []Interaction) (*plot.Plot, error) {
	p := newPlot("", "Elo beyond the sum of each out alone")
	p.Title.Text = "Interactions"
	pts := interactionPoints(ins)
	sc, err := plotter.NewScatter(pts)
	if err != nil {
		return nil, err
	}
	sc.GlyphStyleFunc = func(i int) draw.GlyphStyle {
		g := sc.GlyphStyle
		if ins[i].Depends {
			g.Color = color.RGBA{R: 200, A: 255}
		}
		return g
	}
	eb, err := plotter.NewYErrorBars(pts)
	if err != nil {
		return nil, err
	}
	zero, _ := plotter.NewLine(plotter.XYs{{X: -0.5, Y: 0}, {X: float64(len(ins)) - 0.5, Y: 0}})
	zero.Color, zero.Dashes = color.Gray{Y: 120}, []vg.Length{vg.Points(3), vg.Points(3)}
	p.Add(zero, eb, sc)
	names := make([]string, len(ins))
	for i, in := range ins {
		names[i] = in.Pair
	}
	p.NominalX(names...)
	p.X.Tick.Label.Rotation = math.Pi / 6
	p.X.Tick.Label.XAlign, p.X.Tick.Label.YAlign = draw.XRight, draw.YTop
	return p, nil
}
