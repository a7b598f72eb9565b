package search

import (
	"fmt"
	"strings"

	"github.com/ablate-chess/ablate/engine/eval"
)

// Config is what a search runs with: the techniques switched on and the
// parameters.
type Config struct {
	Techniques Set
	Params     Params
}

// The stage ladder: the book chapter's stages 9 to 14 (what its code
// implies came first where it names none), then one idea a stage up to 21,
// in the order a book on a modern engine would take; each preset's doc
// below says what it adds, and docs/engine.md why each stage holds what
// it holds. Iterative deepening is always on: every iteration is recorded.
//
// The registry's defaults are the hand-set thresholds the stored results
// were made with; every preset but full and stages 21 to 28 keeps them, so
// that their node counts stay what those results record. tunedSearch is
// what SPSA made of nine of them (results/tune/search; docs/findings.md).
const tunedSearch = "lmr-base-plies-x100=78,lmr-divisor-x100=216,lmp-base-moves=1,lmp-improving-factor=2," +
	"nmp-base-plies=2,nmp-depth-divisor-plies=4,futility-base-cp=57,futility-margin-cp-per-ply=58,rfp-margin-cp-per-ply=60"

// tunedMargins is tunedSearch with what the SPSA of eleven margins on
// stage 22 made of them (results/tune/margins22: 4,000 pairs at 10,000
// nodes a move); the items after tunedSearch's override its three
// futility margins, and two of the eleven stayed at their defaults.
const tunedMargins = tunedSearch + ",rfp-margin-cp-per-ply=54,futility-base-cp=59,futility-margin-cp-per-ply=55," +
	"razoring-margin-cp-per-ply=253,delta-margin-cp=201,see-quiet-cp-per-ply=58,see-capture-cp-per-ply-squared=20," +
	"probcut-margin-cp=200,nmp-eval-cp-per-ply=202,correction-history-max-cp=148,aspiration-window-cp=21"

var (
	stage9  = SetOf(AlphaBeta, Quiescence, MVVLVA, TranspositionTable, HashMove)
	stage10 = stage9.Union(SetOf(QSearchSEE, Killers, CounterMove, History))
	stage11 = stage10.Union(SetOf(PVS, Aspiration, CheckExtension))
	stage12 = stage11.Union(SetOf(NullMovePruning))
	stage13 = stage12.Union(SetOf(LateMoveReductions, LMRPV, LateMovePruning))
	stage14 = stage13.Union(SetOf(LMRCutNode, LMRCutoffCount, LMRTTCapture, LMRAllNode, LMRTTPV,
		ContinuationHistory, HistoryLMR))
	stage15 = stage14.Union(SetOf(ReverseFutility, Futility))
	stage16 = stage15.Union(evalTermSet(eval.BishopPair, eval.Tempo, eval.RookFiles, eval.Mobility, eval.PassedPawns,
		eval.PawnStructure, eval.KingSafety, eval.Threats, eval.Outposts, eval.EndgameScaling))
	stage17 = stage16.Union(SetOf(MateDistance, IIR, Razoring, DeltaPruning, EvalCache))
	stage18 = stage17.Union(SetOf(SEEPruning, HistoryPruning, CaptureHistory, CaptureLMR, ContinuationHistory2))
	stage19 = stage18.Union(SetOf(Singular, SingularDouble, SingularNegative, MultiCut))
	stage20 = stage19.Union(SetOf(ProbCut, CorrectionHistory, NMPEval, NMPThreat))
	stage22 = stage20.Union(evalTermSet(eval.Tuned2))
	stage24 = stage22.Union(SetOf(TimeStability, TimeNodeShare))
	stage25 = stage24.Union(SetOf(QSearchTT))
	stage26 = stage25.Union(SetOf(LMRChecks))
	stage27 = stage26.Union(SetOf(QSearchSEEFutility))
	stage28 = stage27.Union(SetOf(BadCapturesLast))
)

// presets are the named configurations. full is every technique but
// those measured to cost strength (hyper-nmp, tuned, keep-history,
// lmr-reach: see docs/findings.md) and those no match has yet earned a
// place (tt-eval, free-passers, lmr-improving, nmp-tt, check-ext-see,
// qs-tt-store, nmp-raw-eval). The fulls of earlier days keep their
// names, so that the results they made name what made them: full-pesto,
// full-eval and the stages.
var presets = []struct {
	name   string
	set    Set
	params string // spec items that set the preset's parameters; the registry's defaults if empty
	doc    string
}{
	{"full", stage28, tunedMargins, "every technique that helps (all but hyper-nmp, tuned, keep-history, lmr-reach and those not yet shown to: tt-eval, free-passers, lmr-improving, nmp-tt, check-ext-see, qs-tt-store, nmp-raw-eval), with the search tune's thresholds, the second Texel tune's evaluation and the margins tuned for it: the stage ladder's top; the default"},
	{"full-pesto", stage15, "", "stage 14 with the futility prunings, PeSTO's evaluation alone: full before the evaluation terms"},
	{"full-eval", stage16, "", "full-pesto with the ten evaluation terms, hand-set: full before the first Texel tune"},
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
	{"stage-21", stage20, tunedSearch, "stage 20 with the search tune's thresholds"},
	{"stage-22", stage22, tunedSearch, "stage 21 with the second Texel tune's tables and weights, tuned-2"},
	{"stage-23", stage22, tunedMargins, "stage 22 with the margins tuned for tuned-2"},
	{"stage-24", stage24, tunedMargins, "stage 23 with the clock's two techniques, tm-stability and tm-node-share"},
	{"stage-25", stage25, tunedMargins, "stage 24 with quiescence search reading the transposition table, qs-tt"},
	{"stage-26", stage26, tunedMargins, "stage 25 with late quiet checks and evasions reduced by LMR, lmr-checks"},
	{"stage-27", stage27, tunedMargins, "stage 26 with quiescence skipping captures whose exchange cannot bring it near alpha, qs-see-futility"},
	{"stage-28", stage28, tunedMargins, "stage 27 with losing captures ordered after the quiet moves in the main search, bad-captures-last (= full)"},
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
// off, name=value sets a parameter. "full,-lmr" and "stage-12,+lmr,lmr-base-plies-x100=100"
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
