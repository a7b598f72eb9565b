package search

import (
	"fmt"
	"strings"
)

// Config is what a search runs with: the techniques switched on and the
// parameters.
type Config struct {
	Techniques Set
	Params     Params
}

// The stage ladder rebuilds the book's stages (../shared/seeds/000_*.txt):
//
//	stage-9   alpha-beta, quiescence search with its captures in MVV-LVA
//	          order, transposition table (with its move searched first:
//	          that is what iterative deepening is for)
//	stage-10  move ordering: killers, counter-move, history, SEE in
//	          quiescence
//	stage-11  PVS, aspiration windows, check extension (the chapter's
//	          search_move takes null windows and re-searches as given)
//	stage-12  null-move pruning (the chapter's cut-node flags assume it)
//	stage-13  LMR (one ply less on the PV, as the chapter's text says) and LMP
//	stage-14  the LMR refinements, continuation history and history-LMR
//
// The chapter names only stage 9's and 13's content and the 12 -> 13 and
// 9 -> 16 comparisons; stages 10 to 12 are what its code implies came
// first. Quiescence search cannot do without capture ordering (unordered,
// Kiwipete's depth-2 search passes 500 million quiescence nodes), so
// MVV-LVA comes with it at stage 9. Reverse futility and futility pruning
// are in no stage of the chapter: it never mentions them, and with them in
// stage 12 the 12 -> 13 step on six at depth 8 measures 5.3 times instead
// of the chapter's 7 (8.9 without them).
//
// After stage 14 the ladder goes on in the order a book on a modern engine
// would take, each stage one idea:
//
//	stage-15  the futility prunings: reverse futility and futility (this
//	          is full-pesto: the full of every result stored before
//	          2026-12-01)
//	stage-16  the evaluation terms, hand-set (this is full-eval: the full
//	          of 2026-12-01); the search after it works on their scores
//	stage-17  cheap node-level cuts: mate distance pruning, internal
//	          iterative reductions, razoring, delta pruning in quiescence;
//	          and the evaluation cache, which changes no node but pays for
//	          the terms' cost (about a tenth more nodes a second on bench)
//	stage-18  move-level pruning by what is known of a move: SEE pruning,
//	          history pruning, capture history (ordering and LMR of late
//	          captures), continuation history two plies back
//	stage-19  singular extensions, with double and triple, negative
//	          extensions and multi-cut
//	stage-20  the rest of the modern toolbox: ProbCut, correction history,
//	          the null move's eval-margin reduction and threat
//	stage-21  stage 20's techniques with the search tune's thresholds
//	          (tunedSearch, below): the first stage that changes numbers,
//	          not switches (this is full)
//
// keep-history (the histories kept from one move of a game to the next)
// is in no stage: at 2+0.02 full with it lost 61 +/- 49 Elo to full
// without it (results/strength/keep-history-2s). Its tables carry over
// unaged, and the thresholds of history pruning and history-LMR were set
// for tables that start empty: the likely cause, untested. A run searches
// each position as a new game, so it changes no run's node count either
// way.
//
// Iterative deepening is always on: every iteration is recorded.
//
// The registry's defaults are the hand-set thresholds every stored result
// before 2026-12-02 was made with, and every preset but full and stage-21
// keeps them, so that their node counts stay what those results record.
// tunedSearch is what SPSA made of nine of them (results/tune/search:
// 20,000 pairs at 5,000 nodes a move on full-pesto). Verified there, 2,000
// pairs: +15.3 +/- 8.7 Elo (results/tune/search-verify); on stage 20 at
// 10,000 nodes, 600 pairs: +27.6 +/- 14.9 (results/tune/search-on-full).
const tunedSearch = "lmr-base-centiplies=78,lmr-divisor-hundredths=216,lmp-base-moves=1,lmp-improving-factor=2," +
	"nmp-base-plies=2,nmp-depth-divisor-plies=4,futility-base-cp=57,futility-margin-cp-per-ply=58,rfp-margin-cp-per-ply=60"

var (
	stage9  = SetOf(AlphaBeta, Quiescence, MVVLVA, TranspositionTable, HashMove)
	stage10 = stage9 | SetOf(QSearchSEE, Killers, CounterMove, History)
	stage11 = stage10 | SetOf(PVS, Aspiration, CheckExtension)
	stage12 = stage11 | SetOf(NullMovePruning)
	stage13 = stage12 | SetOf(LateMoveReductions, LMRPV, LateMovePruning)
	stage14 = stage13 | SetOf(LMRCutNode, LMRCutoffCount, LMRTTCapture, LMRAllNode, LMRTTPV,
		ContinuationHistory, HistoryLMR)
	stage15 = stage14 | SetOf(ReverseFutility, Futility)
	stage16 = stage15 | SetOf(EvalBishopPair, EvalTempo, EvalRookFiles, EvalMobility, EvalPassedPawns,
		EvalPawnStructure, EvalKingSafety, EvalThreats, EvalOutposts, EvalEndgameScaling)
	stage17 = stage16 | SetOf(MateDistance, IIR, Razoring, DeltaPruning, EvalCache)
	stage18 = stage17 | SetOf(SEEPruning, HistoryPruning, CaptureHistory, CaptureLMR, ContinuationHistory2)
	stage19 = stage18 | SetOf(Singular, SingularDouble, SingularNegative, MultiCut)
	stage20 = stage19 | SetOf(ProbCut, CorrectionHistory, NMPEval, NMPThreat)
)

