package tune

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"time"

	"github.com/ablate-chess/ablate/engine/subject"
	"github.com/ablate-chess/ablate/experiments/match"
	"github.com/ablate-chess/ablate/experiments/matrix"
	"github.com/ablate-chess/ablate/experiments/resultdir"
	"github.com/ablate-chess/ablate/experiments/setup"
	"github.com/ablate-chess/ablate/experiments/stats"
)

// Request is what a tune is asked to do.
type Request struct {
	// Subject is the engine tuned: ablate's (nil), or an external UCI
	// engine whose profile names its spin options as parameters.
	Subject subject.Subject `json:"-"`
	// SubjectName names an external engine in tune.json's request, so
	// that a tune resumes only on the same engine ("" for ablate's).
	SubjectName string  `json:",omitempty"`
	Base        string  // the configuration the parameters are set on, as in "full" or "default"
	Params      []Param // the parameters, at their start values
	Pairs       int     // iterations: one game pair each
	// Batch is how many pairs are played at once from the same values,
	// each with its own perturbation; their updates are then applied in
	// pair order. It, not the workers, decides the trajectory: the same
	// seed gives the same tune at any -j.
	Batch int
	// Lag, if above 0, replaces batches: each pair is played as soon as a
	// worker is free, from the values after every pair but the Lag before
	// it (pair k from those after pair k-Lag-1), so that no worker waits
	// for a batch's last game. Like Batch it, not the workers, decides
	// the trajectory.
	Lag      int `json:",omitempty"`
	Seed     uint64
	Settings match.Settings // the games: limits, openings, adjudication, workers, hash (not pairs)
	Out      string         // the directory; "" keeps nothing
	Replace  bool           // replace what Out holds, once the new tune is complete
	Args     []string
}

// Info is tune.json: the request, and where the tune is.
type Info struct {
	Args    []string        `json:"args"`
	Request json.RawMessage `json:"request"`
	Pairs   int             `json:"pairs_played"`
	Spec    string          `json:"spec"` // the values now, as a configuration
	resultdir.Origin
	resultdir.Life
}

// Names are tune.json and no journal the directory drops: steps.jsonl,
// each batch's pairs and values, is kept with the result.
func (i *Info) Names() (string, string) { return infoName, "" }

// batchLine is one line of the journal, steps.jsonl: a batch's first
// iteration, each pair's result for the Plus engine (wins - losses), and
// the values after it.
type batchLine struct {
	First  int       `json:"first"`
	Scores []int     `json:"scores"`
	Values []float64 `json:"values"`
	// Replayed counts the pairs played again because an engine faulted
	// (crashed, hung, lost on time): their first result was not counted.
	Replayed int `json:"replayed,omitempty"`
}

// maxReplays is how often a batch's faulted pairs are played again before
// the tune stops: an engine that keeps faulting would skew it.
const maxReplays = 3

// play plays a batch's match and returns each pair's result for the Plus
// engine (wins - losses). A pair in which an engine faulted is played
// again, never counted; one that keeps faulting stops the tune.
func (t *Tune) play(ctx context.Context, m *match.Match, plus string) (scores []int, replayed int, err error) {
	scores = make([]int, m.Pairs)
	todo := map[int]bool{}
	for i := range m.Pairs {
		todo[i] = true
	}
	for try := 0; len(todo) > 0; try++ {
		if try > maxReplays {
			return nil, replayed, fmt.Errorf("pairs %v faulted %d times running (an engine crashed, hung or lost on time): "+
				"the tune stops rather than learn from faults", keys(todo), try)
		}
		m.Done = map[int]*match.Pair{}
		out, err := m.Run(ctx)
		if err != nil {
			return nil, replayed, err
		}
		for _, p := range out.Pairs {
			if !todo[p.Index] {
				continue
			}
			if p.Games[0].Faulted() || p.Games[1].Faulted() {
				replayed++
				continue
			}
			a, b := p.Points(plus)
			scores[p.Index] = int(2*(a+b)) - 2
			t.InGames += p.Games[0].Elapsed + p.Games[1].Elapsed
			delete(todo, p.Index)
		}
		for i := range m.Pairs { // the pairs done are not played again
			if !todo[i] {
				m.Done[i] = pairOf(out, i)
			}
		}
	}
	return scores, replayed, nil
}

