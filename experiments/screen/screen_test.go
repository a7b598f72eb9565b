package screen

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestDesignBalanced: every technique is out equally often (within one),
// every two together about equally often, and the blocks are the same
// for the same seed and another for another seed.
func TestDesignBalanced(t *testing.T) {
	d := Design{M: 17, K: 7, Seed: 1}
	blocks := d.Blocks(3400)
	out := make([]int, d.M)
	together := map[[2]int]int{}
	for _, b := range blocks {
		if len(b) != d.K || !slices.IsSorted(b) {
			t.Fatalf("block %v", b)
		}
		for a, i := range b {
			out[i]++
			for _, j := range b[a+1:] {
				together[[2]int{i, j}]++
			}
		}
	}
	lo, hi := slices.Min(out), slices.Max(out)
	if hi-lo > 1 {
		t.Errorf("out %d to %d times", lo, hi)
	}
	// A balanced design has each pair out together λ = N k(k-1)/(m(m-1))
	// times; a resolvable random one, with spread about √λ; this one, less.
	lambda := float64(len(blocks)*d.K*(d.K-1)) / float64(d.M*(d.M-1))
	var ss float64
	for i := range d.M {
		for j := i + 1; j < d.M; j++ {
			dev := float64(together[[2]int{i, j}]) - lambda
			ss += dev * dev
		}
	}
	if sd := math.Sqrt(ss / float64(d.M*(d.M-1)/2)); sd > 0.5*math.Sqrt(lambda) {
		t.Errorf("pairs out together: λ %.1f, spread %.2f", lambda, sd)
	}
	if !slices.EqualFunc(d.Blocks(50), blocks[:50], slices.Equal) {
		t.Error("the same seed drew other blocks")
	}
	if other := (Design{M: 17, K: 7, Seed: 2}).Blocks(50); slices.EqualFunc(other, blocks[:50], slices.Equal) {
		t.Error("another seed drew the same blocks")
	}
}

// TestChooseK: half the techniques when each costs nothing, fewer as each
// costs more, never past MaxK.
func TestChooseK(t *testing.T) {
	for _, c := range []struct {
		m      int
		prior  float64
		lo, hi int
	}{{17, 0.1, 8, 9}, {17, 15, 6, 8}, {17, 60, 2, 4}, {49, 15, 12, 16}, {3, 15, 1, 2}} {
		if k := ChooseK(c.m, c.prior); k < c.lo || k > c.hi {
			t.Errorf("ChooseK(%d, %g) = %d, want %d to %d", c.m, c.prior, k, c.lo, c.hi)
		}
	}
}

// simulate plays n pairs of a synthetic screening: each game's expected
// score is logistic in the Elo of the techniques out, their interactions
// added, with draws at rate about draw.
func simulate(r *rand.Rand, d Design, effects []float64, inter map[[2]int]float64, alone [][]bool, n int, draw float64) []Unit {
	var units []Unit
	for _, b := range d.Blocks(n) {
		out := make([]bool, d.M)
		for _, j := range b {
			for l, o := range alone[j] {
				out[l] = out[l] || o
			}
		}
		elo := 0.0
		for j, o := range out {
			if o {
				elo += effects[j]
			}
		}
		for p, e := range inter {
			if out[p[0]] && out[p[1]] {
				elo += e
			}
		}
		p := 1 / (1 + math.Pow(10, -elo/400))
		dr := min(draw, 2*p, 2*(1-p))
		game := func() float64 {
			switch u := r.Float64(); {
			case u < p-dr/2:
				return 1
			case u < p+dr/2:
				return 0.5
			}
			return 0
		}
		units = append(units, Unit{Out: out, Score: (game() + game()) / 2, DepthA: 8 - 0.1*float64(len(b)), DepthB: 8})
	}
	return units
}

