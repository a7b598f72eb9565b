package match

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/ablate-chess/ablate/engine/subject"
	"github.com/ablate-chess/ablate/experiments/matrix"
	"github.com/ablate-chess/ablate/experiments/resultdir"
	"github.com/ablate-chess/ablate/experiments/setup"
	"github.com/ablate-chess/ablate/experiments/source"
	"github.com/ablate-chess/ablate/experiments/stats"
)

// Settings is everything a match is made from, as ablate match's flags and
// an experiment file's [match] section give it. It is stored in
// match.json, so that a match resumes as it was made; Build makes the
// match. Like matrix.Request for a run.
type Settings struct {
	Configs       []string `json:"configs"`        // NAME=SPEC, ablate's engine
	Engines       []string `json:"engines"`        // [NAME=]CMD, external engines
	EngineOptions []string `json:"engine_options"` // [ENGINE:]OPTION=VALUE
	EngineDir     string   `json:"engine_dir,omitempty"`
	// Source, if set, is an engine built from its source in variants; the
	// configurations are then its variants (and its profile's switches).
	Source     *source.Source `json:"source,omitempty"`
	BuildCache string         `json:"build_cache,omitempty"`
	// Profile maps the built engine's options to techniques (--profile),
	// and may say how it is built (an engine ablated from its source).
	Profile    string `json:"profile,omitempty"`
	Openings   string `json:"openings"`
	Order      string `json:"openings_order"`
	Seed       uint64 `json:"seed"`
	Pairs      int    `json:"pairs"`
	Nodes      uint64 `json:"nodes"`
	Depth      int    `json:"depth"`
	TC         string `json:"tc,omitempty"`
	MoveTime   int64  `json:"movetime_ms,omitempty"`
	TimeMargin int64  `json:"time_margin_ms,omitempty"`
	// RandomPlies extends each pair's opening by that many random legal
	// moves, drawn from Seed and the pair (a self-play data run).
	RandomPlies int `json:"random_plies,omitempty"`
	// RandomPer is "pair" (the default: both games of a pair from one
	// line) or "game" (each game its own line: self-play data).
	RandomPer string `json:"random_per,omitempty"`
	// MoveTimeout bounds an external engine's node- or depth-limited move
	// (0: from its measured speed); it changes no game that ends in order.
	MoveTimeout int64       `json:"move_timeout_ms,omitempty"`
	Resign      string      `json:"resign"`
	Draw        string      `json:"draw"`
	MaxMoves    int         `json:"max_moves"`
	SPRT        string      `json:"sprt,omitempty"`
	Precision   float64     `json:"precision,omitempty"` // Elo; 0: play every pair
	Workers     int         `json:"workers"`
	HashMB      int         `json:"hash_mb"`
	Event       string      `json:"event"`
	Shard       setup.Shard `json:"shard"`
}

// The defaults: ten pairs at 10,000 nodes a move, a few seconds.
const (
	DefaultPairs    = 10
	DefaultNodes    = 10000
	DefaultResign   = "3:1000"
	DefaultDraw     = "40:8:10"
	DefaultMaxMoves = 400
	DefaultOpenings = "openings"
	DefaultEvent    = "ablate match"
	// PrecisionPairs caps a match asked for a precision and no pairs.
	PrecisionPairs = 20000
)

func bad(setting, format string, args ...any) error {
	return setup.BadSetting(setting, format, args...)
}

