// Package match plays games between two engines: game pairs from
// openings (each played twice, colours swapped), in-process for ablate's
// engine or through UCI for another, with the rules of chess exactly,
// adjudication, clocks, and statistics as fishtest and fastchess give them.
//
//	settings.go  Settings: what a match is made from, checked and built
//	game.go      one game: the rules, the clock, adjudication, comments
//	openings.go  openings from suites or PGN files, and their order
//	match.go     Match: workers, pairs in order, SPRT and precision, resume
//	journal.go   a pair as its journal line, read back; pairs.csv rows
//	pgn.go       each game's PGN, and pairing games read from a PGN file
//	phases.go    depth and nodes a move by stretch of the games (elo --by-move)
//	sofar.go     SoFarDir: a match directory's figures, nothing played (match --no-play)
//	open.go      Request and Open: a match's directory claimed, players built, resumed
//	run.go       Run: Open, Play and the PGN in one call, with one progress callback
//	play.go      PlayIn: a match's life in its directory
//	files.go     pairs.csv, games.pgn.gz and match.json written at the end
//	merge.go     a match's shards merged (MergeDirs)
//	worth.go     SamePlayers and Resume, for worth's cells
package match

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/ablate-chess/ablate/engine/chess"
	"github.com/ablate-chess/ablate/engine/subject"
	"github.com/ablate-chess/ablate/engine/uci"
	"github.com/ablate-chess/ablate/experiments/matrix"
	"github.com/ablate-chess/ablate/experiments/records"
	"github.com/ablate-chess/ablate/experiments/setup"
	"github.com/ablate-chess/ablate/experiments/stats"
)

// Player is one side of a match: an engine and its configuration.
type Player struct {
	Name    string
	Spec    string
	Subject subject.Subject
	Config  subject.Config
}

// Match is a match between A and B: Pairs game pairs, pair i from opening
// i (round-robin), A white in its first game.
type Match struct {
	A, B     Player
	Openings []Opening
	// RandomPlies, if above 0, extends pair i's opening by that many
	// random legal moves, the same for both its games, drawn from
	// RandomSeed and i: many different games from few openings, as a
	// self-play data run wants; the same on every run and at any -j.
	RandomPlies int
	RandomSeed  uint64
	// RandomPerGame draws each game's random plies on its own (a pair's
	// games then start apart): self-play data without colour-swapped twins.
	RandomPerGame bool
	// PairConfig, if set, gives pair i its own configurations of A and B,
	// asked as a worker takes each of its games (a tune, whose players
	// change from pair to pair and may wait for the pairs before them);
	// else every pair plays A's and B's. It returns ok false to abandon
	// the pair, as it must once stopped reports that the match stops.
	PairConfig func(pair int, stopped func() bool) (cfg [2]subject.Config, ok bool)
	// PairSpec, with PairConfig, names pair i's configurations of A and B
	// for its games' PGN tags.
	PairSpec func(pair int) [2]string
	// Enough, if set, decides where a match stops in place of Precision:
	// asked with the pairs counted, in pair order, at every EnoughEvery
	// pairs (a screening's widest interval). A shard plays every pair.
	Enough       func(pairs []*Pair) bool
	Pairs        int
	Budget       setup.Budget
	Adjudication Adjudication
	SPRT         *stats.SPRT // nil: play every pair
	// Precision, if above 0, stops the match once its Elo's 95% interval
	// is at most this wide either side (Pairs is then the cap).
	Precision   float64
	Workers     int    // games at once
	Event, Date string // PGN tags
	// Shard, if it has more than one part, plays only the pairs it holds
	// (Shard.HoldsPair) and leaves the SPRT to the merge of the shards.
	Shard setup.Shard

	// Done holds the pairs an interrupted match finished (--resume).
	Done map[int]*Pair
	// OnPair, if set, is called with each pair as it finishes (in any
	// order), one call at a time: the journal.
	OnPair func(*Pair) error
	// OnProgress, if set, is called as the counted pairs grow.
	OnProgress func(*Outcome)
	// OnShallow, if set, is called once, when the first pairs under a
	// node budget show a player searching no deeper than a ply on
	// average: an engine that does not honour go nodes (Debian's
	// Ethereal 12 answers it with a one-ply search), whose games would
	// measure nothing.
	OnShallow func(player string, depth float64)
}

// shallowPairs is how many counted pairs OnShallow's check waits for.
const shallowPairs = 2

// checkShallow calls OnShallow for a player whose mean depth over the
// counted pairs is a ply or less under a node budget.
func (m *Match) checkShallow(out *Outcome) {
	if m.OnShallow == nil || m.Budget.Nodes == 0 {
		return
	}
	da, db := records.MeanDepths(Records(out.Pairs, m.A.Name))
	for _, p := range []struct {
		name  string
		depth float64
	}{{m.A.Name, da}, {m.B.Name, db}} {
		if p.depth > 0 && p.depth <= 1 {
			m.OnShallow(p.name, p.depth)
		}
	}
}

