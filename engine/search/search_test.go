package search

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/ablate-chess/ablate/engine/chess"
	"github.com/ablate-chess/ablate/engine/eval"
	"github.com/ablate-chess/ablate/positions"
)

func mustConfig(t testing.TB, spec string) Config {
	t.Helper()
	c, err := ParseConfig(spec)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func mustSuite(t testing.TB, name string) *positions.Suite {
	t.Helper()
	s, err := positions.Load(name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func searchDepth(t testing.TB, cfg Config, p chess.Position, depth int) Result {
	t.Helper()
	return New(cfg, 16).Search(p, nil, Limits{Depth: depth}, nil)
}

// TestGoldenNodeCounts pins exact node counts, best moves and scores. A
// change to the search that is meant to alter them updates this table in
// the same commit and says so.
func TestGoldenNodeCounts(t *testing.T) {
	six := mustSuite(t, "six")
	byID := map[string]chess.Position{}
	for _, e := range six.Entries {
		byID[e.ID] = e.Board
	}
	for _, c := range []struct {
		position, config string
		depth            int
		nodes            uint64
		move             string
		score            int
	}{
		{"startpos", "full-pesto", 10, 89233, "e2e4", 9},
		{"startpos", "full-eval", 10, 64217, "d2d4", 16},
		{"startpos", "stage-20", 10, 57780, "e2e4", 30},
		{"startpos", "stage-21", 10, 78980, "g1f3", 28},
		{"startpos", "stage-22", 10, 126460, "d2d4", 23},
		{"startpos", "stage-24", 10, 139439, "d2d4", 32},
		{"startpos", "stage-25", 10, 73620, "d2d4", 16},
		{"startpos", "stage-26", 10, 123179, "g1f3", 49},
		{"startpos", "stage-27", 10, 92560, "d2d4", 28},
		{"startpos", "stage-27,+nmp-raw-eval", 10, 95236, "c2c4", 35},
		{"startpos", "full", 10, 90253, "g1f3", 48},
		{"startpos", "full,+futility-lmr-depth", 10, 90103, "g1f3", 48},
		{"startpos", "full,+history-prune-lmr-depth", 10, 42928, "e2e3", 18},
		{"startpos", "stage-25,+check-ext-see", 10, 73307, "d2d4", 16},
		{"startpos", "stage-25,+qs-tt-store", 10, 80024, "c2c4", 34},
		{"startpos", "stage-25,+qs-see-futility", 10, 83940, "d2d4", 24},
		{"startpos", "stage-9", 6, 130645, "g1f3", 0},
		{"startpos", "stage-13", 8, 39281, "e2e4", 8},
		{"kiwipete", "full-pesto", 8, 53759, "e2a6", -42},
		{"kiwipete", "full-eval", 8, 40487, "e2a6", -44},
		{"kiwipete", "stage-20", 8, 23162, "e2a6", -44},
		{"kiwipete", "stage-21", 8, 14503, "e2a6", -5},
		{"kiwipete", "stage-22", 8, 17162, "e2a6", -76},
		{"kiwipete", "stage-24", 8, 18187, "e2a6", -77},
		{"kiwipete", "stage-25", 8, 18076, "e2a6", -77},
		{"kiwipete", "stage-26", 8, 18036, "e2a6", -77},
		{"kiwipete", "stage-27", 8, 12171, "e2a6", -58},
		{"kiwipete", "stage-27,+nmp-raw-eval", 8, 12173, "e2a6", -58},
		{"kiwipete", "full", 8, 13732, "e2a6", -58},
		{"kiwipete", "full,+futility-lmr-depth", 8, 12884, "e2a6", -58},
		{"kiwipete", "full,+history-prune-lmr-depth", 8, 13732, "e2a6", -58},
		{"kiwipete", "stage-25,+check-ext-see", 8, 18053, "e2a6", -77},
		{"kiwipete", "stage-25,+qs-tt-store", 8, 13440, "e2a6", -78},
		{"kiwipete", "stage-25,+qs-see-futility", 8, 12209, "e2a6", -58},
		{"kiwipete", "stage-12", 6, 280193, "e2a6", -28},
		{"mid-isolated-queen-pawn", "full-pesto,+hyper-nmp", 8, 31649, "h7h6", -11},
		{"mid-isolated-queen-pawn", "full-eval,+hyper-nmp", 8, 19668, "h7h6", -31},
		{"endgame-rook-pawns", "full-pesto", 10, 38075, "a5a2", 552},
		{"endgame-rook-pawns", "full-eval", 10, 35340, "a5a2", 627},
		{"end-fine-70", "full-pesto", 12, 4350, "a1b2", 108},
		{"end-fine-70", "full-eval", 12, 6955, "a1b2", 69},
	} {
		name := fmt.Sprintf("%s/%s/depth=%d", c.position, c.config, c.depth)
		t.Run(name, func(t *testing.T) {
			r := searchDepth(t, mustConfig(t, c.config), byID[c.position], c.depth)
			if r.Stats.Nodes != c.nodes || r.Move.String() != c.move || r.Score != c.score {
				t.Errorf("got nodes %d, move %s, score %d; want %d, %s, %d",
					r.Stats.Nodes, r.Move, r.Score, c.nodes, c.move, c.score)
			}
		})
	}
}

// TestExactTechniquesKeepNegamaxScore: alpha-beta, move ordering, PVS and
// aspiration windows change how much is searched, never the root score.
// Quiescence is off on both sides (an unpruned quiescence search is far too
// big for plain negamax), so leaves are static evaluations.
func TestExactTechniquesKeepNegamaxScore(t *testing.T) {
	maxDepth := 4
	if testing.Short() {
		maxDepth = 3
	}
	plain := Config{SetOf(), DefaultParams()}
	exact := Config{SetOf(AlphaBeta, MVVLVA, Killers, CounterMove, History, ContinuationHistory, PVS, Aspiration), DefaultParams()}
	exact.Params.AspirationMinDepth = 1 // aspiration windows at every depth tested
	exact.Params.AspirationWindow = 10
	var plainNodes, exactNodes uint64
	for _, e := range mustSuite(t, "six").Entries {
		for d := 1; d <= maxDepth; d++ {
			want := searchDepth(t, plain, e.Board, d)
			got := searchDepth(t, exact, e.Board, d)
			if got.Score != want.Score {
				t.Errorf("%s depth %d: score %d, negamax %d", e.ID, d, got.Score, want.Score)
			}
			plainNodes += want.Stats.Nodes
			exactNodes += got.Stats.Nodes
		}
	}
	// And they do search less: over the six positions, by far.
	if exactNodes*10 > plainNodes {
		t.Errorf("exact techniques searched %d nodes, negamax %d: less than 10 times fewer", exactNodes, plainNodes)
	}
}

func TestFindsMates(t *testing.T) {
	bench := mustSuite(t, "bench")
	for _, m := range []struct {
		id     string
		mateIn int
	}{
		{"mate-in-1-scholar", 1},
		{"mate-in-1-smothered", 1},
		{"tac-back-rank", 1},
		{"mate-in-2-rook-sac", 2},
		{"mate-in-3-anastasia", 3},
		{"mate-in-3-bishop-and-pawn", 3},
	} {
		// Depth 2N+2 finds a mate in N, but for full one ply more: its
		// internal iterative reductions search a line new to the table a
		// ply shallower, and the mating line is new when it is found.
		for _, c := range []struct {
			spec  string
			extra int
		}{{"full", 1}, {"full-eval", 0}, {"stage-9", 0}} {
			spec := c.spec
			var e *positions.Entry
			for i := range bench.Entries {
				if bench.Entries[i].ID == m.id {
					e = &bench.Entries[i]
				}
			}
			if e == nil {
				t.Fatalf("no %s in bench", m.id)
			}
			r := searchDepth(t, mustConfig(t, spec), e.Board, 2*m.mateIn+2+c.extra)
			if !IsMate(r.Score) || MateIn(r.Score) != m.mateIn {
				t.Errorf("%s with %s: score %d (mate in %d), want mate in %d", m.id, spec, r.Score, MateIn(r.Score), m.mateIn)
			}
			if solved, applies := e.Solved(r.Move); applies && !solved {
				t.Errorf("%s with %s: played %s, not the mating move", m.id, spec, e.Board.SAN(r.Move))
			}
		}
	}
	// The side being mated sees its own mate coming: Kb8 is forced, then
	// Rh8 mates.
	p, _ := chess.ParseFEN("k7/8/1K6/8/8/8/8/7R b - - 0 1")
	r := searchDepth(t, DefaultConfig(), p, 4)
	if MateIn(r.Score) != -1 {
		t.Errorf("mated in 1: score %d, MateIn %d", r.Score, MateIn(r.Score))
	}
}

func TestDrawScores(t *testing.T) {
	for _, c := range []struct{ name, fen string }{
		{"stalemate", "7k/5Q2/8/8/8/8/8/K7 b - - 0 1"},
		{"insufficient material", "8/8/4k3/8/8/3NK3/8/8 w - - 0 1"},
	} {
		p, _ := chess.ParseFEN(c.fen)
		if r := searchDepth(t, DefaultConfig(), p, 6); r.Score != 0 {
			t.Errorf("%s: score %d, want 0", c.name, r.Score)
		}
	}
	// Repetition: a rook up wins, unless the game history holds every
	// position the root can move to (each would then repeat).
	p, _ := chess.ParseFEN("8/8/8/8/8/2k5/8/R3K3 w - - 60 80")
	if r := searchDepth(t, DefaultConfig(), p, 5); r.Score < 300 {
		t.Errorf("rook up: score %d", r.Score)
	}
	var l chess.MoveList
	p.LegalMoves(&l)
	var history []uint64
	for _, m := range l.Slice() {
		c := p
		c.Play(m)
		// A child's earlier occurrence stands two plies before it.
		history = append(history, p.Key(), c.Key())
	}
	r := New(DefaultConfig(), 16).Search(p, history, Limits{Depth: 5}, nil)
	if r.Score != 0 {
		t.Errorf("every move repeats: score %d, want 0", r.Score)
	}
}

// TestDeterministic: the same search gives the same counts, move and score,
// run again or run on several goroutines at once.
func TestDeterministic(t *testing.T) {
	six := mustSuite(t, "six")
	cfg := mustConfig(t, "full,+hyper-nmp")
	want := make([]Result, len(six.Entries))
	for i, e := range six.Entries {
		want[i] = searchDepth(t, cfg, e.Board, 7)
	}
	var wg sync.WaitGroup
	got := make([]Result, len(six.Entries))
	for i, e := range six.Entries {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i] = New(cfg, 16).Search(e.Board, nil, Limits{Depth: 7}, nil)
		}()
	}
	wg.Wait()
	for i, e := range six.Entries {
		if got[i].Stats != want[i].Stats || got[i].Move != want[i].Move || got[i].Score != want[i].Score {
			t.Errorf("%s: second run differs: %+v vs %+v", e.ID, got[i].Stats, want[i].Stats)
		}
	}
}

// TestOffTechniqueLeavesNoTrace: with a technique off, none of its
// parameters changes a single count.
func TestOffTechniqueLeavesNoTrace(t *testing.T) {
	six := mustSuite(t, "six")
	for _, info := range ParamInfos() {
		if info.Technique == AlphaBeta {
			continue
		}
		base := mustConfig(t, "full,+hyper-nmp,-"+info.Technique.String())
		changed := base
		v := info.Max
		if v == info.Default {
			v = info.Min
		}
		if err := changed.Params.Set(info.Name, v); err != nil {
			t.Fatal(err)
		}
		for _, e := range six.Entries[:3] {
			a := searchDepth(t, base, e.Board, 6)
			b := searchDepth(t, changed, e.Board, 6)
			if a.Stats != b.Stats {
				t.Errorf("%s off, %s=%d still changes %s: %d nodes vs %d", info.Technique, info.Name, v, e.ID, b.Stats.Nodes, a.Stats.Nodes)
			}
		}
	}
}

// TestInertTechniquesChangeNothing: a technique whose requirement is off
// searches exactly as if it were off too.
func TestInertTechniquesChangeNothing(t *testing.T) {
	p, _ := chess.ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	a := searchDepth(t, mustConfig(t, "full,-pvs"), p, 6)
	b := searchDepth(t, mustConfig(t, "full,-pvs,-lmr,-lmr-pv,-cut-node,-cutoff-count,-tt-capture,-all-node,-tt-pv,-history-lmr"), p, 6)
	if a.Stats != b.Stats {
		t.Errorf("LMR without PVS changed the search: %d vs %d nodes", a.Stats.Nodes, b.Stats.Nodes)
	}
	if got := SetOf(LateMoveReductions, LMRPV).Effective(); !got.IsEmpty() {
		t.Errorf("LMR without PVS is effective: %s", got)
	}
}

func TestParamRegistry(t *testing.T) {
	// Every Params field is in the registry exactly once.
	seen := map[uintptr]string{}
	var p Params
	base := reflect.ValueOf(&p).Pointer()
	for _, d := range params {
		off := reflect.ValueOf(d.field(&p)).Pointer() - base
		if prev, dup := seen[off]; dup {
			t.Errorf("%s and %s share a field", d.name, prev)
		}
		seen[off] = d.name
		if d.def < d.min || d.def > d.max {
			t.Errorf("%s: default %d outside %d..%d", d.name, d.def, d.min, d.max)
		}
	}
	if n := reflect.TypeOf(p).NumField(); n != len(params) {
		t.Errorf("Params has %d fields, the registry %d entries", n, len(params))
	}
	check := func(err error, want string) {
		t.Helper()
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("error %v, want it to say %q", err, want)
		}
	}
	check(p.Set("lmr-base", 401), "out of range 0..400")
	check(p.Set("no-such", 1), "known: aspiration-min-depth")
	check(p.SetString("lmr-base"), "not name=value")
	check(p.SetString("lmr-base=x"), "not a whole number")
	if err := p.SetString("lmr-base=100"); err != nil || p.LMRBase != 100 {
		t.Errorf("lmr-base=100: %v, %d", err, p.LMRBase)
	}
	q := DefaultParams()
	if err := q.SetString("lmr-base=100"); err != nil {
		t.Fatal(err)
	}
	if d := q.Diff(); strings.Join(d, ";") != "lmr-base-plies-x100=100" {
		t.Errorf("Diff after lmr-base=100: %q, want the name with its unit", d)
	}
	// Every name says technique, quantity and unit: it starts with its
	// technique's short name and ends with a unit; each old name still reads.
	units := []string{"-plies", "-cp", "-cp-per-ply", "-plies-x100", "-x100", "-moves", "-factor", "-points-per-ply", "-cp-per-ply-squared", "-pct", "-iterations"}
	for _, d := range params {
		if !slices.ContainsFunc(units, func(u string) bool { return strings.HasSuffix(d.name, u) }) {
			t.Errorf("%s: no unit at the end of its name", d.name)
		}
		if !strings.HasPrefix(d.name, d.technique.ParamPrefix()+"-") {
			t.Errorf("%s: does not start with its technique's prefix %s-", d.name, d.technique.ParamPrefix())
		}
		var q Params
		for _, was := range d.was {
			if err := q.Set(was, d.def); err != nil {
				t.Errorf("old name %s: %v", was, err)
			}
		}
	}
}

