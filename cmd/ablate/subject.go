package main

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/ablate-chess/ablate/engine/subject"
	"github.com/ablate-chess/ablate/experiments"
	"github.com/ablate-chess/ablate/experiments/match"
)

// The engine a command searches: ablate's own, or with --engine an
// external UCI engine, its techniques named by a profile.

func subjectFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "engine", Usage: "search this UCI engine instead of ablate's own: `[NAME=]CMD` (path, or path and arguments)"},
		&cli.StringFlag{Name: "engine-dir", Usage: "the external engine's working `DIR`ectory"},
		&cli.StringSliceFlag{Name: "engine-option", Usage: "a UCI option sent to the external engine, `[ENGINE:]OPTION=VALUE` (repeatable)"},
		&cli.StringFlag{Name: "profile", Usage: "the external engine's profile: built-in `NAME` (" +
			strings.Join(subject.BuiltinProfiles(), ", ") + ") or TOML FILE"},
	}
}

// subjectSpec is what makes a subject, as stored in run.json.
type subjectSpec struct {
	Engine  string   `json:"engine,omitempty"`
	Dir     string   `json:"engine_dir,omitempty"`
	Options []string `json:"engine_options,omitempty"`
	Profile string   `json:"profile,omitempty"`
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
	return spec, nil
}

// makeSubject makes the subject: ablate's engine with hashMB tables, or the
// external engine, started once to check its options and profile (from
// --profile, else the experiment file's [profile]). A search with no other
// bound on its time gets the budget's time and a minute more before the
// engine is taken to have hung. What the engine is set to goes to errw.
func makeSubject(spec subjectSpec, hashMB int, b experiments.Budget, experiment string, errw io.Writer) (subject.Subject, error) {
	if spec.Engine == "" {
		if spec.Profile != "" || len(spec.Options) > 0 || spec.Dir != "" {
			return nil, fmt.Errorf("--profile, --engine-option and --engine-dir need --engine")
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
	case experiment != "":
		f, err := experiments.LoadFile(experiment)
		if err != nil {
			return nil, err
		}
		profile = f.Profile
	}
	limit := time.Hour
	if b.Time > 0 {
		limit = b.Time + time.Minute
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
