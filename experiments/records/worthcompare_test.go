package records

import (
	"math"
	"testing"
)

// TestCompareWorth: configurations line up by budget and name; the
// difference's interval is the two taken as independent; agreement is
// the difference within it; a configuration one table lacks, or without
// games, is left out.
func TestCompareWorth(t *testing.T) {
	old := []WorthRow{
		{Config: "-a", Elo: 10, EloError: 30, NEloError: 34, Games: 400},
		{Config: "-b", Elo: -50, EloError: 20, NEloError: 34, Games: 400},
		{Config: "-c", Elo: 0, EloError: 20, Games: 400},
		{Config: "-d", Elo: 5, EloError: 20, Games: 0},
		{Config: "-e", Budget: "nodes=10000", Elo: 5, EloError: 20, Games: 400},
	}
	new := []WorthRow{
		{Config: "-b", Elo: 0, EloError: 15, NEloError: 17, Games: 6800},
		{Config: "-a", Elo: 20, EloError: 12, NEloError: 20.4, Games: 6800},
		{Config: "-d", Elo: 5, EloError: 9, Games: 6800},
		{Config: "-e", Budget: "nodes=40000", Elo: 5, EloError: 9, Games: 6800},
	}
	cs := CompareWorth(old, new)
	if len(cs) != 2 || cs[0].Config != "-a" || cs[1].Config != "-b" {
		t.Fatalf("lined up %+v, want -a and -b", cs)
	}
	a, b := cs[0], cs[1]
	if a.Diff != 10 || math.Abs(a.DiffError-math.Hypot(30, 12)) > 1e-12 || !a.Agree || a.WidthRatio != 0.4 || a.NEloWidthRatio != 0.6 {
		t.Errorf("-a: %+v", a)
	}
	if b.Diff != 50 || b.DiffError != 25 || b.Agree || b.WidthRatio != 0.75 || b.NEloWidthRatio != 0.5 {
		t.Errorf("-b: %+v", b)
	}
	if s := Agreement(cs); s != (WorthAgreement{N: 2, Agree: 1, HalfAsWide: 1, NEloHalfAsWide: 1,
		MedianWidthRatio: 0.575, MedianNEloWidthRatio: 0.55}) {
		t.Errorf("agreement %+v", s)
	}
}
