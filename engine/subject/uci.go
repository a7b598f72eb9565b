package subject

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/ablate-chess/ablate/engine/chess"
	"github.com/ablate-chess/ablate/engine/uci"
)

// UCI is an external engine driven through the UCI protocol (ablate's
// strict client). Every engine it starts gets, before anything else,
// Threads=1 (or Toga's "Number of Threads"), Hash=HashMB, OwnBook=false
// and Ponder=false where it has them, then the user's options (one of the
// same name as a default replaces it); a profile maps technique and
// parameter names to its own options.
type UCI struct {
	Command string
	Dir     string   // working directory; "" for the current one
	Options []string // NAME=VALUE, set after the defaults
	HashMB  int      // 0 means 16
	Profile *Profile // nil: the engine's defaults are its only configuration
	// SearchLimit bounds a search with no other bound on its time (fixed
	// depth or nodes, no budget): past it the engine has hung. 0 is an hour.
	SearchLimit time.Duration
	// MoveTimeout bounds each node- or depth-limited move: past it the
	// engine gets stop, and the move is an overrun (an error). 0 bounds a
	// node-limited move by the engine's measured speed (overrunFactor
	// times the time its nodes should take, at least minNodesWait) and
	// a depth-limited one by SearchLimit.
	MoveTimeout time.Duration
	// StopGrace is how long the engine has to answer stop; 0 is 2 seconds.
	StopGrace time.Duration
	// StartTimeout bounds the wait for uciok and readyok; 0 is a minute:
	// an engine restarted for every game on a loaded machine (a low
	// priority run beside others) may take many seconds to answer, and a
	// long run must not end for it; one that never answers is still found.
	StartTimeout time.Duration

	name    string
	options []uci.Option
	fixed   []setting // defaults and user options, in order
}

type setting struct{ name, value string }

// OpenUCI starts the engine once to learn its name and options, and checks
// the user's options and the profile against them, so that a mistake is
// reported before any search.
func OpenUCI(u UCI) (*UCI, error) {
	if u.HashMB == 0 {
		u.HashMB = 16
	}
	if u.StartTimeout == 0 {
		u.StartTimeout = time.Minute
	}
	c, err := uci.StartCommand(u.Command, u.Dir)
	if err != nil {
		return nil, err
	}
	c.Timeout = u.StartTimeout
	defer c.Close()
	if err := c.UCI(); err != nil {
		c.Kill()
		return nil, err
	}
	u.name, u.options = c.Name, c.Options
	if u.name == "" {
		u.name = u.Command
	}
	u.fixed = nil
	defaults := []setting{{"Threads", "1"}, {"Number of Threads", "1"}, {"Hash", strconv.Itoa(u.HashMB)},
		{"OwnBook", "false"}, {"Ponder", "false"}}
	for _, d := range defaults {
		if o, ok := c.Option(d.name); ok && o.Check(d.value) == nil {
			u.fixed = append(u.fixed, setting{o.Name, d.value})
		}
	}
	for _, kv := range u.Options {
		name, value, ok := strings.Cut(kv, "=")
		if !ok {
			return nil, fmt.Errorf("--engine-option %q: want NAME=VALUE", kv)
		}
		o, ok := c.Option(strings.TrimSpace(name))
		if !ok {
			return nil, fmt.Errorf("--engine-option %q: %s has no option %q (it has: %s)", kv, u.name, name, optionNames(c.Options))
		}
		if err := o.Check(value); err != nil {
			return nil, fmt.Errorf("--engine-option %q: %v", kv, err)
		}
		u.fixed = withSetting(u.fixed, setting{o.Name, value})
	}
	if u.Profile != nil {
		if err := u.Profile.check(u.name, c); err != nil {
			return nil, err
		}
	}
	return &u, nil
}

// withSetting sets one option in the list sent at every start: a user's
// option replaces a default (or an earlier option) of the same name in
// its place, so that each option is sent once, with the last value given.
func withSetting(fixed []setting, s setting) []setting {
	for i := range fixed {
		if strings.EqualFold(fixed[i].name, s.name) {
			fixed[i].value = s.value
			return fixed
		}
	}
	return append(fixed, s)
}

func optionNames(opts []uci.Option) string {
	names := make([]string, len(opts))
	for i, o := range opts {
		names[i] = o.Name
	}
	return strings.Join(names, ", ")
}

// Name implements Subject: the engine's id name.
func (u *UCI) Name() string { return u.name }

// Settings lists what every engine started gets, NAME=VALUE, for messages.
func (u *UCI) Settings() []string {
	out := make([]string, len(u.fixed))
	for i, s := range u.fixed {
		out[i] = s.name + "=" + s.value
	}
	return out
}

