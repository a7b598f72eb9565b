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
// are in no stage: the chapter never mentions them, and with them in stage
// 12 the 12 -> 13 step on six at depth 8 measures 5.3 times instead of the
// chapter's 7 (8.9 without them). full-pesto is stage 14 with both: the
// full search as every result stored before the evaluation terms measured
// it (their "full"). full is full-pesto with the evaluation terms, their
// weights hand-set (the Texel tune's, the tuned switch, play weaker).
// Iterative deepening is always on: every iteration is recorded.
var (
	stage9  = SetOf(AlphaBeta, Quiescence, MVVLVA, TranspositionTable, HashMove)
	stage10 = stage9 | SetOf(QSearchSEE, Killers, CounterMove, History)
	stage11 = stage10 | SetOf(PVS, Aspiration, CheckExtension)
	stage12 = stage11 | SetOf(NullMovePruning)
	stage13 = stage12 | SetOf(LateMoveReductions, LMRPV, LateMovePruning)
	stage14 = stage13 | SetOf(LMRCutNode, LMRCutoffCount, LMRTTCapture, LMRAllNode, LMRTTPV,
		ContinuationHistory, HistoryLMR)
	fullPeSTO = stage14 | SetOf(ReverseFutility, Futility)
	full      = fullPeSTO | SetOf(EvalBishopPair, EvalTempo, EvalRookFiles, EvalMobility, EvalPassedPawns,
		EvalPawnStructure, EvalKingSafety, EvalThreats, EvalOutposts, EvalEndgameScaling)
)

// presets are the named configurations. full is every technique except
// hyper-nmp, which the thread's measurement found costs nodes and strength,
// and the tuned evaluation, which plays weaker than the hand-set one.
var presets = []struct {
	name string
	set  Set
	doc  string
}{
	{"full", full, "every technique that helps (all but hyper-nmp and tuned): full-pesto and the evaluation terms; the default"},
	{"full-pesto", fullPeSTO, "full's search, PeSTO's evaluation alone: the full of every result stored before 2026-12-01"},
	{"full-eval", full, "full-pesto with the ten evaluation terms, hand-set: full as of 2026-12-01, named so that results keep it"},
	{"alphabeta", SetOf(AlphaBeta, Quiescence), "alpha-beta and quiescence search, nothing else"},
	{"negamax", SetOf(Quiescence), "plain negamax with quiescence: no cutoffs (small depths only)"},
	{"stage-9", stage9, "alpha-beta, quiescence (MVV-LVA), transposition table"},
	{"stage-10", stage10, "stage 9 + move ordering"},
	{"stage-11", stage11, "stage 10 + PVS, aspiration windows, check extension"},
	{"stage-12", stage12, "stage 11 + null-move pruning"},
	{"stage-13", stage13, "stage 12 + LMR and LMP"},
	{"stage-14", stage14, "stage 13 + LMR refinements and history-LMR"},
}

// Preset returns the named preset with default parameters.
func Preset(name string) (Config, error) {
	for _, p := range presets {
		if p.name == name {
			return Config{p.set, DefaultParams()}, nil
		}
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

// DefaultConfig is the full preset.
func DefaultConfig() Config {
	c, _ := Preset("full")
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
		base = "full"
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