func TestParseConfig(t *testing.T) {
	c := mustConfig(t, "stage-12, +lmr ,-nmp,lmr-base=100")
	if !c.Techniques.Has(LateMoveReductions) || c.Techniques.Has(NullMovePruning) || c.Params.LMRBase != 100 {
		t.Errorf("parsed %s %v", c.Techniques, c.Params.Diff())
	}
	if c := mustConfig(t, ""); c.Techniques != DefaultConfig().Techniques {
		t.Error("empty spec is not full")
	}
	for spec, want := range map[string]string{
		"fll":               `unknown preset "fll"`,
		"full,+lmx":         `unknown technique "lmx"`,
		"full,lmr":          `"lmr" is not +technique`,
		"full,,-lmr":        "empty item",
		"full,x=1":          `unknown parameter "x"`,
		"full,lmp-base=999": "out of range",
	} {
		if _, err := ParseConfig(spec); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want %q", spec, err, want)
		}
	}
}

// full is stage 28: stage 27 with bad-captures-last; stage 27 is stage 26
// with qs-see-futility; stage 26 is stage 25 with lmr-checks; stage 25 is stage 24 with
// qs-tt; stage 24 is stage 23 with the
// clock's two techniques; stage 23 is
// stage 22 with the margins tuned for its evaluation; stage 22 is stage
// 21 (stage 20's switches with the search tune's thresholds, set over the
// registry's defaults, which every other preset keeps) with the second
// Texel tune's evaluation.
func TestPresetParams(t *testing.T) {
	full, s20, s21 := mustConfig(t, "full"), mustConfig(t, "stage-20"), mustConfig(t, "stage-21")
	s22, s23, s24 := mustConfig(t, "stage-22"), mustConfig(t, "stage-23"), mustConfig(t, "stage-24")
	s25, s26, s27 := mustConfig(t, "stage-25"), mustConfig(t, "stage-26"), mustConfig(t, "stage-27")
	s28 := mustConfig(t, "stage-28")
	if full != s28 || s28.Params != s27.Params || s28.Techniques != s27.Techniques.With(BadCapturesLast) {
		t.Errorf("full is not stage 28, or stage 28 not stage 27 with bad-captures-last")
	}
	if s27.Params != s26.Params || s27.Techniques != s26.Techniques.With(QSearchSEEFutility) {
		t.Errorf("stage 27 is not stage 26 with qs-see-futility")
	}
	if s26.Params != s25.Params || s26.Techniques != s25.Techniques.With(LMRChecks) {
		t.Errorf("stage 26 is not stage 25 with lmr-checks")
	}
	if s25.Params != s24.Params || s25.Techniques != s24.Techniques.With(QSearchTT) {
		t.Errorf("stage 25 is not stage 24 with qs-tt")
	}
	if s24.Params != s23.Params || s24.Techniques != s23.Techniques.With(TimeStability).With(TimeNodeShare) {
		t.Errorf("stage 24 is not stage 23 with tm-stability and tm-node-share")
	}
	if s23.Techniques != s22.Techniques || s21.Techniques != s20.Techniques ||
		s22.Techniques != s21.Techniques.With(EvalTerm(eval.Tuned2)) || s22.Params != s21.Params {
		t.Errorf("stage 23's switches not stage 22's, stage 22 not stage 21 with tuned-2, or stage 21's switches not stage 20's")
	}
	if s20.Params != DefaultParams() || mustConfig(t, "full-pesto").Params != DefaultParams() {
		t.Errorf("stage-20 or full-pesto has parameters off the registry's defaults")
	}
	for _, c := range []struct {
		name string
		conf Config
		want string
	}{
		{"stage-22", s22, "lmr-base-plies-x100=78 lmr-divisor-x100=216 lmp-base-moves=1 nmp-base-plies=2 " +
			"rfp-margin-cp-per-ply=60 futility-base-cp=57 futility-margin-cp-per-ply=58"},
		{"full", full, "lmr-base-plies-x100=78 lmr-divisor-x100=216 lmp-base-moves=1 nmp-base-plies=2 " +
			"rfp-margin-cp-per-ply=54 futility-base-cp=59 futility-margin-cp-per-ply=55 aspiration-window-cp=21 " +
			"razoring-margin-cp-per-ply=253 delta-margin-cp=201 see-quiet-cp-per-ply=58 correction-history-max-cp=148 " +
			"nmp-eval-cp-per-ply=202"},
	} {
		if got := strings.Join(c.conf.Params.Diff(), " "); got != c.want {
			t.Errorf("%s's parameters off the defaults: %s, want %s", c.name, got, c.want)
		}
	}
	if c := mustConfig(t, "full,lmp-base-moves=3"); c.Params.LMPBase != 3 || c.Params.LMRBase != 78 {
		t.Errorf("a spec's item does not override the preset's value: %v", c.Params.Diff())
	}
}

