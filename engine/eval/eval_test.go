package eval

import (
	"strings"
	"testing"

	"github.com/ablate-chess/ablate/engine/chess"
	"github.com/ablate-chess/ablate/positions"
)

// mirror swaps the colours and flips the board vertically: the same
// position with the other side to play it.
func mirror(t *testing.T, p *chess.Position) chess.Position {
	t.Helper()
	fields := strings.Fields(p.String())
	ranks := strings.Split(fields[0], "/")
	var b strings.Builder
	for i := 7; i >= 0; i-- {
		for _, c := range ranks[i] {
			switch {
			case c >= 'a' && c <= 'z':
				c -= 'a' - 'A'
			case c >= 'A' && c <= 'Z':
				c += 'a' - 'A'
			}
			b.WriteRune(c)
		}
		if i > 0 {
			b.WriteByte('/')
		}
	}
	side := "w"
	if fields[1] == "w" {
		side = "b"
	}
	castle := "-"
	if fields[2] != "-" {
		castle = ""
		for _, c := range "KQkq" {
			if strings.ContainsRune(fields[2], c^0x20) {
				castle += string(c)
			}
		}
	}
	ep := "-"
	if fields[3] != "-" {
		ep = string([]byte{fields[3][0], '1' + '8' - fields[3][1]})
	}
	fen := strings.Join([]string{b.String(), side, castle, ep, fields[4], fields[5]}, " ")
	m, err := chess.ParseFEN(fen)
	if err != nil {
		t.Fatalf("mirror of %s: %v", p, err)
	}
	return m
}

func TestEvaluateIsColourSymmetric(t *testing.T) {
	for _, suite := range []string{"bench", "six", "perft"} {
		s, err := positions.Load(suite)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range s.Entries {
			m := mirror(t, &e.Board)
			if a, b := Evaluate(&e.Board, 0), Evaluate(&m, 0); a != b {
				t.Errorf("%s %s: %d, mirrored %d", suite, e.ID, a, b)
			}
		}
	}
}