// Tune is a tune through its life.
type Tune struct {
	Request
	Dir    string
	Played int         // pairs played so far
	Rows   []batchLine // the trajectory, a row a batch
	// GamesPerSecond is the rate of the games this Run has played.
	GamesPerSecond float64
	// Waited is the time a lagged tune's workers waited for the values
	// of the pairs before theirs, all workers summed.
	Waited time.Duration
	// InGames is the time the games of this Run took, all workers summed
	// (each game's Elapsed): the rest of the workers' time is the tune's
	// own, and its waits.
	InGames time.Duration
	// OnBatch, if set, is called after each batch.
	OnBatch func(t *Tune)

	sched     Schedule
	history   [][]float64 // the values after each pair applied: [0] the start
	began     time.Time   // when Run began, and the pairs played then
	from      int
	info      *Info
	log       *resultdir.LineLog
	dir       *resultdir.Dir // nil: no directory
	claim     *resultdir.Claim
	sub       subject.Subject
	signature uint64 // ablate's base's node count on a small fixed search
}

const (
	infoName    = resultdir.TuneInfoName
	journalName = "steps.jsonl"
)

// Open checks the request and readies its directory: a new tune in an
// empty one, or, if it holds a tune, that tune with its journal replayed
// (the request must be the same but for the workers). Nothing is played.
func Open(r Request) (*Tune, error) {
	if r.Pairs < 1 {
		return nil, setup.BadSetting("pairs", "%d: play at least one pair", r.Pairs)
	}
	switch {
	case r.Lag < 0:
		return nil, setup.BadSetting("lag", "%d: want 0 or more pairs", r.Lag)
	case r.Lag > 0 && r.Batch > 0:
		return nil, setup.BadSetting("lag", "%d and a batch of %d: give one of them", r.Lag, r.Batch)
	case r.Lag == 0 && r.Batch < 1:
		return nil, setup.BadSetting("batch", "%d: at least one pair a batch", r.Batch)
	}
	if len(r.Params) == 0 {
		return nil, setup.BadSetting("param", "no parameters to tune")
	}
	r.Params = append([]Param(nil), r.Params...) // the tune's own, moved as it plays
	t := &Tune{Request: r, sched: DefaultSchedule(r.Pairs), sub: r.Subject, history: [][]float64{Values(r.Params)}}
	if t.sub == nil {
		t.sub = subject.Native{HashMB: r.Settings.HashMB}
	}
	if _, native := t.sub.(subject.Native); !native {
		t.SubjectName = t.sub.Name()
	}
	if t.Base == "" {
		t.Base = t.sub.Presets()[0] // full, or an external engine's default
	}
	for i := range t.Params {
		if err := t.Params[i].Check(); err != nil {
			return nil, setup.BadSetting("param", "%v", err)
		}
		for _, v := range []float64{t.Params[i].Min, t.Params[i].Max} { // every value it may take
			if _, err := t.config(v, i); err != nil {
				return nil, setup.BadSetting("param", "%v", err)
			}
		}
	}
	if _, err := t.sub.ParseConfig(t.Base); err != nil {
		return nil, setup.BadSetting("base", "%v", err)
	}
	if err := r.Settings.Check(); err != nil {
		return nil, err
	}
	// ablate's signature: a tune resumed on another build (the base's
	// search changed) would mix two engines' games.
	if native, ok := t.sub.(subject.Native); ok {
		plan, err := matrix.BenchPlan(native, "six", 6, []matrix.NamedSpec{{Name: "base", Spec: t.Base}}, nil)
		if err != nil {
			return nil, err
		}
		recs, err := (&matrix.Runner{Plan: plan, Workers: 1}).Run(context.Background())
		if err != nil {
			return nil, err
		}
		for _, rec := range recs {
			if rec.Depth == 6 {
				t.signature += rec.Nodes
			}
		}
	}
	if r.Out == "" {
		return t, nil
	}
	if err := t.resume(); err != nil {
		t.claim.Release()
		return nil, err
	}
	return t, nil
}

// config is the base with one parameter set, to check a value.
func (t *Tune) config(v float64, i int) (subject.Config, error) {
	vals := Values(t.Params)
	vals[i] = v
	return t.sub.ParseConfig(t.Base + "," + Spec(t.Params, vals))
}

