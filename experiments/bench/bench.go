// Package bench chooses the bench's configurations: a subject's default
// preset, given NAME=SPEC items, or every preset and leave-one-out, each
// at the depth that bounds it; and runs them (Run).
package bench

import (
	"context"
	"slices"

	"github.com/ablate-chess/ablate/engine/search"
	"github.com/ablate-chess/ablate/engine/subject"
	"github.com/ablate-chess/ablate/experiments/matrix"
	"github.com/ablate-chess/ablate/experiments/records"
	"github.com/ablate-chess/ablate/experiments/setup"
)

// The bench's depths: ablate bench --all searches full and most
// leave-one-outs to benchAllDepth, which takes 1.3 to 3.6 s a configuration
// on one core here. Without some techniques the tree grows so much faster
// that they get a depth of their own, chosen to cost about the same (bench
// suite, measured with a 5-million-node budget per position at depth 11):
//
//	-alpha-beta  is pinned as full,-alpha-beta,-qsearch at depth 3: plain
//	             negamax, with quiescence search too, has no bound at all
//	             (45 of 47 positions pass 5M nodes by depth 11, most at 1)
//	-mvv-lva     depth 7: quiescence search with its captures unordered
//	             passes 5M nodes on 22 positions by depth 11
//	-tt          depth 8: 4 endgames pass 5M nodes by depth 10
//	-pvs         depth 8: without null windows (and so without LMR, which
//	             reduces only them) the tree grows 2.5 times a ply
//	-lmr         depth 8: 2.2 times a ply; 30M nodes at depth 10
const benchAllDepth = 10

var benchBounded = map[string]int{"alpha-beta": 3, "mvv-lva": 7, "tt": 8, "pvs": 8, "lmr": 8}

// DefaultBench is the bench's configurations for a subject: its default
// preset and the leave-one-out of every technique (put in, for one the
// default has off), each with its depth, so that each technique's node
// count is pinned. For ablate's own engine, the fulls of earlier days too
// (full-eval, then full-pesto: the presets the stored results name), each
// with the leave-one-out of its techniques and the put-in of those the
// default leaves off; the techniques that came after it are pinned on the
// default, not again on it.
func Default(sub subject.Subject) []matrix.NamedSpec {
	base := sub.Presets()[0]
	out := []matrix.NamedSpec{namedSpec(base, base, benchAllDepth)}
	// An engine built in variants benches every variant beside the first.
	if v, ok := sub.(interface{ VariantNames() []string }); ok {
		for _, name := range v.VariantNames()[1:] {
			out = append(out, namedSpec(name, name, benchAllDepth))
		}
	}
	out = append(out, family(sub, base, "", nil)...)
	def, _ := sub.ParseConfig(base)
	for _, legacy := range []struct {
		name   string
		noEval bool // its put-ins leave out the evaluation terms, as it had none
	}{{"full-eval", false}, {"full-pesto", true}} {
		if !slices.Contains(sub.Presets(), legacy.name) {
			continue
		}
		lc, _ := sub.ParseConfig(legacy.name)
		later := func(name string) bool {
			if t, err := search.ParseTechnique(name); legacy.noEval && err == nil && t.IsEvaluation() {
				return true
			}
			return def.Has(name) && !lc.Has(name)
		}
		out = append(out, namedSpec(legacy.name, legacy.name, benchAllDepth))
		out = append(out, family(sub, legacy.name, legacy.name+",", later)...)
	}
	// stage-20 is full before the search tune's thresholds became full's,
	// stage-21 before the second Texel tune's evaluation did, stage-22
	// before the margins tuned for it did, stage-23 before the clock's
	// two techniques did, stage-24 before qs-tt did, stage-25 before
	// lmr-checks did, stage-26 before qs-see-futility did and stage-27
	// before bad-captures-last did: each differs from full in a few
	// numbers or switches, so its family would nearly repeat full's; its
	// own count is pinned.
	for _, name := range []string{"stage-20", "stage-21", "stage-22", "stage-23", "stage-24", "stage-25", "stage-26", "stage-27"} {
		if slices.Contains(sub.Presets(), name) {
			out = append(out, namedSpec(name, name, benchAllDepth))
		}
	}
	return out
}

// family is the leave-one-out of every technique from base, named with
// prefix; the techniques skip reports are left out.
func family(sub subject.Subject, base, prefix string, skip func(name string) bool) []matrix.NamedSpec {
	def, _ := sub.ParseConfig(base)
	var out []matrix.NamedSpec
	for _, name := range sub.Techniques() {
		if skip != nil && skip(name) {
			continue
		}
		depth := benchAllDepth
		if d, ok := benchBounded[name]; ok {
			depth = d
		}
		switch {
		case name == "alpha-beta":
			// Plain negamax with quiescence search has no bound.
			out = append(out, namedSpec(prefix+"-alpha-beta,-qsearch", base+",-alpha-beta,-qsearch", depth))
		case def.Has(name):
			out = append(out, namedSpec(prefix+"-"+name, base+",-"+name, depth))
		default:
			// A technique that cannot act on the base (its requirement
			// is off, as hyper-nmp-reuse's without hyper-nmp) would only
			// repeat the base's signature.
			if on, err := sub.ParseConfig(base + ",+" + name); err == nil && !on.Has(name) {
				continue
			}
			out = append(out, namedSpec(prefix+"+"+name, base+",+"+name, depth))
		}
	}
	return out
}

// Configs reads NAME=SPEC items, or gives the subject's
// default preset (full), or with all that and every leave-one-out, each
// with its bounded depth.
func Configs(sub subject.Subject, items []string, all bool) ([]matrix.NamedSpec, error) {
	switch {
	case all && len(items) > 0:
		return nil, setup.BadSetting("all", "with configurations: give one or the other")
	case all:
		return Default(sub), nil
	case len(items) == 0:
		def := sub.Presets()[0]
		return []matrix.NamedSpec{{Name: def, Spec: def}}, nil
	}
	var out []matrix.NamedSpec
	for _, kv := range items {
		ns, err := matrix.ParseNamedSpec(kv)
		if err != nil {
			return nil, err
		}
		out = append(out, ns)
	}
	return out, nil
}

// Run searches a bench plan (its shard's jobs) and returns its records.
// ctx stops it (context.Canceled).
func Run(ctx context.Context, plan *matrix.Plan, workers int, c setup.Cap, shard setup.Shard) ([]records.Record, error) {
	if workers < 1 {
		return nil, setup.BadSetting("workers", "%d: must be at least 1", workers)
	}
	return (&matrix.Runner{Plan: plan, Workers: workers, Cap: c, Schedule: true, Shard: shard}).Run(ctx)
}

func namedSpec(name, spec string, depth int) matrix.NamedSpec {
	return matrix.NamedSpec{Name: name, Spec: spec, Depth: depth}
}
