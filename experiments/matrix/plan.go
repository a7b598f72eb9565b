package matrix

import (
	"fmt"
	"strings"

	"github.com/ablate-chess/ablate/engine/search"
	"github.com/ablate-chess/ablate/engine/subject"
	"github.com/ablate-chess/ablate/experiments/setup"
	"github.com/ablate-chess/ablate/positions"
)

// Plan is everything a run does: named configurations, grouped (one group
// per matrix or generator), each with its positions and depth. Every
// (configuration, position) pair is an independent job.
type Plan struct {
	Name        string
	Description string
	Subject     subject.Subject // the engine searched
	Rows        []Row
	// Reference names each group's reference configuration; a group
	// without one compares against its first row.
	Reference map[string]string
	// Match is the experiment file's [match] section, if any.
	Match *MatchSection
	// Budgets holds a worth ladder's budgets of the groups that name their
	// own (a matrix's budgets), in place of the [match] section's.
	Budgets map[string]string
	// Pairs holds the pairs of the groups that name their own.
	Pairs map[string]int
	// BudgetPairs holds, per group, the pairs at the budgets that name
	// their own (as written: "nodes=160000"), in place of the group's.
	BudgetPairs map[string]map[string]int
}

// Groups lists the plan's groups in order.
func (p *Plan) Groups() []string {
	var out []string
	seen := map[string]bool{}
	for _, r := range p.Rows {
		if !seen[r.Group] {
			seen[r.Group] = true
			out = append(out, r.Group)
		}
	}
	return out
}

// MatchGroups are the groups whose rows a worth plays: want, if given,
// else the [match] section's groups, else every group. A group the plan
// does not hold is an error naming the setting it came from.
func (p *Plan) MatchGroups(want []string) ([]string, error) {
	from := "groups"
	if len(want) == 0 && p.Match != nil {
		want, from = p.Match.Groups, "[match] groups"
	}
	if len(want) == 0 {
		return p.Groups(), nil
	}
	for _, g := range want {
		if p.ReferenceOf(g) == nil {
			return nil, fmt.Errorf("%s: no group %q (groups: %s)", from, g, strings.Join(p.Groups(), ", "))
		}
	}
	return want, nil
}

// ReferenceOf returns the reference row of a group: the one named, else
// its first.
func (p *Plan) ReferenceOf(group string) *Row {
	var first *Row
	for i := range p.Rows {
		r := &p.Rows[i]
		if r.Group != group {
			continue
		}
		if first == nil {
			first = r
		}
		if p.Reference[group] == r.Name {
			return r
		}
	}
	return first
}

// Row is one configuration of a plan.
type Row struct {
	Group  string
	Name   string
	Spec   string // how it was defined, for run.json: "full,-lmr,lmr-base-plies-x100=100"
	Config subject.Config
	Suite  *positions.Suite
	Depth  int
}

// Jobs counts the plan's (configuration, position) pairs.
func (p *Plan) Jobs() int {
	n := 0
	for _, r := range p.Rows {
		n += len(r.Suite.Entries)
	}
	return n
}

// Options are the settings that apply to a whole plan.
type Options struct {
	Positions string   // suite name or file; overrides the experiment's and matrices'
	Depth     int      // overrides the experiment's and matrices' (not a row's own)
	Set       []string // name=value, applied to every configuration last
	Reference string   // a configuration name: the reference of its group
	// Subject is the engine the plan searches; nil is ablate's own.
	Subject subject.Subject `json:"-"`
}

// builder assembles a plan: it loads each suite once and checks names.
type builder struct {
	plan   *Plan
	opts   Options
	suites map[string]*positions.Suite
	names  map[string]string // config name -> group
}

func newBuilder(name string, opts Options) *builder {
	if opts.Subject == nil {
		opts.Subject = subject.Native{}
	}
	return &builder{plan: &Plan{Name: name, Subject: opts.Subject, Reference: map[string]string{}}, opts: opts,
		suites: map[string]*positions.Suite{}, names: map[string]string{}}
}

// suite loads a suite once, keeping only the given ids if any.
func (b *builder) suite(name string, ids []string) (*positions.Suite, error) {
	if b.opts.Positions != "" {
		name = b.opts.Positions
	}
	key := name + "\x00" + strings.Join(ids, ",")
	if s, ok := b.suites[key]; ok {
		return s, nil
	}
	s, err := positions.Load(name)
	if err != nil && b.opts.Positions != "" {
		return nil, setup.BadSetting("positions", "%w", err) // the flag's, not the experiment's
	}
	if err != nil {
		return nil, err
	}
	if len(ids) > 0 {
		kept := &positions.Suite{Name: s.Name}
		for _, id := range ids {
			found := false
			for _, e := range s.Entries {
				if e.ID == id {
					kept.Entries = append(kept.Entries, e)
					found = true
				}
			}
			if !found {
				return nil, fmt.Errorf("positions %s have no id %q", name, id)
			}
		}
		s = kept
	}
	b.suites[key] = s
	return s, nil
}

// add appends a row built from a spec, with the plan-wide --set items.
func (b *builder) add(group, name, spec string, suite *positions.Suite, depth int) error {
	if prev, dup := b.names[name]; dup {
		return fmt.Errorf("configuration %q is defined twice (in %s and %s)", name, prev, group)
	}
	sub := b.plan.Subject
	cfg, err := sub.ParseConfig(spec)
	if err != nil {
		return fmt.Errorf("configuration %s (%s): %v", name, spec, err)
	}
	if len(b.opts.Set) > 0 {
		withSet := spec
		for _, kv := range b.opts.Set {
			withSet += "," + kv
			if _, err := sub.ParseConfig(withSet); err != nil {
				return fmt.Errorf("--set %s: %v", kv, err)
			}
		}
		cfg, _ = sub.ParseConfig(withSet)
	}
	if depth < 1 || depth > search.MaxPly-1 {
		return fmt.Errorf("configuration %s: depth %d is not from 1 to %d", name, depth, search.MaxPly-1)
	}
	b.names[name] = group
	b.plan.Rows = append(b.plan.Rows, Row{Group: group, Name: name, Spec: spec, Config: cfg, Suite: suite, Depth: depth})
	return nil
}

func (b *builder) finish() (*Plan, error) {
	if len(b.plan.Rows) == 0 {
		return nil, fmt.Errorf("no configurations to run")
	}
	if ref := b.opts.Reference; ref != "" {
		group, ok := b.names[ref]
		if !ok {
			return nil, fmt.Errorf("--reference %s: no configuration of that name", ref)
		}
		b.plan.Reference[group] = ref
	}
	return b.plan, nil
}
