package match

import (
	"encoding/json"
	"fmt"
	"reflect"

	"github.com/ablate-chess/ablate/engine/subject"
	"github.com/ablate-chess/ablate/experiments/resultdir"
	"github.com/ablate-chess/ablate/experiments/setup"
)

// SamePlayers checks that the players about to finish an interrupted match
// are the ones that began it: a variant built from source whose revision
// now names another commit, or another patch, would mix two engines' games
// in one match; so would a spec whose preset has since gained or lost a
// technique (full following a new stage). The spec itself is in the
// settings already.
func SamePlayers(prev *resultdir.MatchInfo, m *Match) error {
	for i, p := range []Player{m.A, m.B} {
		was := prev.A
		if i == 1 {
			was = prev.B
		}
		if now := builtFrom(p.Config); !reflect.DeepEqual(was.Built, now) {
			return fmt.Errorf("%s began as %s and would finish as %s: its revision moved; "+
				"use another directory, or check out the revision it began with", p.Name, describeBuild(was.Built), describeBuild(now))
		}
		if p.Subject != nil && p.Config != nil {
			if gained, lost := setup.MovedTechniques(p.Subject.Techniques(), was.Techniques, p.Config.Techniques()); len(gained)+len(lost) > 0 {
				return setup.MovedError(p.Name, p.Spec, gained, lost)
			}
		}
	}
	return nil
}

// builtFrom is what a configuration's engine was built from: nil but for
// a variant built from source.
func builtFrom(c subject.Config) *subject.Provenance {
	if v, ok := c.(interface{ Built() *subject.Provenance }); ok {
		return v.Built()
	}
	return nil
}

func describeBuild(p *subject.Provenance) string {
	if p == nil {
		return "an engine of no recorded build"
	}
	return p.String()
}

// Resume reads what a cell's directory holds: nothing yet (nil, nil), a
// finished match (complete, with its result) or an interrupted one (its
// match.json and the pairs of its journal). A directory made with other
// settings is an error: a cell is reused only for the same match (at any
// -j), or an interrupted one asked for more pairs, which goes on to them
// (its match.json then holds the new request).
func Resume(dir string, s Settings) (prev *resultdir.MatchInfo, done map[int]*Pair, err error) {
	prev, err = resultdir.ReadMatchInfo(dir)
	if err != nil {
		return nil, nil, nil
	}
	var was Settings
	if err := json.Unmarshal(prev.Request, &was); err != nil {
		return nil, nil, fmt.Errorf("%s: match.json has no usable request: %v", dir, err)
	}
	complete := prev.Complete && prev.Result != nil
	grown, err := resultdir.SamePlan(resultdir.PlanChangedError{Setting: "out", Dir: dir, Kind: "match"},
		Plan(was), Plan(s), []string{"pairs"}, complete)
	if err != nil {
		return nil, nil, err
	}
	if grown != nil {
		prev.Request, _ = json.Marshal(s)
	}
	if complete {
		return prev, nil, nil
	}
	if done, err = ReadJournal(dir); err != nil {
		return nil, nil, err
	}
	return prev, done, CheckJournal(dir, prev, done)
}
