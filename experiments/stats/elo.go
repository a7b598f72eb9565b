package stats

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Score is a match's tally from the first player's point of view.
type Score struct {
	Wins, Draws, Losses int `json:"-"`
	// Pentanomial counts of game pairs by the first player's points in the
	// pair: LL 0, LD 0.5, WL and DD 1, WD 1.5, WW 2.
	LL, LD, WL, DD, WD, WW int `json:"-"`
}

// Points is a player's points from a game's PGN result, the player White
// or Black: 1 a win, 0.5 a draw, 0 a loss (or no result).
func Points(result string, white bool) float64 {
	switch {
	case result == "1/2-1/2":
		return 0.5
	case (result == "1-0") == white && (result == "1-0" || result == "0-1"):
		return 1
	}
	return 0
}

// AddPair counts a game pair given each game's result for the first
// player: 1 a win, 0.5 a draw, 0 a loss.
func (s *Score) AddPair(a, b float64) {
	s.AddGame(a)
	s.AddGame(b)
	switch {
	case a+b == 0:
		s.LL++
	case a+b == 0.5:
		s.LD++
	case a+b == 1 && a == 0.5:
		s.DD++
	case a+b == 1:
		s.WL++
	case a+b == 1.5:
		s.WD++
	default:
		s.WW++
	}
}

// AddGame counts one game's result for the first player.
func (s *Score) AddGame(r float64) {
	switch r {
	case 1:
		s.Wins++
	case 0.5:
		s.Draws++
	default:
		s.Losses++
	}
}

// Add adds another tally (a shard's).
func (s *Score) Add(o Score) {
	s.Wins, s.Draws, s.Losses = s.Wins+o.Wins, s.Draws+o.Draws, s.Losses+o.Losses
	s.LL, s.LD, s.WL, s.DD, s.WD, s.WW = s.LL+o.LL, s.LD+o.LD, s.WL+o.WL, s.DD+o.DD, s.WD+o.WD, s.WW+o.WW
}

// Games counts the games.
func (s *Score) Games() int { return s.Wins + s.Draws + s.Losses }

// Pairs counts the game pairs.
func (s *Score) Pairs() int { return s.LL + s.LD + s.WL + s.DD + s.WD + s.WW }

// Points is the first player's points.
func (s *Score) Points() float64 { return float64(s.Wins) + float64(s.Draws)/2 }

// DrawRatio is the share of drawn games.
func (s *Score) DrawRatio() float64 { return Ratio(float64(s.Draws), float64(s.Games())) }

// Pentanomial returns the five counts [LL, LD, WL+DD, WD, WW].
func (s *Score) Pentanomial() [5]int { return [5]int{s.LL, s.LD, s.WL + s.DD, s.WD, s.WW} }

// z95 is the two-sided 95% normal quantile.
const z95 = 1.959963984540054

// nEloScale turns a score's distance from 0.5 in standard deviations into
// normalized Elo: 800 / ln 10.
var nEloScale = 800 / math.Ln10

// Elo is a match's strength estimate.
type Elo struct {
	Score     float64 // mean points per game
	Elo       float64 // logistic Elo difference
	EloError  float64 // half-width of its 95% interval
	NElo      float64 // normalized Elo
	NEloError float64 // half-width of its 95% interval
	LOS       float64 // likelihood of superiority, 0..1
	Pairs     bool    // computed from game pairs (pentanomial), not games
}

// EloDiff is the logistic Elo difference of a score: -400 log10(1/s - 1).
func EloDiff(score float64) float64 { return -400 * math.Log10(1/score-1) }

// Estimate computes Elo, its interval, normalized Elo and LOS: from the
// pentanomial counts when the match was played in pairs, else from the
// games' wins, draws and losses.
func (s *Score) Estimate() Elo {
	if s.Pairs() > 0 {
		n := float64(s.Pairs())
		probs := []float64{float64(s.LL) / n, float64(s.LD) / n, float64(s.WL+s.DD) / n, float64(s.WD) / n, float64(s.WW) / n}
		return estimate(probs, []float64{0, 0.25, 0.5, 0.75, 1}, n, math.Sqrt2, true)
	}
	n := float64(s.Games())
	if n == 0 {
		return Elo{Score: 0.5}
	}
	probs := []float64{float64(s.Losses) / n, float64(s.Draws) / n, float64(s.Wins) / n}
	return estimate(probs, []float64{0, 0.5, 1}, n, 1, false)
}

