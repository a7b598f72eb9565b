package main

import (
	"encoding/json"
	"fmt"
	"os"
	"time"

	"github.com/ablate-chess/ablate/experiments"
	"github.com/ablate-chess/ablate/experiments/match"
	"github.com/ablate-chess/ablate/results"
	"github.com/urfave/cli/v2"
)

// worthCell is one cell of a worth as it is played: its match, its
// settings, its row of worth.csv, its directory and what that holds.
type worthCell struct {
	at   int
	s    match.Settings
	m    *match.Match
	w    results.WorthRow
	dir  string
	head string             // the line that announces it
	prev *results.MatchInfo // an interrupted or finished match in dir
}

// resume reads what the cell's directory holds, once, before any game:
// nothing, a finished match (its result), or an interrupted one, whose
// pairs are then the match's first and whose players must be the match's.
func (t *worthCell) resume() (*results.MatchResult, error) {
	if t.dir == "" {
		return nil, nil
	}
	prev, done, err := match.Resume(t.dir, t.s)
	switch {
	case err != nil || prev == nil:
		return nil, err
	case prev.Complete && prev.Result != nil:
		return prev.Result, nil
	}
	if err := match.SamePlayers(prev, t.m); err != nil {
		return nil, fmt.Errorf("%s: %v", t.dir, err)
	}
	t.m.Done, t.prev = done, prev
	return nil, nil
}

// play plays the cell's match (finishing an interrupted one), in its
// directory if it has one.
func (t *worthCell) play(c *cli.Context) (*results.MatchResult, error) {
	info := t.prev
	if info == nil {
		req, _ := json.Marshal(t.s)
		info = &results.MatchInfo{Args: commandLine(c), Request: req, Started: time.Now().UTC()}
	}
	t.m.Describe(info, t.s)
	o, err := playMatch(c, t.m, t.dir, info, shellLine(commandLine(c)))
	if err != nil {
		return nil, err
	}
	return o.Result(t.m), nil
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

// claimWorth readies --out for a worth: a directory that holds nothing, or
// a worth (the same command again finishes it, reusing the cells done),
// and no other result. With --force a directory that holds anything is
// replaced by a worth written beside it, once every cell is played.
func claimWorth(c *cli.Context, out string) (string, *results.WorthInfo, error) {
	h, err := results.Inspect(out)
	if err != nil {
		return "", nil, cli.Exit(err.Error(), exitFailed)
	}
	replaces := ""
	if c.Bool("force") && !h.Empty() {
		replaces, out = out, results.Staging(out)
		if h, err = results.Inspect(out); err != nil {
			return "", nil, cli.Exit(err.Error(), exitFailed)
		}
	}
	if !h.Empty() && h.What != "worth" {
		return "", nil, outError(&results.OccupiedError{Setting: "--out", Holding: h}, "")
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return "", nil, cli.Exit(err.Error(), exitFailed)
	}
	info, err := results.ReadWorthInfo(out)
	if err != nil { // a new worth, or one made before worth.json
		info = &results.WorthInfo{Args: commandLine(c), Started: time.Now().UTC(), Replaces: replaces}
	}
	if replaces != "" {
		fmt.Fprintf(c.App.ErrWriter, "--force: writing in %s; it replaces %s once every cell is played\n", out, replaces)
	}
	if err := results.WriteWorthInfo(out, info); err != nil {
		return "", nil, cli.Exit(err.Error(), exitFailed)
	}
	return out, info, nil
}