// Pair is a game pair: A white first, then B white.
type Pair struct {
	Index   int // from 0
	Opening string
	Games   [2]*Game
	// Date is the day (UTC, as PGN writes it: 2026.12.06) the pair's
	// games ended, journaled with them, so that a match resumed on
	// another day writes each game's own date; "" for a pair journaled
	// before dates were (the match's Date stands in).
	Date string
}

// today is the Date of a pair ending now.
func today() string { return time.Now().UTC().Format("2006.01.02") }

// Points returns A's points in each game of the pair.
func (p *Pair) Points(a string) (float64, float64) {
	return p.Games[0].scoreFor(a), p.Games[1].scoreFor(a)
}

// Outcome is a match's result so far: the pairs counted, in order.
// Pairs are counted in pair order only, so that where an SPRT stops, and
// so every output, is the same whatever the number of workers.
type Outcome struct {
	Pairs   []*Pair
	Score   stats.Score
	LLR     float64
	Verdict string // the SPRT's, "H0" or "H1"; "" if none or undecided
	Precise bool   // stopped by Match.Precision
}

// Result is the outcome's statistics, with the depths each side reached.
func (o *Outcome) Result(m *Match) *stats.MatchResult {
	r := o.Score.Result(m.SPRT)
	r.Precise = o.Precise
	r.TimeLossesA, r.TimeLossesB = o.TimeLosses(m.A.Name)
	recs := Records(o.Pairs, m.A.Name)
	r.DepthA, r.DepthB = records.MeanDepths(recs)
	r.NodesA, r.NodesB = records.MeanNodes(recs)
	return r
}

// TimeLosses counts the games each player lost on time: A's, then B's.
func (o *Outcome) TimeLosses(a string) (int, int) {
	var la, lb int
	for _, p := range o.Pairs {
		for _, g := range p.Games {
			if g.Termination != termTime || g.Result == "1/2-1/2" {
				continue
			}
			if g.scoreFor(a) == 0 {
				la++
			} else {
				lb++
			}
		}
	}
	return la, lb
}

// EnoughEvery is how often, in pairs, a match asks Enough.
const EnoughEvery = 100

type gameJob struct{ pair, game int }

// Run plays the match until every pair is played, the SPRT decides, or
// ctx is cancelled; it returns the outcome with ctx's error then.
func (m *Match) Run(ctx context.Context) (*Outcome, error) {
	if len(m.Openings) == 0 {
		return nil, fmt.Errorf("no openings")
	}
	for i := range m.Done {
		if i < 0 || i >= m.Pairs {
			return nil, fmt.Errorf("the journal holds pair %d, not one of the match's 1 to %d: it is another match's, or damaged", i+1, m.Pairs)
		}
	}
	t := m.tally()
	out, games, mine := t.out, t.games, m.Shard.HoldsPair
	if t.count() || t.next == m.Pairs {
		return out, nil
	}

	if err := m.probe(); err != nil {
		return out, err
	}
	var jobs []gameJob
	for i := t.next; i < m.Pairs; i++ {
		if games[i] != nil || !mine(i) {
			continue
		}
		jobs = append(jobs, gameJob{i, 0}, gameJob{i, 1})
	}
	var stop atomic.Bool
	defer context.AfterFunc(ctx, func() { stop.Store(true) })()
	type result struct {
		job  gameJob
		game *Game
		err  error
	}
	var firstErr error
	startErr := matrix.Pool(ctx, min(m.Workers, len(jobs)), jobs, &stop, m.startEngines,
		func(p [2]*side) { p[0].eng.Close(); p[1].eng.Close() },
		func(p [2]*side, jb gameJob) result {
			if m.PairConfig != nil { // a tune: this pair's players
				cfg, ok := m.PairConfig(jb.pair, stop.Load)
				if !ok {
					return result{job: jb} // abandoned
				}
				p[0].cfg, p[1].cfg = cfg[0], cfg[1]
			}
			white, black := p[0], p[1]
			if jb.game == 1 {
				white, black = black, white
			}
			op := m.opening(jb.pair, jb.game)
			g, err := play(&op, white, black, &m.Budget, &m.Adjudication, &stop)
			return result{jb, g, err}
		},
		func(r result) {
			if r.err != nil {
				if firstErr == nil {
					firstErr = r.err
					stop.Store(true)
				}
				return
			}
			if r.game == nil || firstErr != nil {
				return // abandoned
			}
			g := games[r.job.pair]
			if g == nil {
				g = &[2]*Game{}
				games[r.job.pair] = g
			}
			g[r.job.game] = r.game
			if g[0] != nil && g[1] != nil && m.OnPair != nil {
				p := &Pair{Index: r.job.pair, Opening: m.pairOpening(r.job.pair), Games: *g, Date: today()}
				if err := m.OnPair(p); err != nil && firstErr == nil {
					firstErr = err
					stop.Store(true)
				}
			}
			before := t.next
			if t.count() || out.Verdict != "" || out.Precise {
				stop.Store(true)
			}
			if t.next > before && m.OnProgress != nil {
				m.OnProgress(out)
			}
			if before < shallowPairs && t.next >= shallowPairs {
				m.checkShallow(out)
			}
		})
	if firstErr == nil {
		firstErr = startErr
	}
	if firstErr != nil {
		return out, firstErr
	}
	if out.Verdict == "" && !out.Precise && t.next < m.Pairs {
		return out, ctx.Err()
	}
	return out, nil
}

