// Package setup is the vocabulary the experiments share: a match's per-move
// budget (nodes or a clock) and a run's cap, shards of a plan, the engine
// searched (Subject, made by matrix.MakeSubject), hash sizes that fit, and
// the errors that name a setting (SettingError) or blame the input
// (InputError, NotDeterministic). It imports nothing of experiments/ but
// source, so every room can import it.
package setup

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// Budget is what each move of a game may spend: nodes, a depth, a time a
// move or a clock per game (one of them, or nodes with a depth). It is a
// match's limit per move from its settings to the engine, and a worth
// ladder plays every configuration at several budgets (nodes or clocks),
// one match each, to show how a technique's worth moves with depth.
type Budget struct {
	Nodes    uint64        // nodes a move, or 0
	Depth    int           // a depth a move, or 0
	MoveTime time.Duration // a time a move, or 0
	TC       *TimeControl  // a clock per game, or nil
	// TimeMargin is the grace past zero on the clock before a move is a
	// loss on time, as match runners allow (0: none).
	TimeMargin time.Duration
}

// Timed reports whether moves are played against time, so that times are
// not reproducible (a clock counted in nodes is not).
func (b *Budget) Timed() bool { return b.TC != nil && b.TC.NodesPerMS == 0 || b.MoveTime > 0 }

// String writes the budget as ParseBudgets reads a ladder's ("nodes=10000",
// "tc=10+0.1") and the PGN and match.json describe a match's limits: each
// limit set, as in "nodes=10000,depth=8".
func (b Budget) String() string {
	var parts []string
	if b.Nodes > 0 {
		parts = append(parts, "nodes="+strconv.FormatUint(b.Nodes, 10))
	}
	if b.Depth > 0 {
		parts = append(parts, "depth="+strconv.Itoa(b.Depth))
	}
	if b.MoveTime > 0 {
		parts = append(parts, "movetime="+b.MoveTime.String())
	}
	if b.TC != nil {
		parts = append(parts, "tc="+b.TC.String())
		if b.TimeMargin > 0 {
			parts = append(parts, "time-margin="+b.TimeMargin.String())
		}
	}
	if len(parts) == 0 {
		return "nodes=0"
	}
	return strings.Join(parts, ",")
}

// Slug is the budget as a file name: "nodes-10000", "tc-10+0.1".
func (b Budget) Slug() string { return strings.Replace(b.String(), "=", "-", 1) }

// Size orders budgets of one kind: nodes, or a clock's seconds (base plus
// 40 increments, a game's worth of moves).
func (b Budget) Size() float64 {
	if b.TC != nil {
		return b.TC.Base.Seconds() + 40*b.TC.Inc.Seconds()
	}
	return float64(b.Nodes)
}

// Before orders budgets for play, cheapest first: node budgets by nodes,
// then clocks by Size; nil (a match's own limit) first.
func (b *Budget) Before(o *Budget) bool {
	switch {
	case b == nil || o == nil:
		return b == nil && o != nil
	case (b.TC == nil) != (o.TC == nil):
		return b.TC == nil
	}
	return b.Size() < o.Size()
}

// ParseBudgets reads a list of budgets: "nodes=2500,10000,40000",
// "tc=2+0.02,10+0.1", or both ("nodes=2500,10000,tc=10+0.1"). An item
// that names a kind starts that kind; the items after it, up to the next
// kind, are of that kind. Items may be separated by commas, semicolons or
// spaces. The errors name the item.
func ParseBudgets(list string) ([]Budget, error) {
	items := strings.FieldsFunc(list, func(r rune) bool { return r == ',' || r == ';' || r == ' ' || r == '\t' })
	if len(items) == 0 {
		return nil, fmt.Errorf("budgets %q: the list is empty; want nodes=N,N,... or tc=S+I,S+I,...", list)
	}
	var out []Budget
	kind := ""
	seen := map[string]bool{}
	for _, item := range items {
		value := item
		if k, v, ok := strings.Cut(item, "="); ok {
			if k != "nodes" && k != "tc" {
				return nil, fmt.Errorf("budget %q: unknown kind %q (want nodes= or tc=)", item, k)
			}
			kind, value = k, v
		}
		var b Budget
		switch kind {
		case "":
			return nil, fmt.Errorf("budget %q: name its kind first, as in nodes=%s or tc=%s", item, item, item)
		case "nodes":
			n, err := strconv.ParseUint(value, 10, 64)
			if err != nil || n == 0 {
				hint := ""
				if strings.Contains(value, "+") {
					hint = " (a clock is tc=S+I)"
				}
				return nil, fmt.Errorf("budget %q: a node budget is a whole number above 0%s", item, hint)
			}
			b.Nodes = n
		case "tc":
			tc, err := ParseTC(value)
			if err != nil {
				return nil, fmt.Errorf("budget %q: a clock is seconds+increment above 0, as in tc=10+0.1", item)
			}
			b.TC = tc
		}
		if seen[b.String()] {
			return nil, fmt.Errorf("budget %q: %s is in the list twice", item, b)
		}
		seen[b.String()] = true
		out = append(out, b)
	}
	return out, nil
}

