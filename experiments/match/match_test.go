package match

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ablate-chess/ablate/engine/chess"
	"github.com/ablate-chess/ablate/engine/subject"
	"github.com/ablate-chess/ablate/engine/uci/ucitest"
	"github.com/ablate-chess/ablate/experiments/resultdir"
	"github.com/ablate-chess/ablate/experiments/setup"
	"github.com/ablate-chess/ablate/experiments/stats"
)

func TestMain(m *testing.M) {
	ucitest.Main()
	os.Exit(m.Run())
}

func game(t *testing.T, fen string, moves ...string) *chess.Game {
	t.Helper()
	p, err := chess.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	g := chess.NewGame(p)
	for _, s := range moves {
		m, err := g.Position.ParseUCI(s)
		if err != nil {
			t.Fatal(err)
		}
		g.Play(m)
	}
	return g
}

// TestRules: each rule that ends a game, and positions that must go on.
func TestRules(t *testing.T) {
	knights := []string{"g1f3", "g8f6", "f3g1", "f6g8"}
	for _, c := range []struct {
		name, fen     string
		moves         []string
		result, cause string
	}{
		{"checkmate", "rnbqkbnr/ppppp2p/5p2/6p1/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3", []string{"d1h5"}, "1-0", "checkmate"},
		{"black mates", "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", []string{"d8h4"}, "0-1", "checkmate"},
		{"stalemate", "7k/5Q2/6K1/8/8/8/8/8 w - - 0 1", []string{"g6h6"}, "1/2-1/2", "stalemate"},
		{"bare kings", "8/8/4k3/8/8/3K4/8/8 w - - 0 1", nil, "1/2-1/2", "insufficient material"},
		{"king and bishop", "8/8/4k3/8/8/3KB3/8/8 w - - 0 1", nil, "1/2-1/2", "insufficient material"},
		{"king and knight", "8/8/4k3/8/8/3KN3/8/8 b - - 0 1", nil, "1/2-1/2", "insufficient material"},
		{"bishops on one colour", "8/8/3bk3/8/8/3KB3/8/8 w - - 0 1", nil, "1/2-1/2", "insufficient material"},
		{"threefold", chess.StartFEN, append(append([]string{}, knights...), knights...), "1/2-1/2", "threefold repetition"},
		{"fifty moves", "8/8/4k3/8/8/3K4/8/R7 w - - 99 80", []string{"a1a2"}, "1/2-1/2", "fifty-move rule"},
		{"mate on the hundredth half-move", "7k/8/6K1/8/8/8/8/R7 w - - 99 80", []string{"a1a8"}, "1-0", "checkmate"},
	} {
		over, result, cause := rules(game(t, c.fen, c.moves...))
		if !over || result != c.result || cause != c.cause {
			t.Errorf("%s: over %v, %q %q; want %q %q", c.name, over, result, cause, c.result, c.cause)
		}
	}
	for _, c := range []struct {
		name, fen string
		moves     []string
	}{
		{"twice is not thrice", chess.StartFEN, knights},
		{"bishops on both colours", "8/8/2b1k3/8/8/3KB3/8/8 w - - 0 1", nil},
		{"two knights", "8/8/4k3/8/8/3KNN2/8/8 w - - 0 1", nil},
		{"a pawn", "8/8/4k3/8/8/3K4/4P3/8 w - - 0 1", nil},
		{"ninety-nine half-moves", "8/8/4k3/8/8/3K4/8/R7 w - - 98 80", []string{"a1a2"}},
	} {
		if over, result, cause := rules(game(t, c.fen, c.moves...)); over {
			t.Errorf("%s: ended %q by %s", c.name, result, cause)
		}
	}
}

