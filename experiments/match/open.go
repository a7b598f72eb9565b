package match

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/ablate-chess/ablate/engine/subject"
	"github.com/ablate-chess/ablate/experiments"
	"github.com/ablate-chess/ablate/experiments/resultdir"
)

// Request is a match to begin, or one to finish.
type Request struct {
	Settings Settings // a new match's
	Resume   string   // finish the interrupted match in this directory instead
	Out      string   // a new match's directory ("": none)
	Replace  bool     // replace what Out holds, once the new match is complete
	Workers  int      // with Resume: the workers now (0: as it began)
	Args     []string // the command line, for match.json
	// CheckArgs, with Resume, refuses a command line that would change
	// the match it began as (it gets the one it began with).
	CheckArgs func(began []string) error
	Log       io.Writer // builds and --force say what they do
}

// Opened is a match ready to play in its directory.
type Opened struct {
	*Match
	Dir  string
	Info *resultdir.MatchInfo
}

// Open makes the match a request asks for, every check before any game:
// its directory claimed (an occupied one refused, unless replaced) or its
// interrupted journal read, its variants built, its hash checked against
// the machine, its players made and, for a resume, the same as began it.
func Open(ctx context.Context, r Request) (*Opened, error) {
	s, dir, replaces := r.Settings, r.Out, ""
	var info *resultdir.MatchInfo
	done := map[int]*Pair{}
	if r.Resume != "" {
		var err error
		if s, info, done, err = ResumeDir(r.Resume); err != nil {
			return nil, experiments.BadSetting("resume", "%s: %v", r.Resume, err)
		}
		if r.CheckArgs != nil {
			if err := r.CheckArgs(info.Args); err != nil {
				return nil, experiments.BadSetting("resume", "%s: %v", r.Resume, err)
			}
		}
		if r.Workers > 0 {
			s.Workers = r.Workers
		}
		dir = r.Resume
	} else if dir != "" {
		write, err := resultdir.Claim("out", dir, r.Replace)
		if err != nil {
			return nil, err
		}
		if write != dir {
			fmt.Fprintf(r.Log, "--force: writing in %s; it replaces %s once complete\n", write, dir)
			dir, replaces = write, dir
		}
	}
	var configs subject.Subject // the configurations' engine: ablate's, or built variants
	if s.Source != nil {
		var err error
		spec := experiments.SubjectSpec{Source: s.Source, Cache: s.BuildCache}
		if configs, err = experiments.BuildVariants(ctx, spec, nil, s.HashMB, time.Hour, r.Log); err != nil {
			return nil, err
		}
		if len(s.Configs) == 0 { // every variant plays
			for _, v := range s.Source.Variants {
				s.Configs = append(s.Configs, v.Name+"="+v.Name)
			}
		}
	}
	if err := experiments.CheckHash(s.HashMB, 2*max(1, s.Workers)); err != nil {
		return nil, err
	}
	ps, err := s.Players(r.Log, configs)
	if err != nil {
		return nil, err
	}
	m, err := s.Build(ps[0], ps[1])
	if err != nil {
		return nil, err
	}
	m.Done = done
	if info != nil {
		if err := SamePlayers(info, m); err != nil {
			return nil, experiments.BadSetting("resume", "%s: %v", dir, err)
		}
	} else {
		req, _ := json.Marshal(s)
		info = &resultdir.MatchInfo{Args: r.Args, Request: req, Started: time.Now().UTC(), Replaces: replaces}
	}
	m.Describe(info, s)
	return &Opened{Match: m, Dir: dir, Info: info}, nil
}
