package subject

import (
	"strings"

	"github.com/ablate-chess/ablate/engine/chess"
	"github.com/ablate-chess/ablate/engine/search"
)

// Native is ablate's own engine, searched in-process.
type Native struct {
	HashMB int // transposition table per engine; 0 means 16
}

// Name implements Subject.
func (Native) Name() string { return "ablate" }

// Techniques implements Subject.
func (Native) Techniques() []string { return search.TechniqueNames() }

// Presets implements Subject: full first.
func (Native) Presets() []string { return search.PresetNames() }

// ParseConfig implements Subject with search.ParseConfig; the preset
// "default", which every subject knows, is full.
func (Native) ParseConfig(spec string) (Config, error) {
	if rest, ok := strings.CutPrefix(spec, "default"); ok && (rest == "" || rest[0] == ',') {
		spec = "full" + rest
	}
	c, err := search.ParseConfig(spec)
	if err != nil {
		return nil, err
	}
	return NativeConfig{c}, nil
}

// Start implements Subject.
func (n Native) Start() (Engine, error) {
	mb := n.HashMB
	if mb == 0 {
		mb = 16
	}
	return &nativeEngine{s: search.New(search.DefaultConfig(), mb)}, nil
}

// NativeConfig is a configuration of ablate's engine.
type NativeConfig struct{ search.Config }

// Has implements Config.
func (c NativeConfig) Has(technique string) bool {
	t, err := search.ParseTechnique(technique)
	return err == nil && c.Config.Techniques.Effective().Has(t)
}

// Techniques implements Config: the effective set.
func (c NativeConfig) Techniques() string { return c.Config.Techniques.Effective().String() }

// Params implements Config.
func (c NativeConfig) Params() string { return strings.Join(c.Config.Params.Diff(), ";") }

type nativeEngine struct {
	s *search.Searcher
}

func (e *nativeEngine) Reset(cfg Config) error {
	e.s.SetConfig(cfg.(NativeConfig).Config)
	e.s.NewGame()
	return nil
}

func (e *nativeEngine) Close() error { return nil }

func (e *nativeEngine) Search(g *chess.Game, lim Limits, onIteration func(*Iteration)) (Result, error) {
	sl := search.Limits{Depth: lim.Depth, Nodes: lim.Nodes, Stop: lim.Stop}
	if lim.MoveTime > 0 {
		sl.SoftTime, sl.HardTime = lim.MoveTime, lim.MoveTime
	}
	if lim.StopAfter > 0 && (sl.HardTime == 0 || lim.StopAfter < sl.HardTime) {
		sl.HardTime = lim.StopAfter
	}
	if lim.Clock != nil {
		left, inc := lim.Clock.Left(g.Position.SideToMove())
		soft, hard := search.ClockLimits(left, inc, lim.Clock.MovesToGo)
		if n := lim.Clock.NodesPerMS; n > 0 { // the clock in nodes
			softN, hardN := uint64(soft.Milliseconds())*n, uint64(hard.Milliseconds())*n
			if sl.Nodes == 0 || hardN < sl.Nodes {
				sl.SoftNodes, sl.Nodes = softN, hardN
			}
		} else if sl.HardTime == 0 || hard < sl.HardTime {
			sl.SoftTime, sl.HardTime = soft, hard
		}
	}
	var cb func(*search.Iteration)
	if onIteration != nil {
		cb = func(it *search.Iteration) {
			x := convert(it)
			onIteration(&x)
		}
	}
	res := e.s.Search(g.Position, g.History(), sl, cb)
	out := Result{Move: res.Move, Nodes: res.Stats.Nodes, Elapsed: res.Elapsed,
		Iterations: make([]Iteration, len(res.Iterations))}
	for i := range res.Iterations {
		out.Iterations[i] = convert(&res.Iterations[i])
	}
	return out, nil
}

func convert(it *search.Iteration) Iteration {
	st := it.Stats
	return Iteration{Depth: it.Depth, SelDepth: it.SelDepth, Score: it.Score, Move: it.Move,
		PV: it.PV, Nodes: st.Nodes, Elapsed: it.Elapsed, Stats: &st}
}