// storedPlan reads the plan of the tune in dir: its request.
func storedPlan(dir string) (any, bool, error) {
	info, err := readInfo(dir)
	if err != nil {
		return nil, false, err
	}
	return info.Request, info.Complete, nil
}

func readInfo(dir string) (*Info, error) {
	data, err := os.ReadFile(filepath.Join(dir, infoName))
	if err != nil {
		return nil, err
	}
	var info Info
	if err := json.Unmarshal(data, &info); err != nil {
		return nil, fmt.Errorf("%s: %v", filepath.Join(dir, infoName), err)
	}
	return &info, nil
}

// resume claims the directory (locked until the tune ends): nothing (a
// new tune), or a tune begun with the same request, whose batches are
// replayed from the journal.
func (t *Tune) resume() error {
	req := t.key()
	claim, err := resultdir.Open(resultdir.Ask{Dir: t.Out, Kind: "tune", Replace: t.Replace, Plan: req, Stored: storedPlan,
		Description: &Info{}})
	if err != nil {
		return err
	}
	t.claim, t.Dir = claim, claim.Dir
	if claim.State == resultdir.New {
		t.info = &Info{Args: t.Args, Request: req, Life: resultdir.Begin(claim.Replaces())}
		return t.openLog()
	}
	info, err := readInfo(t.Dir)
	if err != nil {
		return err
	}
	t.info = info
	err = resultdir.ReadLineLog(filepath.Join(t.Dir, journalName), func(line []byte) error {
		var b batchLine
		if err := json.Unmarshal(line, &b); err != nil {
			return err
		}
		if b.First != t.Played+1 {
			return fmt.Errorf("batch from pair %d, expected %d", b.First, t.Played+1)
		}
		t.applyBatch(b.Scores, b.First)
		for i, v := range Values(t.Params) {
			if i >= len(b.Values) || math.Abs(v-b.Values[i]) > 1e-9 {
				return fmt.Errorf("batch from pair %d: replayed, the values are not those it holds", b.First)
			}
		}
		t.Played += len(b.Scores)
		t.Rows = append(t.Rows, b)
		return nil
	})
	if err != nil {
		return fmt.Errorf("%s: %v", filepath.Join(t.Dir, journalName), err)
	}
	return t.openLog()
}

func (t *Tune) openLog() error {
	t.info.Pairs, t.info.Spec = t.Played, t.Spec()
	var err error
	if t.dir, err = resultdir.OpenDir(t.Dir, t.info, true); err != nil {
		return err
	}
	t.log, err = resultdir.OpenLineLog(filepath.Join(t.Dir, journalName))
	return err
}

// key is the request as tune.json keeps it: all but the workers, which
// change when a pair is played, not what it is.
func (t *Tune) key() json.RawMessage {
	r := t.Request
	r.Settings.Workers, r.Out, r.Args = 0, "", nil
	r.Params = append([]Param(nil), r.Params...)
	for i := range r.Params {
		r.Params[i].Value = r.Params[i].Start
	}
	data, _ := json.Marshal(struct {
		Request
		Signature uint64 `json:"engine_signature"` // the base's nodes on six at depth 6
	}{r, t.signature})
	return data
}

// steps perturbs the values for the batch of pairs from first on.
func (t *Tune) steps(first, n int) []Step {
	out := make([]Step, n)
	for i := range out {
		out[i] = t.sched.Perturb(t.Params, t.Seed, first+i)
	}
	return out
}

// applyBatch applies a batch's results in pair order: each pair's step,
// drawn from the values the batch began with.
func (t *Tune) applyBatch(scores []int, first int) {
	steps := t.steps(first, len(scores))
	for i, s := range scores {
		steps[i].Update(t.Params, s)
		t.history = append(t.history, Values(t.Params))
	}
}

// Run plays the pairs left, in batches (Batch) or each pair as soon as a
// worker is free (Lag). A batch is a match of its pairs (the openings in
// turn, each pair its own two perturbed engines), then the updates in pair
// order and a line in the journal. ctx stops it between pairs: the pairs
// under way are dropped, and replayed on resume, the same games
// (node-limited games are deterministic).
func (t *Tune) Run(ctx context.Context) error {
	ops, err := match.LoadOpenings(t.Settings.Openings)
	if err != nil {
		return err
	}
	if ops, err = match.Order(ops, t.Settings.Order, t.Settings.Seed); err != nil {
		return err
	}
	if t.log != nil {
		defer t.log.Close()
	}
	t.began, t.from = time.Now(), t.Played
	if t.Lag > 0 {
		err = t.runLagged(ctx, ops)
	} else {
		err = t.runBatches(ctx, ops)
	}
	if errors.Is(err, context.Canceled) {
		return &resultdir.Interrupted{Done: t.Played, Total: t.Pairs, Units: "pairs", Dir: t.Dir}
	}
	if err != nil {
		return err
	}
	return t.finish()
}

