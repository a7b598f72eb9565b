package search

import "time"

// ClockLimits divides a game clock's time left into a soft limit (start no
// new iteration) and a hard one (stop at once): a share of the time left
// for the moves to go (30 if unknown) plus most of the increment, never
// more than half of what is left, and always keeping 50 ms in hand.
func ClockLimits(left, inc time.Duration, movesToGo int) (soft, hard time.Duration) {
	if movesToGo <= 0 {
		movesToGo = 30
	}
	leftMS, incMS := left.Milliseconds(), inc.Milliseconds()
	share := leftMS/int64(movesToGo) + incMS*3/4
	hardMS := min(share*3, leftMS/2)
	hardMS = min(hardMS, leftMS-50)
	hardMS = max(hardMS, 1)
	softMS := max(min(share, hardMS)/2, 1)
	return time.Duration(softMS) * time.Millisecond, time.Duration(hardMS) * time.Millisecond
}

// softLimit is the time after which a search under a clock starts no new
// iteration: the clock's soft limit, scaled by what the iterations so far
// say of the best move (tm-stability: how many iterations it has held;
// tm-node-share: its share of the last iteration's nodes), never past the
// hard limit. With neither on it is the clock's soft limit.
func (s *Searcher) softLimit(lim Limits, held int) time.Duration {
	soft := time.Duration(s.softScaled(int64(lim.SoftTime), held))
	if lim.HardTime > 0 {
		soft = min(soft, lim.HardTime)
	}
	return soft
}

// softNodeLimit is softLimit under a clock counted in nodes: the nodes
// after which the search starts no new iteration, never past the hard
// limit (Nodes).
func (s *Searcher) softNodeLimit(lim Limits, held int) uint64 {
	soft := uint64(s.softScaled(int64(lim.SoftNodes), held))
	if lim.Nodes > 0 {
		soft = min(soft, lim.Nodes)
	}
	return soft
}

// softScaled scales a soft limit (in time or nodes) by what the
// iterations so far say of the best move, as the time techniques that are
// on ask.
func (s *Searcher) softScaled(soft int64, held int) int64 {
	par := &s.cfg.Params
	if s.on.Has(TimeStability) {
		soft = soft * int64(stabilityPct(par, held)) / 100
	}
	if s.on.Has(TimeNodeShare) && s.rootNodes > 0 {
		soft = soft * int64(sharePct(par, s.rootBestNodes, s.rootNodes)) / 100
	}
	return soft
}

// stabilityPct is tm-stability's scale, in percent: tm-stability-changed-pct
// in the iteration the best move changed, falling in equal steps to
// tm-stability-held-pct once it has held tm-stability-held-iterations.
func stabilityPct(par *Params, held int) int {
	n := max(par.TMHeldIterations, 1)
	held = min(max(held, 0), n)
	return par.TMChanged + (par.TMHeld-par.TMChanged)*held/n
}

// sharePct is tm-node-share's scale, in percent: tm-node-share-base-pct
// less tm-node-share-slope-pct times the best move's share of the nodes,
// never below 10%.
func sharePct(par *Params, best, total uint64) int {
	if total == 0 {
		return 100
	}
	share := int(min(best, total) * 1000 / total) // thousandths
	return max(par.TMShareBase-par.TMShareSlope*share/1000, 10)
}
