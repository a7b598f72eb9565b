package tune

import (
	"bytes"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestOpenBenchFormatRoundTrips: a file read and written again is the same
// file; each fault names its line.
func TestOpenBenchFormatRoundTrips(t *testing.T) {
	in := "lmr-base-centiplies, int, 75, 0, 200, 10, 0.002\nfutility-margin, float, 1.5, 0.5, 3, 0.25, 0.002\n"
	ps, err := ReadOpenBench(strings.NewReader("# a comment\n\n"+in), "p.txt")
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != 2 || ps[0].Float || !ps[1].Float || ps[0].Value != 75 || ps[1].CEnd != 0.25 {
		t.Fatalf("read %+v", ps)
	}
	var b bytes.Buffer
	WriteOpenBench(&b, ps)
	if b.String() != in {
		t.Errorf("written:\n%s\nwant:\n%s", b.String(), in)
	}
	for _, c := range []struct{ name, line, want string }{
		{"too few fields", "a, int, 1, 0, 2, 1", "p.txt:1: 6 fields; want 7"},
		{"unknown type", "a, long, 1, 0, 2, 1, 0.002", `p.txt:1: type "long"`},
		{"not a number", "a, int, x, 0, 2, 1, 0.002", `p.txt:1: value "x" is not a number`},
		{"min above max", "a, int, 1, 3, 2, 1, 0.002", "p.txt:1: a: min 3 is above max 2"},
		{"value outside", "a, int, 9, 0, 2, 1, 0.002", "p.txt:1: a: value 9 is outside its range"},
		{"c_end not positive", "a, int, 1, 0, 2, 0, 0.002", "p.txt:1: a: c_end 0"},
		{"r_end not positive", "a, int, 1, 0, 2, 1, -1", "p.txt:1: a: r_end -1"},
		{"twice", "a, int, 1, 0, 2, 1, 0.002\na, int, 1, 0, 2, 1, 0.002", "p.txt:2: a is given twice (line 1)"},
		{"empty", "# nothing\n", "p.txt: no parameters"},
	} {
		if _, err := ReadOpenBench(strings.NewReader(c.line), "p.txt"); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
	if p, err := ParseParam("lmr-base-centiplies=75,0,200"); err != nil || p.CEnd != 10 || p.REnd != DefaultREnd {
		t.Errorf("ParseParam: %+v, %v", p, err)
	}
	if _, err := ParseParam("x=5,10,0"); err == nil {
		t.Error("ParseParam took min above max")
	}
}

// TestScheduleEndsAtItsEnds: c and r reach c_end and r_end at the last
// iteration, from larger values, as OpenBench schedules them.
func TestScheduleEndsAtItsEnds(t *testing.T) {
	s := DefaultSchedule(1000)
	p := Param{Name: "x", Float: true, CEnd: 4, REnd: 0.002}
	c, r := s.Gains(&p, 1000)
	if math.Abs(c-4) > 1e-9 || math.Abs(r-0.002) > 1e-12 {
		t.Errorf("at the end: c %g, r %g", c, r)
	}
	c1, _ := s.Gains(&p, 1)
	if want := 4 * math.Pow(1000, 0.101); math.Abs(c1-want) > 1e-9 {
		t.Errorf("at the start: c %g, want %g", c1, want)
	}
	i := Param{Name: "i", CEnd: 0.1, REnd: 0.002}
	if c, _ := s.Gains(&i, 1000); c != 0.5 {
		t.Errorf("an integer's c is %g, want at least 0.5", c)
	}
}

// TestSPSAFindsTheOptimum: against a noisy game whose engines are better
// the nearer their value is to 60, SPSA moves a parameter started at 10 to
// near 60, the same way for the same seed.
func TestSPSAFindsTheOptimum(t *testing.T) {
	run := func(seed uint64) float64 {
		ps := []Param{{Name: "x", Value: 10, Start: 10, Min: 0, Max: 100, CEnd: 5, REnd: 0.005}}
		const n = 4000
		s := DefaultSchedule(n)
		rng := rand.New(rand.NewPCG(seed, 7))
		for k := 1; k <= n; k++ {
			st := s.Perturb(ps, seed, k)
			// Each game: the engine nearer 60 wins more often.
			edge := (math.Abs(st.Minus[0]-60) - math.Abs(st.Plus[0]-60)) / 100
			score := 0
			for range 2 {
				switch u := rng.Float64(); {
				case u < 0.3+edge:
					score++
				case u > 0.7+edge:
					score--
				}
			}
			st.Update(ps, score)
		}
		return ps[0].Value
	}
	got := run(1)
	if math.Abs(got-60) > 5 {
		t.Errorf("x ended at %.1f, want near 60", got)
	}
	if again := run(1); again != got {
		t.Errorf("the same seed gave %.3f then %.3f", got, again)
	}
}
