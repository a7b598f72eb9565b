package stats

import (
	"math"
)

// RatioInterval estimates new/old from two samples of totals: the ratio of
// geometric means, with a 95% interval from Welch's t on the logarithms.
func RatioInterval(old, new []float64) (lo, mid, hi float64, ok bool) {
	if len(old) < 2 || len(new) < 2 {
		return 0, 0, 0, false
	}
	mo, vo := meanVar(logs(old))
	mn, vn := meanVar(logs(new))
	se2o, se2n := vo/float64(len(old)), vn/float64(len(new))
	se := math.Sqrt(se2o + se2n)
	d := mn - mo
	df := 1.0
	if se > 0 {
		df = (se2o + se2n) * (se2o + se2n) /
			(se2o*se2o/float64(len(old)-1) + se2n*se2n/float64(len(new)-1))
	}
	t := tQuantile975(df)
	return math.Exp(d - t*se), math.Exp(d), math.Exp(d + t*se), true
}

func logs(xs []float64) []float64 {
	out := make([]float64, len(xs))
	for i, x := range xs {
		out[i] = math.Log(math.Max(x, 1e-9))
	}
	return out
}

func meanVar(xs []float64) (mean, variance float64) {
	for _, x := range xs {
		mean += x
	}
	mean /= float64(len(xs))
	for _, x := range xs {
		variance += (x - mean) * (x - mean)
	}
	return mean, variance / float64(len(xs)-1)
}

// tQuantile975 is Student's t distribution's 97.5th percentile for df
// degrees of freedom (table for small df, normal beyond).
func tQuantile975(df float64) float64 {
	table := []float64{12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
		2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
		2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042}
	i := int(math.Floor(df))
	switch {
	case i < 1:
		return table[0]
	case i <= len(table):
		return table[i-1]
	}
	return 1.960
}