// estimate works on a distribution of outcomes (scores per game, a pair's
// halved) observed n times. scale is sqrt 2 for pairs: a pair's variance is
// that of two games, so normalized Elo divides by sqrt(2 var).
func estimate(probs, scores []float64, n, scale float64, pairs bool) Elo {
	mu, variance := weightedMeanVar(scores, probs)
	perN := variance / n
	lo, hi := mu-z95*math.Sqrt(perN), mu+z95*math.Sqrt(perN)
	nelo := func(s float64) float64 { return (s - 0.5) / (scale * math.Sqrt(variance)) * nEloScale }
	los := (1 - math.Erf(-(mu-0.5)/math.Sqrt(2*perN))) / 2
	if perN == 0 { // every outcome alike: certain either way, or even
		los = map[bool]float64{true: 1, false: 0}[mu > 0.5]
		if mu == 0.5 {
			los = 0.5
		}
	}
	eloError := (EloDiff(hi) - EloDiff(lo)) / 2
	if lo <= 0 || hi >= 1 { // the interval reaches a certain score: no Elo bounds it
		eloError = math.Inf(1)
	}
	return Elo{
		Score:     mu,
		Elo:       EloDiff(mu),
		EloError:  eloError,
		NElo:      nelo(mu),
		NEloError: (nelo(hi) - nelo(lo)) / 2,
		LOS:       los,
		Pairs:     pairs,
	}
}

func weightedMeanVar(x, p []float64) (mean, variance float64) {
	for i := range x {
		mean += x[i] * p[i]
	}
	for i := range x {
		variance += p[i] * (x[i] - mean) * (x[i] - mean)
	}
	return mean, variance
}

// SPRT is a sequential probability ratio test of H0: Elo = Elo0 against
// H1: Elo = Elo1, with error rates Alpha (accepting H1 when H0 holds) and
// Beta. Model is "normalized" (Elo0 and Elo1 are normalized Elo, fastchess's
// default) or "logistic".
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
	Model       string
}

// ParseSPRT reads elo0=0,elo1=5,alpha=0.05,beta=0.05[,model=normalized];
// omitted keys keep those defaults. "" is no SPRT (nil).
func ParseSPRT(s string) (*SPRT, error) {
	if s == "" {
		return nil, nil
	}
	t := &SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05, Model: "normalized"}
	for _, item := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(item), "=")
		if !ok {
			return nil, fmt.Errorf("%q: want key=value items (elo0, elo1, alpha, beta, model)", s)
		}
		if k == "model" {
			if v != "normalized" && v != "logistic" {
				return nil, fmt.Errorf("model %q: want normalized or logistic", v)
			}
			t.Model = v
			continue
		}
		x, err := strconv.ParseFloat(v, 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return nil, fmt.Errorf("%s=%q is not a number", k, v)
		}
		switch k {
		case "elo0":
			t.Elo0 = x
		case "elo1":
			t.Elo1 = x
		case "alpha":
			t.Alpha = x
		case "beta":
			t.Beta = x
		default:
			return nil, fmt.Errorf("unknown key %q (known: elo0, elo1, alpha, beta, model)", k)
		}
	}
	switch {
	case t.Elo0 >= t.Elo1:
		return nil, fmt.Errorf("elo0 (%g) must be below elo1 (%g)", t.Elo0, t.Elo1)
	case t.Alpha <= 0 || t.Alpha >= 1 || t.Beta <= 0 || t.Beta >= 1 || t.Alpha+t.Beta >= 1:
		return nil, fmt.Errorf("alpha and beta must be between 0 and 1, and their sum below 1")
	}
	return t, nil
}

// String writes the test back in ParseSPRT's form.
func (t *SPRT) String() string {
	return fmt.Sprintf("elo0=%g,elo1=%g,alpha=%g,beta=%g,model=%s", t.Elo0, t.Elo1, t.Alpha, t.Beta, t.Model)
}

