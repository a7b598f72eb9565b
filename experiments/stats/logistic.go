package stats

import (
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat/distuv"
)

// LogisticFit is a regression of scores in [0, 1] (a game pair's points,
// halved) on a design: the expected score of unit i is
// 1/(1+exp(-x_i·θ)), with no intercept (a configuration that takes
// nothing out scores one half against itself). It is fitted by
// quasi-likelihood, the binomial's score equations Σ x_i (y_i - μ_i) = 0,
// which hold for any distribution of outcomes with that mean, such as the
// pentanomial; and θ's covariance is the sandwich, A⁻¹BA⁻¹ with
// A = Σ μ(1-μ) x xᵀ and B = Σ (y-μ)² x xᵀ over the units, scaled by
// n/(n-p): each pair is one independent unit, whatever its games' draw
// rate, so the intervals are the pairs' own.
type LogisticFit struct {
	Theta []float64   // in natural log-odds; ×400/ln 10 is Elo
	Cov   [][]float64 // the sandwich
	// Sigma is the pair scores' spread about the fit: the standard
	// deviation of y - μ, for normalized Elo.
	Sigma      float64
	Units      int
	Iterations int
}

// ErrSingular is a design that cannot tell its columns apart: a column
// never set, or two always set together.
var ErrSingular = errors.New("the design cannot tell its columns apart")

// FitLogistic fits y on the rows of x (each the same length).
func FitLogistic(x [][]float64, y []float64) (*LogisticFit, error) {
	n := len(x)
	if n == 0 || len(y) != n {
		return nil, fmt.Errorf("%d rows and %d scores", n, len(y))
	}
	p := len(x[0])
	if n <= p {
		return nil, fmt.Errorf("%d units cannot fit %d effects", n, p)
	}
	theta := make([]float64, p)
	fit := &LogisticFit{Units: n}
	mu := make([]float64, n)
	for it := 1; it <= 100; it++ {
		fit.Iterations = it
		a := mat.NewSymDense(p, nil)
		g := mat.NewVecDense(p, nil)
		for i, row := range x {
			mu[i] = logistic(dot(row, theta))
			w := mu[i] * (1 - mu[i])
			for j, xj := range row {
				if xj == 0 {
					continue
				}
				g.SetVec(j, g.AtVec(j)+xj*(y[i]-mu[i]))
				for k := j; k < p; k++ {
					if row[k] != 0 {
						a.SetSym(j, k, a.At(j, k)+w*xj*row[k])
					}
				}
			}
		}
		var chol mat.Cholesky
		if !chol.Factorize(a) {
			return nil, ErrSingular
		}
		var step mat.VecDense
		if err := chol.SolveVecTo(&step, g); err != nil {
			return nil, ErrSingular
		}
		largest := 0.0
		for j := range theta {
			theta[j] += step.AtVec(j)
			largest = max(largest, math.Abs(step.AtVec(j)))
		}
		if largest < 1e-10 {
			break
		}
	}
	// The sandwich at the fit.
	a := mat.NewSymDense(p, nil)
	b := mat.NewSymDense(p, nil)
	var ss float64
	for i, row := range x {
		mu[i] = logistic(dot(row, theta))
		w, r := mu[i]*(1-mu[i]), y[i]-mu[i]
		ss += r * r
		for j, xj := range row {
			if xj == 0 {
				continue
			}
			for k := j; k < p; k++ {
				if row[k] != 0 {
					a.SetSym(j, k, a.At(j, k)+w*xj*row[k])
					b.SetSym(j, k, b.At(j, k)+r*r*xj*row[k])
				}
			}
		}
	}
	var chol mat.Cholesky
	if !chol.Factorize(a) {
		return nil, ErrSingular
	}
	var ainv mat.SymDense
	if err := chol.InverseTo(&ainv); err != nil {
		return nil, ErrSingular
	}
	var left, cov mat.Dense
	left.Mul(&ainv, b)
	cov.Mul(&left, &ainv)
	cov.Scale(float64(n)/float64(n-p), &cov)
	fit.Theta = theta
	fit.Cov = make([][]float64, p)
	for j := range fit.Cov {
		fit.Cov[j] = make([]float64, p)
		for k := range fit.Cov[j] {
			fit.Cov[j][k] = cov.At(j, k)
		}
	}
	fit.Sigma = math.Sqrt(ss / float64(n))
	return fit, nil
}

// Combine is the estimate of a·θ and its standard error.
func (f *LogisticFit) Combine(a []float64) (est, se float64) {
	for j, aj := range a {
		est += aj * f.Theta[j]
		for k, ak := range a {
			se += aj * ak * f.Cov[j][k]
		}
	}
	return est, math.Sqrt(max(se, 0))
}

// Wald tests that the coefficients of cols are all zero: the statistic, its
// degrees of freedom and the p-value from the chi-squared distribution.
func (f *LogisticFit) Wald(cols []int) (stat float64, df int, p float64, err error) {
	q := len(cols)
	if q == 0 {
		return 0, 0, 1, nil
	}
	v := mat.NewSymDense(q, nil)
	t := mat.NewVecDense(q, nil)
	for a, j := range cols {
		t.SetVec(a, f.Theta[j])
		for b, k := range cols {
			if b >= a {
				v.SetSym(a, b, f.Cov[j][k])
			}
		}
	}
	var chol mat.Cholesky
	if !chol.Factorize(v) {
		return 0, q, 0, ErrSingular
	}
	var s mat.VecDense
	if err := chol.SolveVecTo(&s, t); err != nil {
		return 0, q, 0, ErrSingular
	}
	stat = mat.Dot(t, &s)
	return stat, q, ChiSquareSurvival(stat, q), nil
}

// EloOfLogOdds turns a log-odds effect into Elo.
func EloOfLogOdds(x float64) float64 { return x * 400 / math.Ln10 }

func logistic(z float64) float64 { return 1 / (1 + math.Exp(-z)) }

func dot(a, b []float64) float64 {
	var s float64
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}

// ChiSquareSurvival is P(X > x) for X chi-squared with df degrees of
// freedom.
func ChiSquareSurvival(x float64, df int) float64 {
	return distuv.ChiSquared{K: float64(df)}.Survival(x)
}
