package texel

import (
	"context"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ablate-chess/ablate/engine/chess"
	"github.com/ablate-chess/ablate/engine/eval"
)

func TestParseLine(t *testing.T) {
	start := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"
	for _, c := range []struct {
		line string
		want float64
		err  string
	}{
		{start + " 0 1 [1.0]", 1, ""},
		{start + " 0 1 [0.5]", 0.5, ""},
		{start + " 0 1 \"0-1\"", 0, ""},
		{start + " 1/2-1/2", 0.5, ""},
		{start + " c9 \"1-0\";", 1, ""},
		{start + " 0 1 | 0.73", 0.73, ""},
		{start + " 0 1", 0, "four EPD or six FEN fields before the result"},
		{start + " 0 1 [1.5]", 0, "a number from 0 to 1"},
		{"rnbqkbnr/pppppppp/8/8 w KQkq - [1.0]", 0, "piece placement"},
		{"1-0", 0, "no result"},
		{"e4 e5 1-0", 0, "four EPD or six FEN fields"},
	} {
		p, err := ParseLine(c.line)
		switch {
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%q: error %v, want %q", c.line, err, c.err)
		case c.err == "" && err != nil:
			t.Errorf("%q: %v", c.line, err)
		case c.err == "" && p.Result != c.want:
			t.Errorf("%q: result %v, want %v", c.line, p.Result, c.want)
		}
	}
}

func FuzzParseLine(f *testing.F) {
	f.Add("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 [1.0]")
	f.Add("8/8/8/8/8/8/8/K1k5 w - - c9 \"1/2-1/2\";")
	f.Fuzz(func(t *testing.T, line string) {
		p, err := ParseLine(line)
		if err == nil && (p.Result < 0 || p.Result > 1) {
			t.Errorf("%q: result %v", line, p.Result)
		}
	})
}

// TestReadErrorsNameTheLine: a bad line names its file and line; an empty
// file is an error; a PGN game without a result is left out and counted.
func TestReadErrorsNameTheLine(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		os.WriteFile(path, []byte(text), 0o644)
		return path
	}
	start := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	if _, err := Read([]string{write("bad.epd", start+" [1.0]\n"+start+" [2]\n")}, true); err == nil ||
		!strings.Contains(err.Error(), "bad.epd:2: result") {
		t.Errorf("bad result: %v", err)
	}
	if _, err := Read([]string{write("empty.epd", "# nothing\n")}, true); err == nil || !strings.Contains(err.Error(), "no labelled positions") {
		t.Errorf("empty: %v", err)
	}
	pgn := "[Event \"x\"]\n[Result \"*\"]\n\n1. e4 {+0.10/5} e5 {-0.10/5} *\n\n" +
		"[Event \"y\"]\n[Result \"1-0\"]\n\n1. e4 {book} e5 {+0.00/5} 2. Nf3 {+0.20/5} 1-0\n"
	d, err := Read([]string{write("g.pgn", pgn)}, true)
	if err != nil || d.Unended != 1 || len(d.Positions) != 2 || d.Positions[0].Result != 1 {
		t.Errorf("pgn: %+v, %v", d, err)
	}
}

// randomPositions plays seeded random games and keeps positions along
// them: a data set for a known evaluation.
func randomPositions(n int) []chess.Position {
	rng := rand.New(rand.NewPCG(1, 2))
	var out []chess.Position
	for len(out) < n {
		p, _ := chess.ParseFEN(chess.StartFEN)
		for ply := 0; ply < 60; ply++ {
			var l chess.MoveList
			p.LegalMoves(&l)
			if l.N == 0 {
				break
			}
			p.Play(l.Moves[rng.IntN(l.N)])
			if ply >= 6 && !p.InCheck() {
				out = append(out, p)
			}
		}
	}
	return out[:n]
}

// TestTuneRecoversKnownWeights: positions labelled by an evaluation whose
// bishop pair and knight mobility are set to known values (the expected
// score, through the sigmoid at K = 1) are tuned from the hand-set
// weights; the tune finds the known values again.
func TestTuneRecoversKnownWeights(t *testing.T) {
	on := eval.Terms(1<<eval.BishopPair | 1<<eval.Mobility)
	want := map[string]eval.Score{"bishop-pair": {MG: 80, EG: 120}, "mobility-knight": {MG: 9, EG: 2}}
	weights := eval.WeightSet(false)
	for i, name := range eval.WeightNames {
		if v, ok := want[name]; ok {
			weights[i] = v
		}
	}
	mg, eg := eval.PSQTables(false)
	d := &Data{}
	for i, p := range randomPositions(4000) {
		// The evaluation with the known weights: the trace's linear form.
		tr, _ := eval.Coefficients(&p, on)
		var m, e float64
		for j, c := range tr.Coef {
			m, e = m+float64(c*weights[j].MG), e+float64(c*weights[j].EG)
		}
		for t := range tr.PSQ {
			for sq, c := range tr.PSQ[t] {
				m, e = m+float64(c*mg[t][sq]), e+float64(c*eg[t][sq])
			}
		}
		score := (m*float64(tr.Phase) + e*float64(tr.Scale)/64*float64(24-tr.Phase)) / 24
		d.Positions = append(d.Positions, Position{Board: p, Result: sigmoid(1, score), Game: i})
	}
	res, err := Run(context.Background(), Request{Data: d, Terms: on, Epochs: 400, Rate: 1, HoldOut: 10, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(res.K-1) > 0.05 {
		t.Errorf("K %.3f, want about 1", res.K)
	}
	near := func(got, want int) bool { return abs(got-want) <= max(3, abs(want)/10) }
	for _, w := range res.Weights {
		v, ok := want[w.Name]
		switch {
		case !ok && !strings.HasPrefix(w.Name, "mobility-") && w.Value != w.Start:
			t.Errorf("%s moved from %v to %v, though its term is off", w.Name, w.Start, w.Value)
		case !ok && (!near(w.Value.MG, w.Start.MG) || !near(w.Value.EG, w.Start.EG)):
			t.Errorf("%s moved from %v to %v, though the labels used %v", w.Name, w.Start, w.Value, w.Start)
		case ok && (!near(w.Value.MG, v.MG) || !near(w.Value.EG, v.EG)):
			t.Errorf("%s: tuned %v from %v, want %v", w.Name, w.Value, w.Start, v)
		}
	}
	if res.After.Train >= res.Before.Train || res.After.HeldOut >= res.Before.HeldOut {
		t.Errorf("losses before %+v, after %+v", res.Before, res.After)
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