// TestThreefoldAcrossTheOpening: the opening's moves are the game's history,
// so a repetition of a position the opening passed through counts.
func TestThreefoldAcrossTheOpening(t *testing.T) {
	g := game(t, chess.StartFEN, "g1f3", "g8f6", "f3g1", "f6g8") // the opening: twice the start
	if over, _, _ := rules(g); over {
		t.Fatal("ended after the opening")
	}
	for _, s := range []string{"g1f3", "g8f6", "f3g1", "f6g8"} {
		m, _ := g.Position.ParseUCI(s)
		g.Play(m)
	}
	if over, _, cause := rules(g); !over || cause != "threefold repetition" {
		t.Errorf("third occurrence: %v %s", over, cause)
	}
}

func TestCanMate(t *testing.T) {
	for fen, want := range map[string]bool{
		"8/8/4k3/8/8/3KB3/8/8 w - - 0 1":  false,
		"8/8/4k3/8/8/3KBN2/8/8 w - - 0 1": true,
		"8/8/4k3/8/8/3K4/P7/8 w - - 0 1":  true,
		"8/8/4k3/8/8/3KN3/8/8 w - - 0 1":  false,
	} {
		p, _ := chess.ParseFEN(fen)
		if got := canMate(&p, chess.White); got != want {
			t.Errorf("%s: %v", fen, got)
		}
	}
}

// TestAdjudication: the thresholds, exactly.
func TestAdjudication(t *testing.T) {
	adj := &Adjudication{ResignMoves: 2, ResignScore: 500, DrawFrom: 30, DrawMoves: 2, DrawScore: 10}
	feed := func(scores []int, from int) (string, int) {
		var a adjudicator
		for i, s := range scores {
			if r, _, over := a.add(adj, s, true, from+i/2); over {
				return r, i + 1
			}
		}
		return "", len(scores)
	}
	for _, c := range []struct {
		name   string
		scores []int
		from   int
		result string
		plies  int
	}{
		{"white wins after 4 plies beyond", []int{600, 700, 500, 900}, 10, "1-0", 4},
		{"not quite: 499", []int{600, 700, 499, 900, 600}, 10, "", 5},
		{"black wins", []int{-500, -800, -600, -700}, 10, "0-1", 4},
		{"a swing restarts the count", []int{600, -600, -600, -600, -600}, 10, "0-1", 5},
		{"draw after move 30", []int{5, -5, 0, 10}, 31, "1/2-1/2", 4},
		{"no draw before move 30", []int{5, -5, 0, 10}, 20, "", 4},
		{"11 cp breaks the draw", []int{5, -5, 11, 0, 0, 0}, 31, "", 6},
	} {
		r, n := feed(c.scores, c.from)
		if r != c.result || n != c.plies {
			t.Errorf("%s: %q after %d plies, want %q after %d", c.name, r, n, c.result, c.plies)
		}
	}
}

func native(t testing.TB, name, spec string) Player {
	sub := subject.Native{HashMB: 2}
	cfg, err := sub.ParseConfig(spec)
	if err != nil {
		t.Fatal(err)
	}
	return Player{Name: name, Spec: spec, Subject: sub, Config: cfg}
}

func openings(t testing.TB, name string) []Opening {
	ops, err := LoadOpenings(name)
	if err != nil {
		t.Fatal(err)
	}
	return ops
}

func pgnOf(m *Match, out *Outcome) string {
	var b strings.Builder
	for _, p := range out.Pairs {
		b.WriteString(m.PGN(p, 0))
		b.WriteString(m.PGN(p, 1))
	}
	return b.String()
}

