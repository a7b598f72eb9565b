package subject

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/ablate-chess/ablate/engine/search"
	"github.com/ablate-chess/ablate/engine/uci"
)

// Profile maps an external engine's UCI options to technique and parameter
// names, so that specs, matrices and generators work on it as on ablate's
// own engine. Techniques are the engine's, named as the profile likes.
//
//	name = "toga2"
//	engine = "Toga II"                  # the id name it is written for (a prefix)
//	[[technique]]
//	name = "nmp"
//	option = "NullMove Pruning"         # a check, combo or spin option
//	on = "Always"                       # its value with the technique on
//	off = "Never"                       # and off (a check's are true, false)
//	[[param]]
//	name = "nmp-reduction"
//	option = "NullMove Reduction"       # a spin option; its range is the engine's
//	technique = "nmp"                   # optional: the technique it belongs to
type Profile struct {
	Name        string `toml:"name"`
	Engine      string `toml:"engine"`
	Description string `toml:"description"`
	// Reset is how a job or game gets a fresh engine: "restart" (a new
	// process: the default, since some engines keep learned tables
	// through ucinewgame) or "ucinewgame" (ucinewgame, the Hash set again
	// and Clear Hash pressed: cheaper, for an engine measured to forget
	// everything that way).
	Reset string `toml:"reset"`
	// NodesAsTime is the spin option with which the engine counts a clock
	// in nodes, so many a millisecond (Stockfish's nodestime): a clock
	// counted in nodes (tc S+I@N) needs one.
	NodesAsTime string         `toml:"nodes_as_time"`
	Techniques  []ProfileTech  `toml:"technique"`
	Params      []ProfileParam `toml:"param"`
	// Source is how an engine that is ablated from its source gets the
	// profile's options: the patch that gives them, its build, its bench.
	Source *ProfileSource `toml:"source"`
	// Counters are the counter columns the engine reports once a search
	// ends, on a line "info string ablate-counters name=value ...": the
	// names are ablate's (records.csv's), the counts its own, of the same
	// events. The other columns are unknown for it, not zero.
	Counters []string `toml:"counters"`

	options map[string]uci.Option // the engine's options, by profile option name, once checked
}

// ProfileTech maps one technique to an option.
type ProfileTech struct {
	Name    string `toml:"name"`
	Option  string `toml:"option"`
	On      string `toml:"on"`
	Off     string `toml:"off"`
	Summary string `toml:"summary"`
	// Requires are techniques it needs to act: with one of them off it is
	// inert, and a configuration does not have it (as ablate's Effective).
	Requires []string `toml:"requires"`
	// NoteElo is the engine's own note of what the technique is worth, in
	// Elo (Stockfish's "(~N Elo)"), where it has one.
	NoteElo *float64 `toml:"note_elo"`
}

// ProfileSource is how a profile's engine is made from its source: the
// variant every configuration is built from is the source with Patch
// applied, built by Build; its bench must be ExpectBench. SHA256, if
// set, is the source tarball's the patch is written for.
type ProfileSource struct {
	Patch       string `toml:"patch"` // a file beside the profile (built-in: in the binary)
	Build       string `toml:"build"`
	ExpectBench uint64 `toml:"expect_bench"`
	SHA256      string `toml:"sha256"`
	// Net is a file the build needs that the source lacks (Stockfish's
	// evaluation network), and where to find it.
	Net *ProfileNet `toml:"net"`

	dir string // where a profile file's patch is; "" for a built-in profile's
}

// ProfileNet is a file an engine's build needs that its source lacks, as
// Stockfish's evaluation network: named by its hash, it is found beside
// the source or in the build cache, or written out of an installed binary
// that holds it (Debian's stockfish).
type ProfileNet struct {
	File   string `toml:"file" json:"file"`     // its name
	Into   string `toml:"into" json:"into"`     // the source's directory it goes in
	SHA256 string `toml:"sha256" json:"sha256"` // its hash, checked wherever it comes from
	// From is an installed binary that holds the file, FromEngine the UCI
	// name (a prefix) it must give, Export the UCI command that writes
	// the file ({file}: where), Install what to install to have it.
	From       string `toml:"from" json:"from,omitempty"`
	FromEngine string `toml:"from_engine" json:"from_engine,omitempty"`
	Export     string `toml:"export" json:"export,omitempty"`
	Install    string `toml:"install" json:"install,omitempty"`
}

