package matrix

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/ablate-chess/ablate/engine/subject"
	"github.com/ablate-chess/ablate/experiments/setup"
	"github.com/ablate-chess/ablate/experiments/source"
)

// MakeSubject makes the subject: ablate's engine with hashMB tables, or
// the external engine, started once to check its options and profile
// (from Profile, else the experiment file's [profile]), or the variants
// built. A search with no other bound on its time gets the budget's time
// and a minute more before the engine is taken to have hung. What the
// engine is set to goes to log. ctx stops a build (context.Canceled).
func MakeSubject(ctx context.Context, spec setup.Subject, hashMB int, b setup.Cap, experiment string, log io.Writer) (subject.Subject, error) {
	var file *File
	if experiment != "" {
		f, err := LoadFile(experiment)
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
			return nil, setup.ErrNoEngine
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
		if profile != nil && profile.Source != nil {
			src, err := withProfileSource(*spec.Source, profile)
			if err != nil {
				return nil, err
			}
			spec.Source = &src
		}
		return setup.BuildVariants(ctx, spec, profile, hashMB, limit, log)
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
	fmt.Fprintf(log, "engine: %s (%s), set to %s; %s\n", u.Name(), spec.Engine, strings.Join(u.Settings(), ", "), prof)
	return u, nil
}

// withProfileSource fills in what the profile says of its engine's source
// and the request left out: the variant (the source with the profile's
// patch, named after the profile), the build, the bench and the
// tarball's hash.
func withProfileSource(src source.Source, p *subject.Profile) (source.Source, error) {
	ps := p.Source
	if len(src.Variants) == 0 && ps.Patch != "" {
		patch, err := p.SourcePatch()
		if err != nil {
			return src, err
		}
		src.Variants = []source.Variant{source.PatchedVariant(p.Name, "HEAD", ps.Patch+" (profile "+p.Name+")", patch, ps.ExpectBench)}
	}
	if (src.Build == "" || src.Build == source.DefaultBuild) && ps.Build != "" {
		src.Build = ps.Build
	}
	if src.ExpectBench == 0 {
		src.ExpectBench = ps.ExpectBench
	}
	if src.SHA256 == "" && source.IsTarball(src.Repo) {
		src.SHA256 = ps.SHA256
	}
	if src.Net == nil {
		src.Net = ps.Net
	}
	return src, nil
}
