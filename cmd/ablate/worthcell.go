package main

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/ablate-chess/ablate/experiments"
	"github.com/ablate-chess/ablate/experiments/match"
	"github.com/ablate-chess/ablate/results"
	"github.com/urfave/cli/v2"
)

// worthCell is one cell of a worth as it is played: its match, its
// settings, its row of worth.csv and its directory.
type worthCell struct {
	at   int
	s    match.Settings
	m    *match.Match
	w    results.WorthRow
	dir  string
	head string // the line that announces it
}

// finishedCell is the result of a cell whose directory holds its match,
// complete; nil if the match is not there or not finished.
func finishedCell(dir string, s match.Settings) (*results.MatchResult, error) {
	if dir == "" {
		return nil, nil
	}
	prev, _, err := match.Resume(dir, s)
	if err != nil || prev == nil || !prev.Complete {
		return nil, err
	}
	return prev.Result, nil
}

// worthMatch plays one match of a worth, in its own directory under out
// when there is one: an interrupted one there is finished.
func worthMatch(c *cli.Context, m *match.Match, s match.Settings, dir string) (*results.MatchResult, error) {
	req, _ := json.Marshal(s)
	info := &results.MatchInfo{Args: commandLine(c), Request: req, Started: time.Now().UTC()}
	if dir != "" {
		prev, done, err := match.Resume(dir, s)
		switch {
		case err != nil:
			return nil, badInput(err)
		case prev != nil:
			if err := match.SamePlayers(prev, m); err != nil {
				return nil, badInput(fmt.Errorf("%s: %v", dir, err))
			}
			m.Done, info = done, prev
		}
	}
	m.Describe(info, s)
	o, err := playMatch(c, m, dir, info)
	if err != nil {
		return nil, err
	}
	return o.Result(m), nil
}

// worthBudgets reads the ladder's budgets: --budgets, or the experiment's
// [match] budgets; none means one match a configuration, at the match
// settings' limit.
func worthBudgets(c *cli.Context, ms *experiments.MatchSection) ([]match.Budget, error) {
	list, flag := c.String("budgets"), "--budgets"
	if !c.IsSet("budgets") {
		if ms == nil || ms.Budgets == "" {
			return nil, nil
		}
		list, flag = ms.Budgets, "[match] budgets"
	}
	for _, f := range []string{"nodes", "depth", "tc", "movetime"} {
		if c.IsSet(f) && c.IsSet("budgets") {
			return nil, fmt.Errorf("--budgets with --%s: the budgets are the limits; give one", f)
		}
	}
	b, err := match.ParseBudgets(list)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", flag, err)
	}
	return b, nil
}