// SoFar is the outcome of the pairs an interrupted match finished (Done),
// counted as Run counts them: in pair order, up to the first pair missing.
func (m *Match) SoFar() *Outcome {
	t := m.tally()
	t.count()
	return t.out
}

// tally counts a match's finished pairs into its outcome.
type tally struct {
	m     *Match
	out   *Outcome
	games map[int]*[2]*Game // by pair; a pair counts once both games are in
	rule  stats.Stop
	next  int // the first pair not counted
}

// tally begins the count with the pairs of Done.
func (m *Match) tally() *tally {
	t := &tally{m: m, out: &Outcome{}, games: map[int]*[2]*Game{}, rule: stats.Stop{SPRT: m.SPRT, Precision: m.Precision}}
	for i, p := range m.Done {
		if i < m.Pairs {
			t.games[i] = &p.Games
		}
	}
	// A shard plays all its pairs: the merge of the shards decides where
	// the match stops.
	if m.Shard.Count > 1 {
		t.rule = stats.Stop{}
	}
	return t
}

// count adds the finished pairs at the front, in order; it reports whether
// the SPRT or the precision has stopped the match, after which nothing
// more is counted.
func (t *tally) count() bool {
	m, out := t.m, t.out
	for t.next < m.Pairs && out.Verdict == "" && !out.Precise {
		if !m.Shard.HoldsPair(t.next) {
			t.next++
			continue
		}
		g := t.games[t.next]
		if g == nil || g[0] == nil || g[1] == nil {
			break
		}
		p := &Pair{Index: t.next, Opening: m.pairOpening(t.next), Games: *g, Date: today()}
		a, b := p.Points(m.A.Name)
		out.Score.AddPair(a, b)
		out.Pairs = append(out.Pairs, p)
		t.next++
		out.LLR, out.Verdict, out.Precise = t.rule.Check(out.Score)
		if m.Enough != nil && m.Shard.Count <= 1 && t.next%EnoughEvery == 0 {
			out.Precise = m.Enough(out.Pairs)
		}
		if out.Verdict != "" || out.Precise {
			return true
		}
	}
	return false
}

// startEngines starts one engine of each player for a worker: A's, B's.
// probe searches the first opening once with each player at the match's
// node or depth limit, before any game: an engine that does not stop at
// its limit (one that ignores 'go nodes' and waits for stop) ends the
// match here, with what to do, rather than a game on every worker.
func (m *Match) probe() error {
	if m.Budget.Nodes == 0 && m.Budget.Depth == 0 || m.Budget.Timed() {
		return nil
	}
	p, err := m.startEngines()
	if err != nil {
		return err
	}
	defer p[0].eng.Close()
	defer p[1].eng.Close()
	op := m.opening(0, 0)
	for _, s := range p {
		g := chess.NewGame(op.Start)
		for _, mv := range op.Moves {
			g.Play(mv)
		}
		if err := s.eng.Reset(s.cfg); err != nil {
			return fmt.Errorf("%s: %v", s.name, err)
		}
		_, err := s.eng.Search(g, subject.Limits{Nodes: m.Budget.Nodes, Depth: m.Budget.Depth}, nil)
		if ee := (*uci.EngineError)(nil); errors.As(err, &ee) && ee.What == "overran" {
			return fmt.Errorf("engine %s %s", s.name, ee.Detail)
		}
	}
	return nil
}

func (m *Match) startEngines() ([2]*side, error) {
	ea, err := m.A.Subject.Start()
	if err != nil {
		return [2]*side{}, fmt.Errorf("%s: %v", m.A.Name, err)
	}
	eb, err := m.B.Subject.Start()
	if err != nil {
		ea.Close()
		return [2]*side{}, fmt.Errorf("%s: %v", m.B.Name, err)
	}
	return [2]*side{{name: m.A.Name, eng: ea, cfg: m.A.Config}, {name: m.B.Name, eng: eb, cfg: m.B.Config}}, nil
}
