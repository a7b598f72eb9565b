package stats

import (
	"fmt"
	"math"
	"strconv"
)

// Stop decides when a match has played enough, pair by pair in pair order
// (so the same pair for any number of workers, and for a merge of shards):
// when its SPRT decides, or when the 95% interval of its Elo (from the
// pentanomial counts) is at most Precision either side. A match with
// neither plays every pair it was asked for; those pairs are then its cap.
type Stop struct {
	SPRT      *SPRT
	Precision float64 // Elo; 0: none
}

// MinPrecisionPairs is how many pairs a match plays before its precision
// may stop it: a handful of pairs can look certain (all alike: no
// variance at all), and fifty are enough for the interval to mean what it
// says.
const MinPrecisionPairs = 50

// ParsePrecision reads a precision in Elo: a number above 0.
func ParsePrecision(s string) (float64, error) {
	x, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(x) || math.IsInf(x, 0) || x <= 0 {
		return 0, fmt.Errorf("precision %q: want the 95%% interval's half-width in Elo, a number above 0", s)
	}
	return x, nil
}

// Check reads the tally after a pair: the SPRT's log-likelihood ratio and
// verdict ("H0", "H1", or "" while it goes on), and whether the interval
// is now as narrow as asked.
func (r Stop) Check(s Score) (llr float64, verdict string, precise bool) {
	if r.SPRT != nil {
		llr = r.SPRT.LLR(s)
		verdict = r.SPRT.Verdict(llr)
	}
	if r.Precision > 0 && s.Pairs() >= MinPrecisionPairs {
		e := s.Estimate()
		precise = e.EloError <= r.Precision && !math.IsNaN(e.EloError)
	}
	return llr, verdict, precise
}