// Techniques implements Subject: the profile's names.
func (u *UCI) Techniques() []string {
	if u.Profile == nil {
		return nil
	}
	return u.Profile.TechniqueNames()
}

// Presets implements Subject: an external engine has one, its own option
// defaults.
func (u *UCI) Presets() []string { return []string{"default"} }

// ParseConfig implements Subject. Without a profile only "default", the
// engine's own option defaults, is known.
func (u *UCI) ParseConfig(spec string) (Config, error) {
	if u.Profile == nil {
		if strings.TrimSpace(spec) != "default" {
			return nil, fmt.Errorf("%s has no profile, so its only configuration is \"default\" (its own option defaults); "+
				"give --profile to switch techniques", u.name)
		}
		return UCIConfig{}, nil
	}
	return u.Profile.parse(spec)
}

// Start implements Subject.
func (u *UCI) Start() (Engine, error) {
	e := &uciEngine{u: u}
	if err := e.start(); err != nil {
		return nil, err
	}
	return e, nil
}

// UCIConfig is a configuration of an external engine: the option values
// its profile gives its techniques and parameters.
type UCIConfig struct {
	settings   []setting
	on         map[string]bool
	techniques string
	params     string
}

// Has implements Config.
func (c UCIConfig) Has(technique string) bool { return c.on[technique] }

// Techniques implements Config.
func (c UCIConfig) Techniques() string { return c.techniques }

// Params implements Config.
func (c UCIConfig) Params() string { return c.params }

type uciEngine struct {
	u    *UCI
	c    *uci.Client
	mu   sync.Mutex
	dead bool    // the process failed; the next Reset restarts it
	nps  float64 // the speed of its last node-limited move; 0: not known
}

// The watchdog on node-limited moves: a move may take overrunFactor times
// what its nodes take at the engine's measured speed (assumedNPS before
// one is measured), and never less than minNodesWait, before it is stopped
// as an overrun. Generous: a loaded machine is no engine's fault.
const (
	overrunFactor = 20
	assumedNPS    = 100_000
	minNodesWait  = 3 * time.Second
)

// nodesWait is how long a move of so many nodes may take.
func (e *uciEngine) nodesWait(nodes uint64) time.Duration {
	nps := e.nps
	if nps == 0 {
		nps = assumedNPS
	}
	return max(minNodesWait, time.Duration(overrunFactor*float64(nodes)/nps*float64(time.Second)))
}

func (e *uciEngine) start() error {
	c, err := uci.StartCommand(e.u.Command, e.u.Dir)
	if err != nil {
		return err
	}
	c.Timeout = e.u.StartTimeout
	if err := c.UCI(); err != nil {
		c.Kill()
		c.Close()
		return err
	}
	for _, s := range e.u.fixed {
		if err := c.SetOption(s.name, s.value); err != nil {
			c.Kill()
			return err
		}
	}
	if err := c.IsReady(); err != nil {
		c.Kill()
		c.Close()
		return err
	}
	if e.u.StopGrace > 0 {
		c.StopGrace = e.u.StopGrace
	}
	e.c, e.dead = c, false
	return nil
}

// failed marks the engine dead after an engine error, killing it.
func (e *uciEngine) failed(err error) error {
	var ee *uci.EngineError
	if errors.As(err, &ee) {
		e.dead = true
		e.c.Kill()
		e.c.Close()
	}
	return err
}

// Reset gives the next job or game an engine that remembers nothing: a new
// process (the default), or, for an engine whose profile says reset =
// "ucinewgame", the same one after ucinewgame, Hash set again (most engines
// allocate, so clear, their table when it is set) and Clear Hash pressed
// where the engine has that button. Then the configuration's options, and
// readyok. A process that failed is always started again.
func (e *uciEngine) Reset(cfg Config) error {
	reuse := e.u.Profile != nil && e.u.Profile.Reset == "ucinewgame"
	if !e.dead && !reuse {
		e.retire()
	}
	fresh := e.dead
	if fresh {
		if err := e.start(); err != nil {
			return err
		}
	}
	for _, s := range cfg.(UCIConfig).settings {
		if err := e.c.SetOption(s.name, s.value); err != nil {
			return e.failed(err)
		}
	}
	for _, s := range e.u.fixed {
		if !fresh && strings.EqualFold(s.name, "Hash") {
			if err := e.c.SetOption(s.name, s.value); err != nil {
				return e.failed(err)
			}
		}
	}
	if err := e.c.Send("ucinewgame"); err != nil {
		return e.failed(err)
	}
	if o, ok := e.c.Option("Clear Hash"); ok && o.Type == "button" {
		if err := e.c.SetOption(o.Name, ""); err != nil {
			return e.failed(err)
		}
	}
	return e.failed(e.c.IsReady())
}

