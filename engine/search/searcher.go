package search

import (
	"math"
	"sync/atomic"
	"time"

	"github.com/ablate-chess/ablate/engine/chess"
	"github.com/ablate-chess/ablate/engine/eval"
)

// Score bounds. A mate in n plies scores Mate - n; scores beyond mateBound
// are mates.
const (
	Infinity  = 32000
	Mate      = 31000
	MaxPly    = 128
	mateBound = Mate - 2*MaxPly
)

// IsMate reports whether a score announces a mate (for either side).
func IsMate(score int) bool { return score >= mateBound || score <= -mateBound }

// MateIn converts a mate score to moves: positive when the side to move
// mates, negative when it is mated.
func MateIn(score int) int {
	if score > 0 {
		return (Mate - score + 1) / 2
	}
	return -(Mate + score) / 2
}

// frame is the search's state at one ply.
type frame struct {
	pos         chess.Position
	move        chess.Move  // the move that led here; NullMove at the root or after a null move
	piece       chess.Piece // the piece that made it; NoPiece likewise
	staticEval  int
	rawEval     int        // the static eval before correction history
	excluded    chess.Move // the move a singular search leaves out; NullMove otherwise
	threat      chess.Move // the reply that refuted a null move here (nmp-threat)
	doubleExt   int        // double and triple extensions on the line to here
	killers     [2]chess.Move
	cutoffCount int // children of this ply's parent that failed high so far
	moves       chess.MoveList
	scores      [256]int32
	quiets      [256]chess.Move
	noisies     [256]chess.Move // the captures and promotions searched, for capture history
}

// Searcher runs searches. It owns everything a search touches, so searches
// in separate Searchers share nothing and give the same results in any
// order and on any number of goroutines.
type Searcher struct {
	cfg   Config
	on    Set             // cfg.Techniques.Effective()
	terms eval.Terms      // the evaluation terms on
	ev    *eval.Evaluator // the evaluation, with its pawn hash table
	tt    *TT
	order ordering
	stats Stats
	lmr   [64][64]int

	rootDepth int // the iteration's depth

	// The last root search's nodes and those of its best move, for the
	// clock (tm-node-share); counted whatever is on, read only under a
	// clock.
	rootNodes, rootBestNodes uint64

	stack [MaxPly + 2]frame
	pv    [MaxPly + 1][MaxPly + 1]chess.Move
	pvLen [MaxPly + 1]int

	// keys holds the keys of the game's positions before the root, then
	// those of the current path; rootKeys is how many are the game's.
	keys     []uint64
	rootKeys int

	nodeLimit uint64
	deadline  time.Time
	stop      *atomic.Bool
	stopped   bool

	tracer Tracer       // nil: no tracing (trace.go)
	path   []chess.Move // the moves to the traced node
}

// New returns a searcher with the given configuration and a transposition
// table of ttMB megabytes.
func New(cfg Config, ttMB int) *Searcher {
	s := &Searcher{tt: NewTT(ttMB), ev: new(eval.Evaluator)}
	s.SetConfig(cfg)
	return s
}

// SetConfig changes the configuration (between searches).
func (s *Searcher) SetConfig(cfg Config) {
	s.cfg = cfg
	s.on = cfg.Techniques.Effective()
	s.terms = s.on.EvalTerms()
	s.lmr = lmrTable(&cfg.Params)
}

// ClearTT empties the transposition table.
func (s *Searcher) ClearTT() { s.tt.Clear() }

// NewGame empties the transposition table and the history tables: what
// the searches of one game share (keep-history keeps the histories from
// one search to the next; without it each search empties them itself).
func (s *Searcher) NewGame() {
	s.tt.Clear()
	s.clearOrdering()
}

// lmrTable computes the late move reduction for each depth and move index:
// base + ln(depth) ln(index) / divisor, rounded down (the chapter's formula,
// with base and divisor times 100).
func lmrTable(p *Params) [64][64]int {
	var t [64][64]int
	base := float64(p.LMRBase) / 100
	div := float64(p.LMRDivisor) / 100
	for d := 1; d < 64; d++ {
		for i := 1; i < 64; i++ {
			t[d][i] = max(0, int(base+math.Log(float64(d))*math.Log(float64(i))/div))
		}
	}
	return t
}

// evaluate is the static evaluation of the position at ply.
func (s *Searcher) evaluate(ply int) int {
	if s.on.Has(EvalCache) {
		return s.ev.EvaluateCached(&s.stack[ply].pos, s.terms)
	}
	return s.ev.Evaluate(&s.stack[ply].pos, s.terms)
}

// enter counts a node and says whether the search must stop. It is small
// enough to inline; every 2048 nodes, and at the node limit, it polls.
func (s *Searcher) enter(ply int) bool {
	s.stats.Nodes++
	if statsOn && ply > s.stats.SelDepth {
		s.stats.SelDepth = ply
	}
	if s.stats.Nodes&2047 == 0 || s.stats.Nodes == s.nodeLimit {
		s.poll()
	}
	return s.stopped
}

// poll checks the node limit, the stop flag and the clock: never per node.
func (s *Searcher) poll() {
	if (s.nodeLimit != 0 && s.stats.Nodes >= s.nodeLimit) ||
		(s.stop != nil && s.stop.Load()) ||
		(!s.deadline.IsZero() && time.Now().After(s.deadline)) {
		s.stopped = true
	}
}

// isDraw reports a draw by the fifty-move rule, insufficient material or
// repetition (one repetition within the search or of the game counts).
func (s *Searcher) isDraw(ply int) bool {
	p := &s.stack[ply].pos
	return p.FiftyMoves() || p.InsufficientMaterial() || p.Repeats(s.keys[:s.rootKeys+ply])
}

// play sets up the frame at ply+1 as the position after m.
func (s *Searcher) play(ply int, m chess.Move) {
	parent := &s.stack[ply]
	child := &s.stack[ply+1]
	child.pos = parent.pos
	child.piece = parent.pos.PieceOn(m.From())
	child.move = m
	child.doubleExt = parent.doubleExt
	child.pos.Play(m)
	s.tt.prefetch(child.pos.Key()) // the child's first read, on its way while the child sets up
	s.keys = append(s.keys[:s.rootKeys+ply], parent.pos.Key())
}

// playNull sets up the frame at ply+1 as the position after a null move.
func (s *Searcher) playNull(ply int) {
	parent := &s.stack[ply]
	child := &s.stack[ply+1]
	child.pos = parent.pos
	child.pos.PlayNull()
	s.tt.prefetch(child.pos.Key())
	child.move, child.piece = chess.NullMove, chess.NoPiece
	child.doubleExt = parent.doubleExt
	s.keys = append(s.keys[:s.rootKeys+ply], parent.pos.Key())
}

// updatePV makes m followed by the child's PV the PV at ply.
func (s *Searcher) updatePV(ply int, m chess.Move) {
	s.pv[ply][0] = m
	n := copy(s.pv[ply][1:], s.pv[ply+1][:s.pvLen[ply+1]])
	s.pvLen[ply] = n + 1
}