// TestSamePGNWhateverTheWorkers plays one fixed-node match on 1 and 4
// workers: the PGN is the same, byte for byte.
func TestSamePGNWhateverTheWorkers(t *testing.T) {
	long(t)
	var pgns []string
	for _, workers := range []int{1, 4} {
		m := &Match{A: native(t, "full", "full"), B: native(t, "nolmp", "full,-lmp"), Openings: openings(t, "bench")[:6],
			Pairs: 6, Budget: setup.Budget{Nodes: 3000}, Adjudication: Adjudication{ResignMoves: 3, ResignScore: 1000, MaxMoves: 150},
			Workers: workers, Event: "test", Date: "2026.01.01"}
		out, err := m.Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if len(out.Pairs) != 6 || out.Score.Games() != 12 {
			t.Fatalf("%d pairs, %d games", len(out.Pairs), out.Score.Games())
		}
		pgns = append(pgns, pgnOf(m, out))
	}
	if pgns[0] != pgns[1] {
		t.Error("the PGN differs between -j 1 and -j 4")
	}
	games, err := chess.ReadPGN(strings.NewReader(pgns[0]), "m.pgn")
	if err != nil || len(games) != 12 {
		t.Fatalf("our PGN reads back as %d games: %v", len(games), err)
	}
	// The PGN's statistics are the match's.
	tally, err := TallyPGN(games, "full")
	if err != nil || tally.Unpaired != 0 || tally.Score.Pairs() != 6 {
		t.Errorf("tally %+v %v", tally, err)
	}
}

// TestNodeClock: a clock counted in nodes (10+0.1@N) gives the same
// games on any number of workers, spends more nodes early than late, as a
// clock does, and says the nodes of every move; an engine that cannot
// count it is refused, naming what to do.
func TestNodeClock(t *testing.T) {
	long(t)
	tc, err := setup.ParseTC("1+0.01@30")
	if err != nil {
		t.Fatal(err)
	}
	var pgns []string
	for _, workers := range []int{1, 3} {
		m := &Match{A: native(t, "full", "full"), B: native(t, "nolmp", "full,-lmp"), Openings: openings(t, "bench")[:3],
			Pairs: 3, Budget: setup.Budget{TC: tc}, Adjudication: Adjudication{ResignMoves: 3, ResignScore: 1000, MaxMoves: 150},
			Workers: workers, Event: "test", Date: "2026.01.01"}
		out, err := m.Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if r := out.Result(m); r.NodesA == 0 || r.NodesA > 30*1000+30*10 {
			t.Errorf("mean nodes a move %v: want some, and less than the clock holds", r.NodesA)
		}
		pgns = append(pgns, pgnOf(m, out))
	}
	if pgns[0] != pgns[1] {
		t.Error("the PGN differs between -j 1 and -j 3")
	}
	games, _ := chess.ReadPGN(strings.NewReader(pgns[0]), "m.pgn")
	first, last := 0, 0
	for _, g := range games {
		n := len(g.Comments)
		if n < 20 || g.Tag("Limits") != "tc=1+0.01@30" || g.Tag("TimeControl") != "1+0.01" {
			t.Fatalf("game of %d moves, Limits %q, TimeControl %q", n, g.Tag("Limits"), g.Tag("TimeControl"))
		}
		for i, c := range g.Comments {
			v, ok := commentNodes(c)
			switch {
			case !ok && c != "book":
				t.Fatalf("move %d's comment %q has no nodes", i, c)
			case i < 6:
				first += v
			case i >= n-6:
				last += v
			}
		}
	}
	if first <= last {
		t.Errorf("the first moves out of book took %d nodes, the last %d: a clock spends more early", first, last)
	}
	m := &Match{A: native(t, "full", "full"), B: fake(t, "ext", "ok"), Openings: openings(t, "bench")[:1], Pairs: 1,
		Budget: setup.Budget{TC: tc}, Workers: 1, Event: "test", Date: "2026.01.01"}
	if _, err := m.Run(context.Background()); err == nil || !strings.Contains(err.Error(), "cannot count a clock in nodes") {
		t.Errorf("an engine without nodes as time: %v", err)
	}
}