// TimeControl is a clock: Base for the game, plus Inc after every move.
// With NodesPerMS it is counted in nodes, not real time: a millisecond is
// that many nodes searched. The engine shares out its nodes as it would
// its time (more early, as a clock is spent), and the games are the same
// on any machine and at any load, as node-limited games are.
type TimeControl struct {
	Base, Inc  time.Duration
	NodesPerMS uint64
}

// ParseTC reads "10+0.1" (seconds, increment) or "10", and a clock
// counted in nodes, "10+0.1@960" (960 nodes a millisecond).
func ParseTC(s string) (*TimeControl, error) {
	s, perMS, counted := strings.Cut(s, "@")
	var n uint64
	if counted {
		var err error
		n, err = strconv.ParseUint(perMS, 10, 64)
		if err != nil || n == 0 || n > 1e9 {
			return nil, fmt.Errorf("tc %q: a clock counted in nodes is S+I@N, N the nodes a millisecond (a whole number above 0)", s+"@"+perMS)
		}
	}
	base, inc, plus := cutPlus(s)
	b, err1 := strconv.ParseFloat(base, 64)
	i := 0.0
	var err2 error
	if plus {
		i, err2 = strconv.ParseFloat(inc, 64) // "10+" has no increment: an error
	}
	if err1 != nil || err2 != nil || b <= 0 || i < 0 || b > 1e6 || i > 1e4 ||
		math.IsNaN(b) || math.IsNaN(i) || strings.ContainsAny(s, " \t_") {
		return nil, fmt.Errorf("tc %q: want seconds+increment, as in 10+0.1", s)
	}
	return &TimeControl{time.Duration(b * float64(time.Second)), time.Duration(i * float64(time.Second)), n}, nil
}

func cutPlus(s string) (string, string, bool) {
	for i := 0; i < len(s); i++ {
		if s[i] == '+' {
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}

// String writes the clock as ParseTC reads it: "10+0.1", "10+0.1@960".
func (tc *TimeControl) String() string {
	s := tc.PGN()
	if tc.NodesPerMS > 0 {
		s += "@" + strconv.FormatUint(tc.NodesPerMS, 10)
	}
	return s
}

// PGN writes the PGN TimeControl value: "10+0.1" (a clock counted in
// nodes says so in the Limits tag).
func (tc *TimeControl) PGN() string {
	return strconv.FormatFloat(tc.Base.Seconds(), 'f', -1, 64) + "+" + strconv.FormatFloat(tc.Inc.Seconds(), 'f', -1, 64)
}

// Spent is what a move of these nodes, searched in elapsed, takes from the
// clock: the elapsed time, or under a clock counted in nodes the nodes'
// milliseconds.
func (tc *TimeControl) Spent(nodes uint64, elapsed time.Duration) time.Duration {
	if tc.NodesPerMS == 0 {
		return elapsed
	}
	return time.Duration(nodes/tc.NodesPerMS) * time.Millisecond
}

// Cap bounds each job of a run (--max-nodes, --max-time): a search that
// passes it stops at once and is recorded as cut short (cap_exceeded, the
// column's old name). Zero fields are no bound. A match's per-move limit is
// its budget (match.Budget); a job's bound is its cap.
type Cap struct {
	Nodes uint64
	Time  time.Duration
}
