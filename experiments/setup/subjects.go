package setup

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/ablate-chess/ablate/engine/subject"
	"github.com/ablate-chess/ablate/experiments/source"
)

// ErrNoEngine is a profile, engine options or an engine directory given
// for ablate's own engine: they need an external engine or a source.
var ErrNoEngine = errors.New("a profile, engine options and an engine directory need an external engine or an engine source")

// SubjectSpec is what makes a subject, the engine a plan searches: ablate's
// own (nothing set), an external UCI engine (Engine) named by a profile,
// or variants built from an engine's source (Source). It is stored in
// run.json, so that a resume makes the same subject.
type Subject struct {
	Engine  string         `json:"engine,omitempty"`
	Dir     string         `json:"engine_dir,omitempty"`
	Options []string       `json:"engine_options,omitempty"`
	Profile string         `json:"profile,omitempty"`
	Source  *source.Source `json:"source,omitempty"` // variants built from source
	Cache   string         `json:"build_cache,omitempty"`
}

// BuildVariants builds the source's variants (or takes them from the
// cache) and makes them one subject, each variant a configuration whose
// parameters name what it was built from. ctx stops a build: nothing half
// built is kept, and the error is context.Canceled.
func BuildVariants(ctx context.Context, spec Subject, profile *subject.Profile, hashMB int, limit time.Duration, log io.Writer) (subject.Subject, error) {
	cache := source.Cache{Dir: spec.Cache}
	if cache.Dir == "" {
		var err error
		if cache, err = source.DefaultCache(); err != nil {
			return nil, err
		}
	}
	built, err := spec.Source.BuildAll(ctx, cache, log)
	if err != nil {
		return nil, err
	}
	var names []string
	var about []subject.Provenance
	var subs []*subject.UCI
	for _, b := range built {
		u, err := subject.OpenUCI(subject.UCI{Command: b.Binary, Dir: spec.Dir, Options: spec.Options, HashMB: hashMB,
			Profile: profile, SearchLimit: limit})
		if err != nil {
			return nil, fmt.Errorf("variant %q: %v", b.Name, err)
		}
		names, subs = append(names, b.Name), append(subs, u)
		about = append(about, b.Provenance())
		what := b.Commit[:12]
		if b.Patch != "" {
			what += " + " + b.Patch
		}
		bench := "no bench"
		if b.Bench != 0 {
			bench = fmt.Sprintf("bench %d", b.Bench)
		}
		fmt.Fprintf(log, "variant %s: %s (%s), %s\n", b.Name, what, u.Name(), bench)
	}
	return subject.NewVariants(subs[0].Name()+" (source)", names, subs, about)
}

// ParseEngine reads an external engine, [NAME=]CMD: a name (letters,
// digits, '-', '_', '.') before the first '=', else the file name of the
// command's program.
func ParseEngine(s string) (name, command string) {
	if n, cmd, ok := strings.Cut(s, "="); ok && n != "" && cmd != "" && plainName(n) {
		return n, cmd
	}
	fields := strings.Fields(s)
	if len(fields) == 0 {
		return "", s
	}
	return filepath.Base(fields[0]), s
}

// ParseEngineOption reads an external engine's UCI option,
// [ENGINE:]OPTION=VALUE: the engine's name may be left out where there is
// one external engine.
func ParseEngineOption(s string) (engine, option string, err error) {
	if e, rest, ok := strings.Cut(s, ":"); ok && plainName(e) && strings.Contains(rest, "=") {
		return e, rest, nil
	}
	if !strings.Contains(s, "=") || strings.HasPrefix(s, "=") {
		return "", "", BadSetting("engine-option", "%q: want [ENGINE:]OPTION=VALUE, as in Hash=64 or toga:Hash=64", s)
	}
	return "", s, nil
}

func plainName(s string) bool {
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.') {
			return false
		}
	}
	return s != ""
}

// NewSubjectSpec reads what makes a subject from its settings: the
// external engine ([NAME=]CMD, "" for ablate's own), its directory,
// profile and options ([ENGINE:]OPTION=VALUE), the build cache, and the
// engine built from its source (nil: none).
func NewSubject(engine, dir, profile, cache string, options []string, src *source.Source) (Subject, error) {
	name, command := ParseEngine(engine)
	if cache != "" { // a directory of its own wherever the run resumes
		abs, err := filepath.Abs(cache)
		if err != nil {
			return Subject{}, BadSetting("build-cache", "%v", err)
		}
		cache = abs
	}
	spec := Subject{Engine: command, Dir: dir, Profile: profile, Cache: cache, Source: src}
	for _, o := range options {
		e, opt, err := ParseEngineOption(o)
		if err != nil {
			return spec, err
		}
		if e != "" && e != name {
			return spec, BadSetting("engine-option", "%q: no engine named %q (the engine is %q)", o, e, name)
		}
		spec.Options = append(spec.Options, opt)
	}
	if src != nil && spec.Engine != "" {
		return spec, BadSetting("engine-src", "with an external engine: give one")
	}
	return spec, nil
}