// ApplySection takes an experiment file's [match] values for every setting
// that was not given (given says which were, by their command-line name).
func (s *Settings) ApplySection(ms *matrix.MatchSection, given func(setting string) bool) error {
	if ms == nil {
		return nil
	}
	set := func(setting string, apply func()) {
		if !given(setting) {
			apply()
		}
	}
	if ms.Pairs != 0 {
		set("pairs", func() { s.Pairs = ms.Pairs })
	}
	limitGiven := given("nodes") || given("move-depth") || given("tc") || given("movetime")
	if !limitGiven && (ms.Nodes != 0 || ms.Depth != 0 || ms.TC != "" || ms.MoveTime != "") {
		s.Nodes, s.Depth, s.TC, s.MoveTime = ms.Nodes, ms.Depth, ms.TC, 0
		if ms.MoveTime != "" {
			d, err := time.ParseDuration(ms.MoveTime)
			if err != nil {
				return bad("movetime", "%q: %v", ms.MoveTime, err)
			}
			s.MoveTime = d.Milliseconds()
		}
	}
	if ms.TimeMargin != "" {
		d, err := time.ParseDuration(ms.TimeMargin)
		if err != nil {
			return bad("time-margin", "%q: %v", ms.TimeMargin, err)
		}
		set("time-margin", func() { s.TimeMargin = d.Milliseconds() })
	}
	for _, x := range []struct {
		setting string
		v       string
		dst     *string
	}{{"openings", ms.Openings, &s.Openings}, {"openings-order", ms.Order, &s.Order}, {"resign", ms.Resign, &s.Resign},
		{"draw", ms.Draw, &s.Draw}, {"sprt", ms.SPRT, &s.SPRT}} {
		if x.v != "" {
			set(x.setting, func() { *x.dst = x.v })
		}
	}
	if ms.Seed != 0 {
		set("seed", func() { s.Seed = ms.Seed })
	}
	if ms.MaxMoves != 0 {
		set("max-moves", func() { s.MaxMoves = ms.MaxMoves })
	}
	if ms.Precision != 0 {
		if ms.Precision < 0 {
			return bad("precision", "%g: want the interval's half-width in Elo, above 0", ms.Precision)
		}
		set("precision", func() { s.Precision = ms.Precision })
	}
	return nil
}

// SetBudget makes a budget the match's limit per move, in place of any
// other.
func (s *Settings) SetBudget(b setup.Budget) {
	s.Nodes, s.Depth, s.TC, s.MoveTime = b.Nodes, 0, "", 0
	if b.TC != nil {
		s.TC = b.TC.String()
	}
}

// Build checks the settings and makes the match between a and b: openings
// in their order, limits, adjudication and the stopping rules.
func (s Settings) Build(a, b Player) (*Match, error) {
	if err := s.Check(); err != nil {
		return nil, err
	}
	limits, _ := s.limits()
	adj, _ := s.adjudication()
	sprt, _ := stats.ParseSPRT(s.SPRT)
	ops, err := LoadOpenings(s.Openings)
	if err != nil {
		return nil, err
	}
	if ops, err = Order(ops, s.Order, s.Seed); err != nil {
		return nil, err
	}
	return &Match{A: a, B: b, Openings: ops, RandomPlies: s.RandomPlies, RandomSeed: s.Seed, RandomPerGame: s.RandomPer == "game",
		Pairs: s.Pairs, Budget: limits, Adjudication: adj, SPRT: sprt,
		Precision: s.Precision, Workers: s.Workers, Event: s.Event, Date: time.Now().UTC().Format("2006.01.02"),
		Shard: s.Shard}, nil
}

// Check checks every setting but the openings and the players, naming the
// first that is bad.
func (s Settings) Check() error {
	if s.Pairs < 1 {
		return bad("pairs", "%d: play at least one pair", s.Pairs)
	}
	if s.Workers < 1 {
		return bad("workers", "%d: must be at least 1", s.Workers)
	}
	if s.RandomPlies < 0 || s.RandomPlies > 100 {
		return bad("random-plies", "%d: want 0 to 100 plies", s.RandomPlies)
	}
	if s.RandomPer != "" && s.RandomPer != "pair" && s.RandomPer != "game" {
		return bad("random-per", "%q: want pair or game", s.RandomPer)
	}
	if s.Precision < 0 {
		return bad("precision", "%g: want the interval's half-width in Elo, above 0", s.Precision)
	}
	if strings.ContainsAny(s.Event, "\n\r") {
		return bad("event", "%q: the PGN's Event tag is one line", s.Event)
	}
	if _, err := s.limits(); err != nil {
		return err
	}
	if _, err := s.adjudication(); err != nil {
		return err
	}
	if _, err := stats.ParseSPRT(s.SPRT); err != nil {
		return bad("sprt", "%v", err)
	}
	if _, err := Order(nil, s.Order, 0); err != nil {
		return bad("openings-order", "%q: want sequential or random", s.Order)
	}
	return nil
}

