package screen

import (
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/mat"

	"github.com/ablate-chess/ablate/experiments/stats"
)

// Unit is one game pair of a screening: which techniques its
// configuration had out (as the engine took them: a technique whose
// parent is out is out too), its points against the reference (halved:
// 0 to 1), and the mean depth each side reached.
type Unit struct {
	Out            []bool
	Score          float64
	DepthA, DepthB float64 // the configuration's, the reference's
}

// Effect is what taking one technique out of the base is worth, from the
// fit of every pair: Elo and normalized Elo with their 95% intervals, the
// pairs it was out in, and the mean depth the base reaches with it and
// (by a linear fit of the depth differences) without it.
type Effect struct {
	Technique                      string
	Elo, EloError, NElo, NEloError float64
	Pairs                          int
	DepthWith, DepthWithout        float64
}

// Interaction is how far two techniques out together move the score
// beyond the sum of each out alone, in Elo, with its 95% interval and the
// Wald test's p-value.
type Interaction struct {
	A, B          string
	Elo, EloError float64
	P             float64
	Depends       bool // significant after Bonferroni over every interaction tested
}

// Analysis is a screening's fit.
type Analysis struct {
	Effects      []Effect
	Interactions []Interaction
	// Additivity is the Wald test that every interaction tested is zero:
	// the goodness of fit of the additive model against them.
	Additivity struct {
		Stat float64
		DF   int
		P    float64
	}
	Warnings []string
	Pairs    int
}

// Analyze fits every effect at once from the pairs. names are the
// techniques screened; alone[j] is what taking j out alone takes out (j,
// and its children: the inert ones its absence leaves); pairs lists the
// interactions to fit (as indexes into names), beside the main effects.
// The model is logistic in the pair's score, additive in Elo over the
// techniques out plus the interactions; a technique's effect is the Elo of
// the configuration that takes it (and its inert children) out alone, the
// one a leave-one-out match measures.
func Analyze(names []string, alone [][]bool, units []Unit, pairs [][2]int) (*Analysis, error) {
	m := len(names)
	kept, row := model(m, alone, pairs)
	x := make([][]float64, len(units))
	y := make([]float64, len(units))
	d := make([]float64, len(units))
	var refDepth float64
	for i, u := range units {
		x[i], y[i], d[i] = row(u.Out), u.Score, u.DepthA-u.DepthB
		refDepth += u.DepthB
	}
	fit, err := stats.FitLogistic(x, y)
	if err != nil {
		return nil, fmt.Errorf("the screening's fit: %v", err)
	}
	depth, err := leastSquares(x, d)
	if err != nil {
		return nil, fmt.Errorf("the depths' fit: %v", err)
	}
	refDepth /= float64(len(units))
	an := &Analysis{Pairs: len(units)}
	for j, name := range names {
		a := row(alone[j])
		est, se := fit.Combine(a)
		e := Effect{Technique: name, Elo: stats.EloOfLogOdds(est), EloError: stats.EloOfLogOdds(1.959963984540054 * se),
			DepthWith: refDepth, DepthWithout: refDepth + dot(a, depth)}
		lo, hi := nElo(est-1.959963984540054*se, fit.Sigma), nElo(est+1.959963984540054*se, fit.Sigma)
		e.NElo, e.NEloError = nElo(est, fit.Sigma), (hi-lo)/2
		for _, u := range units {
			if u.Out[j] {
				e.Pairs++
			}
		}
		an.Effects = append(an.Effects, e)
	}
	cols := make([]int, len(kept))
	for c, p := range kept {
		cols[c] = m + c
		_, se := fit.Combine(unit(len(x[0]), m+c))
		z := fit.Theta[m+c] / se
		pv := math.Erfc(math.Abs(z) / math.Sqrt2)
		in := Interaction{A: names[p[0]], B: names[p[1]], Elo: stats.EloOfLogOdds(fit.Theta[m+c]),
			EloError: stats.EloOfLogOdds(1.959963984540054 * se), P: pv, Depends: pv < 0.05/float64(len(kept))}
		an.Interactions = append(an.Interactions, in)
		if in.Depends {
			an.Warnings = append(an.Warnings, fmt.Sprintf("%s's effect depends on %s's: out together they score %+.1f ± %.1f Elo "+
				"beyond the sum of each out alone (p = %.2g)", in.A, in.B, in.Elo, in.EloError, in.P))
		}
	}
	if len(cols) > 0 {
		an.Additivity.Stat, an.Additivity.DF, an.Additivity.P, err = fit.Wald(cols)
		if err != nil {
			return nil, err
		}
		if an.Additivity.P < 0.05 {
			an.Warnings = append(an.Warnings, fmt.Sprintf("the additive model does not fit: the %d interactions tested "+
				"are not all zero (chi-squared %.1f, p = %.2g)", an.Additivity.DF, an.Additivity.Stat, an.Additivity.P))
		}
	}
	return an, nil
}