func (n *ProfileNet) validate() error {
	switch {
	case n.File == "" || strings.ContainsAny(n.File, "/\\") || n.File == "." || n.File == "..":
		return fmt.Errorf("file %q: want a plain file name", n.File)
	case filepath.IsAbs(n.Into) || strings.HasPrefix(filepath.Clean(n.Into), ".."):
		return fmt.Errorf("into %q: want a directory inside the source", n.Into)
	case len(n.SHA256) != 64 || strings.Trim(strings.ToLower(n.SHA256), "0123456789abcdef") != "":
		return fmt.Errorf("sha256 %q: want 64 hex digits", n.SHA256)
	case (n.From == "") != (n.Export == ""):
		return fmt.Errorf("from and export go together: the binary that holds the file and the UCI command that writes it")
	case n.Export != "" && !strings.Contains(n.Export, "{file}"):
		return fmt.Errorf("export %q: want {file} where the file is to be written", n.Export)
	}
	return nil
}

// SourcePatch reads the profile's patch.
func (p *Profile) SourcePatch() ([]byte, error) {
	if p.Source == nil || p.Source.Patch == "" {
		return nil, fmt.Errorf("profile %s has no [source] patch", p.Name)
	}
	if p.Source.dir == "" {
		return builtinProfiles.ReadFile("profiles/" + p.Source.Patch)
	}
	return os.ReadFile(filepath.Join(p.Source.dir, p.Source.Patch))
}

// ProfileParam maps one parameter to a spin option.
type ProfileParam struct {
	Name      string `toml:"name"`
	Option    string `toml:"option"`
	Technique string `toml:"technique"`
	Summary   string `toml:"summary"`
}

//go:embed profiles/*.toml profiles/*.patch
var builtinProfiles embed.FS

// BuiltinProfiles lists the profiles built into the binary.
func BuiltinProfiles() []string {
	entries, _ := builtinProfiles.ReadDir("profiles")
	var names []string
	for _, e := range entries {
		if name, ok := strings.CutSuffix(e.Name(), ".toml"); ok {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	return names
}

// LoadProfile reads a built-in profile by name, or else the file at path.
func LoadProfile(nameOrPath string) (*Profile, error) {
	data, err := builtinProfiles.ReadFile("profiles/" + nameOrPath + ".toml")
	source := "profile " + nameOrPath
	if err != nil {
		data, err = os.ReadFile(nameOrPath)
		if errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("--profile %s: no such file, and no built-in profile of that name (built-in: %s)",
				nameOrPath, strings.Join(BuiltinProfiles(), ", "))
		}
		if err != nil {
			return nil, err
		}
		source = nameOrPath
	}
	p, err := ParseProfile(data, source)
	if err == nil && p.Source != nil && source == nameOrPath {
		p.Source.dir = filepath.Dir(nameOrPath)
	}
	return p, err
}

// ParseProfile reads a profile's TOML; source names it in errors.
func ParseProfile(data []byte, source string) (*Profile, error) {
	var p Profile
	err := DecodeTOML(data, source, &p, "name, engine, description, reset, nodes_as_time, counters, technique, param, source; "+
		"in a technique: name, option, on, off, summary, requires, note_elo; in a param: name, option, technique, summary; "+
		"in source: patch, build, expect_bench, sha256, net; in source.net: file, into, sha256, from, from_engine, export, install")
	if err != nil {
		return nil, err
	}
	return &p, p.Validate(source)
}

// DecodeTOML decodes a TOML file strictly, for profiles and experiment
// files alike: a syntax error names the file and line, and a key the
// struct does not know is an error listing the known ones.
func DecodeTOML(data []byte, source string, v any, known string) error {
	md, err := toml.NewDecoder(bytes.NewReader(data)).Decode(v)
	if err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			return fmt.Errorf("%s:%d: %s", source, pe.Position.Line, pe.Message)
		}
		return fmt.Errorf("%s: %v", source, err)
	}
	if und := md.Undecoded(); len(und) > 0 {
		keys := make([]string, len(und))
		for i, k := range und {
			keys[i] = k.String()
		}
		where := source
		if line, col := keyPosition(data, und[0]); line > 0 {
			where = fmt.Sprintf("%s:%d:%d", source, line, col)
		}
		return fmt.Errorf("%s: unknown key %s (known: %s)", where, strings.Join(keys, ", "), known)
	}
	return nil
}