func (s Settings) limits() (setup.Budget, error) {
	l := setup.Budget{Nodes: s.Nodes, Depth: s.Depth, MoveTime: time.Duration(s.MoveTime) * time.Millisecond,
		TimeMargin: time.Duration(s.TimeMargin) * time.Millisecond}
	if s.TC != "" {
		tc, err := setup.ParseTC(s.TC)
		if err != nil {
			return l, bad("tc", "%q: want seconds+increment, as in 10+0.1 (or a clock counted in nodes, 10+0.1@960)", s.TC)
		}
		l.TC = tc
	}
	if s.MoveTime < 0 {
		return l, bad("movetime", "%v: a time per move is above 0", time.Duration(s.MoveTime)*time.Millisecond)
	}
	if s.TimeMargin < 0 {
		return l, bad("time-margin", "%v: the grace is 0 or more", time.Duration(s.TimeMargin)*time.Millisecond)
	}
	n := 0
	for _, set := range []bool{l.Nodes > 0, l.Depth > 0, l.MoveTime > 0, l.TC != nil} {
		if set {
			n++
		}
	}
	switch {
	case n == 0:
		return l, bad("nodes", "0: no limit per move: give nodes, depth, tc or movetime")
	case l.Depth < 0 || l.Depth > 127:
		return l, bad("move-depth", "%d: the depth must be from 1 to 127", l.Depth)
	case l.TC != nil && (l.Nodes > 0 || l.MoveTime > 0):
		return l, bad("tc", "with nodes or movetime: give one limit")
	}
	return l, nil
}

// adjudication reads resign MOVES:CP, draw FROM:MOVES:CP (0 or off: none)
// and max-moves.
func (s Settings) adjudication() (Adjudication, error) {
	a := Adjudication{MaxMoves: s.MaxMoves}
	nums := func(setting, v string, n int) ([]int, error) {
		if v == "0" || v == "off" || v == "" {
			return nil, nil
		}
		parts := strings.Split(v, ":")
		if len(parts) != n {
			return nil, bad(setting, "%q: want %d numbers separated by ':' (or 0 for none)", v, n)
		}
		out := make([]int, n)
		for i, p := range parts {
			x, err := strconv.Atoi(p)
			if err != nil || x < 0 {
				return nil, bad(setting, "%q: %q is not a count", v, p)
			}
			out[i] = x
		}
		return out, nil
	}
	r, err := nums("resign", s.Resign, 2)
	if err != nil {
		return a, err
	}
	if r != nil {
		a.ResignMoves, a.ResignScore = r[0], r[1]
	}
	d, err := nums("draw", s.Draw, 3)
	if err != nil {
		return a, err
	}
	if d != nil {
		a.DrawFrom, a.DrawMoves, a.DrawScore = d[0], d[1], d[2]
	}
	if a.MaxMoves < 0 {
		return a, bad("max-moves", "%d: not a count", a.MaxMoves)
	}
	return a, nil
}

// String describes adjudication for match.json.
func (a Adjudication) String() string {
	var parts []string
	if a.ResignMoves > 0 {
		parts = append(parts, fmt.Sprintf("resign %d moves beyond %d cp", a.ResignMoves, a.ResignScore))
	}
	if a.DrawMoves > 0 {
		parts = append(parts, fmt.Sprintf("draw after move %d, %d moves within %d cp", a.DrawFrom, a.DrawMoves, a.DrawScore))
	}
	if a.MaxMoves > 0 {
		parts = append(parts, fmt.Sprintf("draw at move %d", a.MaxMoves))
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, "; ")
}

