package search

import (
	"strings"
	"testing"
)

// FuzzParseConfig: a spec never panics the parser; an accepted one gives
// parameters inside their ranges, and its canonical form (the preset's set
// rebuilt item by item, then the changed parameters) parses to the same
// configuration.
func FuzzParseConfig(f *testing.F) {
	for _, s := range []string{"full", "full,-lmr", "stage-12,+lmr,lmr-base-centiplies=100", "negamax,+alpha-beta,qs-see-threshold-cp=-50",
		"full,-pvs,lmr-divisor-hundredths=50", "", ",", "full,,", "full,=3", "full,lmr-base-centiplies=", "alphabeta,+hyper-nmp,+hyper-nmp-reuse"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		c, err := ParseConfig(spec)
		if err != nil {
			return
		}
		for _, p := range ParamInfos() {
			v, _ := c.Params.Get(p.Name)
			if v < p.Min || v > p.Max {
				t.Fatalf("%q: %s = %d outside %d..%d", spec, p.Name, v, p.Min, p.Max)
			}
		}
		canon := "negamax,-qsearch"
		for _, tq := range c.Techniques.Techniques() {
			canon += ",+" + tq.String()
		}
		if d := c.Params.Diff(); len(d) > 0 {
			canon += "," + strings.Join(d, ",")
		}
		back, err := ParseConfig(canon)
		if err != nil || back != c {
			t.Fatalf("%q: canonical %q gives %+v, %v", spec, canon, back, err)
		}
	})
}
