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