// model is the fit's columns: the m techniques out, then the
// interactions kept of pairs (not a parent and its child, which are never
// out apart); row is a unit's row of the design matrix.
func model(m int, alone [][]bool, pairs [][2]int) (kept [][2]int, row func(out []bool) []float64) {
	for _, p := range pairs {
		a, b := p[0], p[1]
		if a == b || alone[a][b] || alone[b][a] {
			continue // a parent and its child are never out apart: no interaction to see
		}
		kept = append(kept, p)
	}
	row = func(out []bool) []float64 {
		x := make([]float64, m+len(kept))
		for j := range m {
			if out[j] {
				x[j] = 1
			}
		}
		for c, p := range kept {
			if out[p[0]] && out[p[1]] {
				x[m+c] = 1
			}
		}
		return x
	}
	return kept, row
}

// Estimable reports whether units that take out outs (one a unit, as
// the design deals them) can estimate every effect Analyze fits: the main
// effects and the interactions of pairs. An error names an interaction
// never out together, or says the effects cannot be told apart.
func Estimable(names []string, alone [][]bool, outs [][]bool, pairs [][2]int) error {
	kept, row := model(len(names), alone, pairs)
	for _, p := range kept {
		together := false
		for _, out := range outs {
			together = together || out[p[0]] && out[p[1]]
		}
		if !together {
			return fmt.Errorf("%s and %s are never out together, so their interaction cannot be fitted", names[p[0]], names[p[1]])
		}
	}
	x := make([][]float64, len(outs))
	for i, out := range outs {
		x[i] = row(out)
	}
	if len(x) == 0 {
		return fmt.Errorf("no pairs")
	}
	if _, err := leastSquares(x, make([]float64, len(x))); err != nil {
		return fmt.Errorf("the techniques' effects cannot be told apart from these pairs (%v)", err)
	}
	return nil
}

// nElo turns a log-odds effect into normalized Elo: the score it moves,
// over the spread of a pair's score (σ of a pair, √2 σ of its games).
func nElo(logOdds, sigma float64) float64 {
	if sigma == 0 {
		return 0
	}
	return (1/(1+math.Exp(-logOdds)) - 0.5) / (math.Sqrt2 * sigma) * 800 / math.Ln10
}

// leastSquares fits d on the rows of x by ordinary least squares.
func leastSquares(x [][]float64, d []float64) ([]float64, error) {
	a := mat.NewDense(len(x), len(x[0]), nil)
	for i, row := range x {
		a.SetRow(i, row)
	}
	var qr mat.QR
	qr.Factorize(a)
	var out mat.Dense
	if err := qr.SolveTo(&out, false, mat.NewDense(len(d), 1, slices.Clone(d))); err != nil {
		return nil, err
	}
	return mat.Col(nil, 0, &out), nil
}

func unit(n, i int) []float64 {
	v := make([]float64, n)
	v[i] = 1
	return v
}

func dot(a, b []float64) float64 {
	var s float64
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}
