package tune

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/ablate-chess/ablate/engine/subject"
	"github.com/ablate-chess/ablate/experiments/match"
	"github.com/ablate-chess/ablate/experiments/resultdir"
)

// BenchmarkTunerOverhead measures what the tuner adds to its games: a tune
// (with its directory, journal and tune.json, as a stored tune keeps them)
// is timed, then a match that plays its very games, pair for pair the
// same engines from the same openings, with no tuner around it, in its
// directory with its journal as a stored match is played. Their
// ratio of wall times is %overhead: in batches, the workers idle at each
// batch's last game; lagged, almost never (%waiting: the workers' time
// spent waiting for values). The wall times of two runs differ here by
// more than the tuner could add (the machine's speed varies by a tenth
// from one run to the next), so each run also measures its workers'
// time outside the games (%tune-outside, %match-outside: 1 - the games'
// summed time / (workers x wall time)), which a slower machine slows on
// both sides alike; %own-overhead is what the tune's outside adds to the
// match's, in games a second: 100 x ((1-match)/(1-tune) - 1). Run with
// -benchtime Nx (each iteration plays 64 pairs twice).
func BenchmarkTunerOverhead(b *testing.B) {
	for _, c := range []struct{ batch, lag int }{{8, 0}, {0, 8}} {
		b.Run(fmt.Sprintf("batch=%d/lag=%d", c.batch, c.lag), func(b *testing.B) {
			r := request(b, 2, "")
			r.Pairs, r.Batch, r.Lag = 64, c.batch, c.lag
			r.Settings.Nodes, r.Settings.MaxMoves, r.Settings.Openings = 2000, 400, "openings"
			ops, err := match.LoadOpenings(r.Settings.Openings)
			if err == nil {
				ops, err = match.Order(ops, r.Settings.Order, r.Settings.Seed)
			}
			if err != nil {
				b.Fatal(err)
			}
			var tuning, replaying, waited, tuneGames, matchGames time.Duration
			games := 0
			for i := 0; b.Loop(); i++ {
				r.Out = filepath.Join(b.TempDir(), fmt.Sprint(i))
				tn, err := Open(r)
				if err != nil {
					b.Fatal(err)
				}
				start := time.Now()
				if err := tn.Run(context.Background()); err != nil {
					b.Fatal(err)
				}
				tuning += time.Since(start)
				waited, tuneGames = waited+tn.Waited, tuneGames+tn.InGames
				m, err := tn.replay(ops)
				if err != nil {
					b.Fatal(err)
				}
				start = time.Now() // a match as a stored one plays: in its directory, journaled
				out, err := m.PlayIn(context.Background(), filepath.Join(b.TempDir(), fmt.Sprint("m", i)), &resultdir.MatchInfo{})
				if err != nil {
					b.Fatal(err)
				}
				replaying += time.Since(start)
				games += out.Score.Games()
				var played []int // the same games: the same result, pair by pair
				for _, row := range tn.Rows {
					played = append(played, row.Scores...)
				}
				for k, p := range out.Pairs {
					if a, b2 := p.Points("plus"); int(2*(a+b2))-2 != played[k] {
						b.Fatalf("pair %d: the replay scored %v, the tune %d", k+1, 2*(a+b2)-2, played[k])
					}
					matchGames += p.Games[0].Elapsed + p.Games[1].Elapsed
				}
			}
			b.ReportMetric(float64(games)/tuning.Seconds(), "tune-games/s")
			b.ReportMetric(float64(games)/replaying.Seconds(), "match-games/s")
			b.ReportMetric(100*(tuning.Seconds()/replaying.Seconds()-1), "%overhead")
			workers := float64(r.Settings.Workers)
			b.ReportMetric(100*waited.Seconds()/(tuning.Seconds()*workers), "%waiting")
			tuneOut := 1 - tuneGames.Seconds()/(tuning.Seconds()*workers)
			matchOut := 1 - matchGames.Seconds()/(replaying.Seconds()*workers)
			b.ReportMetric(100*tuneOut, "%tune-outside")
			b.ReportMetric(100*matchOut, "%match-outside")
			b.ReportMetric(100*((1-matchOut)/(1-tuneOut)-1), "%own-overhead")
		})
	}
}

// replay is one match of the tune's pairs as it played them: pair k's
// engines perturbed from the values it was drawn from (the batch's start,
// or those Lag pairs before it), which the tune's history holds.
func (t *Tune) replay(ops []match.Opening) (*match.Match, error) {
	m, err := t.match(ops, 1, t.Pairs)
	if err != nil {
		return nil, err
	}
	m.PairConfig = func(i int, _ func() bool) ([2]subject.Config, bool) {
		k := i + 1
		from := max(0, k-t.Lag-1)
		if t.Lag == 0 {
			from = (k - 1) / t.Batch * t.Batch
		}
		plus, minus, err := t.playersOf(t.drawnFrom(from, k))
		if err != nil {
			panic(err)
		}
		return [2]subject.Config{plus.Config, minus.Config}, true
	}
	return m, nil
}
