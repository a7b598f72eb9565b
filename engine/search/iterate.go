package search

import (
	"sync/atomic"
	"time"

	"github.com/ablate-chess/ablate/engine/chess"
)

// Limits says when a search stops. Zero values mean no limit; a search with
// no limit at all runs to MaxPly.
type Limits struct {
	Depth int    // complete this many iterations
	Nodes uint64 // stop after this many nodes
	// SoftTime: start no new iteration after this long. HardTime: stop
	// mid-iteration after this long. Both count from the search's start.
	SoftTime, HardTime time.Duration
	// SoftNodes: under a clock counted in nodes, start no new iteration
	// after this many nodes (Nodes is then the hard limit).
	SoftNodes uint64
	Stop      *atomic.Bool // set from another goroutine to stop
}

// Iteration is what one completed iteration of iterative deepening found.
type Iteration struct {
	Depth    int
	Score    int
	Move     chess.Move
	PV       []chess.Move
	SelDepth int
	Elapsed  time.Duration
	Stats    Stats // counted from the search's start to this iteration's end
}

// Result is a search's outcome: the last completed iteration's move, score
// and PV, the counters, and every iteration.
type Result struct {
	Move       chess.Move
	Score      int
	PV         []chess.Move
	Depth      int // deepest completed iteration
	Elapsed    time.Duration
	Stats      Stats
	Iterations []Iteration
}

// Search searches root, whose game history (keys of the positions before
// it, oldest first) decides repetitions, by iterative deepening until a
// limit is reached. onIteration, if not nil, is called after each
// completed iteration. Every search starts with fresh counters and
// killers, and with empty history tables unless keep-history is on; the
// transposition table is kept (New and NewGame empty it, and NewGame the
// histories), so an experiment that wants a cold search calls NewGame.
func (s *Searcher) Search(root chess.Position, history []uint64, lim Limits, onIteration func(*Iteration)) Result {
	start := time.Now()
	s.stats = Stats{}
	if !s.on.Has(KeepHistory) {
		s.clearOrdering()
	}
	for i := range s.stack {
		s.stack[i].killers = [2]chess.Move{}
		s.stack[i].cutoffCount = 0
		s.stack[i].staticEval = 0
		s.stack[i].excluded, s.stack[i].threat, s.stack[i].doubleExt = chess.NullMove, chess.NullMove, 0
	}
	s.stack[0].pos = root
	s.stack[0].move, s.stack[0].piece = chess.NullMove, chess.NoPiece
	if need := len(history) + MaxPly + 4; cap(s.keys) < need {
		s.keys = make([]uint64, 0, need)
	}
	s.keys = append(s.keys[:0], history...)
	s.rootKeys = len(history)
	s.nodeLimit = lim.Nodes
	s.stop = lim.Stop
	s.stopped = false
	s.deadline = time.Time{}
	if lim.HardTime > 0 {
		s.deadline = start.Add(lim.HardTime)
	}
	maxDepth := lim.Depth
	if maxDepth <= 0 || maxDepth >= MaxPly {
		maxDepth = MaxPly - 1
	}

	var res Result
	// A legal move to fall back on if not even the first iteration ends.
	var legal chess.MoveList
	root.LegalMoves(&legal)
	if legal.N > 0 {
		res.Move = legal.Moves[0]
	}

	score := 0
	held := 0 // iterations the best move has held, for the clock
	for depth := 1; depth <= maxDepth; depth++ {
		s.rootDepth = depth
		score = s.aspirate(depth, score)
		if s.stopped && depth > 1 {
			break
		}
		if s.pvLen[0] > 0 {
			if depth > 1 && s.pv[0][0] == res.Move {
				held++
			} else {
				held = 0
			}
			res.Move = s.pv[0][0]
			res.PV = append(res.PV[:0:0], s.pv[0][:s.pvLen[0]]...)
		}
		res.Score, res.Depth = score, depth
		it := Iteration{
			Depth: depth, Score: score, Move: res.Move, PV: res.PV,
			SelDepth: s.stats.SelDepth, Elapsed: time.Since(start), Stats: s.stats,
		}
		res.Iterations = append(res.Iterations, it)
		if onIteration != nil {
			onIteration(&it)
		}
		if s.stopped || legal.N == 0 {
			break
		}
		if lim.SoftTime > 0 && time.Since(start) >= s.softLimit(lim, held) {
			break
		}
		if lim.SoftNodes > 0 && s.stats.Nodes >= s.softNodeLimit(lim, held) {
			break
		}
		// A forced mate already found will not get shorter by searching
		// deeper than it is long, unless the limit asks for the depth.
		if lim.Depth == 0 && IsMate(score) && depth > 2*abs(MateIn(score))+2 {
			break
		}
	}
	res.Elapsed = time.Since(start)
	res.Stats = s.stats
	return res
}

// aspirate runs one iteration. Aspiration windows: from the aspiration
// depth on, search a narrow window around the last score first, widening
// (doubling) on the side that failed until the score lands inside.
func (s *Searcher) aspirate(depth, prev int) int {
	alpha, beta := -Infinity, Infinity
	window := s.cfg.Params.AspirationWindow
	if s.on.Has(Aspiration) && depth >= s.cfg.Params.AspirationMinDepth && !IsMate(prev) {
		alpha, beta = max(prev-window, -Infinity), min(prev+window, Infinity)
	}
	for {
		score := s.negamax(0, depth, alpha, beta, true, false)
		if s.stopped {
			return score
		}
		switch {
		case score <= alpha && alpha > -Infinity:
			alpha = max(alpha-window, -Infinity)
		case score >= beta && beta < Infinity:
			beta = min(beta+window, Infinity)
		default:
			return score
		}
		window *= 2
		s.count(EvAspirationResearch)
	}
}
