package match

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/ablate-chess/ablate/engine/chess"
	"github.com/ablate-chess/ablate/experiments/setup"
	"github.com/ablate-chess/ablate/experiments/stats"
)

func TestParseBudgets(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"nodes=2500,10000,40000,160000", "nodes=2500 nodes=10000 nodes=40000 nodes=160000"},
		{"tc=2+0.02,10+0.1", "tc=2+0.02 tc=10+0.1"},
		{"nodes=2500,10000,tc=10+0.1", "nodes=2500 nodes=10000 tc=10+0.1"},
		{"nodes=2500; tc=10+0.1 60+0.6", "nodes=2500 tc=10+0.1 tc=60+0.6"},
		{"tc=10", "tc=10+0"},
	} {
		bs, err := setup.ParseBudgets(c.in)
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		var got []string
		for _, b := range bs {
			got = append(got, b.String())
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("%q: %v, want %s", c.in, got, c.want)
		}
	}
}

// TestParseBudgetsErrors: each bad list is an error that names the item.
func TestParseBudgetsErrors(t *testing.T) {
	for _, c := range []struct{ name, in, want string }{
		{"empty list", "", "the list is empty"},
		{"only commas", ",,", "the list is empty"},
		{"zero nodes", "nodes=0", `budget "nodes=0"`},
		{"negative nodes", "nodes=1000,-5", `budget "-5"`},
		{"malformed nodes", "nodes=10k", `budget "nodes=10k"`},
		{"a clock as nodes", "nodes=1000+0.1", "a clock is tc=S+I"},
		{"a clock without increment", "tc=10+", `budget "tc=10+"`},
		{"a zero clock", "tc=0+0.1", `budget "tc=0+0.1"`},
		{"a negative increment", "tc=10+-1", `budget "tc=10+-1"`},
		{"no kind", "2500,10000", `budget "2500": name its kind`},
		{"unknown kind", "depth=8", `unknown kind "depth"`},
		{"twice", "nodes=1000,1000", "twice"},
	} {
		_, err := setup.ParseBudgets(c.in)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %q gave %v, want an error with %q", c.name, c.in, err, c.want)
		}
	}
}

func TestParseTCRejectsMalformed(t *testing.T) {
	for _, s := range []string{"10+", "+0.1", "", "ten", "10+x", "0", "-1+0", "NaN", "10 +0.1", "10+0.1@", "10+0.1@0", "10+0.1@x", "10@-5", "@5"} {
		if tc, err := setup.ParseTC(s); err == nil {
			t.Errorf("ParseTC(%q) = %v, want an error", s, tc)
		}
	}
	for s, want := range map[string]string{"10+0.1": "10+0.1", "60": "60+0", "0.5+0.01": "0.5+0.01", "10+0.1@960": "10+0.1@960"} {
		if tc, err := setup.ParseTC(s); err != nil || tc.String() != want {
			t.Errorf("ParseTC(%q) = %v, %v; want %s", s, tc, err, want)
		}
	}
}

func TestCommentDepth(t *testing.T) {
	for c, want := range map[string]int{"+0.25/8": 8, "-M3/12": 12, "+1.00/17 0.104s": 17, "book": -1, "?": -1, "?/x": -1} {
		d, ok := commentDepth(c)
		if (want < 0) == ok || (ok && d != want) {
			t.Errorf("%q: %d %v, want %d", c, d, ok, want)
		}
	}
}

// TestCommentNodes: a move under a clock says the nodes it searched;
// comments and the pair's means agree.
func TestCommentNodes(t *testing.T) {
	for c, want := range map[string]int{"+1.00/17 0.104s n=183204": 183204, "-M3/12 0.2s n=7": 7, "+0.25/8": -1,
		"+1.00/17 0.104s": -1, "book": -1, "+0.1/3 0.1s n=x": -1} {
		n, ok := commentNodes(c)
		if (want < 0) == ok || (ok && n != want) {
			t.Errorf("%q: %d %v, want %d", c, n, ok, want)
		}
	}
	if c := comment(25, 14, 183204, true, 212*time.Millisecond, true, true); c != "+0.25/14 0.212s n=183204" {
		t.Errorf("comment under a clock: %q", c)
	}
	if c := comment(25, 14, 183204, true, 0, false, false); c != "+0.25/14" {
		t.Errorf("comment at a node budget: %q", c)
	}
	start, _ := chess.ParseFEN(chess.StartFEN)
	g := &Game{White: "a", Black: "b", Start: start, Comments: []string{"book", "+0.1/10 0.1s n=100", "-0.1/12 0.1s n=300", "+0.1/11 0.1s n=200"}}
	h := &Game{White: "b", Black: "a", Start: start, Comments: []string{"+0.1/10 0.1s n=500", "-0.1/12 0.1s n=400"}}
	p := &Pair{Games: [2]*Game{g, h}}
	if a, b := p.means("a", commentNodes); a != 350 || b != 800.0/3 { // a: 300, 400; b: 100, 200, 500
		t.Errorf("mean nodes a %v, b %v; want 350, 266.7", a, b)
	}
}

// TestPrecisionStopsAtTheSamePair: the precision rule decides on pairs in
// order, so the match stops at the same pair on any number of workers,
// once its interval is as narrow as asked and not before pair 50.
func TestPrecisionStopsAtTheSamePair(t *testing.T) {
	if testing.Short() {
		t.Skip("plays up to 240 games")
	}
	const precision = 50
	var counted []int
	for _, workers := range []int{1, 3} {
		m := &Match{A: native(t, "full", "full"), B: native(t, "nolmp", "full,-lmp"), Openings: openings(t, "openings"),
			Pairs: 150, Budget: setup.Budget{Nodes: 1000}, Adjudication: Adjudication{ResignMoves: 2, ResignScore: 600, MaxMoves: 100},
			Precision: precision, Workers: workers, Event: "test", Date: "2026.01.01"}
		out, err := m.Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		e := out.Score.Estimate()
		if !out.Precise || e.EloError > precision || len(out.Pairs) < 50 || len(out.Pairs) >= 150 {
			t.Fatalf("%d workers: precise %v after %d pairs, ±%.1f", workers, out.Precise, len(out.Pairs), e.EloError)
		}
		// One pair fewer was not yet precise enough (or was before pair 50).
		if n := len(out.Pairs); n > 50 {
			var s stats.Score
			for _, p := range out.Pairs[:n-1] {
				s.AddPair(p.Points("full"))
			}
			if s.Estimate().EloError <= precision {
				t.Errorf("pair %d was already precise: ±%.1f", n-1, s.Estimate().EloError)
			}
		}
		t.Logf("%d workers: stopped after %d pairs, %+.1f ± %.1f", workers, len(out.Pairs), e.Elo, e.EloError)
		counted = append(counted, len(out.Pairs))
	}
	if counted[0] != counted[1] {
		t.Errorf("stopped after %v pairs", counted)
	}
}

// long skips an end-to-end test under -short: make test runs the short
// suite, CI the whole one too (make test-long).
func long(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("end to end: make test-long")
	}
}