// TestFitRecoversKnownEffects: from a synthetic outcome model with known
// main effects, a parent with a child (inert without it) and two
// interactions, the fit recovers each technique's leave-one-out worth and
// the interactions, and its 95% intervals cover the truth in 93% to 97% of
// 200 seeds (every estimate counted).
func TestFitRecoversKnownEffects(t *testing.T) {
	const m = 10
	effects := []float64{-60, -30, -20, -10, -5, 0, 0, 5, 10, -15}
	// Technique 8 is technique 9's child: 9 out takes 8 out too.
	alone := make([][]bool, m)
	for j := range alone {
		alone[j] = make([]bool, m)
		alone[j][j] = true
	}
	alone[9][8] = true
	inter := map[[2]int]float64{{1, 2}: 25, {3, 4}: -20}
	truth := make([]float64, m)
	for j := range m {
		for l, o := range alone[j] {
			if o {
				truth[j] += effects[l]
			}
		}
	}
	tested := [][2]int{{1, 2}, {3, 4}, {0, 5}, {8, 9}}
	covered, total := 0, 0
	var meanErr float64
	for seed := range uint64(200) {
		r := rand.New(rand.NewPCG(seed, 7))
		d := Design{M: m, K: 4, Seed: seed}
		an, err := Analyze(names(m), alone, simulate(r, d, effects, inter, alone, 2000, 0.4), tested)
		if err != nil {
			t.Fatal(err)
		}
		for j, e := range an.Effects {
			total++
			if math.Abs(e.Elo-truth[j]) <= e.EloError {
				covered++
			}
			meanErr += e.EloError
		}
		if len(an.Interactions) != 3 { // the parent and its child are not tested
			t.Fatalf("interactions %+v", an.Interactions)
		}
		for _, in := range an.Interactions {
			want := inter[[2]int{index(in.A), index(in.B)}]
			total++
			if math.Abs(in.Elo-want) <= in.EloError {
				covered++
			}
		}
	}
	rate := float64(covered) / float64(total)
	if rate < 0.93 || rate > 0.97 {
		t.Errorf("95%% intervals cover the truth %.1f%% of the time (%d of %d)", 100*rate, covered, total)
	}
	t.Logf("coverage %.1f%% of %d intervals; mean half-width %.1f Elo", 100*rate, total, meanErr/float64(200*m))
}

// TestAdditivityTest: the additive model's test rejects at about its level
// when it holds, and a strong interaction is flagged and named.
func TestAdditivityTest(t *testing.T) {
	const m = 8
	alone := make([][]bool, m)
	for j := range alone {
		alone[j] = make([]bool, m)
		alone[j][j] = true
	}
	effects := []float64{-40, -20, -10, -10, 0, 0, 10, -5}
	tested := [][2]int{{0, 1}, {2, 3}, {4, 5}}
	rejected := 0
	for seed := range uint64(100) {
		r := rand.New(rand.NewPCG(seed, 9))
		an, err := Analyze(names(m), alone, simulate(r, Design{M: m, K: 3, Seed: seed}, effects, nil, alone, 1500, 0.4), tested)
		if err != nil {
			t.Fatal(err)
		}
		if an.Additivity.P < 0.05 {
			rejected++
		}
	}
	if rejected > 12 {
		t.Errorf("additive truth rejected %d times in 100 at the 5%% level", rejected)
	}
	r := rand.New(rand.NewPCG(1, 9))
	an, _ := Analyze(names(m), alone, simulate(r, Design{M: m, K: 3, Seed: 1}, effects, map[[2]int]float64{{2, 3}: -80}, alone, 3000, 0.4), tested)
	if an.Additivity.P > 0.01 || len(an.Warnings) == 0 || !an.Interactions[1].Depends {
		t.Errorf("a -80 Elo interaction: p %.3g, %+v, warnings %q", an.Additivity.P, an.Interactions, an.Warnings)
	}
}

func names(m int) []string {
	out := make([]string, m)
	for j := range out {
		out[j] = string(rune('a' + j))
	}
	return out
}

func index(name string) int { return int(name[0] - 'a') }
