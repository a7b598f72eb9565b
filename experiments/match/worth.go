package match

import (
	"encoding/json"
	"fmt"
	"reflect"

	"github.com/ablate-chess/ablate/engine/subject"
	"github.com/ablate-chess/ablate/experiments"
	"github.com/ablate-chess/ablate/experiments/resultdir"
)

// sameGames reports whether two settings play the same games: all but the
// workers, which change when a game is played but not what is in it (the
// journal is written in pair order whatever -j is).
func sameGames(a, b Settings) bool {
	a.Workers, b.Workers = 0, 0
	return reflect.DeepEqual(a, b)
}

// ResumeDir reads an interrupted match's directory (ablate match
// --resume): its settings, its match.json and the pairs of its journal. A
// complete match is an error: there is nothing left to play.
func ResumeDir(dir string) (s Settings, info *resultdir.MatchInfo, done map[int]*Pair, err error) {
	if info, err = resultdir.ReadMatchInfo(dir); err != nil {
		return s, nil, nil, err
	}
	if info.Complete {
		return s, nil, nil, fmt.Errorf("that match is complete; its games are in games.pgn.gz")
	}
	if err := json.Unmarshal(info.Request, &s); err != nil {
		return s, nil, nil, fmt.Errorf("match.json has no usable request: %v", err)
	}
	done, err = ReadJournal(dir)
	return s, info, done, err
}

// SamePlayers checks that the players about to finish an interrupted match
// are the ones that began it: a variant built from source whose revision
// now names another commit, or another patch, would mix two engines' games
// in one match. (A configuration's spec is in the settings already.)
func SamePlayers(prev *resultdir.MatchInfo, m *Match) error {
	for i, p := range []Player{m.A, m.B} {
		was := prev.A.Built
		if i == 1 {
			was = prev.B.Built
		}
		if now := builtFrom(p.Config); !reflect.DeepEqual(was, now) {
			return fmt.Errorf("%s began as %s and would finish as %s: its revision moved; "+
				"use another directory, or check out the revision it began with", p.Name, describeBuild(was), describeBuild(now))
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
// settings is an error: a cell is reused only for the same match (at any -j).
func Resume(dir string, s Settings) (prev *resultdir.MatchInfo, done map[int]*Pair, err error) {
	prev, err = resultdir.ReadMatchInfo(dir)
	if err != nil {
		return nil, nil, nil
	}
	var was Settings
	was.Shard = experiments.Whole // a match made before shards has none
	if json.Unmarshal(prev.Request, &was) != nil || !sameGames(was, s) {
		return nil, nil, fmt.Errorf("%s holds a match made with other settings; remove it or use another --out", dir)
	}
	if prev.Complete && prev.Result != nil {
		return prev, nil, nil
	}
	done, err = ReadJournal(dir)
	return prev, done, err
}
