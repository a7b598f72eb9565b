package match

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/ablate-chess/ablate/engine/subject"
	"github.com/ablate-chess/ablate/experiments/matrix"
	"github.com/ablate-chess/ablate/experiments/resultdir"
	"github.com/ablate-chess/ablate/experiments/setup"
)

// Request is a match to begin, or one to finish.
type Request struct {
	Settings Settings // a new match's
	Out      string   // its directory ("": none)
	Replace  bool     // replace what Out holds, once the new match is complete
	// Resume, if set, is Out, and the match is the one its directory
	// holds, with the settings it began with (but Workers, if above 0):
	// the command line need not repeat them.
	Resume  string
	Workers int
	Args    []string  // the command line, for match.json
	Log     io.Writer // builds and --force say what they do
}

// Opened is a match ready to play in its directory.
type Opened struct {
	*Match
	Dir  string
	Info *resultdir.MatchInfo
	// Complete: Out holds this match, complete; nothing is left to play,
	// and Info.Result is its result.
	Complete bool

	claim *resultdir.Claim
}

// Plan is what a match plays, for comparing a request with the match a
// directory holds: its settings but the workers, which change when a game
// is played, not what is in it.
func Plan(s Settings) Settings {
	s.Workers = 0
	if s.Shard.Count == 0 {
		s.Shard = setup.Whole // a match made before shards has none
	}
	return s
}

// storedPlan reads the plan of the match in dir.
func storedPlan(dir string) (any, bool, error) {
	info, err := resultdir.ReadMatchInfo(dir)
	if err != nil {
		return nil, false, err
	}
	var s Settings
	if err := json.Unmarshal(info.Request, &s); err != nil {
		return nil, false, fmt.Errorf("match.json has no usable request: %v", err)
	}
	return Plan(s), info.Complete && info.Result != nil, nil
}

// Open makes the match a request asks for, every check before any game:
// its directory claimed (locked until Close; an occupied one refused,
// unless replaced; the same match there resumed, or found complete), its
// variants built, its hash checked against the machine, its players made
// and, for a resume, the same as began it.
func Open(ctx context.Context, r Request) (o *Opened, err error) {
	s, dir := r.Settings, r.Out
	if r.Resume != "" {
		dir = r.Resume
		// A worth's cell (W/matches/NAME) is the worth's to finish: a
		// screening's match draws its configuration pair by pair, which
		// the match alone does not know.
		if w := filepath.Dir(filepath.Dir(filepath.Clean(dir))); filepath.Base(filepath.Dir(filepath.Clean(dir))) == "matches" {
			if h, err := resultdir.Inspect(w); err == nil && h.What == "worth" {
				return nil, setup.BadSetting("resume", "%s is a cell of the worth in %s: the worth command that began it finishes it", dir, w)
			}
		}
		info, err := resultdir.ReadMatchInfo(dir)
		if err != nil {
			return nil, setup.BadSetting("resume", "%s: %v", dir, err)
		}
		s = Settings{}
		if err := json.Unmarshal(info.Request, &s); err != nil {
			return nil, setup.BadSetting("resume", "%s: match.json has no usable request: %v", dir, err)
		}
		if r.Workers > 0 {
			s.Workers = r.Workers
		}
	}
	var claim *resultdir.Claim
	var info *resultdir.MatchInfo
	done := map[int]*Pair{}
	if dir != "" {
		if claim, err = resultdir.Open(resultdir.Ask{Dir: dir, Kind: "match", Replace: r.Replace,
			Plan: Plan(s), Stored: storedPlan, Grows: []string{"pairs"}, Description: &resultdir.MatchInfo{}}); err != nil {
			return nil, err
		}
		defer func() {
			if err != nil {
				claim.Release()
			}
		}()
		switch claim.State {
		case resultdir.Complete:
			info, err := resultdir.ReadMatchInfo(claim.Dir)
			if err != nil {
				return nil, err
			}
			claim.Release()
			return &Opened{Match: &Match{Pairs: info.PairsAsked}, Dir: claim.Dir, Info: info, Complete: true}, nil
		case resultdir.Resumed:
			if info, err = resultdir.ReadMatchInfo(claim.Dir); err != nil {
				return nil, err
			}
			if done, err = ReadJournal(claim.Dir); err != nil {
				return nil, err
			}
			if err = CheckJournal(claim.Dir, info, done); err != nil {
				return nil, err
			}
			if claim.Grown != nil { // asked for more pairs: the command that asked makes it now
				info.Request, _ = json.Marshal(s)
				info.Args = r.Args
				fmt.Fprintf(r.Log, "%s: %s: it goes on to the new count\n", claim.Dir, strings.Join(claim.Grown, "; "))
			}
		}
		if claim.Replaces() != "" {
			fmt.Fprintf(r.Log, "--force: writing in %s; it replaces %s once complete\n", claim.Dir, dir)
		}
		dir = claim.Dir
	}
	var configs subject.Subject // the configurations' engine: ablate's, or built variants
	if s.Source != nil {
		var err error
		spec := setup.Subject{Source: s.Source, Cache: s.BuildCache, Profile: s.Profile}
		if configs, err = matrix.MakeSubject(ctx, spec, s.HashMB, setup.Cap{}, "", r.Log); err != nil {
			return nil, err
		}
		if len(s.Configs) == 0 { // every variant plays
			for _, v := range s.Source.Variants {
				s.Configs = append(s.Configs, v.Name+"="+v.Name)
			}
		}
	}
	if err := setup.CheckHash(s.HashMB, 2*max(1, s.Workers)); err != nil {
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
			return nil, setup.BadSetting("out", "%s: %v", dir, err)
		}
	} else {
		req, _ := json.Marshal(s)
		info = &resultdir.MatchInfo{Args: r.Args, Request: req, Life: resultdir.Begin(claim.Replaces())}
	}
	m.Describe(info, s)
	return &Opened{Match: m, Dir: dir, Info: info, claim: claim}, nil
}

// Play plays the match in its directory (PlayIn) and lets go of the
// directory.
func (o *Opened) Play(ctx context.Context) (*Outcome, error) {
	defer o.claim.Release()
	return o.PlayIn(ctx, o.Dir, o.Info)
}

// Close lets go of the match's directory without playing.
func (o *Opened) Close() { o.claim.Release() }