// keyPosition finds where a key is written in a TOML text (line and
// column, from 1): the first line that sets its last part under a table
// header of the rest ([a.b] or [[a.b]]), or that header itself. 0 if not
// found: the decoder keeps positions to itself.
func keyPosition(data []byte, key toml.Key) (line, col int) {
	if len(key) == 0 {
		return 0, 0
	}
	parent, last := strings.Join(key[:len(key)-1], "."), key[len(key)-1]
	table := ""
	for i, text := range strings.Split(string(data), "\n") {
		trimmed := strings.TrimSpace(text)
		indent := len(text) - len(strings.TrimLeft(text, " \t"))
		if strings.HasPrefix(trimmed, "[") {
			table = strings.TrimSpace(strings.Trim(trimmed, "[]"))
			if table == strings.Join(key, ".") {
				return i + 1, indent + 1
			}
			continue
		}
		name, _, ok := strings.Cut(trimmed, "=")
		if ok && table == parent && strings.Trim(strings.TrimSpace(name), `"'`) == last {
			return i + 1, indent + 1
		}
	}
	return 0, 0
}

// Validate checks the profile on its own: names given, unique and well
// formed, one name per option; source names it in errors.
func (p *Profile) Validate(source string) error {
	if len(p.Techniques) == 0 {
		return fmt.Errorf("%s: no [[technique]]", source)
	}
	if p.Reset != "" && p.Reset != "restart" && p.Reset != "ucinewgame" {
		return fmt.Errorf("%s: reset %q: want restart or ucinewgame", source, p.Reset)
	}
	known := append(search.CounterColumns(), "qnodes")
	for _, c := range p.Counters {
		if !slices.Contains(known, c) {
			return fmt.Errorf("%s: counters: %q is none of ablate's counters (%s)", source, c, strings.Join(known, ", "))
		}
	}
	names := map[string]string{}
	options := map[string]string{}
	claim := func(kind, name, option string) error {
		switch {
		case name == "" || option == "":
			return fmt.Errorf("%s: a %s needs a name and an option", source, kind)
		case strings.ContainsAny(name, ",=+ ") || name[0] == '-':
			return fmt.Errorf("%s: %s name %q may not hold spaces, commas, '=' or start with '+' or '-'", source, kind, name)
		case names[name] != "":
			return fmt.Errorf("%s: %q is named twice", source, name)
		case options[strings.ToLower(option)] != "":
			return fmt.Errorf("%s: option %q is mapped twice (%s and %s)", source, option, options[strings.ToLower(option)], name)
		}
		names[name], options[strings.ToLower(option)] = kind, name
		return nil
	}
	for _, t := range p.Techniques {
		if err := claim("technique", t.Name, t.Option); err != nil {
			return err
		}
	}
	for _, t := range p.Techniques {
		for _, r := range t.Requires {
			if names[r] != "technique" || r == t.Name {
				return fmt.Errorf("%s: technique %s requires %q, which is not another of its techniques", source, t.Name, r)
			}
		}
	}
	if p.Source != nil && p.Source.Net != nil {
		if err := p.Source.Net.validate(); err != nil {
			return fmt.Errorf("%s: [source.net]: %v", source, err)
		}
	}
	for _, x := range p.Params {
		if err := claim("param", x.Name, x.Option); err != nil {
			return err
		}
		if x.Technique != "" && names[x.Technique] != "technique" {
			return fmt.Errorf("%s: param %s belongs to %q, which is not one of its techniques", source, x.Name, x.Technique)
		}
	}
	return nil
}

// check holds the profile to the engine's own option list: every option
// it maps must exist, each technique's on and off values must be valid
// values of it, and each parameter's option must be a spin.
func (p *Profile) check(engine string, c *uci.Client) error {
	p.options = map[string]uci.Option{}
	where := fmt.Sprintf("profile %s (for %s)", p.Name, engine)
	for i := range p.Techniques {
		t := &p.Techniques[i]
		o, ok := c.Option(t.Option)
		if !ok {
			return fmt.Errorf("%s: technique %s maps to option %q, which %s does not have (it has: %s)",
				where, t.Name, t.Option, engine, optionNames(c.Options))
		}
		if o.Type == "check" {
			t.On, t.Off = first(t.On, "true"), first(t.Off, "false")
		}
		if t.On == "" || t.Off == "" || t.On == t.Off {
			return fmt.Errorf("%s: technique %s needs two different values, on and off, for %q", where, t.Name, t.Option)
		}
		for _, v := range []string{t.On, t.Off} {
			if err := o.Check(v); err != nil {
				return fmt.Errorf("%s: technique %s: %v", where, t.Name, err)
			}
		}
		p.options[t.Option] = o
	}
	if p.NodesAsTime != "" {
		o, ok := c.Option(p.NodesAsTime)
		if !ok || o.Type != "spin" {
			return fmt.Errorf("%s: nodes_as_time names %q, which is not a spin option of %s (it has: %s)",
				where, p.NodesAsTime, engine, optionNames(c.Options))
		}
		p.options[p.NodesAsTime] = o
	}
	for _, x := range p.Params {
		o, ok := c.Option(x.Option)
		if !ok {
			return fmt.Errorf("%s: param %s maps to option %q, which %s does not have (it has: %s)",
				where, x.Name, x.Option, engine, optionNames(c.Options))
		}
		if o.Type != "spin" {
			return fmt.Errorf("%s: param %s maps to %q, a %s option, not a spin", where, x.Name, x.Option, o.Type)
		}
		p.options[x.Option] = o
	}
	return nil
}

