package tune

import (
	"context"
	"testing"

	"github.com/ablate-chess/ablate/engine/subject"
	"github.com/ablate-chess/ablate/experiments/match"
)

// BenchmarkGamesPerSecond compares a tune's games/s with a match's at the
// same budget, workers and openings (kind=match, kind=tune): what the
// tuner adds (a batch's players built, its updates) is its overhead. A
// tune's Open (once a tune: its engine signature, six positions searched
// at depth 6) is left out of the timing, as a match's flag parsing is.
func BenchmarkGamesPerSecond(b *testing.B) {
	const pairs = 16
	r := request(b, 2, "")
	r.Pairs, r.Batch = pairs, 8
	r.Settings.Nodes, r.Settings.MaxMoves = 1000, 400
	b.Run("kind=match", func(b *testing.B) {
		native := subject.Native{HashMB: 1}
		cfg, _ := native.ParseConfig("full")
		s := r.Settings
		s.Pairs = pairs
		a := match.Player{Name: "plus", Spec: "full", Subject: native, Config: cfg}
		o := match.Player{Name: "minus", Spec: "full", Subject: native, Config: cfg}
		games := 0
		for b.Loop() {
			m, err := s.Build(a, o)
			if err != nil {
				b.Fatal(err)
			}
			out, err := m.Run(context.Background())
			if err != nil {
				b.Fatal(err)
			}
			games += out.Score.Games()
		}
		b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
	})
	b.Run("kind=tune", func(b *testing.B) {
		games := 0
		for b.Loop() {
			b.StopTimer()
			tn, err := Open(r)
			if err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
			if err := tn.Run(context.Background()); err != nil {
				b.Fatal(err)
			}
			games += 2 * tn.Played
		}
		b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
	})
}
