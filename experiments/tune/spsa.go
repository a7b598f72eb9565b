// Package tune tunes an engine's parameters by self-play, as OpenBench's
// and fishtest's SPSA does: every parameter perturbed at once, a game pair
// between the two perturbed engines, and a step along the result.
//
//	spsa.go  Param, OpenBench's input format, the gain schedule, a step
//	tune.go  Tune: a tune through its life, batches of pairs as matches,
//	         the journal, the trajectory
//	lag.go   pairs played as workers free up, from values Lag pairs old
package tune

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"

	"github.com/ablate-chess/ablate/experiments/setup"
)

// Param is one parameter to tune, in OpenBench's terms: its value now, its
// range, and c_end and r_end, the perturbation and the learning rate the
// schedule ends at. A parameter that is not Float takes integer values.
type Param struct {
	Name         string
	Float        bool
	Value, Start float64
	Min, Max     float64
	CEnd, REnd   float64
}

// DefaultREnd is OpenBench's usual r_end; DefaultCEnd gives c_end as a
// share of the parameter's range when none is given.
const (
	DefaultREnd      = 0.002
	defaultCEndShare = 1.0 / 20
)

// Check checks a parameter's numbers, naming what is wrong.
func (p *Param) Check() error {
	for _, x := range []struct {
		what string
		v    float64
	}{{"value", p.Value}, {"min", p.Min}, {"max", p.Max}, {"c_end", p.CEnd}, {"r_end", p.REnd}} {
		if math.IsNaN(x.v) || math.IsInf(x.v, 0) || math.Abs(x.v) > MaxMagnitude {
			return fmt.Errorf("%s: %s %g: want a finite number within ±%g", p.Name, x.what, x.v, float64(MaxMagnitude))
		}
	}
	switch {
	case p.Name == "" || strings.ContainsAny(p.Name, ", \t="):
		return fmt.Errorf("parameter name %q: want a name without spaces, commas or '='", p.Name)
	case p.Min > p.Max:
		return fmt.Errorf("%s: min %g is above max %g", p.Name, p.Min, p.Max)
	case p.Value < p.Min || p.Value > p.Max:
		return fmt.Errorf("%s: value %g is outside its range %g to %g", p.Name, p.Value, p.Min, p.Max)
	case !(p.CEnd > 0) || p.CEnd > max(1, p.Max-p.Min):
		return fmt.Errorf("%s: c_end %g: want a perturbation above 0 and at most the range, %g", p.Name, p.CEnd, max(1, p.Max-p.Min))
	case !(p.REnd > 0) || p.REnd > 1:
		return fmt.Errorf("%s: r_end %g: want a learning rate above 0 and at most 1", p.Name, p.REnd)
	}
	return nil
}

// MaxMagnitude bounds a parameter's numbers: far beyond any engine's
// setting, and well inside what an integer holds.
const MaxMagnitude = 1e9

// ParseParam reads NAME=VALUE,MIN,MAX[,C_END,R_END], an integer parameter
// (--param). Without C_END and R_END, c_end is a twentieth of the range
// (at least 1) and r_end OpenBench's usual 0.002.
func ParseParam(s string) (Param, error) {
	name, rest, ok := strings.Cut(s, "=")
	f := strings.Split(rest, ",")
	if !ok || (len(f) != 3 && len(f) != 5) {
		return Param{}, fmt.Errorf("%q: want NAME=VALUE,MIN,MAX[,C_END,R_END]", s)
	}
	nums := make([]float64, len(f))
	for i, x := range f {
		v, err := strconv.ParseFloat(strings.TrimSpace(x), 64)
		if err != nil {
			return Param{}, fmt.Errorf("%q: %q is not a number", s, x)
		}
		nums[i] = v
	}
	p := Param{Name: strings.TrimSpace(name), Value: nums[0], Start: nums[0], Min: nums[1], Max: nums[2]}
	p.CEnd, p.REnd = max(1, (p.Max-p.Min)*defaultCEndShare), DefaultREnd
	if len(f) == 5 {
		p.CEnd, p.REnd = nums[3], nums[4]
	}
	return p, p.Check()
}

// ReadOpenBench reads OpenBench's SPSA input: one parameter a line,
// "name, int|float, value, min, max, c_end, r_end"; blank lines and lines
// starting with # are skipped. An error names the file and line.
func ReadOpenBench(r io.Reader, file string) ([]Param, error) {
	var out []Param
	seen := map[string]int{}
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, ",")
		if len(f) != 7 {
			return nil, fmt.Errorf("%s:%d: %d fields; want 7: name, int|float, value, min, max, c_end, r_end", file, n, len(f))
		}
		for i := range f {
			f[i] = strings.TrimSpace(f[i])
		}
		p := Param{Name: f[0]}
		switch f[1] {
		case "int":
		case "float":
			p.Float = true
		default:
			return nil, fmt.Errorf("%s:%d: type %q: want int or float", file, n, f[1])
		}
		var nums [5]float64
		for i := range nums {
			v, err := strconv.ParseFloat(f[2+i], 64)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %s %q is not a number", file, n, []string{"value", "min", "max", "c_end", "r_end"}[i], f[2+i])
			}
			nums[i] = v
		}
		p.Value, p.Min, p.Max, p.CEnd, p.REnd = nums[0], nums[1], nums[2], nums[3], nums[4]
		p.Start = p.Value
		if err := p.Check(); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", file, n, err)
		}
		if prev, dup := seen[p.Name]; dup {
			return nil, fmt.Errorf("%s:%d: %s is given twice (line %d)", file, n, p.Name, prev)
		}
		seen[p.Name] = n
		out = append(out, p)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no parameters", file)
	}
	return out, nil
}