func TestLMRTableMatchesChapter(t *testing.T) {
	p := DefaultParams()
	tab := lmrTable(&p)
	// "At depth 10, the 20th move is searched 3 plies less deep. At depth 3,
	// the third move loses 1 ply."
	if tab[10][20] != 3 || tab[3][3] != 1 || tab[3][2] != 1 || tab[1][5] != 0 {
		t.Errorf("lmr table: [10][20]=%d [3][3]=%d [3][2]=%d [1][5]=%d", tab[10][20], tab[3][3], tab[3][2], tab[1][5])
	}
}

func BenchmarkSearch(b *testing.B) {
	bench, err := positions.Load("bench")
	if err != nil {
		b.Fatal(err)
	}
	// full-noterms is full's search with PeSTO's evaluation alone: the
	// same search techniques, so that the two say what the terms cost.
	noTerms := "full"
	for t := eval.Term(0); t < eval.NumTerms; t++ {
		if !eval.TuneTerms().Has(t) {
			noTerms += ",-" + t.String()
		}
	}
	for _, spec := range []string{"full", "full-eval", "full-eval,+eval-cache", "full-pesto", "full,-lmr", "stage-9", noTerms} {
		name := spec
		if spec == noTerms {
			name = "full-noterms"
		}
		depth := 8
		if spec == "stage-9" {
			depth = 5
		}
		b.Run("config="+name, func(b *testing.B) {
			cfg := mustConfig(b, spec)
			s := New(cfg, 16)
			var nodes uint64
			for b.Loop() {
				nodes = 0
				for _, e := range bench.Entries {
					b.StopTimer() // a new game is not search
					s.NewGame()
					b.StartTimer()
					nodes += s.Search(e.Board, nil, Limits{Depth: depth}, nil).Stats.Nodes
				}
			}
			b.ReportMetric(float64(nodes), "nodes/op")
			b.ReportMetric(float64(nodes)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
		})
	}
}

// countingTracer counts events by kind.
type countingTracer struct{ n [NumEventKinds]uint64 }

func (c *countingTracer) Event(e *Event) { c.n[e.Kind]++ }

// TestTracingChangesNothing: a traced search counts exactly the nodes of an
// untraced one, and reports one node event per node.
func TestTracingChangesNothing(t *testing.T) {
	for _, spec := range []string{"full", "stage-12", "full,+hyper-nmp"} {
		cfg, _ := ParseConfig(spec)
		p, _ := chess.ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
		plain := New(cfg, 4).Search(p, nil, Limits{Depth: 6}, nil)
		s := New(cfg, 4)
		var c countingTracer
		s.SetTracer(&c)
		traced := s.Search(p, nil, Limits{Depth: 6}, nil)
		if traced.Stats != plain.Stats || traced.Move != plain.Move {
			t.Errorf("%s: traced %+v, plain %+v", spec, traced.Stats, plain.Stats)
		}
		if c.n[EvNode]+c.n[EvQNode] != plain.Stats.Nodes {
			t.Errorf("%s: %d node and %d qnode events for %d nodes", spec, c.n[EvNode], c.n[EvQNode], plain.Stats.Nodes)
		}
		if !statsOn {
			continue // built with -tags nostats: only the node count is kept
		}
		if c.n[EvQNode] != plain.Stats.QNodes {
			t.Errorf("%s: %d qnode events for %d nodes in quiescence", spec, c.n[EvQNode], plain.Stats.QNodes)
		}
		// One vocabulary: every kind that is both traced and counted is
		// heard as often as it is counted; the others are never heard.
		for k := range NumEventKinds {
			switch {
			case !k.Traced() && c.n[k] != 0:
				t.Errorf("%s: %d %s events, a kind never traced", spec, c.n[k], k)
			case k.Traced() && kinds[k].column != "" && c.n[k] != plain.Stats.Count[k]:
				t.Errorf("%s: %d %s events, counted %d", spec, c.n[k], k, plain.Stats.Count[k])
			}
		}
		if plain.Stats.Count[EvNullTry] == 0 || plain.Stats.Count[EvCutoff] == 0 || plain.Stats.Count[EvTTProbe] == 0 {
			t.Errorf("%s: counters %v: the search counted nothing", spec, plain.Stats.Count)
		}
	}
}

// TestEvalCacheChangesNoNode: the evaluation cache is speed alone: with it
// and without it, full and full-eval search the same trees, counter for
// counter, with the same result.
func TestEvalCacheChangesNoNode(t *testing.T) {
	six := mustSuite(t, "six")
	for _, spec := range []string{"full", "full-eval,+eval-cache"} {
		with := mustConfig(t, spec)
		without := with
		without.Techniques = with.Techniques.Without(EvalCache)
		for _, e := range six.Entries {
			a, b := searchDepth(t, with, e.Board, 7), searchDepth(t, without, e.Board, 7)
			if a.Stats != b.Stats || a.Move != b.Move || a.Score != b.Score {
				t.Errorf("%s, %s: %d nodes, %s %d with the cache; %d, %s %d without", spec, e.ID,
					a.Stats.Nodes, a.Move, a.Score, b.Stats.Nodes, b.Move, b.Score)
			}
		}
	}
}

// TestNewPruningsActAndStaySound: each of the techniques after stage 16,
// switched on in full-eval, does its work somewhere on the bench positions (its
// counter moves; for those with no event of their own, the tree changes),
// and the searches still find a forced mate.
// TestSetHoldsEveryTechnique: a Set keeps each technique, the search's
// and the evaluation's (there are more of both than a word has bits),
// apart from every other.
func TestSetHoldsEveryTechnique(t *testing.T) {
	var all Set
	for tech := Technique(0); tech < NumTechniques; tech++ {
		one := SetOf(tech)
		for other := Technique(0); other < NumTechniques; other++ {
			if one.Has(other) != (other == tech) {
				t.Fatalf("SetOf(%s).Has(%s) = %t", tech, other, one.Has(other))
			}
		}
		if !one.Without(tech).IsEmpty() {
			t.Errorf("SetOf(%s).Without(%[1]s) is not empty", tech)
		}
		all = all.Union(one)
	}
	if got := len(all.Techniques()); got != int(NumTechniques) {
		t.Errorf("the union of every technique has %d, want %d", got, NumTechniques)
	}
	if got, want := all.EvalTerms(), eval.Terms(1<<eval.NumTerms-1); got != want {
		t.Errorf("every term on: EvalTerms %b, want %b", got, want)
	}
	if got := SetOf(EvalTerm(eval.FreePassers)).EvalTerms(); got != 1<<eval.FreePassers {
		t.Errorf("free-passers alone: EvalTerms %b", got)
	}
}

func TestNewPruningsActAndStaySound(t *testing.T) {
	bench := mustSuite(t, "bench")
	const changesTree = EvNode // no event of its own: the node count must move
	for _, c := range []struct {
		spec  string // added to full
		kind  EventKind
		depth int
	}{
		{"+mdp", EvMDP, 7}, {"+iir", EvIIR, 7}, {"+razoring", EvRazor, 7}, {"+delta", EvDelta, 7},
		{"+see-prune", EvSEEPrune, 7}, {"+history-prune", EvHistoryPrune, 7},
		{"+singular", EvSingularExt, 9}, {"+singular,+singular-double", EvDoubleExt, 9},
		{"+singular,+singular-negative", EvNegativeExt, 9}, {"+singular,+multi-cut", EvMultiCut, 9},
		{"+probcut", EvProbCut, 7},
		{"+capture-history", changesTree, 7}, {"+capture-history,+capture-lmr", changesTree, 7},
		{"+cont-history-2", changesTree, 7}, {"+correction-history", changesTree, 7},
		{"+nmp-eval", changesTree, 9}, {"+nmp-threat", changesTree, 7},
		{"+tt-eval", changesTree, 7}, {"+qs-tt", EvQTTCutoff, 7}, {"+nmp-tt", changesTree, 7},
		{"+lmr-improving", changesTree, 7}, {"+lmr-reach", changesTree, 7}, {"+futility-lmr-depth", changesTree, 7}, {"+history-prune,+history-prune-lmr-depth", EvHistoryPrune, 7},
	} {
		cfg := mustConfig(t, "full-eval,"+c.spec)
		// A back-rank mate in one, Rd8#, found and kept (mate distance
		// pruning acts once a mate is known).
		p, _ := chess.ParseFEN("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1")
		r := searchDepth(t, cfg, p, 6)
		if r.Score != Mate-1 || r.Move.String() != "d1d8" {
			t.Errorf("%s: mate in one scored %d with %s, want %d with d1d8", c.spec, r.Score, r.Move, Mate-1)
		}
		n, nodes, fullNodes := r.Stats.Count[c.kind], uint64(0), uint64(0)
		entries := bench.Entries[:8]
		if testing.Short() && c.depth > 7 {
			entries = entries[:4] // -short: the deep cases on four positions
		}
		for _, e := range entries {
			st := searchDepth(t, cfg, e.Board, c.depth).Stats
			n += st.Count[c.kind]
			nodes += st.Nodes
			if c.kind == changesTree {
				fullNodes += searchDepth(t, mustConfig(t, "full-eval"), e.Board, c.depth).Stats.Nodes
			}
		}
		switch {
		case c.kind == changesTree && nodes == fullNodes:
			t.Errorf("%s: the same %d nodes as full-eval on %d bench positions at depth %d", c.spec, nodes, len(entries), c.depth)
		case c.kind != changesTree && n == 0 && statsOn: // -tags nostats counts nothing
			t.Errorf("%s: no %s event on %d bench positions at depth %d, nor on a mate", c.spec, c.kind, len(entries), c.depth)
		}
	}
}

// TestContTableClearsWhatItWrote: a continuation history cleared by its
// list of written entries is all zeroes again, whether the list held them
// all or overflowed (then the whole table is cleared).
func TestContTableClearsWhatItWrote(t *testing.T) {
	c := new(contTable)
	for _, n := range []int{3, contTouchedMax, contTouchedMax + 10} {
		for i := range n { // n distinct entries
			c.update(chess.Piece(1+i%6), chess.Square(i/6%64), chess.Piece(9+i/384%6), chess.Square(i/2304%64), 100+i%7)
		}
		if overflowed := c.n > contTouchedMax; overflowed != (n > contTouchedMax) {
			t.Fatalf("%d updates: %d listed", n, c.n)
		}
		c.clear()
		if c.h != ([16][64][16][64]int16{}) || c.n != 0 {
			t.Fatalf("%d updates: table not all zero after clear (n=%d)", n, c.n)
		}
	}
}

// TestKeepHistory: with keep-history a game's second search starts from
// the histories the first left, and NewGame empties them; without it every
// search starts empty, so a searcher's second search equals a fresh one's.
func TestKeepHistory(t *testing.T) {
	six := mustSuite(t, "six")
	first, second := six.Entries[0].Board, six.Entries[1].Board
	for _, tc := range []struct {
		spec    string
		carried bool // the second search differs from a fresh searcher's
	}{
		{"full", false},
		{"full,+keep-history", true},
	} {
		cfg := mustConfig(t, tc.spec)
		fresh := searchDepth(t, cfg, second, 7)
		s := New(cfg, 16)
		s.Search(first, nil, Limits{Depth: 7}, nil)
		s.ClearTT() // the table alone carried over is not what is tested
		after := s.Search(second, nil, Limits{Depth: 7}, nil)
		if got := after.Stats != fresh.Stats; got != tc.carried {
			t.Errorf("%s: second search %d nodes, fresh %d: carried over = %v, want %v",
				tc.spec, after.Stats.Nodes, fresh.Stats.Nodes, got, tc.carried)
		}
		s.Search(first, nil, Limits{Depth: 7}, nil)
		s.NewGame()
		if again := s.Search(second, nil, Limits{Depth: 7}, nil); again.Stats != fresh.Stats {
			t.Errorf("%s: after NewGame %d nodes, fresh %d", tc.spec, again.Stats.Nodes, fresh.Stats.Nodes)
		}
	}
}

// TestOneVocabulary: every event the search counts or traces belongs to
// exactly one technique's row (but a node's entry and its result, which
// are every search's), and the events of a technique that has one named
// after it are named after it too (qs-see's, not qsee).
func TestOneVocabulary(t *testing.T) {
	owner := map[EventKind]Technique{}
	for tq := Technique(0); tq < NumTechniques; tq++ {
		for _, k := range tq.Events() {
			if o, ok := owner[k]; ok {
				t.Errorf("event %s is both %s's and %s's", k, o, tq)
			}
			owner[k] = tq
		}
	}
	for k := EventKind(0); k < NumEventKinds; k++ {
		_, owned := owner[k]
		core := k == EvNode || k == EvQNode || k == EvBest
		if owned == core {
			t.Errorf("event %s: owned %v, a search's own %v", k, owned, core)
		}
	}
	for _, tq := range []Technique{QSearchSEE, Razoring, MateDistance, IIR, DeltaPruning, SEEPruning, HistoryPruning, ProbCut, ReverseFutility, Futility, LateMovePruning} {
		for _, k := range tq.Events() {
			if !strings.HasPrefix(k.String(), tq.String()) {
				t.Errorf("%s's event %s is not named after it", tq, k)
			}
		}
	}
	if k, ok := ParseEventKind("razor"); !ok || k != EvRazor {
		t.Error("the old name razor is not read")
	}
}
