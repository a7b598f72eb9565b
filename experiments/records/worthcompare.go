package records

import (
	"math"
	"slices"
)

// WorthComparison is one configuration's worth in two tables (two designs,
// two commits, two budgets): both Elo figures with their 95% intervals,
// the difference new - old with its own (the two taken as independent,
// as two tables from different games are), and how wide the new
// interval is against the old.
type WorthComparison struct {
	Budget, Config   string
	OldElo, OldError float64
	NewElo, NewError float64
	OldGames         int
	NewGames         int
	Diff, DiffError  float64
	// Agree is whether the difference's interval holds zero: the two
	// figures agree within their combined 95% intervals.
	Agree bool
	// WidthRatio is the new interval's half-width over the old one's, in
	// Elo; NEloWidthRatio the same in normalized Elo, each interval in
	// units of its own table's spread of a pair's score: what decides how
	// many games resolve an effect, where two designs' pairs spread
	// differently (a leave-one-out of a technique that changes little
	// plays pairs of nearly the same two games, narrow in Elo).
	WidthRatio, NEloWidthRatio float64
}

// CompareWorth lines two worth tables up by budget and configuration, in
// the old table's order; a configuration only one has is left out.
func CompareWorth(old, new []WorthRow) []WorthComparison {
	type key struct{ budget, config string }
	at := map[key]*WorthRow{}
	for i := range new {
		at[key{new[i].Budget, new[i].Config}] = &new[i]
	}
	var out []WorthComparison
	for i := range old {
		o := &old[i]
		n := at[key{o.Budget, o.Config}]
		if n == nil || o.Games == 0 || n.Games == 0 {
			continue
		}
		c := WorthComparison{Budget: o.Budget, Config: o.Config, OldElo: o.Elo, OldError: o.EloError, NewElo: n.Elo,
			NewError: n.EloError, OldGames: o.Games, NewGames: n.Games, Diff: n.Elo - o.Elo,
			DiffError: math.Hypot(o.EloError, n.EloError)}
		c.Agree = math.Abs(c.Diff) <= c.DiffError
		if o.EloError > 0 {
			c.WidthRatio = n.EloError / o.EloError
		}
		if o.NEloError > 0 {
			c.NEloWidthRatio = n.NEloError / o.NEloError
		}
		out = append(out, c)
	}
	return out
}

// WorthAgreement sums a worth comparison up: how many configurations
// agree, how many new intervals are at most half as wide as the old, and
// the median width ratio, in Elo and in normalized Elo.
type WorthAgreement struct {
	N, Agree, HalfAsWide, NEloHalfAsWide   int
	MedianWidthRatio, MedianNEloWidthRatio float64
}

// Agreement sums cs up.
func Agreement(cs []WorthComparison) WorthAgreement {
	a := WorthAgreement{N: len(cs)}
	var ratios, nratios []float64
	for _, c := range cs {
		if c.Agree {
			a.Agree++
		}
		if c.WidthRatio > 0 && c.WidthRatio <= 0.5 {
			a.HalfAsWide++
		}
		if c.NEloWidthRatio > 0 && c.NEloWidthRatio <= 0.5 {
			a.NEloHalfAsWide++
		}
		ratios, nratios = append(ratios, c.WidthRatio), append(nratios, c.NEloWidthRatio)
	}
	a.MedianWidthRatio, a.MedianNEloWidthRatio = median(ratios), median(nratios)
	return a
}

// median is xs's median (0 for none); it sorts xs.
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	slices.Sort(xs)
	m := len(xs) / 2
	if len(xs)%2 == 0 {
		return (xs[m-1] + xs[m]) / 2
	}
	return xs[m]
}
