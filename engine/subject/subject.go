package subject

import (
	"sync/atomic"
	"time"

	"github.com/ablate-chess/ablate/engine/chess"
	"github.com/ablate-chess/ablate/engine/search"
)

// Subject is an engine under study: ablate's own or an external UCI
// engine. It reads configuration specs in the engine's own terms and
// starts engines; every command that searches or plays goes through it.
type Subject interface {
	// Name names the engine in records and reports ("ablate", "Toga II 3.0").
	Name() string
	// ParseConfig reads a spec: a preset, then +technique, -technique and
	// param=value items, applied left to right.
	ParseConfig(spec string) (Config, error)
	// Techniques lists the technique names specs may switch.
	Techniques() []string
	// Presets lists the presets specs may start from, the default first.
	Presets() []string
	// Start starts one engine; each worker or player has its own.
	Start() (Engine, error)
}

// Config is one configuration of a subject, made by its ParseConfig and
// understood by its engines.
type Config interface {
	// Has reports whether the technique is switched on (and, for ablate's
	// engine, able to act: a technique whose requirement is off is off).
	Has(technique string) bool
	// Techniques lists the techniques switched on, comma-separated.
	Techniques() string
	// Params lists the parameters changed from their defaults, name=value;...
	Params() string
}

// Engine searches positions. One engine is used by one goroutine at a time.
type Engine interface {
	// Reset applies a configuration and forgets everything earlier searches
	// left behind (the transposition table, learned tables), so that what
	// follows does not depend on what came before: a new job or a new game.
	Reset(cfg Config) error
	// Search searches the game's current position (its moves and earlier
	// positions decide repetitions) until a limit is reached, calling
	// onIteration, if not nil, after each completed iteration.
	Search(g *chess.Game, lim Limits, onIteration func(*Iteration)) (Result, error)
	// Close stops the engine and frees what it holds.
	Close() error
}

// Limits says when a search stops. Zero fields are no limit; a search with
// none at all runs until it is stopped or reaches the engine's deepest
// depth.
type Limits struct {
	Depth    int           // complete this many iterations
	Nodes    uint64        // stop after this many nodes
	MoveTime time.Duration // the time to spend on this move (UCI go movetime)
	Clock    *Clock        // a game clock: the engine shares out its own time
	// StopAfter stops the search after this long from outside, as a stop
	// command does, without telling the engine in advance: a budget.
	StopAfter time.Duration
	Stop      *atomic.Bool // set from another goroutine to stop at once
}

// Clock is the state of a game's clock when a move is asked for.
type Clock struct {
	White, Black       time.Duration // time left
	WhiteInc, BlackInc time.Duration // added after each move
	MovesToGo          int           // moves to the next time control; 0 if none
	// NodesPerMS, if not 0, counts the clock in nodes: a millisecond is
	// this many nodes searched, and White and Black are what the nodes
	// each side has searched leave of it. The engine shares out nodes as
	// it would time, and looks at no real clock: a clock's shape with a
	// node budget's determinism.
	NodesPerMS uint64
}

// Left returns the time left and the increment of the side to move.
func (c *Clock) Left(side chess.Color) (left, inc time.Duration) {
	if side == chess.White {
		return c.White, c.WhiteInc
	}
	return c.Black, c.BlackInc
}

// Iteration is what one completed iteration of iterative deepening found.
type Iteration struct {
	Depth    int
	SelDepth int
	// Score is in centipawns for the side to move; a mate scores as ablate's
	// search scores it (search.Mate less the plies to it), so that scores
	// from every engine compare the same way.
	Score   int
	Move    chess.Move
	PV      []chess.Move
	Nodes   uint64        // from the search's start
	Elapsed time.Duration // from the search's start
	// Stats holds ablate's search counters; nil from an engine that does
	// not report them (quiescence nodes, re-searches and the rest are then
	// unknown, not zero).
	Stats *search.Stats
	// Counters are an external engine's counters for the search to this
	// depth, by ablate's counter columns (beta_cutoffs, lmr_reduced, ...):
	// those its profile names (Profile.Counters), reported by its
	// "info string ablate-counters name=value ..." line; nil if none.
	Counters map[string]uint64
}

// CounterNames is a subject whose iterations report Counters: the names
// it reports, ablate's counter columns it has (nil: none).
type CounterNames interface{ CounterNames() []string }

// Result is a search's outcome.
type Result struct {
	Move       chess.Move  // the move to play; NullMove when there is none
	Iterations []Iteration // the completed iterations
	Nodes      uint64      // every node searched, those of an unfinished iteration included
	Elapsed    time.Duration
}

// Depth is the deepest completed iteration, 0 if none.
func (r *Result) Depth() int {
	if len(r.Iterations) == 0 {
		return 0
	}
	return r.Iterations[len(r.Iterations)-1].Depth
}

// Last returns the deepest completed iteration, nil if none.
func (r *Result) Last() *Iteration {
	if len(r.Iterations) == 0 {
		return nil
	}
	return &r.Iterations[len(r.Iterations)-1]
}

// MateScore converts moves to mate (negative: mated) to the score ablate's
// search gives that mate.
func MateScore(moves int) int {
	if moves > 0 {
		return search.Mate - (2*moves - 1)
	}
	return -search.Mate + 2*-moves
}