// TestSPRTStopsAtTheSamePair: an SPRT decides on pairs in order, so the
// match stops at the same pair on any number of workers.
func TestSPRTStopsAtTheSamePair(t *testing.T) {
	sprt := &stats.SPRT{Elo0: 0, Elo1: 400, Alpha: 0.2, Beta: 0.2, Model: "logistic"}
	var counted []int
	for _, workers := range []int{1, 3} {
		m := &Match{A: native(t, "full", "full"), B: native(t, "weak", "alphabeta"), Openings: openings(t, "bench"),
			Pairs: 40, Budget: setup.Budget{Nodes: 2000}, Adjudication: Adjudication{ResignMoves: 2, ResignScore: 600, MaxMoves: 120},
			SPRT: sprt, Workers: workers, Event: "test", Date: "2026.01.01"}
		out, err := m.Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if out.Verdict != "H1" {
			t.Fatalf("full against alphabeta: verdict %q after %d pairs (LLR %.2f)", out.Verdict, len(out.Pairs), out.LLR)
		}
		counted = append(counted, len(out.Pairs))
	}
	if counted[0] != counted[1] || counted[0] >= 40 {
		t.Errorf("stopped after %v pairs", counted)
	}
}

// TestInterruptThenResume keeps the finished pairs of a stopped match and
// finishes it from them: the outcome is the whole match's.
func TestInterruptThenResume(t *testing.T) {
	long(t)
	mk := func() *Match {
		return &Match{A: native(t, "a", "full"), B: native(t, "b", "stage-13"), Openings: openings(t, "bench"),
			Pairs: 6, Budget: setup.Budget{Nodes: 2000}, Adjudication: Adjudication{ResignMoves: 2, ResignScore: 800, MaxMoves: 100},
			Workers: 2, Event: "test", Date: "2026.01.01"}
	}
	whole, err := mk().Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	j, err := resultdir.OpenDir(dir, &resultdir.MatchInfo{}, false)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	m := mk()
	pairs := 0
	m.OnPair = func(p *Pair) error {
		if pairs++; pairs == 2 {
			cancel()
		}
		return j.AppendJSON(p.JournalUnit())
	}
	if _, err := m.Run(ctx); err != context.Canceled {
		t.Fatalf("interrupted: %v", err)
	}
	j.Close()
	done, err := ReadJournal(dir)
	if err != nil || len(done) < 2 {
		t.Fatalf("journal: %d pairs, %v", len(done), err)
	}
	m = mk()
	m.Done = done
	rest, err := m.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if pgnOf(m, rest) != pgnOf(mk(), whole) || rest.Score != whole.Score {
		t.Errorf("resumed match differs from the whole one: %+v vs %+v", rest.Score, whole.Score)
	}
}

