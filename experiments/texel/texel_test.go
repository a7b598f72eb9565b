package texel

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
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
	if _, err := Read([]string{write("bad.epd", start+" [1.0]\n"+start+" [2]\n")}, Options{All: true}); err == nil ||
		!strings.Contains(err.Error(), "bad.epd:2: result") {
		t.Errorf("bad result: %v", err)
	}
	if _, err := Read([]string{write("empty.epd", "# nothing\n")}, Options{All: true}); err == nil || !strings.Contains(err.Error(), "no labelled positions") {
		t.Errorf("empty: %v", err)
	}
	pgn := "[Event \"x\"]\n[Result \"*\"]\n\n1. e4 {+0.10/5} e5 {-0.10/5} *\n\n" +
		"[Event \"y\"]\n[Result \"1-0\"]\n\n1. e4 {book} e5 {+0.00/5} 2. Nf3 {+0.20/5} 1-0\n"
	d, err := Read([]string{write("g.pgn", pgn)}, Options{All: true})
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

// knownData is positions labelled by an evaluation whose weights named in
// want are set to known values (the expected score, through the sigmoid
// at K = 1), the rest hand-set; one in ten held out.
func knownData(on eval.Terms, want map[string]eval.Score) *Data {
	weights := eval.WeightSet(0)
	for i, name := range eval.WeightNames {
		if v, ok := want[name]; ok {
			weights[i] = v
		}
	}
	mg, eg := eval.PSQTables(0)
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
		d.Positions = append(d.Positions, Position{Board: p, Result: sigmoid(1, score), Held: i%10 == 0})
	}
	return d
}

