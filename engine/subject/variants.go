package subject

import (
	"fmt"
	"strings"

	"github.com/ablate-chess/ablate/engine/chess"
)

// Variants is an engine built from its source in several variants (a
// revision each, or a revision and a patch): each variant a UCI engine of
// its own binary, all read through one profile. A configuration names its
// variant first, then the profile's switches on top: "no-nmp",
// "base,-lmr". So built variants and option switches mix in one matrix,
// and every command that takes a subject takes variants.
type Variants struct {
	name  string
	names []string
	subs  []*UCI
	about []Provenance // what each was built from
}

// Provenance is what a variant was built from: a commit, a patch on it
// (with its hash) if any, and the bench signature the build gave (0: none).
type Provenance struct {
	Commit    string `json:"commit"`
	Patch     string `json:"patch,omitempty"`
	PatchHash string `json:"patch_sha256,omitempty"`
	Bench     uint64 `json:"bench,omitempty"`
}

// String is the provenance as the parameters every configuration of the
// variant carries into run.json and the records:
// commit=SHA[;patch=FILE;patch_sha256=HASH][;bench=N].
func (p Provenance) String() string {
	s := "commit=" + p.Commit
	if p.Patch != "" {
		s += ";patch=" + p.Patch + ";patch_sha256=" + p.PatchHash
	}
	if p.Bench != 0 {
		s += fmt.Sprintf(";bench=%d", p.Bench)
	}
	return s
}

// NewVariants makes a subject of built variants: names[i] is subs[i]'s,
// and about[i] (if given) says what it was built from.
func NewVariants(name string, names []string, subs []*UCI, about []Provenance) (*Variants, error) {
	if len(names) == 0 || len(names) != len(subs) || (about != nil && len(about) != len(names)) {
		return nil, fmt.Errorf("variants: %d names for %d engines", len(names), len(subs))
	}
	if about == nil {
		about = make([]Provenance, len(names))
	}
	return &Variants{name, names, subs, about}, nil
}

// Name implements Subject.
func (v *Variants) Name() string { return v.name }

// CounterNames implements subject.CounterNames: the profile's.
func (v *Variants) CounterNames() []string { return v.subs[0].CounterNames() }

// Techniques implements Subject: the profile's.
func (v *Variants) Techniques() []string { return v.subs[0].Techniques() }

// Presets implements Subject: the variants, the first the default.
func (v *Variants) Presets() []string { return append([]string(nil), v.names...) }

// ParseConfig implements Subject: the variant ("default" is the first),
// then the profile's items.
func (v *Variants) ParseConfig(spec string) (Config, error) {
	first, rest, _ := strings.Cut(spec, ",")
	first = strings.TrimSpace(first)
	i := -1
	for j, n := range v.names {
		if n == first {
			i = j
		}
	}
	if first == "default" {
		i = 0
	}
	if i < 0 {
		return nil, fmt.Errorf("no variant %q (variants: %s)", first, strings.Join(v.names, ", "))
	}
	inner := "default"
	if rest != "" {
		inner += "," + rest
	}
	c, err := v.subs[i].ParseConfig(inner)
	if err != nil {
		return nil, fmt.Errorf("variant %s: %v", v.names[i], err)
	}
	return VariantConfig{Index: i, Variant: v.names[i], about: v.about[i], inner: c}, nil
}

// VariantNames lists the variants, the first the base.
func (v *Variants) VariantNames() []string { return append([]string(nil), v.names...) }

// Start implements Subject: an engine that starts each variant's process
// the first time a configuration of it is reset.
func (v *Variants) Start() (Engine, error) {
	return &variantEngine{v: v, engines: make([]Engine, len(v.subs)), cur: -1}, nil
}

// VariantConfig is a configuration of a built variant.
type VariantConfig struct {
	Index   int
	Variant string
	about   Provenance
	inner   Config
}

// Built is what the variant was built from (nil if not known).
func (c VariantConfig) Built() *Provenance {
	if c.about.Commit == "" {
		return nil
	}
	p := c.about
	return &p
}

// Has implements Config.
func (c VariantConfig) Has(technique string) bool { return c.inner.Has(technique) }

// Techniques implements Config.
func (c VariantConfig) Techniques() string { return c.inner.Techniques() }

// Params implements Config: the variant, then the profile's parameters.
func (c VariantConfig) Params() string {
	p := "variant=" + c.Variant
	if c.about.Commit != "" {
		p += ";" + c.about.String()
	}
	if q := c.inner.Params(); q != "" {
		p += ";" + q
	}
	return p
}

type variantEngine struct {
	v       *Variants
	engines []Engine
	cur     int
}

func (e *variantEngine) Reset(cfg Config) error {
	c, ok := cfg.(VariantConfig)
	if !ok {
		return fmt.Errorf("variants: a configuration of another subject")
	}
	if e.engines[c.Index] == nil {
		eng, err := e.v.subs[c.Index].Start()
		if err != nil {
			return fmt.Errorf("variant %s: %v", c.Variant, err)
		}
		e.engines[c.Index] = eng
	}
	e.cur = c.Index
	return e.engines[c.Index].Reset(c.inner)
}

func (e *variantEngine) Search(g *chess.Game, lim Limits, onIteration func(*Iteration)) (Result, error) {
	if e.cur < 0 {
		return Result{}, fmt.Errorf("variants: search before reset")
	}
	return e.engines[e.cur].Search(g, lim, onIteration)
}

func (e *variantEngine) Close() error {
	var first error
	for _, eng := range e.engines {
		if eng != nil {
			if err := eng.Close(); err != nil && first == nil {
				first = err
			}
		}
	}
	return first
}
