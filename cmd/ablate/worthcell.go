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

// worthMatch plays one match of a worth, in its own directory under out
// when there is one: a match already complete there with the same
// settings is reused, an interrupted one finished.
func worthMatch(c *cli.Context, m *match.Match, s match.Settings, dir string) (*results.MatchResult, error) {
	req, _ := json.Marshal(s)
	info := &results.MatchInfo{Args: commandLine(c), Request: req, Started: time.Now().UTC()}
	if dir != "" {
		prev, done, err := match.Resume(dir, s)
		switch {
		case err != nil:
			return nil, badInput(err)
		case prev != nil && prev.Complete && prev.Result != nil:
			fmt.Fprintf(c.App.ErrWriter, "  done already: %s\n", prev.Result.Line())
			return prev.Result, nil
		case prev != nil:
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
