package main

import (
	"bufio"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/ablate-chess/ablate/engine/subject"
	"github.com/ablate-chess/ablate/experiments"
	"github.com/ablate-chess/ablate/experiments/match"
	"github.com/ablate-chess/ablate/results"
)

// matchSettings is everything a match is made from; it is stored in
// match.json so that --resume rebuilds the same match.
type matchSettings struct {
	Configs       []string          `json:"configs"`        // NAME=SPEC, ablate's engine
	Engines       []string          `json:"engines"`        // NAME=CMD, external engines
	EngineOptions []string          `json:"engine_options"` // NAME:OPTION=VALUE
	EngineDir     string            `json:"engine_dir,omitempty"`
	Openings      string            `json:"openings"`
	Order         string            `json:"openings_order"`
	Seed          uint64            `json:"seed"`
	Pairs         int               `json:"pairs"`
	Nodes         uint64            `json:"nodes"`
	Depth         int               `json:"depth"`
	TC            string            `json:"tc,omitempty"`
	MoveTime      int64             `json:"movetime_ms,omitempty"`
	TimeMargin    int64             `json:"time_margin_ms,omitempty"`
	Resign        string            `json:"resign"`
	Draw          string            `json:"draw"`
	MaxMoves      int               `json:"max_moves"`
	SPRT          string            `json:"sprt,omitempty"`
	Precision     float64           `json:"precision,omitempty"` // Elo; 0: play every pair
	Workers       int               `json:"workers"`
	HashMB        int               `json:"hash_mb"`
	Event         string            `json:"event"`
	Shard         experiments.Shard `json:"shard"`
}

// The match defaults: ten pairs at 10,000 nodes a move, a few seconds.
const (
	defaultPairs     = 10
	defaultNodes     = 10000
	defaultResign    = "3:1000"
	defaultDraw      = "40:8:10"
	defaultMaxMoves  = 400
	defaultOpenings  = "openings"
	defaultEventName = "ablate match"
)

// matchFlags are the flags of match and worth.
func matchFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "openings", Usage: "openings: built-in suite, EPD/FEN `FILE` or .pgn file", Value: defaultOpenings},
		&cli.StringFlag{Name: "openings-order", Usage: "`sequential` or random", Value: "sequential"},
		&cli.Uint64Flag{Name: "seed", Usage: "seed of the random openings order"},
		&cli.IntFlag{Name: "pairs", Usage: "game pairs to play (each opening twice, colours swapped)", Value: defaultPairs},
		&cli.IntFlag{Name: "games", Usage: "games to play (even; instead of --pairs)"},
		&cli.Uint64Flag{Name: "nodes", Usage: "nodes per move (the default limit; deterministic)", Value: defaultNodes},
		&cli.IntFlag{Name: "depth", Aliases: []string{"d"}, Usage: "depth per move, instead of nodes"},
		&cli.StringFlag{Name: "tc", Usage: "a clock per game, `SECONDS+INC` as in 10+0.1, instead of nodes"},
		&cli.DurationFlag{Name: "movetime", Usage: "time per move, as in 100ms, instead of nodes"},
		&cli.DurationFlag{Name: "time-margin", Usage: "grace past zero on the clock before a move loses on time"},
		&cli.StringFlag{Name: "resign", Usage: "resign adjudication `MOVES:CP`: both scores beyond CP for MOVES moves each (0: off)", Value: defaultResign},
		&cli.StringFlag{Name: "draw", Usage: "draw adjudication `FROM:MOVES:CP`: after move FROM, both scores within CP for MOVES moves (0: off)", Value: defaultDraw},
		&cli.IntFlag{Name: "max-moves", Usage: "a game reaching this many moves is a draw (0: no cap)", Value: defaultMaxMoves},
		&cli.StringFlag{Name: "sprt", Usage: "stop when an SPRT decides: `elo0=0,elo1=5,alpha=0.05,beta=0.05[,model=normalized|logistic]`"},
		&cli.StringFlag{Name: "precision", Usage: "stop once the Elo's 95% interval is at most `E` either side (pentanomial, " +
			"from pair 50 on; --pairs is then the cap)"},
		jobsFlag(),
		hashFlag(),
		&cli.StringFlag{Name: "event", Usage: "the PGN Event tag", Value: defaultEventName},
		formatFlag("stdout format: table, markdown, csv or json"),
		&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "no live line"},
	}
}

