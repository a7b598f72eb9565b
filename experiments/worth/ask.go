package worth

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ablate-chess/ablate/engine/subject"
	"github.com/ablate-chess/ablate/experiments/match"
	"github.com/ablate-chess/ablate/experiments/matrix"
	"github.com/ablate-chess/ablate/experiments/setup"
)

// Ask is a worth as a command asks for it: what to measure (an experiment,
// a leave-one-out over a base, or every variant of an engine built from
// source against the first), the match settings the command line gave
// and which of them it gave (an experiment's [match] section fills the
// others), a ladder of budgets, and the groups to play. Request reads it
// into a Request, every setting checked.
type Ask struct {
	Experiment  string
	LeaveOneOut []string
	Base        string
	Positions   string // the tree-size run's (default bench, or the experiment's)
	TreeDepth   int    // likewise (default 10)
	Subject     subject.Subject
	Settings    match.Settings
	Given       func(setting string) bool
	Budgets     string   // a ladder, as nodes=2500,10000, if given: else the experiment's, if any
	Groups      []string // "": the experiment's [match] groups, or all
	// Screen, if set, measures the techniques of LeaveOneOut (none: every
	// technique the base has on but the Core) from one screening match.
	Screen *Screen
}

// Request builds the plan and reads the settings. A bad setting is a
// *setup.SettingError when the command line gave it, else an error
// naming the experiment's [match] key.
func (a Ask) Request() (Request, error) {
	if a.Screen != nil {
		if a.Experiment != "" {
			return Request{}, setup.BadSetting("design", "screening measures a leave-one-out's techniques: give --leave-one-out, not an experiment")
		}
		if len(a.LeaveOneOut) == 0 {
			list, err := ScreenTechniques(a.Subject, a.Base)
			if err != nil {
				return Request{}, err
			}
			a.LeaveOneOut = list
		}
	}
	req := matrix.Request{Experiment: a.Experiment, LeaveOneOut: a.LeaveOneOut, Base: a.Base, DefaultDepth: 10,
		Options: matrix.Options{Positions: a.Positions, Depth: a.TreeDepth, Subject: a.Subject}}
	if v, ok := a.Subject.(interface{ VariantNames() []string }); ok && a.Experiment == "" && len(a.LeaveOneOut) == 0 {
		for _, name := range v.VariantNames() { // every variant against the first
			req.Configs = append(req.Configs, name+"="+name)
		}
	}
	if req.Experiment == "" && len(req.LeaveOneOut) == 0 && len(req.Configs) == 0 {
		return Request{}, fmt.Errorf("worth wants an experiment (built-in: %s) or --leave-one-out a,b,c",
			strings.Join(matrix.Builtin(), ", "))
	}
	if req.Experiment == "" && req.Positions == "" {
		req.Positions = "bench"
	}
	if err := setup.CheckHash(a.Settings.HashMB, 2*max(1, a.Settings.Workers)); err != nil {
		return Request{}, err
	}
	plan, err := matrix.Build(req)
	if err != nil {
		return Request{}, err
	}
	s := a.Settings
	if err := s.ApplySection(plan.Match, a.Given); err != nil {
		return Request{}, sectionError(err)
	}
	if err := s.Check(); err != nil {
		if se, ok := setup.IsSettingError(err); ok && plan.Match != nil && !a.Given(se.Setting) {
			return Request{}, sectionError(err)
		}
		return Request{}, err
	}
	budgets, err := a.budgets(plan.Match)
	if err != nil {
		return Request{}, err
	}
	asked := a.Groups
	groups, err := plan.MatchGroups(asked)
	if err != nil && len(asked) > 0 {
		return Request{}, setup.BadSetting("groups", "%v", strings.TrimPrefix(err.Error(), "groups: "))
	} else if err != nil {
		return Request{}, err
	}
	if a.Screen != nil && len(budgets) > 0 {
		return Request{}, setup.BadSetting("budgets", "a screening plays at one budget (give --nodes, --tc, ...)")
	}
	return Request{Plan: plan, Groups: groups, Budgets: budgets, Settings: s,
		PairsGiven: a.Given("pairs") || a.Given("games"), Screen: a.Screen}, nil
}

// budgets reads the ladder's budgets: Budgets, or the experiment's [match]
// budgets; none means one match a configuration, at the settings' limit.
func (a Ask) budgets(ms *matrix.MatchSection) ([]setup.Budget, error) {
	list, from := a.Budgets, "budgets"
	if !a.Given("budgets") {
		if ms == nil || ms.Budgets == "" {
			return nil, nil
		}
		list, from = ms.Budgets, "[match] budgets"
	}
	for _, f := range []string{"nodes", "move-depth", "tc", "movetime"} {
		if a.Given(f) && a.Given("budgets") {
			return nil, setup.BadSetting("budgets", "with --%s: the budgets are the limits; give one", f)
		}
	}
	b, err := setup.ParseBudgets(list)
	if err != nil && from == "budgets" {
		return nil, setup.BadSetting("budgets", "%v", err)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %v", from, err)
	}
	return b, nil
}

// sectionError names the [match] key of a setting the section gave.
func sectionError(err error) error {
	if se, ok := setup.IsSettingError(err); ok {
		key := strings.ReplaceAll(strings.TrimPrefix(se.Setting, "move-"), "-", "_") // [match] depth is a move's
		return fmt.Errorf("[match] %s %s", key, se.Msg)
	}
	return err
}

// ScreenTechniques is what a screening takes out by default: every
// technique the base has on, but the Core.
func ScreenTechniques(sub subject.Subject, base string) ([]string, error) {
	if base == "" {
		base = sub.Presets()[0]
	}
	cfg, err := sub.ParseConfig(base)
	if err != nil {
		return nil, setup.BadSetting("base", "%v", err)
	}
	var out []string
	for _, t := range sub.Techniques() {
		if cfg.Has(t) && !slices.Contains(Core, t) {
			out = append(out, t)
		}
	}
	return out, nil
}