// Close lets go of the tune's directory.
func (t *Tune) Close() { t.claim.Release() }

// match is the match of n pairs from pair first on: the openings in turn,
// the Plus and Minus players (their configurations set pair by pair), no
// SPRT, no precision, no shard.
func (t *Tune) match(ops []match.Opening, first, n int) (*match.Match, error) {
	s := t.Settings
	s.Pairs, s.SPRT, s.Precision, s.Shard = n, "", 0, setup.Whole
	plus, minus, err := t.players(t.sched.Perturb(t.Params, t.Seed, first))
	if err != nil {
		return nil, err
	}
	m, err := s.Build(plus, minus)
	if err != nil {
		return nil, err
	}
	m.Openings = rotate(ops, first-1)
	return m, nil
}

func (t *Tune) runBatches(ctx context.Context, ops []match.Opening) error {
	for t.Played < t.Pairs {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		first, n := t.Played+1, min(t.Batch, t.Pairs-t.Played)
		steps := t.steps(first, n)
		m, err := t.match(ops, first, n)
		if err != nil {
			return err
		}
		var configs [][2]subject.Config
		for _, st := range steps {
			a, b, err := t.players(st)
			if err != nil {
				return err
			}
			configs = append(configs, [2]subject.Config{a.Config, b.Config})
		}
		m.PairConfig = func(i int, _ func() bool) ([2]subject.Config, bool) { return configs[i], true }
		scores, replayed, err := t.play(ctx, m, m.A.Name)
		if err != nil {
			return err
		}
		t.applyBatch(scores, first)
		if err := t.record(batchLine{First: first, Scores: scores, Values: Values(t.Params), Replayed: replayed}); err != nil {
			return err
		}
	}
	return nil
}

// record keeps a line of pairs applied: in the journal, the trajectory
// and tune.json; then the rate, and OnBatch.
func (t *Tune) record(line batchLine) error {
	if t.log != nil {
		data, _ := json.Marshal(line)
		if err := t.log.Append(data); err != nil {
			return err
		}
	}
	t.Played += len(line.Scores)
	t.GamesPerSecond = float64(2*(t.Played-t.from)) / time.Since(t.began).Seconds()
	t.Rows = append(t.Rows, line)
	if err := t.writeInfo(); err != nil {
		return err
	}
	if t.OnBatch != nil {
		t.OnBatch(t)
	}
	return nil
}

// players are a step's two engines: the base with the Plus values, and
// with the Minus values.
func (t *Tune) players(st Step) (plus, minus match.Player, err error) {
	return t.playersOf(t.Params, st)
}

// playersOf are a step's two engines, the parameters named by ps.
func (t *Tune) playersOf(ps []Param, st Step) (plus, minus match.Player, err error) {
	for i, vals := range [][]float64{st.Plus, st.Minus} {
		spec := t.Base + "," + Spec(ps, vals)
		cfg, err := t.sub.ParseConfig(spec)
		if err != nil {
			return plus, minus, err
		}
		p := match.Player{Name: []string{"plus", "minus"}[i], Spec: spec, Subject: t.sub, Config: cfg}
		if i == 0 {
			plus = p
		} else {
			minus = p
		}
	}
	return plus, minus, nil
}

// rotate is the openings from pair first on, so that a batch's pairs play
// the openings the whole tune's pairs would at the same index.
func rotate(ops []match.Opening, first int) []match.Opening {
	k := first % len(ops)
	return append(append([]match.Opening(nil), ops[k:]...), ops[:k]...)
}

// Spec is the tuned configuration now: the base and the values.
func (t *Tune) Spec() string { return t.Base + "," + Spec(t.Params, Values(t.Params)) }