// presets are the named configurations. full is every technique except
// hyper-nmp, which the thread's measurement found costs nodes and strength,
// the tuned evaluation, which plays weaker than the hand-set one, and
// keep-history, which plays weaker at a clock (above). The
// fulls of earlier days keep their names, so that the results they made
// name what made them: full-pesto (before 2026-12-01) and full-eval
// (2026-12-01).
var presets = []struct {
	name   string
	set    Set
	params string // spec items that set the preset's parameters; the registry's defaults if empty
	doc    string
}{
	{"full", stage20, tunedSearch, "every technique that helps (all but hyper-nmp, tuned and keep-history), with the search tune's thresholds: the stage ladder's top; the default"},
	{"full-pesto", stage15, "", "stage 14 with the futility prunings, PeSTO's evaluation alone: the full of every result stored before 2026-12-01"},
	{"full-eval", stage16, "", "full-pesto with the ten evaluation terms, hand-set: the full of 2026-12-01"},
	{"alphabeta", SetOf(AlphaBeta, Quiescence), "", "alpha-beta and quiescence search, nothing else"},
	{"negamax", SetOf(Quiescence), "", "plain negamax with quiescence: no cutoffs (small depths only)"},
	{"stage-9", stage9, "", "alpha-beta, quiescence (MVV-LVA), transposition table"},
	{"stage-10", stage10, "", "stage 9 + move ordering"},
	{"stage-11", stage11, "", "stage 10 + PVS, aspiration windows, check extension"},
	{"stage-12", stage12, "", "stage 11 + null-move pruning"},
	{"stage-13", stage13, "", "stage 12 + LMR and LMP"},
	{"stage-14", stage14, "", "stage 13 + LMR refinements and history-LMR"},
	{"stage-15", stage15, "", "stage 14 + reverse futility and futility pruning (= full-pesto)"},
	{"stage-16", stage16, "", "stage 15 + the evaluation terms (= full-eval)"},
	{"stage-17", stage17, "", "stage 16 + mate distance pruning, IIR, razoring, delta pruning, the evaluation cache"},
	{"stage-18", stage18, "", "stage 17 + SEE and history pruning, capture history, continuation history at two plies"},
	{"stage-19", stage19, "", "stage 18 + singular extensions (double, triple, negative) and multi-cut"},
	{"stage-20", stage20, "", "stage 19 + ProbCut, correction history, null move's eval margin and threat"},
	{"stage-21", stage20, tunedSearch, "stage 20 with the search tune's thresholds (= full)"},
}

// Preset returns the named preset with its parameters.
func Preset(name string) (Config, error) {
	for _, p := range presets {
		if p.name != name {
			continue
		}
		c := Config{p.set, DefaultParams()}
		if p.params != "" {
			for _, item := range strings.Split(p.params, ",") {
				if err := c.Params.SetString(item); err != nil {
					panic(fmt.Sprintf("preset %s: %v", name, err)) // a fault in the table above
				}
			}
		}
		return c, nil
	}
	return Config{}, fmt.Errorf("unknown preset %q (known: %s)", name, strings.Join(PresetNames(), ", "))
}

// PresetNames lists the presets in order.
func PresetNames() []string {
	names := make([]string, len(presets))
	for i, p := range presets {
		names[i] = p.name
	}
	return names
}

// PresetDoc says what the named preset is.
func PresetDoc(name string) string {
	for _, p := range presets {
		if p.name == name {
			return p.doc
		}
	}
	return ""
}

// DefaultPreset is the preset a configuration is built on when none is
// named.
const DefaultPreset = "full"

// DefaultConfig is the default preset.
func DefaultConfig() Config {
	c, _ := Preset(DefaultPreset)
	return c
}

// ParseConfig reads a configuration spec: a preset, then items applied left
// to right, comma-separated: +technique or -technique switches one on or
// off, name=value sets a parameter. "full,-lmr" and "stage-12,+lmr,lmr-base-centiplies=100"
// are specs. An empty spec is the full preset.
func ParseConfig(spec string) (Config, error) {
	items := strings.Split(spec, ",")
	base := strings.TrimSpace(items[0])
	if base == "" {
		base = DefaultPreset
	}
	c, err := Preset(base)
	if err != nil {
		return Config{}, err
	}
	for _, item := range items[1:] {
		if err := c.Apply(strings.TrimSpace(item)); err != nil {
			return Config{}, err
		}
	}
	return c, nil
}

// Apply applies one spec item: +technique, -technique or name=value.
func (c *Config) Apply(item string) error {
	switch {
	case item == "":
		return fmt.Errorf("empty item in configuration")
	case item[0] == '+' || item[0] == '-':
		t, err := ParseTechnique(item[1:])
		if err != nil {
			return err
		}
		if item[0] == '+' {
			c.Techniques = c.Techniques.With(t)
		} else {
			c.Techniques = c.Techniques.Without(t)
		}
		return nil
	case strings.Contains(item, "="):
		return c.Params.SetString(item)
	default:
		return fmt.Errorf("%q is not +technique, -technique or name=value", item)
	}
}