// WriteOpenBench writes the parameters in OpenBench's input format, their
// values as they are now (integers rounded), so that a tune can go on
// there, or here.
func WriteOpenBench(w io.Writer, ps []Param) error {
	bw := bufio.NewWriter(w)
	for _, p := range ps {
		kind, value := "int", strconv.FormatFloat(math.Round(p.Value), 'f', -1, 64)
		if p.Float {
			kind, value = "float", strconv.FormatFloat(p.Value, 'f', -1, 64)
		}
		fmt.Fprintf(bw, "%s, %s, %s, %s, %s, %s, %s\n", p.Name, kind, value, num(p.Min), num(p.Max), num(p.CEnd), num(p.REnd))
	}
	return bw.Flush()
}

func num(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// Schedule is SPSA's gain schedule over a tune of Iterations pairs, as
// OpenBench sets it: at iteration k (from 1) the perturbation is
// c_k = c_end N^gamma / k^gamma (at least 0.5 for an integer), and the
// step a_k / c_k^2 with a_k = r_end c_end^2 (A+N)^alpha / (A+k)^alpha,
// A a share (ARatio) of N. Both end at c_end and r_end.
type Schedule struct {
	Iterations   int
	Alpha, Gamma float64 // 0.602 and 0.101
	ARatio       float64 // 0.1
}

// DefaultSchedule is OpenBench's and fishtest's.
func DefaultSchedule(iterations int) Schedule {
	return Schedule{Iterations: iterations, Alpha: 0.602, Gamma: 0.101, ARatio: 0.1}
}

// Gains are a parameter's perturbation c and learning rate r at iteration k.
func (s Schedule) Gains(p *Param, k int) (c, r float64) {
	n := float64(s.Iterations)
	a := s.ARatio * n
	c = p.CEnd * math.Pow(n, s.Gamma) / math.Pow(float64(k), s.Gamma)
	if !p.Float {
		c = max(c, 0.5)
	}
	r = p.REnd * p.CEnd * p.CEnd * math.Pow(a+n, s.Alpha) / math.Pow(a+float64(k), s.Alpha) / (c * c)
	return c, r
}

// Step is one iteration's perturbation: each parameter's sign (Flip) and
// the two engines' values, Plus (value + flip c) and Minus (value - flip
// c), integers rounded the way OpenBench rounds them (one random offset,
// floor(x + u), for both) and both clipped to the range.
type Step struct {
	K           int
	Flip        []float64
	C, R        []float64
	Plus, Minus []float64
}

// Perturb draws iteration k's perturbation of values from the seed and k
// alone: the same step on every run and for any number of workers.
func (s Schedule) Perturb(ps []Param, seed uint64, k int) Step {
	rng := rand.New(rand.NewPCG(seed, uint64(k)))
	st := Step{K: k}
	for i := range ps {
		p := &ps[i]
		c, r := s.Gains(p, k)
		flip := 1.0
		if rng.IntN(2) == 0 {
			flip = -1
		}
		plus, minus := p.Value+flip*c, p.Value-flip*c
		if !p.Float {
			u := rng.Float64()
			plus, minus = math.Floor(plus+u), math.Floor(minus+u)
		}
		st.Flip, st.C, st.R = append(st.Flip, flip), append(st.C, c), append(st.R, r)
		st.Plus = append(st.Plus, min(max(plus, p.Min), p.Max))
		st.Minus = append(st.Minus, min(max(minus, p.Min), p.Max))
	}
	return st
}

// Update moves every parameter by r c (wins - losses) flip, the result of
// the pair for the Plus engine (from -2 to 2), kept in its range.
func (st *Step) Update(ps []Param, winsMinusLosses int) {
	for i := range ps {
		p := &ps[i]
		p.Value += st.R[i] * st.C[i] * float64(winsMinusLosses) * st.Flip[i]
		p.Value = min(max(p.Value, p.Min), p.Max)
	}
}

// Spec is the parameters' values as a configuration's items: name=value
// (integers rounded), comma-separated, to follow a preset.
func Spec(ps []Param, values []float64) string {
	items := make([]string, len(ps))
	for i, p := range ps {
		if p.Float {
			items[i] = fmt.Sprintf("%s=%s", p.Name, num(values[i]))
		} else {
			items[i] = fmt.Sprintf("%s=%d", p.Name, int(math.Round(values[i])))
		}
	}
	return strings.Join(items, ",")
}

// Values are the parameters' values now.
func Values(ps []Param) []float64 {
	out := make([]float64, len(ps))
	for i, p := range ps {
		out[i] = p.Value
	}
	return out
}

// ReadParams reads the parameters to tune: those of an OpenBench file
// (path, if given), then each NAME=VALUE,MIN,MAX[,C_END,R_END] item. A
// bad one is an *setup.SettingError naming params or param.
func ReadParams(path string, items []string) ([]Param, error) {
	var params []Param
	if path != "" {
		f, err := os.Open(path)
		if err != nil {
			return nil, setup.BadSetting("params", "%w", err)
		}
		defer f.Close()
		if params, err = ReadOpenBench(f, path); err != nil {
			return nil, setup.BadSetting("params", "%v", err)
		}
	}
	for _, item := range items {
		p, err := ParseParam(item)
		if err != nil {
			return nil, setup.BadSetting("param", "%v", err)
		}
		params = append(params, p)
	}
	return params, nil
}
