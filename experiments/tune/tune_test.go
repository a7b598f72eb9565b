package tune

import (
	"context"
	"errors"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ablate-chess/ablate/experiments/match"
	"github.com/ablate-chess/ablate/experiments/setup"
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
		Draw: match.DefaultDraw, MaxMoves: 60, Workers: workers, HashMB: 1, Event: "tune", Shard: setup.Whole}
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
	if err := tn.Run(ctx); err != nil && !errors.Is(err, context.Canceled) {
		t.Fatal(err)
	}
	tn.Close()
	return tn
}

// TestTuneIsTheSameAtAnyWorkersAndResumed: the same seed gives the same
// trajectory with one worker or three, and a tune stopped after a line of
// its journal and resumed ends where an unbroken one does; in batches and
// lagged.
func TestTuneIsTheSameAtAnyWorkersAndResumed(t *testing.T) {
	for _, c := range []struct {
		name            string
		batch, lag      int
		rows, stoppedAt int
	}{
		{"batch=4", 4, 0, 3, 4},
		{"lag=2", 0, 2, 2, linePairs},
	} {
		t.Run(c.name, func(t *testing.T) {
			req := func(workers int, out string) Request {
				r := request(t, workers, out)
				r.Batch, r.Lag = c.batch, c.lag
				return r
			}
			one := play(t, req(1, ""), 0)
			three := play(t, req(3, ""), 0)
			if !slices.Equal(Values(one.Params), Values(three.Params)) || len(one.Rows) != c.rows {
				t.Fatalf("one worker: %v (%d rows), three: %v", Values(one.Params), len(one.Rows), Values(three.Params))
			}
			moved := false
			for i, p := range one.Params {
				moved = moved || p.Value != one.Request.Params[i].Start
			}
			if !moved {
				t.Error("no parameter moved in 12 pairs")
			}
			dir := filepath.Join(t.TempDir(), "tune")
			if got := play(t, req(2, dir), 1); got.Played != c.stoppedAt {
				t.Fatalf("stopped after %d pairs, want %d", got.Played, c.stoppedAt)
			}
			resumed, err := Open(req(2, dir))
			if err != nil {
				t.Fatal(err)
			}
			if resumed.Played != c.stoppedAt || !slices.Equal(Values(resumed.Params), resumed.Rows[0].Values) {
				t.Fatalf("resumed at %d pairs with %v", resumed.Played, Values(resumed.Params))
			}
			if err := resumed.Run(context.Background()); err != nil {
				t.Fatal(err)
			}
			resumed.Close()
			if !slices.Equal(Values(resumed.Params), Values(one.Params)) {
				t.Errorf("resumed: %v, unbroken: %v", Values(resumed.Params), Values(one.Params))
			}
			other := req(2, dir)
			other.Seed = 6
			if _, err := Open(other); err == nil || !strings.Contains(err.Error(), "another plan (seed: 5 there, 6 now)") {
				t.Errorf("another seed in the same directory: %v", err)
			}
		})
	}
}

// TestLagAsLongAsTheTuneIsOneBatch: with a lag of every pair, each pair
// plays the start values, as in one batch of them all: the same games and
// the same end, however the lagged pairs were scheduled.
func TestLagAsLongAsTheTuneIsOneBatch(t *testing.T) {
	batch := request(t, 2, "")
	batch.Batch = batch.Pairs
	lagged := request(t, 3, "")
	lagged.Batch, lagged.Lag = 0, lagged.Pairs
	b, l := play(t, batch, 0), play(t, lagged, 0)
	if !slices.Equal(Values(b.Params), Values(l.Params)) {
		t.Errorf("one batch: %v; lagged by every pair: %v", Values(b.Params), Values(l.Params))
	}
}

// TestLaggedPairsPlayTheValuesLagBefore: pair k is perturbed from the
// values after pair k-Lag-1 (a float parameter's perturbation is exact:
// value +- c), and waits while they are not there.
func TestLaggedPairsPlayTheValuesLagBefore(t *testing.T) {
	r := request(t, 1, "")
	p, err := ParseParam("rfp-margin-cp-per-ply=80,20,300,20,0.02")
	if err != nil {
		t.Fatal(err)
	}
	p.Float = true
	r.Params, r.Batch, r.Lag = []Param{p}, 0, 3
	tn, err := Open(r)
	if err != nil {
		t.Fatal(err)
	}
	tn.applyBatch([]int{2, 2, -2, 1, 2}, 1) // five pairs applied: values after each differ
	tn.Played = 5
	s := &segment{t: tn, first: 6, moved: make(chan struct{}), scores: map[int]int{}}
	for k := 1; k <= 9; k++ {
		polls := 0 // a pair that waits gives up after a second
		_, st, ok := s.step(k, func() bool { polls++; return polls > 50 })
		if !ok {
			t.Fatalf("pair %d waited for values it has", k)
		}
		want := tn.history[max(0, k-4)][0]
		if got := st.Plus[0] - st.Flip[0]*st.C[0]; math.Abs(got-want) > 1e-9 {
			t.Errorf("pair %d played from %.4f, want the values after pair %d, %.4f", k, got, max(0, k-4), want)
		}
	}
	// Pair 10 needs pair 6, not applied: it waits until the match stops.
	polls := 0
	if _, _, ok := s.step(10, func() bool { polls++; return polls > 2 }); ok || polls < 3 {
		t.Errorf("pair 10 did not wait for pair 6 (ok %v after %d polls)", ok, polls)
	}
}

func TestLagOrBatch(t *testing.T) {
	for _, c := range []struct{ batch, lag int }{{0, 0}, {4, 2}, {0, -1}} {
		r := request(t, 1, "")
		r.Batch, r.Lag = c.batch, c.lag
		if _, err := Open(r); err == nil {
			t.Errorf("batch %d, lag %d: no error", c.batch, c.lag)
		}
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