// Bounds returns the log-likelihood ratio's stopping bounds: below lower,
// H0 is accepted; above upper, H1.
func (t *SPRT) Bounds() (lower, upper float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// Verdict is "H1" (accepted: the first player is better by elo1),
// "H0", or "" while the test goes on.
func (t *SPRT) Verdict(llr float64) string {
	lo, hi := t.Bounds()
	switch {
	case llr >= hi:
		return "H1"
	case llr <= lo:
		return "H0"
	}
	return ""
}

// regularize keeps an empty outcome from making a probability zero.
func regularize(n int) float64 {
	if n == 0 {
		return 1e-3
	}
	return float64(n)
}

// LLR is the log-likelihood ratio of H1 against H0 for the tally: from the
// pentanomial counts when there are pairs, else from wins, draws, losses.
func (t *SPRT) LLR(s Score) float64 {
	var counts, scores []float64
	if s.Pairs() > 0 {
		counts = []float64{regularize(s.LL), regularize(s.LD), regularize(s.WL + s.DD), regularize(s.WD), regularize(s.WW)}
		scores = []float64{0, 0.25, 0.5, 0.75, 1}
	} else {
		if s.Games() == 0 {
			return 0
		}
		counts = []float64{regularize(s.Losses), regularize(s.Draws), regularize(s.Wins)}
		scores = []float64{0, 0.5, 1}
	}
	total := 0.0
	for _, c := range counts {
		total += c
	}
	probs := make([]float64, len(counts))
	for i, c := range counts {
		probs[i] = c / total
	}
	var p0, p1 []float64
	if t.Model == "logistic" {
		p0 = mleLogistic(scores, probs, scoreOfElo(t.Elo0))
		p1 = mleLogistic(scores, probs, scoreOfElo(t.Elo1))
	} else {
		// A pair's score has twice a game's variance: t, in standard
		// deviations of a game, is sqrt 2 times that of a pair's mean.
		k := 1.0
		if len(scores) == 5 {
			k = math.Sqrt2
		}
		p0 = mleNormalized(scores, probs, 0.5, k*t.Elo0/nEloScale)
		p1 = mleNormalized(scores, probs, 0.5, k*t.Elo1/nEloScale)
	}
	llr := 0.0
	for i := range probs {
		llr += probs[i] * (math.Log(p1[i]) - math.Log(p0[i]))
	}
	return total * llr
}

// scoreOfElo is the expected score at a logistic Elo difference.
func scoreOfElo(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// mleLogistic is the distribution closest (in likelihood) to the observed
// one among those with mean s (Van den Bergh, proposition 1.1):
// p_i = phat_i / (1 + theta (a_i - s)), theta solving sum p_i (a_i - s) = 0.
func mleLogistic(a, phat []float64, s float64) []float64 {
	n := len(a)
	theta := findRoot(func(x float64) float64 {
		r := 0.0
		for i := range a {
			r += phat[i] * (a[i] - s) / (1 + x*(a[i]-s))
		}
		return r
	}, -1/(a[n-1]-s), -1/(a[0]-s), 1e-3)
	p := make([]float64, n)
	for i := range a {
		p[i] = phat[i] / (1 + theta*(a[i]-s))
	}
	return p
}

// mleNormalized is the distribution closest to the observed one among those
// whose normalized score (mu - muRef) / sigma is tStar (Van den Bergh,
// section 4.1), found by fixed-point iteration from the uniform one.
func mleNormalized(a, phat []float64, muRef, tStar float64) []float64 {
	n := len(a)
	p := make([]float64, n)
	for i := range p {
		p[i] = 1 / float64(n)
	}
	phi := make([]float64, n)
	for iter := 0; iter < 10000; iter++ {
		mu, variance := weightedMeanVar(a, p)
		sigma := math.Sqrt(variance)
		lo, hi := math.Inf(1), math.Inf(-1)
		for i := range a {
			z := (a[i] - mu) / sigma
			phi[i] = a[i] - muRef - 0.5*tStar*sigma*(1+z*z)
			lo, hi = min(lo, phi[i]), max(hi, phi[i])
		}
		theta := findRoot(func(x float64) float64 {
			r := 0.0
			for i := range phi {
				r += phat[i] * phi[i] / (1 + x*phi[i])
			}
			return r
		}, -1/hi, -1/lo, 1e-7)
		diff := 0.0
		for i := range p {
			q := phat[i] / (1 + theta*phi[i])
			diff = max(diff, math.Abs(q-p[i]))
			p[i] = q
		}
		if diff < 1e-4 {
			break
		}
	}
	return p
}

// findRoot finds the root of f between a and b, where f runs from +inf
// just inside a to -inf just inside b, to within eps, by the ITP method
// (Oliveira and Takahashi, "An Enhancement of the Bisection Method Average
// Performance Preserving Minmax Optimality", ACM TOMS 47(1), 2021) with
// k1 = 0.1, k2 = 2 and n0 = 0.99: bisection's worst case, regula falsi's
// speed. fastchess solves the same equations the same way, so that the
// last digits of a log-likelihood ratio agree even where the distribution
// is degenerate (all draws, all wins) and the root sits against a bound.
func findRoot(f func(float64) float64, a, b, eps float64) float64 {
	const k1, k2, n0 = 0.1, 2.0, 0.99
	// Orient the bracket so that f(a) < 0 < f(b).
	a, b = b, a
	fa, fb := math.Inf(-1), math.Inf(1)
	nMax := math.Ceil(math.Log2(math.Abs(b-a)/(2*eps))) + n0
	for i := 0.0; math.Abs(b-a) > 2*eps; i++ {
		mid := (a + b) / 2
		r := eps*math.Pow(2, nMax-i) - (b-a)/2
		delta := k1 * math.Pow(b-a, k2)
		// Interpolate (regula falsi), truncate towards the midpoint,
		// project into the minmax interval.
		xf := (fb*a - fa*b) / (fb - fa)
		sigma := (mid - xf) / math.Abs(mid-xf)
		xt := mid
		if delta <= math.Abs(mid-xf) {
			xt = xf + sigma*delta
		}
		x := mid - sigma*r
		if math.Abs(xt-mid) <= r {
			x = xt
		}
		switch fx := f(x); {
		case fx == 0:
			a, b = x, x
		case math.Signbit(fx):
			a, fa = x, fx
		default:
			b, fb = x, fx
		}
	}
	return (a + b) / 2
}

// Ratio is a / b, or 0 when b is 0 (a rate of nothing).
func Ratio(a, b float64) float64 {
	if b == 0 {
		return 0
	}
	return a / b
}