func (e *uciEngine) Close() error {
	if e.dead {
		return nil
	}
	e.dead = true
	return e.c.Close()
}

// retire lets the process go: quit, and a kill if it lingers, waited for
// in the background so that the next one starts at once.
func (e *uciEngine) retire() {
	c := e.c
	e.dead = true
	go c.Close()
}

// Search implements Engine: go with the limits, iterations from the info
// lines (the last exact score of each depth), the move from bestmove.
func (e *uciEngine) Search(g *chess.Game, lim Limits, onIteration func(*Iteration)) (Result, error) {
	if e.dead {
		if err := e.start(); err != nil {
			return Result{}, err
		}
	}
	position := "startpos"
	if start := g.Start.String(); start != chess.StartFEN {
		position = "fen " + start
	}
	if len(g.Moves) > 0 {
		var b strings.Builder
		b.WriteString(position + " moves")
		for _, m := range g.Moves {
			b.WriteString(" " + m.String())
		}
		position = b.String()
	}
	var args []string
	wait := e.u.SearchLimit
	if wait == 0 {
		wait = time.Hour
	}
	if lim.Depth > 0 {
		args = append(args, "depth", strconv.Itoa(lim.Depth))
	}
	if lim.Nodes > 0 {
		args = append(args, "nodes", strconv.FormatUint(lim.Nodes, 10))
		wait = min(wait, e.nodesWait(lim.Nodes))
	}
	if e.u.MoveTimeout > 0 && (lim.Depth > 0 || lim.Nodes > 0) {
		wait = e.u.MoveTimeout
	}
	watched := wait // a node- or depth-limited move's bound, unless a clock replaces it
	if lim.MoveTime > 0 {
		args = append(args, "movetime", strconv.FormatInt(lim.MoveTime.Milliseconds(), 10))
		wait = lim.MoveTime + time.Second
	}
	if c := lim.Clock; c != nil {
		args = append(args, "wtime", ms(c.White), "btime", ms(c.Black), "winc", ms(c.WhiteInc), "binc", ms(c.BlackInc))
		if c.MovesToGo > 0 {
			args = append(args, "movestogo", strconv.Itoa(c.MovesToGo))
		}
		left, inc := c.Left(g.Position.SideToMove())
		wait = left + inc + time.Second
		if c.NodesPerMS > 0 {
			// The engine counts the clock in nodes itself (from the clock
			// its first move sees, keeping its own ledger after), so the
			// watchdog is a node budget's: the nodes the clock holds.
			if err := e.countNodesAsTime(c.NodesPerMS); err != nil {
				return Result{}, err
			}
			wait = e.nodesWait(uint64((left + inc).Milliseconds()) * c.NodesPerMS)
		}
	}
	if lim.StopAfter > 0 {
		wait = lim.StopAfter
	}
	overrun := (lim.Depth > 0 || lim.Nodes > 0) && lim.MoveTime == 0 && lim.Clock == nil && lim.StopAfter == 0
	if len(args) == 0 {
		args = []string{"infinite"}
	}

	start := time.Now()
	var res Result
	var cur *uci.Info // the last exact (else any) scored line of the depth being searched
	var curSel int
	complete := func() {
		if cur == nil {
			return
		}
		it := Iteration{Depth: cur.Depth, SelDepth: max(cur.SelDepth, curSel), Score: cur.Score,
			Nodes: cur.Nodes, Elapsed: time.Duration(cur.TimeMS) * time.Millisecond}
		if cur.Mate {
			it.Score = MateScore(cur.Score)
		}
		if len(cur.PV) > 0 {
			if m, err := g.Position.ParseUCI(cur.PV[0]); err == nil {
				it.Move = m
				it.PV = pvMoves(g.Position, cur.PV)
			}
		}
		res.Iterations = append(res.Iterations, it)
		if onIteration != nil {
			onIteration(&res.Iterations[len(res.Iterations)-1])
		}
		cur = nil
	}
	var counters map[string]uint64
	best, err := e.c.Search(position, strings.Join(args, " "), start.Add(wait), lim.Stop, func(in *uci.Info) {
		if line, ok := strings.CutPrefix(in.String, countersPrefix); ok && e.u.Profile != nil && len(e.u.Profile.Counters) > 0 {
			counters = parseCounters(line, e.u.Profile.Counters)
			return
		}
		res.Nodes = max(res.Nodes, in.Nodes)
		if in.Depth == 0 || !in.HasScore {
			return
		}
		if cur != nil && in.Depth > cur.Depth {
			complete()
		}
		if cur == nil || !in.Bound || cur.Bound {
			copy := *in
			cur = &copy
		}
		curSel = max(curSel, in.SelDepth)
	})
	res.Elapsed = time.Since(start)
	if err != nil {
		return res, e.failed(err)
	}
	// The watchdog: a move stopped because it ran far past its nodes or
	// depth is the engine's fault (one that ignores 'go nodes' waits for
	// stop), not a move.
	if overrun && res.Elapsed >= watched && (lim.Stop == nil || !lim.Stop.Load()) {
		what := fmt.Sprintf("%d nodes", lim.Nodes)
		if lim.Nodes == 0 {
			what = fmt.Sprintf("depth %d", lim.Depth)
		}
		hint := "use --tc, or a longer --move-timeout"
		if e.u.MoveTimeout == 0 {
			hint = "use --tc, or --move-timeout"
		}
		return res, &uci.EngineError{Command: e.u.Command, What: "overran",
			Detail: fmt.Sprintf("did not stop at %s within %v: it may ignore 'go %s'; %s",
				what, watched.Round(time.Millisecond), strings.Fields(what)[1], hint)}
	}
	nodeClock := lim.Clock != nil && lim.Clock.NodesPerMS > 0
	if (lim.Nodes > 0 || nodeClock) && res.Nodes > 0 && res.Elapsed > 20*time.Millisecond {
		e.nps = float64(res.Nodes) / res.Elapsed.Seconds()
	}
	// The last depth is complete unless the search was cut short: by a
	// stop, or before the depth it was asked for.
	stopped := (lim.Stop != nil && lim.Stop.Load()) || (lim.StopAfter > 0 && res.Elapsed >= lim.StopAfter)
	if cur != nil && !stopped && (lim.Depth == 0 || cur.Depth >= lim.Depth) {
		complete()
		// The engine's counters are the whole search's: the last depth's,
		// which ended with it.
		res.Iterations[len(res.Iterations)-1].Counters = counters
	}
	if best == "0000" || best == "(none)" {
		var l chess.MoveList
		if g.Position.LegalMoves(&l); l.N > 0 {
			return res, &uci.EngineError{Command: e.u.Command, What: "illegal",
				Detail: fmt.Sprintf("answered bestmove %s, but %s has legal moves", best, g.Position.String())}
		}
		return res, nil
	}
	m, perr := g.Position.ParseUCI(best)
	if perr != nil {
		return res, &uci.EngineError{Command: e.u.Command, What: "illegal",
			Detail: fmt.Sprintf("played %s, which is illegal in %s", best, g.Position.String())}
	}
	res.Move = m
	return res, nil
}

