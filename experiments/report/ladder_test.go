package report

import (
	"bytes"
	"image/png"
	"testing"

	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

func TestBudgetSize(t *testing.T) {
	for _, c := range []struct {
		in   string
		kind string
		size float64
		ok   bool
	}{
		{"nodes=2500", "nodes", 2500, true},
		{"tc=10+0.1", "tc", 14, true},
		{"tc=60", "tc", 60, true},
		{"nodes=x", "nodes", 0, false},
		{"depth=8", "depth", 0, false},
	} {
		kind, size, ok := budgetSize(c.in)
		if kind != c.kind || ok != c.ok || (ok && size != c.size) {
			t.Errorf("%q: %s %g %v; want %s %g %v", c.in, kind, size, ok, c.kind, c.size, c.ok)
		}
	}
}

// TestLadderFigure: a ladder's node budgets make one "worth by budget"
// figure, its clocks another, a line a configuration; the figure is drawn
// a page wide with its legend beside the data.
func TestLadderFigure(t *testing.T) {
	var pts []WorthPoint
	for _, c := range []string{"-nmp", "-lmr"} {
		for i, b := range []string{"nodes=2500", "nodes=10000", "nodes=40000", "tc=10+0.1"} {
			pts = append(pts, WorthPoint{Config: c, Budget: b, Elo: -10 * float64(i+1), EloError: 15, Games: 400,
				MeanDepth: 6 + float64(i), RefMeanDepth: 6.5 + float64(i)})
		}
	}
	figs, err := Figures(&Data{Worth: pts})
	if err != nil {
		t.Fatal(err)
	}
	if len(figs) != 2 || figs[0].Name != "worth-by-nodes" || figs[1].Name != "worth-by-tc" {
		var names []string
		for _, f := range figs {
			names = append(names, f.Name)
		}
		t.Fatalf("figures %v, want worth-by-nodes and worth-by-tc", names)
	}
	if n := figs[0].Plot.Legend; n.Rectangle(dummyCanvas()).Size().X == 0 {
		t.Error("the ladder has no legend")
	}
	data, err := figs[0].Encode("png")
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if w := img.Bounds().Dx(); w < 900 {
		t.Errorf("the figure is %d px wide, want a page's width", w)
	}
}

func dummyCanvas() draw.Canvas {
	return draw.New(vgimg.New(figWidth, figHeight))
}