// writeInfo writes tune.json with the pairs played and the values now.
func (t *Tune) writeInfo() error {
	if t.dir == nil {
		return nil
	}
	t.info.Pairs, t.info.Spec = t.Played, t.Spec()
	return t.dir.Save()
}

// finish writes the trajectory (trajectory.csv), the values in
// OpenBench's format (params.txt), and tune.json, complete; a replacement
// then takes its target's place.
func (t *Tune) finish() error {
	if t.dir == nil {
		return nil
	}
	t.info.Pairs, t.info.Spec = t.Played, t.Spec()
	err := t.dir.Finish(true, func(dir string) error {
		if err := writeFile(filepath.Join(dir, "trajectory.csv"), func(w io.Writer) error {
			return WriteTrajectory(w, t.Params, t.Rows)
		}); err != nil {
			return err
		}
		return writeFile(filepath.Join(dir, "params.txt"), func(w io.Writer) error { return WriteOpenBench(w, t.Params) })
	})
	t.Dir = t.dir.Path
	return err
}

// writeFile writes path with write, whole or not at all.
func writeFile(path string, write func(io.Writer) error) error {
	var b bytes.Buffer
	if err := write(&b); err != nil {
		return err
	}
	return resultdir.WriteFileAtomic(path, b.Bytes())
}

// WriteTrajectory writes the values after each batch, a row a batch:
// pairs, then each parameter.
func WriteTrajectory(w io.Writer, ps []Param, rows []batchLine) error {
	cw := csv.NewWriter(w)
	head := []string{"pairs"}
	start := []string{"0"}
	for _, p := range ps {
		head = append(head, p.Name)
		start = append(start, num(p.Start))
	}
	cw.Write(head)
	cw.Write(start)
	for _, r := range rows {
		rec := []string{strconv.Itoa(r.First + len(r.Scores) - 1)}
		for _, v := range r.Values {
			rec = append(rec, strconv.FormatFloat(v, 'f', 4, 64))
		}
		cw.Write(rec)
	}
	cw.Flush()
	return cw.Error()
}

// VerifyDir is where a tune kept in a directory keeps its verification:
// a match directory like any other (match.json, pairs.csv, games.pgn.gz).
const VerifyDir = "verify"

// Verify plays pairs of the tuned values against the start values, the
// tune's games otherwise (limits, openings, workers): what the tune
// gained, with its interval. A tune kept in a directory keeps the match
// in its VerifyDir, which resumes where an interruption (ctx) left it
// and, once complete, is read instead of played again.
func (t *Tune) Verify(ctx context.Context, pairs int) (*stats.MatchResult, error) {
	start := make([]float64, len(t.Params))
	for i, p := range t.Params {
		start[i] = p.Start
	}
	var players [2]match.Player
	for i, vals := range [][]float64{Values(t.Params), start} {
		spec := t.Base + "," + Spec(t.Params, vals)
		cfg, err := t.sub.ParseConfig(spec)
		if err != nil {
			return nil, err
		}
		players[i] = match.Player{Name: []string{"tuned", "start"}[i], Spec: spec, Subject: t.sub, Config: cfg}
	}
	s := t.Settings
	s.Pairs, s.SPRT, s.Precision, s.Shard = pairs, "", 0, setup.Whole
	s.Configs = []string{"tuned=" + players[0].Spec, "start=" + players[1].Spec} // in the key: the same players
	m, err := s.Build(players[0], players[1])
	if err != nil {
		return nil, err
	}
	dir, info := "", &resultdir.MatchInfo{}
	if t.Dir != "" {
		dir = filepath.Join(t.Dir, VerifyDir)
		prev, done, err := match.Resume(dir, s)
		if err != nil {
			return nil, err
		}
		if prev != nil && prev.Complete {
			return prev.Result, nil
		}
		if info = prev; info == nil {
			req, _ := json.Marshal(s)
			info = &resultdir.MatchInfo{Args: t.Args, Request: req, Life: resultdir.Begin("")}
		}
		m.Done = done
		m.Describe(info, s)
	}
	out, err := m.PlayIn(ctx, dir, info)
	if err != nil {
		return nil, err
	}
	return out.Result(m), nil
}

func pairOf(out *match.Outcome, i int) *match.Pair {
	for _, p := range out.Pairs {
		if p.Index == i {
			return p
		}
	}
	return nil
}

func keys(m map[int]bool) []int {
	var out []int
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
