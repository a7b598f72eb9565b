package tune

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ablate-chess/ablate/experiments"
	"github.com/ablate-chess/ablate/experiments/match"
)

func request(t testing.TB, workers int, out string) Request {
	t.Helper()
	var ps []Param
	for _, s := range []string{"lmr-base-centiplies=75,0,200", "rfp-margin-cp-per-ply=80,20,300,20,0.02"} {
		p, err := ParseParam(s)
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, p)
	}
	s := match.Settings{Openings: "bench", Order: "sequential", Pairs: 1, Nodes: 300, Resign: match.DefaultResign,
		Draw: match.DefaultDraw, MaxMoves: 60, Workers: workers, HashMB: 1, Event: "tune", Shard: experiments.Whole}
	return Request{Base: "full", Params: ps, Pairs: 12, Batch: 4, Seed: 5, Settings: s, Out: out}
}

func play(t testing.TB, r Request, stopAfter int) *Tune {
	t.Helper()
	tn, err := Open(r)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	tn.OnBatch = func(tn *Tune) {
		if stopAfter > 0 && tn.Played >= stopAfter {
			cancel()
		}
	}
	if err := tn.Run(ctx); err != nil && !Interrupted(err) {
		t.Fatal(err)
	}
	return tn
}

// TestTuneIsTheSameAtAnyWorkersAndResumed: the same seed gives the same
// trajectory with one worker or three, and a tune stopped after a batch
// and resumed ends where an unbroken one does.
func TestTuneIsTheSameAtAnyWorkersAndResumed(t *testing.T) {
	one := play(t, request(t, 1, ""), 0)
	three := play(t, request(t, 3, ""), 0)
	if !slices.Equal(Values(one.Params), Values(three.Params)) || len(one.Rows) != 3 {
		t.Fatalf("one worker: %v, three: %v", Values(one.Params), Values(three.Params))
	}
	moved := false
	for i, p := range one.Params {
		moved = moved || p.Value != one.Request.Params[i].Start
	}
	if !moved {
		t.Error("no parameter moved in 12 pairs")
	}
	dir := filepath.Join(t.TempDir(), "tune")
	if got := play(t, request(t, 2, dir), 4); got.Played != 4 {
		t.Fatalf("stopped after %d pairs, want 4", got.Played)
	}
	resumed, err := Open(request(t, 2, dir))
	if err != nil {
		t.Fatal(err)
	}
	if resumed.Played != 4 || !slices.Equal(Values(resumed.Params), resumed.Rows[0].Values) {
		t.Fatalf("resumed at %d pairs with %v", resumed.Played, Values(resumed.Params))
	}
	if err := resumed.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(Values(resumed.Params), Values(one.Params)) {
		t.Errorf("resumed: %v, unbroken: %v", Values(resumed.Params), Values(one.Params))
	}
	other := request(t, 2, dir)
	other.Seed = 6
	if _, err := Open(other); err == nil || !strings.Contains(err.Error(), "other settings") {
		t.Errorf("another seed in the same directory: %v", err)
	}
}

// TestTuneFindsTheGoodRegion: quiescence search's SEE threshold started
// far too high (450: every capture short of a rook's worth is skipped, some
// 500 Elo down) moves at 500 nodes a move to the good region, about 0
// (captures that lose no material), within 160 pairs.
func TestTuneFindsTheGoodRegion(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 320 games: make test-long")
	}
	p, err := ParseParam("qs-see-threshold-cp=450,-300,600,100,0.02")
	if err != nil {
		t.Fatal(err)
	}
	r := request(t, 2, "")
	r.Params, r.Pairs, r.Batch, r.Seed = []Param{p}, 160, 8, 1
	r.Settings.Nodes, r.Settings.MaxMoves, r.Settings.Openings, r.Settings.Order = 500, 400, "openings", "random"
	tn := play(t, r, 0)
	if got := tn.Params[0].Value; got > 150 || got < -200 {
		t.Errorf("qs-see-threshold-cp ended at %.1f; want it near 0 (trajectory %v)", got, tn.Rows)
	}
}