func matchCommand() *cli.Command {
	return &cli.Command{
		Name:  "match",
		Usage: "play two configurations (or one and a UCI engine): Elo, LOS, SPRT",
		UsageText: "ablate match --config A=SPEC --config B=SPEC [--pairs N] [--sprt ...|--precision E] [flags]\n" +
			"ablate match ... [--nodes N | --depth N | --tc S+I | --movetime D]\n" +
			"ablate match --config A=SPEC --engine [NAME=]CMD [...]\n" +
			"ablate match --resume DIR",
		Description: "Plays game pairs: each opening twice, colours swapped, A White first. ablate's\n" +
			"configurations play in-process; an external engine through UCI. Games follow the\n" +
			"rules exactly (mate, stalemate, threefold repetition, fifty moves, insufficient\n" +
			"material) and may be adjudicated (--resign, --draw, --max-moves). Prints W/D/L, the\n" +
			"pentanomial counts, Elo and normalized Elo with 95% intervals, LOS and draw ratio,\n" +
			"as fastchess does, for A. With --sprt the match stops when the test decides. The\n" +
			"default, 10 pairs at 10,000 nodes a move, takes a few seconds; node-limited games\n" +
			"are deterministic: the same PGN for any -j.",
		Flags: append(matchFlags(),
			configFlag("a player: ablate's engine as `NAME=SPEC` (repeatable)"),
			&cli.StringSliceFlag{Name: "engine", Usage: "an external UCI engine as a player, `[NAME=]CMD` (repeatable)"},
			&cli.StringSliceFlag{Name: "engine-option", Usage: "an external player's UCI option, `[ENGINE:]OPTION=VALUE` " +
				"(ENGINE may be left out with one external player; repeatable)"},
			&cli.StringFlag{Name: "engine-dir", Usage: "working `DIR`ectory of external engines"},
			&cli.StringFlag{Name: "pgn", Usage: "write every game to `FILE`"},
			&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "write games.pgn.gz, pairs.csv and match.json to `DIR`"},
			&cli.StringFlag{Name: "resume", Usage: "finish the interrupted match in `DIR`"},
			shardFlag(),
		),
		Action: matchAction,
	}
}

// applyMatchSection takes an experiment file's [match] values for every
// setting whose flag was not given.
func applyMatchSection(c *cli.Context, s *matchSettings, ms *experiments.MatchSection) error {
	if ms == nil {
		return nil
	}
	set := func(flag string, apply func()) {
		if !c.IsSet(flag) {
			apply()
		}
	}
	if ms.Pairs != 0 {
		set("pairs", func() { s.Pairs = ms.Pairs })
	}
	limitGiven := c.IsSet("nodes") || c.IsSet("depth") || c.IsSet("tc") || c.IsSet("movetime")
	if !limitGiven && (ms.Nodes != 0 || ms.Depth != 0 || ms.TC != "" || ms.MoveTime != "") {
		s.Nodes, s.Depth, s.TC, s.MoveTime = ms.Nodes, ms.Depth, ms.TC, 0
		if ms.MoveTime != "" {
			d, err := time.ParseDuration(ms.MoveTime)
			if err != nil {
				return fmt.Errorf("[match] movetime %q: %v", ms.MoveTime, err)
			}
			s.MoveTime = d.Milliseconds()
		}
	}
	if ms.TimeMargin != "" {
		d, err := time.ParseDuration(ms.TimeMargin)
		if err != nil {
			return fmt.Errorf("[match] time_margin %q: %v", ms.TimeMargin, err)
		}
		set("time-margin", func() { s.TimeMargin = d.Milliseconds() })
	}
	for _, x := range []struct {
		flag string
		v    string
		dst  *string
	}{{"openings", ms.Openings, &s.Openings}, {"openings-order", ms.Order, &s.Order}, {"resign", ms.Resign, &s.Resign},
		{"draw", ms.Draw, &s.Draw}, {"sprt", ms.SPRT, &s.SPRT}} {
		if x.v != "" {
			set(x.flag, func() { *x.dst = x.v })
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
			return fmt.Errorf("[match] precision %g: want the interval's half-width in Elo, above 0", ms.Precision)
		}
		set("precision", func() { s.Precision = ms.Precision })
	}
	return nil
}

