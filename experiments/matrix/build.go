package matrix

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/ablate-chess/ablate/engine/subject"
	"github.com/ablate-chess/ablate/experiments/setup"
)

// Request is what a command line asks to run: an experiment file and/or
// configurations and generators.
type Request struct {
	Experiment   string   // file or built-in name
	Configs      []string // NAME=SPEC
	Ladder       []string
	LeaveOneOut  []string
	Factorial    []string
	Sweeps       []string // name=from:to:step, several make a grid
	Base         string   // the generators' base spec (default: full)
	DefaultDepth int      // depth when neither options nor the experiment give one
	Options
}

// Build makes the plan a request describes. Any mistake is an error that
// says where it is and what is valid, before any search starts.
func Build(req Request) (*Plan, error) {
	b := newBuilder(req.Experiment, req.Options)
	if req.Experiment != "" {
		f, err := LoadFile(req.Experiment)
		if err != nil {
			return nil, err
		}
		if err := b.addFile(f); err != nil {
			return nil, err
		}
	}
	suite, err := b.suite("six", nil)
	if err != nil {
		return nil, err
	}
	depth := firstInt(req.Depth, req.DefaultDepth, 8)
	base := first(req.Base, b.plan.Subject.Presets()[0])
	for _, kv := range req.Configs {
		ns, err := ParseNamedSpec(kv)
		if err != nil {
			return nil, err
		}
		if err := b.add("configs", ns.Name, ns.Spec, suite, depth); err != nil {
			return nil, fmt.Errorf("--config %s", err)
		}
	}
	for _, g := range []struct {
		flag string
		list []string
		fn   func(subject.Subject, string, []string) ([]genRow, error)
	}{{"ladder", req.Ladder, Ladder}, {"leave-one-out", req.LeaveOneOut, LeaveOneOut},
		{"factorial", req.Factorial, Factorial}, {"sweep", req.Sweeps, Sweep}} {
		if len(g.list) == 0 {
			continue
		}
		rows, err := g.fn(b.plan.Subject, base, g.list)
		if err != nil {
			return nil, fmt.Errorf("--%s: %v", g.flag, err)
		}
		for _, r := range rows {
			if err := b.add(g.flag, r.name, r.spec, suite, depth); err != nil {
				return nil, fmt.Errorf("--%s: %v", g.flag, err)
			}
		}
	}
	if b.plan.Name == "" {
		b.plan.Name = "custom"
	}
	return b.finish()
}

// ParseNamedSpec reads --config's NAME=SPEC, splitting at the first '='
// that comes before any comma (a spec's own items may hold '=':
// lmr-100=full,lmr-base-plies-x100=100). The spec itself is checked when a plan uses it.
func ParseNamedSpec(s string) (NamedSpec, error) {
	eq, comma := strings.IndexByte(s, '='), strings.IndexByte(s, ',')
	if eq <= 0 || comma >= 0 && comma < eq {
		return NamedSpec{}, setup.BadSetting("config", "%q: want NAME=SPEC, as in no-lmr=full,-lmr", s)
	}
	name := s[:eq]
	// A name goes into PGN tags, CSV cells and file names: printable, and
	// no quote or backslash, which PGN's tags would have to escape.
	if strings.ContainsFunc(name, func(r rune) bool { return !unicode.IsPrint(r) || r == '"' || r == '\\' }) {
		return NamedSpec{}, setup.BadSetting("config", "%q: the name %q holds a quote, a backslash or a control character", s, name)
	}
	return NamedSpec{Name: name, Spec: s[eq+1:]}, nil
}

// NamedSpec is a configuration by name and spec, with its own depth (0:
// the bench's depth).
type NamedSpec struct {
	Name, Spec string
	Depth      int
}
