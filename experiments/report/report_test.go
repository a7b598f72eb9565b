package report

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"gonum.org/v1/plot/vg"

	"github.com/ablate-chess/ablate/experiments/golden"
)

// testdata/run is a small run (three configurations, six positions, depth
// 5, two repeats) with a worth.csv written by hand for it.
func load(t *testing.T) *Run {
	t.Helper()
	r, err := Load("testdata/run")
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestDataGolden: the numbers behind every plot, from a fixed run.
func TestDataGolden(t *testing.T) {
	got, err := Build(load(t)).JSON()
	if err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "data.json", string(got))
}

// TestDataByHand checks a few of the golden numbers against the records
// themselves.
func TestDataByHand(t *testing.T) {
	r := load(t)
	d := Build(r)
	g := d.Groups[0]
	if g.Name != "configs" || g.Reference != "full" || len(g.NodesByDepth) != 3 {
		t.Fatalf("group %+v", g)
	}
	var want5 float64
	for _, rec := range r.Records {
		if rec.Config == "no-lmr" && rec.Depth == 5 {
			want5 += float64(rec.Nodes)
		}
	}
	pts := g.NodesByDepth[1].Points
	if last := pts[len(pts)-1]; last.X != 5 || last.Y != want5 {
		t.Errorf("no-lmr at depth 5: %v, want %v", last, want5)
	}
	if e := g.EBFByDepth[1].Points[3]; e.Y != pts[4].Y/pts[3].Y {
		t.Errorf("EBF at depth 5: %v", e)
	}
	if tm := g.TimeByDepth[0].Points[4]; tm.Lo > tm.Y || tm.Hi < tm.Y || tm.Lo == 0 {
		t.Errorf("time spread at depth 5: %+v (two repeats)", tm)
	}
	if rs := g.NodeRatios[0]; len(rs.Values) != 6 || rs.Values[0] != 1 {
		t.Errorf("the reference's own ratios: %+v", rs)
	}
	if len(d.Worth) != 2 || d.Worth[1].Config != "stage-12" || d.Worth[1].Elo != -182 {
		t.Errorf("worth %+v", d.Worth)
	}
}

// TestPageIsSelfContained: every plot is inline SVG with a drawing in it;
// the page has no script and fetches nothing.
func TestPageIsSelfContained(t *testing.T) {
	pg, err := NewPage([]*Run{load(t), load(t)})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := pg.WriteHTML(&b); err != nil {
		t.Fatal(err)
	}
	html := b.String()
	figures := regexp.MustCompile(`(?s)<figure class="plot" data-plot="([^"]+)" data-run="(\d)">(.*?)</figure>`).FindAllStringSubmatch(html, -1)
	want := 2 * len(pg.Figures[0])
	if len(figures) != want || want < 6 {
		t.Fatalf("%d figures, want %d (5 per group and the worth plot, for each run)", len(figures), want)
	}
	for _, f := range figures {
		if !strings.HasPrefix(f[3], "<svg") || !strings.Contains(f[3], "<path") {
			t.Errorf("figure %s of run %s has no drawing", f[1], f[2])
		}
	}
	for _, bad := range []string{"<script", "src=\"http", "href=\"http", "@import", "url(http"} {
		if strings.Contains(html, bad) {
			t.Errorf("the page holds %q", bad)
		}
	}
	for _, want := range []string{"Saves versus worth", "provenance", "ablate run --config full=full"} {
		if !strings.Contains(html, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	dir := t.TempDir()
	paths, err := pg.WritePNGs(dir)
	if err != nil || len(paths) != want {
		t.Errorf("%d PNGs: %v", len(paths), err)
	}
}

// TestTimePlotWithAZeroRepeat: a repeat timed at 0 ms (a search faster
// than the clock's tick) draws no lower error bar; it used to take the log
// scale to 0, and gonum/plot panics there.
func TestTimePlotWithAZeroRepeat(t *testing.T) {
	g := Group{TimeByDepth: []Series{{Config: "a", Points: []Point{{X: 1, Y: 0.5, Lo: 0, Hi: 1}, {X: 2, Y: 2, Lo: 1, Hi: 3},
		// The sum of medians below the fastest repeat's sum, and above the slowest's.
		{X: 3, Y: 1, Lo: 2, Hi: 3}, {X: 4, Y: 5, Lo: 1, Hi: 4}}}}}
	p, err := timePlot(g)
	if err != nil || p == nil {
		t.Fatalf("timePlot: %v, %v", p, err)
	}
	var buf bytes.Buffer
	w, err := p.WriterTo(4*vg.Inch, 3*vg.Inch, "svg")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.WriteTo(&buf); err != nil || buf.Len() == 0 {
		t.Errorf("drawing: %v, %d bytes", err, buf.Len())
	}
}

// TestLogPlotOfOneValueUnderOne: a run to depth 1 whose six searches
// took 0.4 ms in all has one point on the time plot; gonum widens a
// range of one value by 1 either way, below 0 on a log scale.
func TestLogPlotOfOneValueUnderOne(t *testing.T) {
	g := Group{Name: "configs", TimeByDepth: []Series{{Config: "a", Points: []Point{{X: 1, Y: 0.4}}}}}
	p, err := timePlot(g)
	if err != nil || p == nil {
		t.Fatalf("timePlot: %v, %v", p, err)
	}
	p.Title.Text = "Time to depth"
	f := Figure{Plot: p}
	for _, format := range []string{"svg", "png"} {
		b, err := f.Encode(format)
		if err != nil || len(b) == 0 {
			t.Errorf("%s: %v, %d bytes", format, err, len(b))
		}
	}
}