func first(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}

// TechniqueNames lists the profile's techniques.
func (p *Profile) TechniqueNames() []string {
	names := make([]string, len(p.Techniques))
	for i, t := range p.Techniques {
		names[i] = t.Name
	}
	return names
}

// parse reads a spec against the profile: "default" (the engine's option
// defaults), then +technique, -technique and param=value items.
func (p *Profile) parse(spec string) (Config, error) {
	items := strings.Split(spec, ",")
	if base := strings.TrimSpace(items[0]); base != "default" && base != "" {
		return nil, fmt.Errorf("unknown preset %q: an external engine's only preset is default (its own option defaults)", base)
	}
	values := map[string]string{} // option -> value
	for _, t := range p.Techniques {
		values[t.Option] = p.options[t.Option].Default
	}
	changed := map[string]string{}
	for _, x := range p.Params {
		values[x.Option] = p.options[x.Option].Default
	}
	for _, item := range items[1:] {
		item = strings.TrimSpace(item)
		switch {
		case item == "":
			return nil, fmt.Errorf("empty item in configuration")
		case item[0] == '+' || item[0] == '-':
			t := p.technique(item[1:])
			if t == nil {
				return nil, fmt.Errorf("unknown technique %q (known: %s)", item[1:], strings.Join(p.TechniqueNames(), ", "))
			}
			values[t.Option] = map[bool]string{true: t.On, false: t.Off}[item[0] == '+']
		case strings.Contains(item, "="):
			name, v, _ := strings.Cut(item, "=")
			x := p.param(name)
			if x == nil {
				var known []string
				for _, x := range p.Params {
					known = append(known, x.Name)
				}
				return nil, fmt.Errorf("unknown parameter %q (known: %s)", name, strings.Join(known, ", "))
			}
			o := p.options[x.Option]
			n, err := strconv.Atoi(v)
			if err != nil || n < o.Min || n > o.Max {
				return nil, fmt.Errorf("parameter %s=%s out of range %d..%d (option %q)", name, v, o.Min, o.Max, x.Option)
			}
			values[x.Option] = v
			changed[name] = v
		default:
			return nil, fmt.Errorf("%q is not +technique, -technique or name=value", item)
		}
	}
	cfg := UCIConfig{on: map[string]bool{}}
	var on, params []string
	for _, t := range p.Techniques {
		cfg.settings = append(cfg.settings, setting{p.options[t.Option].Name, values[t.Option]})
		cfg.on[t.Name] = strings.EqualFold(values[t.Option], t.On)
	}
	// A technique whose requirement is off is inert: off, as it acts.
	for changed := true; changed; {
		changed = false
		for _, t := range p.Techniques {
			for _, r := range t.Requires {
				if cfg.on[t.Name] && !cfg.on[r] {
					cfg.on[t.Name], changed = false, true
				}
			}
		}
	}
	for _, t := range p.Techniques {
		if cfg.on[t.Name] {
			on = append(on, t.Name)
		}
	}
	for _, x := range p.Params {
		cfg.settings = append(cfg.settings, setting{p.options[x.Option].Name, values[x.Option]})
		if v, ok := changed[x.Name]; ok {
			params = append(params, x.Name+"="+v)
		}
	}
	cfg.techniques, cfg.params = strings.Join(on, ","), strings.Join(params, ";")
	return cfg, nil
}

func (p *Profile) technique(name string) *ProfileTech {
	for i := range p.Techniques {
		if p.Techniques[i].Name == name {
			return &p.Techniques[i]
		}
	}
	return nil
}

func (p *Profile) param(name string) *ProfileParam {
	for i := range p.Params {
		if p.Params[i].Name == name {
			return &p.Params[i]
		}
	}
	return nil
}