func stringSlice(c *cli.Context, name string) []string {
	if c.IsSet(name) {
		return c.StringSlice(name)
	}
	return nil
}

// readMatchSettings reads the flags.
func readMatchSettings(c *cli.Context) (matchSettings, error) {
	s := matchSettings{
		Configs:  stringSlice(c, "config"),
		Openings: c.String("openings"), Order: c.String("openings-order"), Seed: c.Uint64("seed"),
		Pairs: c.Int("pairs"), Nodes: c.Uint64("nodes"), Depth: c.Int("depth"), TC: c.String("tc"),
		MoveTime: c.Duration("movetime").Milliseconds(), TimeMargin: c.Duration("time-margin").Milliseconds(),
		Resign: c.String("resign"), Draw: c.String("draw"), MaxMoves: c.Int("max-moves"), SPRT: c.String("sprt"),
		Workers: c.Int("jobs"), HashMB: c.Int("hash"), Event: c.String("event"),
	}
	if c.IsSet("precision") {
		p, err := results.ParsePrecision(c.String("precision"))
		if err != nil {
			return s, fmt.Errorf("--%v", err)
		}
		s.Precision = p
	}
	if c.IsSet("games") {
		g := c.Int("games")
		if g < 2 || g%2 != 0 {
			return s, fmt.Errorf("--games %d: want an even number of games, at least 2 (they are played in pairs)", g)
		}
		s.Pairs = g / 2
	}
	// A depth, clock or time per move replaces the default node limit.
	if !c.IsSet("nodes") && (s.Depth > 0 || s.TC != "" || s.MoveTime > 0) {
		s.Nodes = 0
	}
	return s, nil
}

// buildMatch checks settings and makes the match: the players (started
// once to check an external engine), openings, limits and adjudication.
func buildMatch(s matchSettings, a, b match.Player) (*match.Match, error) {
	if s.Pairs < 1 {
		return nil, fmt.Errorf("--pairs %d: play at least one pair", s.Pairs)
	}
	if s.Workers < 1 {
		return nil, fmt.Errorf("--jobs must be at least 1")
	}
	limits, err := matchLimits(s)
	if err != nil {
		return nil, err
	}
	adj, err := adjudication(s)
	if err != nil {
		return nil, err
	}
	var sprt *results.SPRT
	if s.SPRT != "" {
		if sprt, err = results.ParseSPRT(s.SPRT); err != nil {
			return nil, err
		}
	}
	if _, err := match.Order(nil, s.Order, 0); err != nil {
		return nil, err
	}
	ops, err := match.LoadOpenings(s.Openings)
	if err != nil {
		return nil, err
	}
	if ops, err = match.Order(ops, s.Order, s.Seed); err != nil {
		return nil, err
	}
	if s.Precision < 0 {
		return nil, fmt.Errorf("--precision %g: want the interval's half-width in Elo, above 0", s.Precision)
	}
	return &match.Match{A: a, B: b, Openings: ops, Pairs: s.Pairs, Limits: limits, Adjudication: adj, SPRT: sprt,
		Precision: s.Precision, Workers: s.Workers, Event: s.Event, Date: time.Now().UTC().Format("2006.01.02"), Shard: s.Shard}, nil
}