func TestEvaluateKnownValues(t *testing.T) {
	for _, c := range []struct {
		name, fen string
		want      int
	}{
		{"start position is level", chess.StartFEN, 0},
		{"level for black too", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1", 0},
		// Black's king on e8 reads the square White's reads on e1.
		{"kings on mirrored squares are level", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", 0},
		// Phase 4 of 24. Middlegame: queen 1025 + d1 10, king e1 8 against
		// king e8 8. Endgame: queen 936 + d1 -43, kings -28 each.
		{"queen up, tapered", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1", ((1025+10)*4 + (936-43)*20) / 24},
		{"queen up, seen by the side without it", "4k3/8/8/8/8/8/8/3QK3 b - - 0 1", -(((1025+10)*4 + (936-43)*20) / 24)},
		// Phase 0: a white pawn on e4 (endgame 94, fourth-rank e-file -7).
		{"pawn up in a pawn ending", "4k3/8/8/8/4P3/8/8/4K3 w - - 0 1", 94 - 7},
	} {
		p, err := chess.ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := Evaluate(&p, 0); got != c.want {
			t.Errorf("%s: %d, want %d", c.name, got, c.want)
		}
	}
}

func BenchmarkEvaluate(b *testing.B) {
	p, _ := chess.ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	for b.Loop() {
		Evaluate(&p, 0)
	}
}

// pesto is the evaluation before any term: material and piece-square
// values, tapered, written out the obvious way (the oracle of every term
// being off).
func pesto(p *chess.Position) int {
	var mg, eg [2]int
	phase := 0
	for s := chess.Square(0); s < 64; s++ {
		pc := p.PieceOn(s)
		if pc == chess.NoPiece {
			continue
		}
		mg[pc.Color()] += psq[pc][s].MG
		eg[pc.Color()] += psq[pc][s].EG
		phase += phaseWeight[pc.Type()]
	}
	phase = min(phase, maxPhase)
	us, them := p.SideToMove(), p.SideToMove().Other()
	return ((mg[us]-mg[them])*phase + (eg[us]-eg[them])*(maxPhase-phase)) / maxPhase
}

// everyTermSet lists every set of terms.
func everyTermSet() []Terms {
	var out []Terms
	for s := Terms(0); s < 1<<NumTerms; s++ {
		out = append(out, s)
	}
	return out
}

// TestTermsOffIsPeSTO: with no term on, the evaluation is PeSTO's exactly;
// with any set on it is still the same for either colour.
func TestTermsOffIsPeSTOAndSymmetric(t *testing.T) {
	for _, suite := range []string{"bench", "six", "perft"} {
		s, err := positions.Load(suite)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range s.Entries {
			if got, want := Evaluate(&e.Board, 0), pesto(&e.Board); got != want {
				t.Errorf("%s %s: %d with every term off, PeSTO %d", suite, e.ID, got, want)
			}
			m := mirror(t, &e.Board)
			for _, on := range everyTermSet() {
				if a, b := Evaluate(&e.Board, on), Evaluate(&m, on); a != b {
					t.Errorf("%s %s, terms %b: %d, mirrored %d", suite, e.ID, on, a, b)
				}
			}
		}
	}
}

// TestTermsCount: each term counts what its comment says, for the side that
// has it.
func TestTermsCount(t *testing.T) {
	hs := handSet
	sum := func(ws ...Score) Score {
		var out Score
		for _, w := range ws {
			out.MG, out.EG = out.MG+w.MG, out.EG+w.EG
		}
		return out
	}
	times := func(w Score, n int) Score { return Score{w.MG * n, w.EG * n} }
	for _, c := range []struct {
		name, fen string
		on        Terms
		white     Score
		black     Score
	}{
		{"bishop pair", "4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", 1 << BishopPair, hs[bishopPair], Score{}},
		{"one bishop is no pair", "2b1k3/8/8/8/8/8/8/2B1KB2 b - - 0 1", 1 << BishopPair, hs[bishopPair], Score{}},
		{"hs[tempo] for the side to move", "4k3/8/8/8/8/8/8/4K3 b - - 0 1", 1 << Tempo, Score{}, hs[tempo]},
		{"rook on an open file", "4k3/8/8/8/8/8/P7/R3K2R w - - 0 1", 1 << RookFiles, hs[rookOpenFile], Score{}},
		{"rook on a semi-open file", "4k3/7p/8/8/8/8/P7/R3K2R w - - 0 1", 1 << RookFiles, hs[rookSemiOpenFile], Score{}},
		{"black's rooks too", "r3k2r/p7/8/8/8/8/8/4K3 w - - 0 1", 1 << RookFiles, Score{}, hs[rookOpenFile]},
		{"a queen on an open file", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1", 1 << RookFiles, hs[queenOpenFile], Score{}},
		{"terms off count nothing", "r3k2r/p7/8/8/8/8/8/2B1KB2 w - - 0 1", 0, Score{}, Score{}},
		// The knight on d4 attacks eight squares; the pawn on e6 takes f5.
		{"a knight's safe squares", "4k3/8/4p3/8/3N4/8/8/4K3 w - - 0 1", 1 << Mobility, times(hs[mobility(chess.Knight)], 7), Score{}},
		// The rook on a8 attacks b8 to d8 (its king holds e8) and a7 to a2,
		// the pawn it may take: nine squares, no pawn attacking one.
		{"a rook's safe squares", "r3k3/8/8/8/8/8/P7/4K3 b - - 0 1", 1 << Mobility, Score{}, times(hs[mobility(chess.Rook)], 9)},
		// White's pawn on e5 is passed (fifth rank, index 4), nothing in
		// front; its king is three squares from e6, Black's one.
		{"a passed pawn and the kings", "8/8/4k3/4P3/8/8/8/4K3 w - - 0 1", 1 << PassedPawns,
			sum(hs[passedRank(4)], hs[passedBlocked], times(hs[passedOwnKing], 5), times(hs[passedTheirKing], 0)), Score{}},
		{"a passed pawn far from the kings", "k7/8/8/4P3/8/8/8/K7 w - - 0 1", 1 << PassedPawns,
			sum(hs[passedRank(4)], times(hs[passedOwnKing], 5), times(hs[passedTheirKing], 4)), Score{}},
		{"a pawn with an enemy in front is not passed", "4k3/4p3/8/4P3/8/8/8/4K3 w - - 0 1", 1 << PassedPawns, Score{}, Score{}},
		// Free passers: e5 is two ranks past the third with e6 to e8
		// clear; Black's king on a8 is four moves from e8, the pawn three:
		// out of the square with White to move, in it with Black to move.
		{"a free passer out of the king's square", "k7/8/8/4P3/8/8/8/K7 w - - 0 1", 1 << FreePassers,
			sum(times(hs[passedFree], 2), hs[passedUnstoppable]), Score{}},
		{"the king catches it with the move", "k7/8/8/4P3/8/8/8/K7 b - - 0 1", 1 << FreePassers, times(hs[passedFree], 2), Score{}},
		{"a piece on its way", "k7/8/4K3/4P3/8/8/8/8 w - - 0 1", 1 << FreePassers, Score{}, Score{}},
		{"no race while the enemy has a piece", "kn6/8/8/4P3/8/8/8/K7 w - - 0 1", 1 << FreePassers, times(hs[passedFree], 2), Score{}},
		// a2's double step: five moves to a8, and Black's king on g3 is
		// six away; without the double step it would catch it.
		{"the double step counts", "8/8/8/8/8/6k1/P7/K7 w - - 0 1", 1 << FreePassers, hs[passedUnstoppable], Score{}},
		{"and the tempo", "8/8/8/8/8/6k1/P7/K7 b - - 0 1", 1 << FreePassers, Score{}, Score{}},
		// Black's h4 pawn (fifth rank as Black sees it) on a clear file,
		// White's king on a1 seven moves from h1, the pawn three.
		{"black's free passer", "4k3/8/8/8/7p/8/8/K7 w - - 0 1", 1 << FreePassers, Score{}, sum(times(hs[passedFree], 2), hs[passedUnstoppable])},
		// White: a2 isolated; c2 and c3 doubled (c2 behind), c3 guarded
		// by... nothing (b2 is empty), c2 and c3 both isolated. Black:
		// f7 g7 a phalanx (two pawns, each with a neighbour), h7 beside g7.
		{"isolated and doubled pawns", "4k3/5ppp/8/8/8/2P5/P1P5/4K3 w - - 0 1", 1 << PawnStructure,
			sum(times(hs[isolatedPawn], 3), hs[doubledPawn]), times(hs[phalanxPawn], 3)},
		{"a supported pawn", "4k3/8/8/8/3P4/2P5/8/4K3 w - - 0 1", 1 << PawnStructure, hs[supportedPawn], Score{}},
		// d3 has no pawn of its side level with it or behind on the c and
		// e files, and Black's c5 attacks d4, the square in front: it is
		// backward; it guards e4. Black's c5 is isolated.
		{"a backward pawn", "4k3/8/8/2p5/4P3/3P4/8/4K3 w - - 0 1", 1 << PawnStructure,
			sum(hs[backwardPawn], hs[supportedPawn]), hs[isolatedPawn]},
		// White's king on g1 behind f2 g2 h2: a full shield, no open file.
		// Black's king on g8 with no pawns: three open files.
		{"a king's shield and open files", "6k1/8/8/8/8/8/5PPP/6K1 w - - 0 1", 1 << KingSafety,
			times(hs[kingShield], 3), times(hs[kingOpenFile], 3)},
		// The king on g8's zone is f7 to h7, f8 to h8; the knight on f5
		// attacks g7 of them (and e7, h6, d6, d4, e3, g3, h4): one square.
		{"a knight on the king's zone", "6k1/8/8/5N2/8/8/8/4K3 w - - 0 1", 1 << KingSafety,
			sum(hs[kingAttack(chess.Knight)], times(hs[kingOpenFile], 3)), times(hs[kingOpenFile], 3)},
		// Nothing of Black's defends the knight on d5: hanging too.
		{"a pawn attacking a knight", "4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", 1 << Threats,
			sum(hs[threatByPawn], hs[hangingPiece]), Score{}},
		// The knight on e5 attacks the rook on d7, which the king defends.
		{"a knight on a rook", "4k3/3r4/8/4N3/8/8/8/4K3 w - - 0 1", 1 << Threats, hs[threatByMinor], Score{}},
		{"a rook on an undefended knight", "4k3/8/8/n7/8/8/8/R3K3 w - - 0 1", 1 << Threats, hs[hangingPiece], Score{}},
		// The knight on d5: fifth rank, guarded by e4, no black pawn on
		// c or e files ahead of it.
		{"a knight outpost", "4k3/8/8/3N4/4P3/8/8/4K3 w - - 0 1", 1 << Outposts, hs[knightOutpost], Score{}},
		{"no outpost a pawn can chase", "4k3/2p5/8/3N4/4P3/8/8/4K3 w - - 0 1", 1 << Outposts, Score{}, Score{}},
	} {
		p, err := chess.ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		sc := scorer{ws: &handSet}
		terms(&p, c.on, &sc, nil)
		if sc.s[chess.White] != c.white || sc.s[chess.Black] != c.black {
			t.Errorf("%s: white %v, black %v; want %v and %v", c.name, sc.s[chess.White], sc.s[chess.Black], c.white, c.black)
		}
	}
}

// TestEvaluatorCachesExactly: the pawn hash and the evaluation cache
// change nothing: a searcher's Evaluator gives Evaluate's score for every
// position and set of terms, the second time (from the tables) as the
// first, and a set of terms never reads another's cached score.
func TestEvaluatorCachesExactly(t *testing.T) {
	var ev Evaluator
	for _, suite := range []string{"bench", "perft"} {
		s, err := positions.Load(suite)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range s.Entries {
			for _, on := range []Terms{1<<PawnStructure | 1<<PassedPawns, 1<<NumTerms - 1, 1 << PassedPawns} {
				want := Evaluate(&e.Board, on)
				for range 2 {
					if got := ev.Evaluate(&e.Board, on); got != want {
						t.Errorf("%s %s, terms %b: %d with the pawn table, %d without", suite, e.ID, on, got, want)
					}
					if got := ev.EvaluateCached(&e.Board, on); got != want {
						t.Errorf("%s %s, terms %b: %d with the evaluation cache, %d without", suite, e.ID, on, got, want)
					}
				}
			}
		}
	}
}

// TestTraceIsTheEvaluation: the trace's coefficients times the weights
// give back the evaluation (to rounding), so a tuner that fits them fits
// the engine's own evaluation: with the hand-set weights and with each
// tune's.
func TestTraceIsTheEvaluation(t *testing.T) {
	s, err := positions.Load("bench")
	if err != nil {
		t.Fatal(err)
	}
	terms := Terms(1<<NumTerms-1) &^ tuneTerms
	for _, on := range []Terms{terms, terms.With(Tuned), terms.With(Tuned2), terms.With(Tuned).With(Tuned2)} {
		weights := WeightSet(on)
		psqMG, psqEG := PSQTables(on)
		for _, e := range s.Entries {
			tr, score := Coefficients(&e.Board, on)
			var mg, eg int
			for i, w := range weights {
				mg += tr.Coef[i] * w.MG
				eg += tr.Coef[i] * w.EG
			}
			for pt := chess.Pawn; pt <= chess.King; pt++ {
				for sq := range 64 {
					mg += tr.PSQ[pt][sq] * psqMG[pt][sq]
					eg += tr.PSQ[pt][sq] * psqEG[pt][sq]
				}
			}
			linear := (float64(mg)*float64(tr.Phase) + float64(eg)*float64(tr.Scale)/64*float64(maxPhase-tr.Phase)) / maxPhase
			if d := linear - float64(score); d > 1.5 || d < -1.5 {
				t.Errorf("%s, terms %b: the trace gives %.1f, the evaluation %d", e.ID, on, linear, score)
			}
		}
	}
}

// TestEndgameScale: opposite-coloured bishops halve the endgame; a side
// ahead by less than a rook, with no pawns, keeps an eighth; else all.
func TestEndgameScale(t *testing.T) {
	for _, c := range []struct {
		fen  string
		want int
	}{
		{"4k3/8/8/3b4/8/8/3PPP2/2B1K3 w - - 0 1", 32}, // c1 dark, d5 light
		{"4k3/8/8/4b3/8/8/3PPP2/2B1K3 w - - 0 1", 64}, // both dark
		{"4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", 8},        // a bishop alone cannot mate
		{"4k3/8/8/8/8/8/8/R3K3 w - - 0 1", 64},        // a rook can
		{"4k3/8/8/8/8/8/4P3/2B1K3 w - - 0 1", 64},     // a pawn to promote
	} {
		p, err := chess.ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		tr, _ := Coefficients(&p, 1<<EndgameScaling)
		if tr.Scale != c.want {
			t.Errorf("%s: scale %d, want %d", c.fen, tr.Scale, c.want)
		}
	}
}

func BenchmarkEvaluateAllTerms(b *testing.B) {
	p, _ := chess.ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	var ev Evaluator
	for b.Loop() {
		ev.Evaluate(&p, 1<<NumTerms-1)
	}
}

// BenchmarkEvaluateWithout times the evaluation of the bench suite's
// positions with full-eval's terms (every term but tuned), with each one
// left out (-term), with each alone (+term), and with none (PeSTO alone):
// a term's cost in speed is what leaving it out saves (the attack maps
// that mobility, king safety, threats and outposts share stay while one of
// them is on) and what it adds alone, without the search's noise (a tree that changes
// with the term, a machine's speed that drifts from one search to the
// next). One Evaluator throughout: its pawn table hits, as it mostly does
// in a search.
func BenchmarkEvaluateWithout(b *testing.B) {
	suite, err := positions.Load("bench")
	if err != nil {
		b.Fatal(err)
	}
	names := []string{"bishop-pair", "tempo", "rook-files", "mobility", "passed-pawns", "pawn-structure",
		"king-safety", "threats", "outposts", "endgame-scaling"}
	all := Terms(1<<NumTerms-1) &^ tuneTerms
	cases := []struct {
		name  string
		terms Terms
	}{{"full-eval", all}, {"pesto", 0}}
	for i, n := range names {
		cases = append(cases, struct {
			name  string
			terms Terms
		}{"-" + n, all &^ (1 << Term(i))}, struct {
			name  string
			terms Terms
		}{"+" + n, 1 << Term(i)})
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			var ev Evaluator
			for b.Loop() {
				for i := range suite.Entries {
					ev.Evaluate(&suite.Entries[i].Board, c.terms)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(suite.Entries)), "ns/eval")
		})
	}
}
