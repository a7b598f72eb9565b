package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/ablate-chess/ablate/experiments/source"

	"github.com/urfave/cli/v2"

	"github.com/ablate-chess/ablate/engine/subject"
	"github.com/ablate-chess/ablate/experiments"
	"github.com/ablate-chess/ablate/experiments/match"
)

// The engine a command searches: ablate's own, or with --engine an
// external UCI engine, its techniques named by a profile.

func subjectFlags() []cli.Flag {
	return append([]cli.Flag{
		&cli.StringFlag{Name: "engine", Usage: "search this UCI engine instead of ablate's own: `[NAME=]CMD` (path, or path and arguments)"},
		&cli.StringFlag{Name: "engine-dir", Usage: "the external engine's working `DIR`ectory"},
		&cli.StringSliceFlag{Name: "engine-option", Usage: "a UCI option sent to the external engine, `[ENGINE:]OPTION=VALUE` (repeatable)"},
		&cli.StringFlag{Name: "profile", Usage: "the external engine's profile: built-in `NAME` (" +
			strings.Join(subject.BuiltinProfiles(), ", ") + ") or TOML FILE"},
	}, sourceFlags()...)
}

// subjectSpec is what makes a subject, as stored in run.json.
type subjectSpec struct {
	Engine  string         `json:"engine,omitempty"`
	Dir     string         `json:"engine_dir,omitempty"`
	Options []string       `json:"engine_options,omitempty"`
	Profile string         `json:"profile,omitempty"`
	Source  *source.Source `json:"source,omitempty"` // variants built from source
	Cache   string         `json:"build_cache,omitempty"`
}

func readSubjectSpec(c *cli.Context) (subjectSpec, error) {
	name, command := match.ParseEngine(c.String("engine"))
	spec := subjectSpec{Engine: command, Dir: c.String("engine-dir"), Profile: c.String("profile")}
	for _, o := range c.StringSlice("engine-option") {
		engine, opt, err := match.ParseEngineOption(o)
		if err != nil {
			return spec, err
		}
		if engine != "" && engine != name {
			return spec, fmt.Errorf("--engine-option %q: no engine named %q (the engine is %q)", o, engine, name)
		}
		spec.Options = append(spec.Options, opt)
	}
	spec.Cache = c.String("build-cache")
	src, err := readSource(c)
	if err != nil {
		return spec, err
	}
	if src != nil && spec.Engine != "" {
		return spec, fmt.Errorf("--engine-src with --engine: give one")
	}
	spec.Source = src
	return spec, nil
}

// makeSubject makes the subject: ablate's engine with hashMB tables, or the
// external engine, started once to check its options and profile (from
// --profile, else the experiment file's [profile]). A search with no other
// bound on its time gets the budget's time and a minute more before the
// engine is taken to have hung. What the engine is set to goes to errw.
func makeSubject(spec subjectSpec, hashMB int, b experiments.Budget, experiment string, errw io.Writer) (subject.Subject, error) {
	var file *experiments.File
	if experiment != "" {
		f, err := experiments.LoadFile(experiment)
		if err != nil {
			return nil, err
		}
		file = f
	}
	if spec.Source == nil && spec.Engine == "" && file != nil && file.Source != nil {
		spec.Source = file.Source
	}
	if spec.Engine == "" && spec.Source == nil {
		if spec.Profile != "" || len(spec.Options) > 0 || spec.Dir != "" {
			return nil, fmt.Errorf("--profile, --engine-option and --engine-dir need --engine or --engine-src")
		}
		return subject.Native{HashMB: hashMB}, nil
	}
	var profile *subject.Profile
	switch {
	case spec.Profile != "":
		p, err := subject.LoadProfile(spec.Profile)
		if err != nil {
			return nil, err
		}
		profile = p
	case file != nil:
		profile = file.Profile
	}
	limit := time.Hour
	if b.Time > 0 {
		limit = b.Time + time.Minute
	}
	if spec.Source != nil {
		return buildVariants(spec, profile, hashMB, limit, errw)
	}
	u, err := subject.OpenUCI(subject.UCI{Command: spec.Engine, Dir: spec.Dir, Options: spec.Options, HashMB: hashMB,
		Profile: profile, SearchLimit: limit})
	if err != nil {
		return nil, err
	}
	prof := "no profile: its only configuration is default"
	if profile != nil {
		prof = "profile " + profile.Name + ": " + strings.Join(profile.TechniqueNames(), ", ")
	}
	fmt.Fprintf(errw, "engine: %s (%s), set to %s; %s\n", u.Name(), spec.Engine, strings.Join(u.Settings(), ", "), prof)
	return u, nil
}