func matchLimits(s matchSettings) (match.Limits, error) {
	l := match.Limits{Nodes: s.Nodes, Depth: s.Depth, MoveTime: time.Duration(s.MoveTime) * time.Millisecond,
		TimeMargin: time.Duration(s.TimeMargin) * time.Millisecond}
	if s.TC != "" {
		tc, err := match.ParseTC(s.TC)
		if err != nil {
			return l, err
		}
		l.TC = tc
	}
	n := 0
	for _, set := range []bool{l.Nodes > 0, l.Depth > 0, l.MoveTime > 0, l.TC != nil} {
		if set {
			n++
		}
	}
	switch {
	case n == 0:
		return l, fmt.Errorf("no limit per move: give --nodes, --depth, --tc or --movetime")
	case l.Depth < 0 || l.Depth > 127:
		return l, fmt.Errorf("--depth %d: the depth must be from 1 to 127", l.Depth)
	case l.TC != nil && (l.Nodes > 0 || l.MoveTime > 0):
		return l, fmt.Errorf("--tc with --nodes or --movetime: give one limit")
	}
	return l, nil
}

// adjudication reads --resign MOVES:CP, --draw FROM:MOVES:CP (0 or off:
// none) and --max-moves.
func adjudication(s matchSettings) (match.Adjudication, error) {
	a := match.Adjudication{MaxMoves: s.MaxMoves}
	nums := func(flag, v string, n int) ([]int, error) {
		if v == "0" || v == "off" || v == "" {
			return nil, nil
		}
		parts := strings.Split(v, ":")
		if len(parts) != n {
			return nil, fmt.Errorf("--%s %q: want %d numbers separated by ':' (or 0 for none)", flag, v, n)
		}
		out := make([]int, n)
		for i, p := range parts {
			x, err := strconv.Atoi(p)
			if err != nil || x < 0 {
				return nil, fmt.Errorf("--%s %q: %q is not a count", flag, v, p)
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
		return a, fmt.Errorf("--max-moves %d: not a count", a.MaxMoves)
	}
	return a, nil
}

// adjudicationString describes adjudication for match.json.
func adjudicationString(a match.Adjudication) string {
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

// players makes the two players: ablate's configurations first, then
// external engines, in the order given.
func players(s matchSettings, errw io.Writer) ([]match.Player, error) {
	var out []match.Player
	for _, kv := range s.Configs {
		ns, err := experiments.ParseNamedSpec(kv)
		if err != nil {
			return nil, err
		}
		sub := subject.Native{HashMB: s.HashMB}
		cfg, err := sub.ParseConfig(ns.Spec)
		if err != nil {
			return nil, fmt.Errorf("--config %s: %v", kv, err)
		}
		out = append(out, match.Player{Name: ns.Name, Spec: ns.Spec, Subject: sub, Config: cfg})
	}
	type external struct{ name, command string }
	var engines []external
	for _, kv := range s.Engines {
		name, command := engineArg(kv)
		if name == "" || command == "" {
			return nil, fmt.Errorf("--engine %q: want [NAME=]CMD, as in toga=/usr/games/toga2", kv)
		}
		engines = append(engines, external{name, command})
	}
	opts := map[string][]string{}
	for _, o := range s.EngineOptions {
		engine, opt, err := engineOption(o)
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
				return nil, fmt.Errorf("--engine-option %q: name the engine (ENGINE:OPTION=VALUE): there are %d external players", o, len(engines))
			}
			return nil, fmt.Errorf("--engine-option %q: no engine named %q", o, engine)
		}
		opts[engine] = append(opts[engine], opt)
	}
	for _, e := range engines {
		u, err := subject.OpenUCI(subject.UCI{Command: e.command, Dir: s.EngineDir, Options: opts[e.name], HashMB: s.HashMB})
		if err != nil {
			return nil, fmt.Errorf("--engine %s: %v", e.name, err)
		}
		fmt.Fprintf(errw, "%s: %s, with %s\n", e.name, u.Name(), strings.Join(u.Settings(), ", "))
		cfg, _ := u.ParseConfig("default")
		out = append(out, match.Player{Name: e.name, Spec: "default (" + u.Name() + ")", Subject: u, Config: cfg})
	}
	if len(out) != 2 {
		return nil, fmt.Errorf("a match wants two players (--config NAME=SPEC or --engine NAME=CMD), got %d", len(out))
	}
	if out[0].Name == out[1].Name {
		return nil, fmt.Errorf("both players are named %q", out[0].Name)
	}
	return out, nil
}

func matchAction(c *cli.Context) error {
	format := c.String("format")
	if err := results.CheckFormat(format); err != nil {
		return badInput(err)
	}
	dir := c.String("out")
	var s matchSettings
	var info *results.MatchInfo
	done := map[int]*match.Pair{}
	if resume := c.String("resume"); resume != "" {
		mi, err := results.ReadMatchInfo(resume)
		if err != nil {
			return badInput(fmt.Errorf("--resume %s: %v", resume, err))
		}
		if mi.Complete {
			return badInput(fmt.Errorf("--resume %s: that match is complete; its games are in games.pgn.gz", resume))
		}
		if err := json.Unmarshal(mi.Request, &s); err != nil {
			return badInput(fmt.Errorf("--resume %s: match.json has no usable request: %v", resume, err))
		}
		if done, err = match.ReadJournal(resume); err != nil {
			return badInput(fmt.Errorf("--resume %s: %v", resume, err))
		}
		dir, info = resume, mi
	} else {
		var err error
		if s, err = readMatchSettings(c); err != nil {
			return badInput(err)
		}
		s.Engines, s.EngineOptions, s.EngineDir = c.StringSlice("engine"), c.StringSlice("engine-option"), c.String("engine-dir")
		if s.Shard, err = experiments.ParseShard(c.String("shard"), os.Getenv); err != nil {
			return badInput(err)
		}
	}
	if err := checkHash(s.HashMB, 2*max(1, s.Workers)); err != nil {
		return badInput(err)
	}
	ps, err := players(s, c.App.ErrWriter)
	if err != nil {
		return badInput(err)
	}
	m, err := buildMatch(s, ps[0], ps[1])
	if err != nil {
		return badInput(err)
	}
	m.Done = done
	if info == nil {
		req, _ := json.Marshal(s)
		info = &results.MatchInfo{Args: commandLine(c), Request: req,
			Started: time.Now().UTC()}
	}
	describeMatch(info, m, s)
	out, err := playMatch(c, m, dir, info)
	if err != nil {
		return err
	}
	return results.RenderMatch(c.App.Writer, format, m.A.Name, m.B.Name, out.Result(m))
}

// describeMatch fills match.json's description of the match.
func describeMatch(info *results.MatchInfo, m *match.Match, s matchSettings) {
	info.Event = m.Event
	for i, p := range []match.Player{m.A, m.B} {
		pi := results.PlayerInfo{Name: p.Name, Spec: p.Spec, Engine: p.Subject.Name(),
			Techniques: p.Config.Techniques(), Params: p.Config.Params()}
		if i == 0 {
			info.A = pi
		} else {
			info.B = pi
		}
	}
	info.Limits, info.Adjudication = m.Limits.String(), adjudicationString(m.Adjudication)
	info.Openings, info.Order, info.Seed = s.Openings, s.Order, s.Seed
	info.PairsAsked, info.Workers, info.SPRT = m.Pairs, m.Workers, s.SPRT
	// What the games depend on: not the workers, the event or the shard.
	key := s
	key.Workers, key.Event, key.Shard = 0, "", experiments.Shard{}
	version, commit := results.Version()
	data, _ := json.Marshal(struct {
		S                   matchSettings
		A, B                string
		Version, Commit, Op string
	}{key, m.A.Subject.Name(), m.B.Subject.Name(), version, commit, fmt.Sprint(len(m.Openings))})
	info.Fingerprint = fmt.Sprintf("%x", sha256.Sum256(data))
	if s.Shard.Count > 1 {
		info.Shard = &results.ShardInfo{Index: s.Shard.Index, Count: s.Shard.Count}
	}
}

// playMatch runs a match with its journal, live line and Ctrl-C, and writes
// its files (--out, --pgn). An interruption keeps every finished pair.
func playMatch(c *cli.Context, m *match.Match, dir string, info *results.MatchInfo) (*match.Outcome, error) {
	var journal *match.Journal
	if dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, badInput(err)
		}
		if len(m.Done) == 0 {
			os.Remove(filepath.Join(dir, match.JournalName))
		}
		if err := results.WriteMatchInfo(dir, info); err != nil {
			return nil, err
		}
		var err error
		if journal, err = match.OpenJournal(dir); err != nil {
			return nil, err
		}
		defer journal.Close()
		m.OnPair = journal.Append
	}
	live := startLive(c.App.ErrWriter, c.Bool("quiet"), m)
	m.OnProgress = live.update
	ctx, cancel := interruptible()
	defer cancel()
	out, runErr := m.Run(ctx)
	live.stop()
	interrupted := errors.Is(runErr, context.Canceled)
	if runErr != nil && !interrupted {
		return nil, cli.Exit(runErr.Error(), exitFailed)
	}
	info.Result = out.Result(m)
	info.Complete = !interrupted
	if info.Complete {
		info.Finished = time.Now().UTC()
	}
	if info.Shard != nil {
		info.Shard.Complete, info.Shard.Jobs = info.Complete, len(out.Pairs)
		if m.SPRT != nil {
			info.Result.LLR, info.Result.Verdict = 0, "" // the merge of the shards decides
		}
	}
	if dir != "" {
		if err := writeMatchFiles(dir, m, out); err != nil {
			return nil, err
		}
		if err := results.WriteMatchInfo(dir, info); err != nil {
			return nil, err
		}
		if info.Complete {
			journal.Close()
			os.Remove(filepath.Join(dir, match.JournalName))
		}
	}
	if c.IsSet("pgn") {
		if err := writePGN(c.String("pgn"), m, out); err != nil {
			return nil, err
		}
	}
	if interrupted {
		msg := fmt.Sprintf("interrupted after %d of %d pairs", len(out.Pairs), m.Pairs)
		if dir != "" {
			msg += fmt.Sprintf("; finish with: ablate match --resume %s", dir)
		}
		results.RenderMatch(c.App.Writer, c.String("format"), m.A.Name, m.B.Name, out.Result(m))
		return nil, cli.Exit(msg, exitInterrupted)
	}
	return out, nil
}

// writePGN writes every game to path, gzipped if its name ends in .gz.
func writePGN(path string, m *match.Match, out *match.Outcome) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	var w io.Writer = f
	var zw *gzip.Writer
	if strings.HasSuffix(path, ".gz") {
		zw = gzip.NewWriter(f)
		w = zw
	}
	bw := bufio.NewWriter(w)
	for _, p := range out.Pairs {
		for g := range p.Games {
			bw.WriteString(m.PGN(p, g))
		}
	}
	err = bw.Flush()
	if zw != nil && err == nil {
		err = zw.Close()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

func writeMatchFiles(dir string, m *match.Match, out *match.Outcome) error {
	if err := writePGN(filepath.Join(dir, results.GamesName), m, out); err != nil {
		return err
	}
	f, err := os.Create(filepath.Join(dir, "pairs.csv"))
	if err != nil {
		return err
	}
	if err := results.WritePairsCSV(f, match.Records(out.Pairs, m.A.Name)); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
