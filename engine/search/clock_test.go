package search

import (
	"testing"
	"time"
)

func TestClockLimits(t *testing.T) {
	ms := time.Millisecond
	for _, c := range []struct {
		left, inc  time.Duration
		movesToGo  int
		soft, hard time.Duration
	}{
		{10 * time.Second, 100 * ms, 0, 204 * ms, 1224 * ms}, // 10+0.1 at the start: share 333 + 75
		{60 * time.Second, 0, 20, 1500 * ms, 9000 * ms},      // 40 moves in a minute, 20 to go
		{300 * ms, 100 * ms, 0, 42 * ms, 150 * ms},           // hard: half of what is left
		{40 * ms, 0, 0, 1 * ms, 1 * ms},                      // never below a millisecond
	} {
		soft, hard := ClockLimits(c.left, c.inc, c.movesToGo)
		if soft != c.soft || hard != c.hard {
			t.Errorf("ClockLimits(%v, %v, %d) = %v, %v; want %v, %v", c.left, c.inc, c.movesToGo, soft, hard, c.soft, c.hard)
		}
	}
}

func TestClockScales(t *testing.T) {
	par := DefaultParams()
	for held, want := range []int{180, 158, 135, 113, 90, 90, 90} {
		if got := stabilityPct(&par, held); got != want {
			t.Errorf("stabilityPct(held %d) = %d; want %d", held, got, want)
		}
	}
	for _, c := range []struct {
		best, total uint64
		want        int
	}{
		{0, 1000, 180}, {100, 1000, 170}, {500, 1000, 130}, {900, 1000, 90}, {1000, 1000, 80},
		{2000, 1000, 80}, // never more than all of them
		{0, 0, 100},      // no root search yet: unscaled
	} {
		if got := sharePct(&par, c.best, c.total); got != c.want {
			t.Errorf("sharePct(%d, %d) = %d; want %d", c.best, c.total, got, c.want)
		}
	}
	par.TMShareSlope = 400
	if got := sharePct(&par, 1000, 1000); got != 10 {
		t.Errorf("sharePct with slope 400, all the nodes: %d; want the floor, 10", got)
	}
}

func TestSoftLimit(t *testing.T) {
	ms := time.Millisecond
	lim := Limits{SoftTime: 100 * ms, HardTime: time.Second}
	for _, c := range []struct {
		spec        string
		held        int
		best, total uint64
		hard, want  time.Duration
	}{
		{"stage-23", 0, 100, 1000, time.Second, 100 * ms},
		{"stage-23,+tm-stability", 0, 100, 1000, time.Second, 180 * ms},
		{"stage-23,+tm-stability", 4, 100, 1000, time.Second, 90 * ms},
		{"stage-23,+tm-node-share", 4, 900, 1000, time.Second, 90 * ms},
		{"stage-23,+tm-stability,+tm-node-share", 4, 900, 1000, time.Second, 81 * ms},
		{"stage-23,+tm-stability,+tm-node-share", 0, 100, 1000, time.Second, 306 * ms},
		{"stage-23,+tm-stability,+tm-node-share", 0, 100, 1000, 150 * ms, 150 * ms}, // never past the hard limit
	} {
		s := New(mustConfig(t, c.spec), 1)
		s.rootBestNodes, s.rootNodes = c.best, c.total
		l := lim
		l.HardTime = c.hard
		if got := s.softLimit(l, c.held); got != c.want {
			t.Errorf("%s, held %d, %d of %d nodes: soft limit %v; want %v", c.spec, c.held, c.best, c.total, got, c.want)
		}
	}
}

// TestSoftNodes: under a clock counted in nodes the soft limit is scaled
// as the time's is, never past the hard limit (Nodes), and a search
// starts no iteration past it: every iteration but the last ended below
// it, and the search stopped once one ended past it.
func TestSoftNodes(t *testing.T) {
	s := New(mustConfig(t, "stage-23,+tm-stability,+tm-node-share"), 1)
	s.rootBestNodes, s.rootNodes = 900, 1000
	if got := s.softNodeLimit(Limits{SoftNodes: 100000, Nodes: 1 << 30}, 4); got != 81000 {
		t.Errorf("soft node limit %d; want 81000, as 100 ms is 81 ms", got)
	}
	if got := s.softNodeLimit(Limits{SoftNodes: 100000, Nodes: 50000}, 0); got != 50000 {
		t.Errorf("soft node limit %d; want the hard limit, 50000", got)
	}
	e := mustSuite(t, "six").Entries[0]
	const soft = 20000
	res := New(mustConfig(t, "stage-23"), 16).Search(e.Board, nil, Limits{SoftNodes: soft, Nodes: 1 << 30}, nil)
	its := res.Iterations
	if len(its) < 2 || its[len(its)-1].Stats.Nodes < soft || its[len(its)-2].Stats.Nodes >= soft {
		for _, it := range its {
			t.Logf("depth %d: %d nodes", it.Depth, it.Stats.Nodes)
		}
		t.Errorf("the search did not stop at the first iteration past %d nodes", soft)
	}
}

// TestClockTechniquesChangeNoNode: the time techniques act only on a
// clock's soft limit, so at a fixed depth or node count the search is the
// same node for node; and the root's counts they read are consistent.
func TestClockTechniquesChangeNoNode(t *testing.T) {
	six := mustSuite(t, "six")
	with := mustConfig(t, "full")
	without := mustConfig(t, "full,-tm-stability,-tm-node-share")
	if with == without {
		t.Fatal("full has not the time techniques on")
	}
	for _, e := range six.Entries {
		for _, lim := range []Limits{{Depth: 7}, {Nodes: 30000}} {
			sa, sb := New(with, 16), New(without, 16)
			a := sa.Search(e.Board, nil, lim, nil)
			b := sb.Search(e.Board, nil, lim, nil)
			if a.Stats != b.Stats || a.Move != b.Move || a.Score != b.Score {
				t.Errorf("%s, %+v: %d nodes, %s %d with the time techniques; %d, %s %d without", e.ID, lim,
					a.Stats.Nodes, a.Move, a.Score, b.Stats.Nodes, b.Move, b.Score)
			}
			if lim.Depth > 0 && !(0 < sa.rootBestNodes && sa.rootBestNodes <= sa.rootNodes && sa.rootNodes <= a.Stats.Nodes) {
				t.Errorf("%s: best move's nodes %d, root search's %d, search's %d: want 0 < best ≤ root ≤ all",
					e.ID, sa.rootBestNodes, sa.rootNodes, a.Stats.Nodes)
			}
		}
	}
}