// TestTuneRecoversKnownWeights: positions labelled by an evaluation whose
// bishop pair and knight mobility are set to known values are tuned from
// the hand-set weights; the tune finds the known values again.
func TestTuneRecoversKnownWeights(t *testing.T) {
	on := eval.Terms(1<<eval.BishopPair | 1<<eval.Mobility)
	want := map[string]eval.Score{"bishop-pair": {MG: 80, EG: 120}, "mobility-knight": {MG: 9, EG: 2}}
	d := knownData(on, want)
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

// TestPriorPullsTowardsTheStart: the same known weights tuned with a
// prior move less far from the hand-set start the stronger the prior, and
// with the strongest allowed hardly at all; the losses say the fit gave
// up some of the labels' fit for it.
func TestPriorPullsTowardsTheStart(t *testing.T) {
	on := eval.Terms(1 << eval.BishopPair)
	d := knownData(on, map[string]eval.Score{"bishop-pair": {MG: 80, EG: 120}})
	start := eval.WeightSet(0)[0] // bishop-pair: 30, 50
	moved, trains := []int{}, []float64{}
	for _, prior := range []float64{0, 1e-3, MaxPrior} {
		res, err := Run(context.Background(), Request{Data: d, Terms: on, Epochs: 300, Rate: 1, HoldOut: 10, Prior: prior, Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		v := res.Weights[0].Value
		moved = append(moved, abs(v.MG-start.MG)+abs(v.EG-start.EG))
		trains = append(trains, res.After.Train)
	}
	t.Logf("moved %v, training losses %v", moved, trains)
	if !(moved[0] > moved[1] && moved[1] > moved[2]) || moved[0] < 100 || moved[2] > 6 {
		t.Errorf("bishop pair moved %v centipawns (mg+eg) with priors 0, 1e-3, %d: want falling, over 100 unpulled and at most 6 at the strongest", moved, MaxPrior)
	}
	if !(trains[0] < trains[1] && trains[1] < trains[2]) {
		t.Errorf("training losses %v: want rising with the prior", trains)
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// TestSplitByOpening: games are held out by their opening line (the
// Opening tag up to its '+'), every game of a line on one side; a
// position read twice on one side is one, its result the mean; a held-out
// position the training set has is dropped; the engine's comment gives
// the position's score from White's side.
func TestSplitByOpening(t *testing.T) {
	// Two lines, one held out and one not, at --hold-out 2.
	var held, train string
	for i := 0; held == "" || train == ""; i++ {
		name := fmt.Sprintf("open-%04d", i)
		h := fnv.New64a()
		h.Write([]byte(name))
		if h.Sum64()%2 == 0 {
			held = cmp.Or(held, name)
		} else {
			train = cmp.Or(train, name)
		}
	}
	game := func(opening, result, moves string) string {
		return fmt.Sprintf("[Event \"x\"]\n[Opening \"%s\"]\n[Result \"%s\"]\n\n%s %s\n\n", opening, result, moves, result)
	}
	pgn := game(train+"+1.0", "1-0", "1. e4 {book} e5 {+0.50/5} 2. Nf3 {+0.20/5}") +
		game(train+"+1.1", "0-1", "1. e4 {book} e5 {+0.50/5} 2. Nf3 {+0.20/5}") + // the same positions: merged, result 0.5
		game(held+"+1.0", "1/2-1/2", "1. e4 {book} e5 {+0.50/5} 2. Nc3 {-0.30/5} Nc6 {+0.10/5}") // two twins: dropped
	path := filepath.Join(t.TempDir(), "g.pgn")
	os.WriteFile(path, []byte(pgn), 0o644)
	d, err := Read([]string{path}, Options{All: true, HoldOut: 2})
	if err != nil {
		t.Fatal(err)
	}
	if d.Read != 7 || d.Duplicates != 2 || d.HeldTwins != 2 || d.HeldOut != 1 || d.Groups != 2 || len(d.Positions) != 3 {
		t.Fatalf("read %d, duplicates %d, held twins %d, held out %d, groups %d, kept %d; want 7, 2, 2, 1, 2, 3",
			d.Read, d.Duplicates, d.HeldTwins, d.HeldOut, d.Groups, len(d.Positions))
	}
	for i, want := range []struct {
		held          bool
		result, score float64
	}{
		{false, 0.5, -50}, // Black to move after 1. e4: +0.50 for Black is -50 for White
		{false, 0.5, 20},
		{true, 0.5, -10},
	} {
		p := d.Positions[i]
		if p.Held != want.held || p.Result != want.result || !p.HasScore || p.Score != want.score {
			t.Errorf("position %d: held %v, result %v, score %v (%v); want %v, %v, %v", i, p.Held, p.Result, p.Score, p.HasScore,
				want.held, want.result, want.score)
		}
	}
}

// TestResumeEndsWhereUnbrokenEnds: a fit interrupted after its first
// checkpoint goes on from it and ends with the unbroken fit's losses and
// weights, to the bit; so does a fit with one worker or two.
func TestResumeEndsWhereUnbrokenEnds(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	for i, p := range randomPositions(600) {
		fmt.Fprintf(&b, "%s [%s]\n", p.String(), []string{"1.0", "0.5", "0.0"}[i%3])
	}
	data := filepath.Join(dir, "d.epd")
	os.WriteFile(data, []byte(b.String()), 0o644)
	job := func(out string, workers int, onEpoch func(Epoch)) *Job {
		return &Job{Files: []string{data}, Check: []string{data}, All: true, Out: out,
			Request: Request{Terms: eval.Terms(1<<eval.BishopPair | 1<<eval.Mobility), Epochs: 2*CheckpointEvery + 5, Rate: 1,
				HoldOut: 4, Workers: workers, OnEpoch: onEpoch}}
	}
	_, whole, err := job(filepath.Join(dir, "whole"), 2, nil).Run(context.Background(), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	_, one, err := job(filepath.Join(dir, "one"), 1, nil).Run(context.Background(), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	broken := filepath.Join(dir, "broken")
	if _, _, err := job(broken, 2, func(e Epoch) {
		if e.N == CheckpointEvery+3 {
			cancel()
		}
	}).Run(ctx, io.Discard); !errors.Is(err, context.Canceled) {
		t.Fatalf("the interrupted fit: %v", err)
	}
	if _, err := os.Stat(filepath.Join(broken, "texel-checkpoint.json")); err != nil {
		t.Fatalf("no checkpoint: %v", err)
	}
	var log strings.Builder
	_, resumed, err := job(broken, 2, nil).Run(context.Background(), &log)
	if err != nil || !strings.Contains(log.String(), fmt.Sprintf("going on from epoch %d", CheckpointEvery)) {
		t.Fatalf("resumed: %v, %q", err, log.String())
	}
	losses := func(info *Info) []Epoch {
		out := []Epoch{info.PeSTO, info.Before, info.After}
		for _, e := range info.Epochs {
			out = append(out, e)
		}
		for i := range out {
			out[i].Elapsed = 0
		}
		return out
	}
	if !slices.Equal(losses(whole), losses(resumed)) || !slices.Equal(losses(whole), losses(one)) {
		t.Errorf("losses differ:\nunbroken  %v\nresumed   %v\none worker %v", losses(whole), losses(resumed), losses(one))
	}
	if whole.After.Check == 0 || whole.After.Check == whole.Before.Check {
		t.Errorf("check loss %v before, %v after", whole.Before.Check, whole.After.Check)
	}
	for _, e := range []Epoch{whole.PeSTO, whole.Before, whole.After} { // its own K fits it at least as well as the training's
		if e.CheckOwnK == 0 || e.CheckOwnK > e.Check+1e-12 {
			t.Errorf("check loss %v at the training's K, %v at its own", e.Check, e.CheckOwnK)
		}
	}
	a, _ := os.ReadFile(filepath.Join(dir, "whole", "tuned.go.txt"))
	c, _ := os.ReadFile(filepath.Join(broken, "tuned.go.txt"))
	if !bytes.Equal(a, c) {
		t.Error("the resumed fit's weights differ from the unbroken one's")
	}
	if _, err := os.Stat(filepath.Join(broken, "texel-checkpoint.json")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the checkpoint is left behind: %v", err)
	}
}

// FuzzCommentScore: any comment reads as no score or a score within the
// mate bound, in centipawns.
func FuzzCommentScore(f *testing.F) {
	for _, c := range []string{"+0.43/7", "-1.20/12 0.5s", "#3", "-#2/9", "book", " ", "+1e400/3", "NaN/1"} {
		f.Add(c)
	}
	f.Fuzz(func(t *testing.T, c string) {
		if x, ok := commentScore(c); ok && (math.IsNaN(x) || math.Abs(x) > 3000) {
			t.Errorf("%q: %v", c, x)
		}
	})
}

func TestCommentScore(t *testing.T) {
	for _, c := range []struct {
		in   string
		want float64
		ok   bool
	}{
		{"+0.43/7", 43, true}, {"-1.20/12 0.5s", -120, true}, {"#3", 3000, true}, {"-#2/9", -3000, true},
		{"+45.00/3", 3000, true}, {"book", 0, false}, {" ", 0, false}, {"NaN/1", 0, false},
	} {
		if x, ok := commentScore(c.in); ok != c.ok || math.Abs(x-c.want) > 1e-9 {
			t.Errorf("%q: %v %v, want %v %v", c.in, x, ok, c.want, c.ok)
		}
	}
}

// TestReadMatchDirectory: a match directory is read from its journal while
// it has no games file, and from its games file once it has one; both give
// the same positions, results, scores and split.
func TestReadMatchDirectory(t *testing.T) {
	dir := t.TempDir()
	start := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	journal := `{"Pair":0,"Opening":"open-0007+0.0","Games":[` +
		`{"White":"a","Black":"b","Start":"` + start + `","Moves":"e2e4 e7e5 g1f3","BookPlies":1,"Comments":["book","+0.30/6","+0.25/6"],"Result":"1-0"},` +
		`{"White":"b","Black":"a","Start":"` + start + `","Moves":"d2d4 d7d5 c2c4","BookPlies":1,"Comments":["book","-0.10/6","+0.05/6"],"Result":"1/2-1/2"}]}` + "\n"
	os.WriteFile(filepath.Join(dir, "pairs.jsonl"), []byte(journal), 0o644)
	fromJournal, err := Read([]string{dir}, Options{All: true, HoldOut: 2})
	if err != nil {
		t.Fatal(err)
	}
	if len(fromJournal.Positions) != 4 || fromJournal.Groups != 1 || !strings.HasSuffix(fromJournal.Files[0].Path, "pairs.jsonl") {
		t.Fatalf("from the journal: %d positions, %d lines, %v", len(fromJournal.Positions), fromJournal.Groups, fromJournal.Files)
	}
	pgn := "[Event \"x\"]\n[Opening \"open-0007+0.0\"]\n[Result \"1-0\"]\n\n1. e4 {book} e5 {+0.30/6} 2. Nf3 {+0.25/6} 1-0\n\n" +
		"[Event \"x\"]\n[Opening \"open-0007+0.1\"]\n[Result \"1/2-1/2\"]\n\n1. d4 {book} d5 {-0.10/6} 2. c4 {+0.05/6} 1/2-1/2\n"
	os.WriteFile(filepath.Join(dir, "games.pgn"), []byte(pgn), 0o644)
	fromGames, err := Read([]string{dir}, Options{All: true, HoldOut: 2})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(fromGames.Files[0].Path, "games.pgn") {
		t.Errorf("read %v, want the games file", fromGames.Files)
	}
	if !slices.Equal(fromJournal.Positions, fromGames.Positions) {
		t.Errorf("the journal gives\n%+v\nthe games\n%+v", fromJournal.Positions, fromGames.Positions)
	}
	if _, err := Read([]string{t.TempDir()}, Options{}); err == nil || !strings.Contains(err.Error(), "no match's") {
		t.Errorf("an empty directory: %v", err)
	}
}