// Players makes the two players the settings name: configurations first
// (of configs, a subject; nil: ablate's engine), then external engines (each started once, to check
// it; what it is set to goes to errw), in the order given.
func (s Settings) Players(errw io.Writer, configs subject.Subject) ([]Player, error) {
	var out []Player
	sub := configs
	if sub == nil {
		sub = subject.Native{HashMB: s.HashMB}
	}
	for _, kv := range s.Configs {
		ns, err := matrix.ParseNamedSpec(kv)
		if err != nil {
			return nil, err
		}
		cfg, err := sub.ParseConfig(ns.Spec)
		if err != nil {
			return nil, bad("config", "%s: %v", kv, err)
		}
		out = append(out, Player{Name: ns.Name, Spec: ns.Spec, Subject: sub, Config: cfg})
	}
	type external struct{ name, command string }
	var engines []external
	for _, kv := range s.Engines {
		name, command := setup.ParseEngine(kv)
		if name == "" || command == "" {
			return nil, bad("engine", "%q: want [NAME=]CMD, as in toga=/usr/games/toga2", kv)
		}
		engines = append(engines, external{name, command})
	}
	opts := map[string][]string{}
	for _, o := range s.EngineOptions {
		engine, opt, err := setup.ParseEngineOption(o)
		if err != nil {
			return nil, err
		}
		if engine == "" && len(engines) == 1 {
			engine = engines[0].name
		}
		found := false
		for _, e := range engines {
			found = found || e.name == engine
		}
		if !found {
			if engine == "" {
				return nil, bad("engine-option", "%q: name the engine (ENGINE:OPTION=VALUE): there are %d external players", o, len(engines))
			}
			return nil, bad("engine-option", "%q: no engine named %q", o, engine)
		}
		opts[engine] = append(opts[engine], opt)
	}
	for _, e := range engines {
		u, err := subject.OpenUCI(subject.UCI{Command: e.command, Dir: s.EngineDir, Options: opts[e.name], HashMB: s.HashMB,
			MoveTimeout: time.Duration(s.MoveTimeout) * time.Millisecond})
		if err != nil {
			return nil, bad("engine", "%s: %v", e.name, err)
		}
		fmt.Fprintf(errw, "%s: %s, with %s\n", e.name, u.Name(), strings.Join(u.Settings(), ", "))
		cfg, _ := u.ParseConfig("default")
		out = append(out, Player{Name: e.name, Spec: "default (" + u.Name() + ")", Subject: u, Config: cfg})
	}
	if len(out) != 2 {
		return nil, fmt.Errorf("a match wants two players (config NAME=SPEC or engine NAME=CMD), got %d", len(out))
	}
	if out[0].Name == out[1].Name {
		return nil, fmt.Errorf("both players are named %q", out[0].Name)
	}
	return out, nil
}

// Describe fills match.json's description of the match: players, limits,
// adjudication, openings, and the fingerprint of what its games depend on
// (not the workers, the event or the shard), by which shards are matched.
func (m *Match) Describe(info *resultdir.MatchInfo, s Settings) {
	info.Event = m.Event
	for i, p := range []Player{m.A, m.B} {
		pi := resultdir.PlayerInfo{Name: p.Name, Spec: p.Spec, Engine: p.Subject.Name(),
			Techniques: p.Config.Techniques(), Params: p.Config.Params(), Built: builtFrom(p.Config)}
		if i == 0 {
			info.A = pi
		} else {
			info.B = pi
		}
	}
	info.Limits, info.Adjudication = m.Budget.String(), m.Adjudication.String()
	info.Openings, info.Order, info.Seed = s.Openings, s.Order, s.Seed
	if s.RandomPlies > 0 {
		info.Openings += fmt.Sprintf(", then %d random plies", s.RandomPlies)
		if s.RandomPer == "game" {
			info.Openings += " drawn per game"
		}
	}
	info.PairsAsked, info.Workers, info.SPRT = m.Pairs, m.Workers, s.SPRT
	key := s
	key.Workers, key.Event, key.Shard = 0, "", setup.Shard{}
	version, commit := resultdir.Version()
	data, _ := json.Marshal(struct {
		S                   Settings
		A, B                string
		Version, Commit, Op string
	}{key, m.A.Subject.Name(), m.B.Subject.Name(), version, commit, fmt.Sprint(len(m.Openings))})
	info.Fingerprint = fmt.Sprintf("%x", sha256.Sum256(data))
	if s.Shard.Count > 1 {
		info.Shard = &resultdir.ShardInfo{Index: s.Shard.Index, Count: s.Shard.Count}
	}
}

// Count sets what the match counts and limits from what a command line
// gave beside the settings: games (to play, even, instead of pairs; nil if
// not given), precision (the Elo interval to stop at; "" if not given)
// and whether nodes was given: a depth, clock or time per move replaces
// the default node limit.
func (s *Settings) Count(games *int, precision string, nodesGiven, pairsGiven bool) error {
	if precision != "" {
		p, err := stats.ParsePrecision(precision)
		if err != nil {
			return bad("precision", "%v", strings.TrimPrefix(err.Error(), "precision "))
		}
		s.Precision = p
		if !pairsGiven && games == nil {
			s.Pairs = PrecisionPairs // the default 10 would stop it long before its interval
		}
	}
	if games != nil {
		if pairsGiven {
			return bad("games", "%d with --pairs: give one or the other (a game pair is two games)", *games)
		}
		if *games < 2 || *games%2 != 0 {
			return bad("games", "%d: want an even number of games, at least 2 (they are played in pairs)", *games)
		}
		s.Pairs = *games / 2
	}
	if !nodesGiven && (s.Depth > 0 || s.TC != "" || s.MoveTime > 0) {
		s.Nodes = 0
	}
	return nil
}