// fake is an external player: the fake UCI engine in the given mode.
func fake(t *testing.T, name, mode string) Player {
	t.Helper()
	u, err := subject.OpenUCI(subject.UCI{Command: ucitest.Command(mode), SearchLimit: 300 * time.Millisecond,
		StopGrace: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	cfg, _ := u.ParseConfig("default")
	return Player{Name: name, Spec: "default", Subject: u, Config: cfg}
}

// TestExternalFaultsLoseTheGame: an engine that crashes, hangs, plays an
// illegal move or sends garbage loses that game with the reason recorded;
// the match goes on with the engine restarted.
func TestExternalFaultsLoseTheGame(t *testing.T) {
	for _, c := range []struct{ mode, reason string }{
		{"crash@3", "fake crashed"},
		{"hang@3", "fake hung"},
		{"illegal@3", "fake played a1a1, which is illegal"},
		{"garbage@3", "fake sent garbage"},
	} {
		t.Run(c.mode, func(t *testing.T) {
			m := &Match{A: native(t, "ablate", "full"), B: fake(t, "fake", c.mode), Openings: openings(t, "bench")[:2],
				Pairs: 2, Budget: setup.Budget{Nodes: 500}, Adjudication: Adjudication{MaxMoves: 20}, Workers: 1,
				Event: "test", Date: "2026.01.01"}
			out, err := m.Run(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if out.Score.Games() != 4 {
				t.Fatalf("%d games played", out.Score.Games())
			}
			g := out.Pairs[0].Games[0]
			if g.Termination != termInfraction || !strings.HasPrefix(g.Reason, c.reason) || g.scoreFor("fake") != 0 {
				t.Errorf("game 1: %s, %q (%s)", g.Result, g.Reason, g.Termination)
			}
			// The next games ran on a restarted engine (crash and hang) or
			// the same one, until its fault struck again.
			if later := out.Pairs[1].Games[1]; later.Termination == "" {
				t.Errorf("the last game did not end: %+v", later)
			}
		})
	}
}

// TestLossOnTime: an engine too slow for its clock loses on time; with a
// margin as large as its slowness, it does not.
func TestLossOnTime(t *testing.T) {
	tc := &setup.TimeControl{Base: 300 * time.Millisecond}
	m := &Match{A: native(t, "ablate", "full"), B: fake(t, "slow", "slow@1"), Openings: openings(t, "bench")[:1],
		Pairs: 1, Budget: setup.Budget{TC: tc}, Adjudication: Adjudication{MaxMoves: 30}, Workers: 1, Event: "test", Date: "2026.01.01"}
	out, err := m.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range out.Pairs[0].Games {
		if g.Termination != termTime || !strings.Contains(g.Reason, "slow lost on time") {
			t.Errorf("%s: %s (%s)", g.Result, g.Reason, g.Termination)
		}
	}
	if a, b := out.TimeLosses("ablate"); a != 0 || b != 2 {
		t.Errorf("time losses: ablate %d, slow %d", a, b)
	}
	// A margin past its slowness: the games go on to the move cap.
	m.Budget.TimeMargin, m.Adjudication.MaxMoves = 3*time.Second, 4
	if out, err = m.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	for _, g := range out.Pairs[0].Games {
		if g.Termination == termTime {
			t.Errorf("lost on time within the margin: %s", g.Reason)
		}
	}
}

// TestShortMatchAgainstDebianEngine plays Glaurung (installed by .ci/run)
// at depth 4: every game ends by a rule, adjudication or the move cap,
// never by a fault. (Not at a node limit: Glaurung 2.2 answers "bestmove
// (none)" when a small one, 3000, stops it before its first iteration
// ends with a table from earlier moves; that is a loss by rules infraction,
// as TestExternalFaultsLoseTheGame checks of such faults.)
func TestShortMatchAgainstDebianEngine(t *testing.T) {
	path, err := exec.LookPath("/usr/games/glaurung")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("glaurung not installed (.ci/run installs it)")
		}
		t.Skip("glaurung not installed")
	}
	u, err := subject.OpenUCI(subject.UCI{Command: path, HashMB: 4})
	if err != nil {
		t.Fatal(err)
	}
	cfg, _ := u.ParseConfig("default")
	m := &Match{A: native(t, "ablate", "full"), B: Player{Name: "glaurung", Spec: "default", Subject: u, Config: cfg},
		Openings: openings(t, "bench")[:2], Pairs: 2, Budget: setup.Budget{Depth: 4},
		Adjudication: Adjudication{ResignMoves: 3, ResignScore: 1000, MaxMoves: 100}, Workers: 2, Event: "ci", Date: "2026.01.01"}
	out, err := m.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range out.Pairs {
		for _, g := range p.Games {
			legal := g.Result == "1-0" || g.Result == "0-1" || g.Result == "1/2-1/2"
			if !legal || (g.Termination != termNormal && g.Termination != termAdjudicated) {
				t.Errorf("game %d.%s: %s by %s (%s)\n%s", p.Index+1, g.White, g.Result, g.Reason, g.Termination, m.PGN(p, 1))
			}
			// Every move of the game is legal: the PGN reads back.
			if _, err := chess.ReadPGN(strings.NewReader(m.PGN(p, 0)), "g.pgn"); err != nil {
				t.Error(err)
			}
		}
	}
}

var sink atomic.Int64

// benchmarkGames plays a fixed-node match on one worker and reports games
// a second and the share of the time spent outside the engines' searches.
func benchmarkGames(b *testing.B, nodes uint64, workers int) {
	ops := openings(b, "bench")
	var games int
	var elapsed, searching time.Duration
	for b.Loop() {
		m := &Match{A: native(b, "a", "full"), B: native(b, "b", "full,-lmp"), Openings: ops, Pairs: 4,
			Budget: setup.Budget{Nodes: nodes}, Adjudication: Adjudication{ResignMoves: 3, ResignScore: 1000, DrawFrom: 40, DrawMoves: 8, DrawScore: 10, MaxMoves: 200},
			Workers: workers, Event: "bench", Date: "2026.01.01"}
		out, err := m.Run(context.Background())
		if err != nil {
			b.Fatal(err)
		}
		for _, p := range out.Pairs {
			for _, g := range p.Games {
				games++
				elapsed += g.Elapsed
				searching += g.Searching
				sink.Add(int64(len(g.Moves)))
			}
		}
	}
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(100*float64(elapsed-searching)/float64(elapsed), "%outside")
}

func BenchmarkGames(b *testing.B) {
	// The worth ladder's budgets; one worker, so games/s is a core's.
	for _, n := range []uint64{1000, 2500, 10000, 40000, 160000} {
		b.Run(fmt.Sprintf("nodes=%d", n), func(b *testing.B) { benchmarkGames(b, n, 1) })
	}
}

func BenchmarkMatchWorkers(b *testing.B) {
	b.Run("j=1", func(b *testing.B) { benchmarkGames(b, 10000, 1) })
	b.Run("j=2", func(b *testing.B) { benchmarkGames(b, 10000, 2) })
}

// TestOpeningsFromPGNAndOrder: a PGN file's games are openings whose moves
// stay in the game; a random order is the same for the same seed.
func TestOpeningsFromPGNAndOrder(t *testing.T) {
	path := t.TempDir() + "/book.pgn"
	os.WriteFile(path, []byte("[Event \"a\"]\n\n1. e4 e5 2. Nf3 *\n\n[Event \"b\"]\n\n1. d4 d5 *\n"), 0o644)
	ops, err := LoadOpenings(path)
	if err != nil || len(ops) != 2 || len(ops[0].Moves) != 3 || ops[1].Start.String() != chess.StartFEN {
		t.Fatalf("%+v %v", ops, err)
	}
	m := &Match{A: native(t, "a", "full"), B: native(t, "b", "full"), Openings: ops, Pairs: 1,
		Budget: setup.Budget{Nodes: 300}, Adjudication: Adjudication{MaxMoves: 3}, Workers: 1, Event: "t", Date: "2026.01.01"}
	out, err := m.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	g := out.Pairs[0].Games[0]
	if g.BookPlies != 3 || g.Moves[0].String() != "e2e4" || g.Comments[0] != "book" {
		t.Errorf("the opening's moves are not the game's first: %v", g.Moves[:3])
	}
	many := openings(t, "openings")
	a, _ := Order(many, "random", 7)
	b, _ := Order(many, "random", 7)
	c, _ := Order(many, "random", 8)
	if a[0].ID != b[0].ID || a[0].ID == c[0].ID && a[1].ID == c[1].ID || a[0].ID == many[0].ID && a[1].ID == many[1].ID {
		t.Errorf("random order: %s %s / %s %s / %s", a[0].ID, a[1].ID, c[0].ID, c[1].ID, many[0].ID)
	}
}

// TestSoFar: an interrupted match's pairs count as Run counts them, in
// pair order up to the first pair missing; the precision still stops the
// count where Run would have stopped.
func TestSoFar(t *testing.T) {
	pair := func(i int, first, second string) *Pair {
		return &Pair{Index: i, Games: [2]*Game{{White: "a", Black: "b", Result: first}, {White: "b", Black: "a", Result: second}}}
	}
	m := &Match{A: Player{Name: "a"}, B: Player{Name: "b"}, Pairs: 6, Openings: []Opening{{ID: "o"}},
		Done: map[int]*Pair{0: pair(0, "1-0", "0-1"), 1: pair(1, "1/2-1/2", "1-0"), 3: pair(3, "1-0", "0-1"), 4: pair(4, "0-1", "1-0")}}
	out := m.SoFar()
	if len(out.Pairs) != 2 || out.Score.Wins != 2 || out.Score.Draws != 1 || out.Score.Losses != 1 || out.Score.WW != 1 || out.Score.LD != 1 {
		t.Errorf("so far: %d pairs, %+v; want pairs 0 and 1 only: 2 wins, a draw, a loss", len(out.Pairs), out.Score)
	}
	m.Done[2] = pair(2, "1-0", "0-1")
	if out := m.SoFar(); len(out.Pairs) != 5 || out.Score.WW != 3 || out.Score.LL != 1 {
		t.Errorf("with the gap filled: %d pairs, %+v; want 5", len(out.Pairs), out.Score)
	}
	// Any interval is narrow enough: the count stops at the first pair
	// the precision rule looks at.
	m.Precision, m.Pairs = 1e9, stats.MinPrecisionPairs+5
	for i := 5; i < m.Pairs; i++ {
		m.Done[i] = pair(i, "1/2-1/2", "1-0")
	}
	if out := m.SoFar(); len(out.Pairs) != stats.MinPrecisionPairs || !out.Precise {
		t.Errorf("precision: %d pairs, precise %v; want %d and true", len(out.Pairs), out.Precise, stats.MinPrecisionPairs)
	}
}

// TestWatchdogStopsOverruns: an engine that does not stop at its nodes
// (it waits for stop, as Toga II 3.0 does) loses that game on time with
// the reason; one that keeps doing it stops the match, and one that does
// it from its first search is caught by the probe before any game.
func TestWatchdogStopsOverruns(t *testing.T) {
	player := func(mode string) Player {
		u, err := subject.OpenUCI(subject.UCI{Command: ucitest.Command(mode), MoveTimeout: 200 * time.Millisecond,
			StopGrace: 300 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		cfg, _ := u.ParseConfig("default")
		return Player{Name: "fake", Spec: "default", Subject: u, Config: cfg}
	}
	newMatch := func(mode string, pairs int) *Match {
		return &Match{A: native(t, "ablate", "full"), B: player(mode), Openings: openings(t, "bench")[:2],
			Pairs: pairs, Budget: setup.Budget{Nodes: 500}, Adjudication: Adjudication{MaxMoves: 20}, Workers: 1,
			Event: "test", Date: "2026.01.01"}
	}
	// Every third search of each game's process overruns: two games, two
	// losses on time.
	out, err := newMatch("nonodes@3", 1).Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range out.Pairs[0].Games {
		if g.Termination != termTime || !strings.Contains(g.Reason, "fake did not stop at 500 nodes") || g.scoreFor("fake") != 0 {
			t.Errorf("%s: %q (%s)", g.Result, g.Reason, g.Termination)
		}
	}
	// A third overrun stops the match.
	if _, err := newMatch("nonodes@3", 2).Run(context.Background()); err == nil ||
		!strings.Contains(err.Error(), "engine fake did not stop at 500 nodes") || !strings.Contains(err.Error(), "use --tc") {
		t.Errorf("three overruns: %v", err)
	}
	// From the first search: the probe, before any game.
	m := newMatch("nonodes", 2)
	var played int
	m.OnPair = func(*Pair) error { played++; return nil }
	if _, err := m.Run(context.Background()); err == nil || !strings.Contains(err.Error(), "ignore 'go nodes'") || played != 0 {
		t.Errorf("the probe: %v, %d pairs played", err, played)
	}
}

// TestRandomPlies: each pair's opening is extended by the same random
// legal moves on every call (so for both its games, and any -j), other
// moves for other pairs and seeds, and never into a position without a
// move.
func TestRandomPlies(t *testing.T) {
	ops := openings(t, "bench")[:2]
	m := &Match{Openings: ops, RandomPlies: 6, RandomSeed: 1}
	line := func(m *Match, i int) string {
		op := m.opening(i, 0)
		g := chess.NewGame(op.Start)
		for _, mv := range op.Moves {
			var l chess.MoveList
			if g.Position.LegalMoves(&l); !slices.Contains(l.Moves[:l.N], mv) {
				t.Fatalf("pair %d: %s is not legal", i, mv)
			}
			g.Play(mv)
		}
		var l chess.MoveList
		if g.Position.LegalMoves(&l); l.N == 0 {
			t.Errorf("pair %d ends with no move to play", i)
		}
		return fmt.Sprint(op.Moves)
	}
	seen := map[string]bool{}
	for i := range 20 {
		a, b := line(m, i), line(m, i)
		if a != b {
			t.Fatalf("pair %d: two lines: %s and %s", i, a, b)
		}
		if n := len(m.opening(i, 0).Moves) - len(ops[i%2].Moves); n != 6 {
			t.Errorf("pair %d: %d random plies", i, n)
		}
		seen[a] = true
	}
	if len(seen) < 19 {
		t.Errorf("20 pairs, %d different lines", len(seen))
	}
	other := &Match{Openings: ops, RandomPlies: 6, RandomSeed: 2}
	if line(other, 0) == line(m, 0) {
		t.Error("another seed drew the same line")
	}
	if m.opening(4, 0).ID != m.opening(4, 1).ID || line(m, 4) != fmt.Sprint(m.opening(4, 1).Moves) {
		t.Error("per pair, a pair's two games start from different lines")
	}
	perGame := &Match{Openings: ops, RandomPlies: 6, RandomSeed: 1, RandomPerGame: true}
	games := map[string]bool{}
	for i := range 10 {
		for g := range 2 {
			op := perGame.opening(i, g)
			if want := fmt.Sprintf("%s+%d.%d", ops[i%2].ID, i, g); op.ID != want {
				t.Errorf("pair %d game %d: opening %q, want %q", i, g, op.ID, want)
			}
			games[fmt.Sprint(op.Moves)] = true
		}
	}
	if len(games) < 19 {
		t.Errorf("per game, 20 games from %d different lines", len(games))
	}
	if plain := (&Match{Openings: ops}).opening(3, 1); plain.ID != ops[1].ID || len(plain.Moves) != len(ops[1].Moves) {
		t.Errorf("no random plies changed the opening: %+v", plain)
	}
}

// TestOnShallow: under a node budget too small for a second ply, both
// players are reported once, after the first pairs; at a budget that
// reaches several plies, neither is.
func TestOnShallow(t *testing.T) {
	for _, c := range []struct {
		nodes uint64
		want  int
	}{{1, 2}, {2000, 0}} {
		var told []string
		m := &Match{A: native(t, "a", "full"), B: native(t, "b", "full,-lmr"), Openings: openings(t, "bench")[:4],
			Pairs: 4, Budget: setup.Budget{Nodes: c.nodes}, Adjudication: Adjudication{MaxMoves: 40}, Workers: 1,
			Event: "test", Date: "2026.01.01"}
		m.OnShallow = func(player string, depth float64) { told = append(told, player) }
		if _, err := m.Run(context.Background()); err != nil {
			t.Fatal(err)
		}
		if len(told) != c.want {
			t.Errorf("nodes=%d: told %v, want %d players", c.nodes, told, c.want)
		}
	}
}