// countNodesAsTime sets the profile's nodes-as-time option to n nodes a
// millisecond: an engine without one cannot play a clock counted in nodes.
func (e *uciEngine) countNodesAsTime(n uint64) error {
	p := e.u.Profile
	if p == nil || p.NodesAsTime == "" {
		return fmt.Errorf("%s cannot count a clock in nodes (tc S+I@N): its profile names no nodes_as_time option; use --tc S+I or --nodes", e.u.Name())
	}
	return e.failed(e.c.SetOption(p.options[p.NodesAsTime].Name, strconv.FormatUint(n, 10)))
}

func ms(d time.Duration) string { return strconv.FormatInt(max(d.Milliseconds(), 0), 10) }

// pvMoves converts a PV to moves as far as they are legal.
func pvMoves(p chess.Position, pv []string) []chess.Move {
	var out []chess.Move
	for _, s := range pv {
		m, err := p.ParseUCI(s)
		if err != nil {
			break
		}
		out = append(out, m)
		p.Play(m)
	}
	return out
}

// countersPrefix begins the info string line in which a patched engine
// reports its counters as a search ends.
const countersPrefix = "ablate-counters "

// parseCounters reads "name=value ..." for the names the profile lists;
// a name it does not list, or a value that is not a count, is left out,
// and a listed name the line lacks is zero.
func parseCounters(line string, names []string) map[string]uint64 {
	out := make(map[string]uint64, len(names))
	for _, n := range names {
		out[n] = 0
	}
	for _, f := range strings.Fields(line) {
		name, value, ok := strings.Cut(f, "=")
		if _, listed := out[name]; !ok || !listed {
			continue
		}
		if v, err := strconv.ParseUint(value, 10, 64); err == nil {
			out[name] = v
		}
	}
	return out
}

// CounterNames implements subject.CounterNames: the counters the
// profile says the engine reports.
func (u *UCI) CounterNames() []string {
	if u.Profile == nil {
		return nil
	}
	return u.Profile.Counters
}