// buildVariants builds the source's variants (or takes them from the
// cache) and makes them one subject, each variant a configuration.
func buildVariants(spec subjectSpec, profile *subject.Profile, hashMB int, limit time.Duration, errw io.Writer) (subject.Subject, error) {
	cache := source.Cache{Dir: spec.Cache}
	if cache.Dir == "" {
		var err error
		if cache, err = source.DefaultCache(); err != nil {
			return nil, err
		}
	}
	ctx, cancel := interruptible()
	defer cancel()
	built, err := spec.Source.BuildAll(ctx, cache, errw)
	if errors.Is(err, context.Canceled) {
		return nil, cli.Exit("interrupted during the build; nothing half built is kept, and what was built "+
			"is reused: run the same command again to go on", exitInterrupted)
	}
	if err != nil {
		return nil, err
	}
	var names, about []string
	var subs []*subject.UCI
	for _, b := range built {
		u, err := subject.OpenUCI(subject.UCI{Command: b.Binary, Dir: spec.Dir, Options: spec.Options, HashMB: hashMB,
			Profile: profile, SearchLimit: limit})
		if err != nil {
			return nil, fmt.Errorf("variant %q: %v", b.Name, err)
		}
		names, subs = append(names, b.Name), append(subs, u)
		a := "commit=" + b.Commit
		if b.Patch != "" {
			a += ";patch=" + b.Patch + ";patch_sha256=" + b.PatchHash
		}
		if b.Bench != 0 {
			a += fmt.Sprintf(";bench=%d", b.Bench)
		}
		about = append(about, a)
		what := b.Commit[:12]
		if b.Patch != "" {
			what += " + " + b.Patch
		}
		bench := "no bench"
		if b.Bench != 0 {
			bench = fmt.Sprintf("bench %d", b.Bench)
		}
		fmt.Fprintf(errw, "variant %s: %s (%s), %s\n", b.Name, what, u.Name(), bench)
	}
	return subject.NewVariants(subs[0].Name()+" (source)", names, subs, about)
}

// readSource reads --engine-src and its variants: nil without it.
func readSource(c *cli.Context) (*source.Source, error) {
	dir := c.String("engine-src")
	if dir == "" {
		if c.IsSet("variant") {
			return nil, fmt.Errorf("--variant needs --engine-src")
		}
		return nil, nil
	}
	src := &source.Source{Repo: dir, Build: c.String("build"), ExpectBench: c.Uint64("expect-bench"), Clean: c.Bool("clean")}
	for _, v := range c.StringSlice("variant") {
		name, rev, ok := strings.Cut(v, "=")
		if !ok || name == "" || rev == "" {
			return nil, fmt.Errorf("--variant %q: want NAME=REV or NAME=REV:FILE.diff", v)
		}
		variant := source.Variant{Name: name, Ref: rev}
		if base, patch, ok := strings.Cut(rev, ":"); ok {
			variant = source.Variant{Name: name, Base: base, Patch: patch}
		}
		src.Variants = append(src.Variants, variant)
	}
	return src, nil
}

// sourceFlags are the flags that build an engine from its source.
func sourceFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "engine-src", Usage: "build the engine from this git repository `DIR` in variants (--variant)"},
		&cli.StringSliceFlag{Name: "variant", Usage: "a variant to build, `NAME=REV` or NAME=REV:FILE.diff (a patch on REV); repeatable"},
		&cli.StringFlag{Name: "build", Usage: "the variants' build `CMD`, {src} the source and {out} the binary", Value: source.DefaultBuild},
		&cli.StringFlag{Name: "build-cache", Usage: "keep built variants in `DIR` (default: under the user's cache directory)"},
		&cli.Uint64Flag{Name: "expect-bench", Usage: "the bench signature `N` the base's variants must give"},
		&cli.BoolFlag{Name: "clean", Usage: "refuse an --engine-src whose working tree has changes"},
	}
}
