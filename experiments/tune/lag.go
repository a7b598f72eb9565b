package tune

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/ablate-chess/ablate/engine/subject"
	"github.com/ablate-chess/ablate/experiments/match"
)

// A lagged tune (Lag) plays pairs as workers free up, in a match of many
// pairs, instead of batches whose last game every worker waits for. Pair
// k is perturbed from the values after pair k-Lag-1, which it waits for
// if they are not there yet (rarely: pairs finish about in order), and
// its result is applied in pair order once every pair before it is. So
// the trajectory is the seed's and Lag's alone, at any -j.

// segmentPairs is how many pairs a lagged tune plays in one match: the
// match keeps their games until it ends, when the workers wait once for
// its last game (one game in 256 pairs).
const segmentPairs = 256

// linePairs is how many pairs a line of a lagged tune's journal holds (the
// tune's last line may hold fewer): the same lines, and trajectory, at
// any -j. Pairs applied and not yet in a line when a segment stops are
// played again.
const linePairs = 8

// errFaulted stops a segment at a pair in which an engine faulted.
var errFaulted = errors.New("an engine faulted")

// segment is one match of a lagged tune, and the pairs it has applied.
type segment struct {
	t     *Tune
	first int // its first pair (pairs count from 1, as steps do)

	mu       sync.Mutex
	moved    chan struct{} // closed, and replaced, as pairs are applied
	scores   map[int]int   // finished pairs not yet applied, by pair
	unlogged []int         // pairs applied but not in the journal: their scores
	fault    int           // the first pair that faulted (0: none)
	replayed int           // pairs faulted since the journal's last line
	err      error         // the journal's
}

func (t *Tune) runLagged(ctx context.Context, ops []match.Opening) error {
	faults := map[int]int{} // by pair: how often it faulted
	replayed := 0
	for t.Played < t.Pairs {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		first, n := t.Played+1, min(segmentPairs, t.Pairs-t.Played)
		m, err := t.match(ops, first, n)
		if err != nil {
			return err
		}
		s := &segment{t: t, first: first, moved: make(chan struct{}), scores: map[int]int{}, replayed: replayed}
		m.PairConfig, m.OnPair = s.pairConfig, s.onPair
		_, err = m.Run(ctx)
		// The pairs applied past the journal's last line are dropped.
		t.history = t.history[:t.Played+1]
		for i, v := range t.history[t.Played] {
			t.Params[i].Value = v
		}
		switch {
		case s.err != nil:
			return s.err
		case s.fault != 0:
			faults[s.fault]++
			if faults[s.fault] > maxReplays {
				return fmt.Errorf("pair %d faulted %d times running (an engine crashed, hung or lost on time): "+
					"the tune stops rather than learn from faults", s.fault, faults[s.fault])
			}
			replayed = s.replayed + 1
		case err != nil:
			return err
		default:
			replayed = s.replayed
		}
	}
	return nil
}

// pairConfig gives pair i of the segment its two engines (step); it gives
// up if the match stops.
func (s *segment) pairConfig(i int, stopped func() bool) ([2]subject.Config, bool) {
	ps, st, ok := s.step(s.first+i, stopped)
	if !ok {
		return [2]subject.Config{}, false
	}
	plus, minus, err := s.t.playersOf(ps, st)
	if err != nil { // Open checked every value in range
		panic(err)
	}
	return [2]subject.Config{plus.Config, minus.Config}, true
}

// step is pair k's perturbation, from the values after pair k-Lag-1,
// waiting for them if need be, with the parameters at those values; not
// ok if the match stops (stopped) or the segment has.
func (s *segment) step(k int, stopped func() bool) ([]Param, Step, bool) {
	need := max(0, k-s.t.Lag-1)
	for {
		s.mu.Lock()
		ready, moved, failed := s.t.Played+len(s.unlogged) >= need, s.moved, s.fault != 0 || s.err != nil
		var ps []Param
		var st Step
		if ready {
			ps, st = s.t.drawnFrom(need, k)
		}
		s.mu.Unlock()
		switch {
		case failed || stopped():
			return nil, Step{}, false
		case ready:
			return ps, st, true
		}
		began := time.Now()
		select {
		case <-moved:
		case <-time.After(20 * time.Millisecond): // to see the match stop
		}
		s.mu.Lock()
		s.t.Waited += time.Since(began)
		s.mu.Unlock()
	}
}

// drawnFrom is pair k's perturbation of the values after pair from (the
// history's), with the parameters at those values.
func (t *Tune) drawnFrom(from, k int) ([]Param, Step) {
	ps := append([]Param(nil), t.Params...) // the names and ranges
	for j, v := range t.history[from] {
		ps[j].Value = v
	}
	return ps, t.sched.Perturb(ps, t.Seed, k)
}

// onPair takes a finished pair: its result, then every pair now in order
// applied, and each full line of them journaled; a faulted pair stops the
// segment.
func (s *segment) onPair(p *match.Pair) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	k := s.first + p.Index
	if p.Games[0].Faulted() || p.Games[1].Faulted() {
		if s.fault == 0 || k < s.fault {
			s.fault = k
		}
		return errFaulted
	}
	a, b := p.Points("plus")
	s.scores[k] = int(2*(a+b)) - 2
	s.t.InGames += p.Games[0].Elapsed + p.Games[1].Elapsed
	t, applied := s.t, false
	for {
		next := t.Played + len(s.unlogged) + 1
		sc, ok := s.scores[next]
		if !ok {
			break
		}
		delete(s.scores, next)
		t.applyBatch([]int{sc}, next)
		s.unlogged, applied = append(s.unlogged, sc), true
		if len(s.unlogged) == linePairs || next == t.Pairs {
			line := batchLine{First: t.Played + 1, Scores: s.unlogged, Values: Values(t.Params), Replayed: s.replayed}
			s.unlogged, s.replayed = nil, 0
			if s.err = t.record(line); s.err != nil {
				return s.err
			}
		}
	}
	if applied {
		close(s.moved)
		s.moved = make(chan struct{})
	}
	return nil
}
