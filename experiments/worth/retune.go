package worth

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"

	"github.com/ablate-chess/ablate/engine/search"
	"github.com/ablate-chess/ablate/experiments/match"
	"github.com/ablate-chess/ablate/experiments/records"
	"github.com/ablate-chess/ablate/experiments/setup"
	"github.com/ablate-chess/ablate/experiments/tune"
)

// addRetuned adds a cell's re-tuned twin, in the row after it: the same
// match but for the configuration's parameters, tuned first. A twin whose
// match is done already goes in Rows; else it is to play, its tune and
// match resuming from their directories.
func (w *Worth) addRetuned(as *Cell, x planned, note func(string)) error {
	a, ref := x.Players(w.Plan)
	params, err := w.retuneParams(a)
	if err != nil {
		return fmt.Errorf("%s: %v", a.Name, err)
	}
	t := &Cell{at: as.at + 1, settings: as.settings, row: as.row}
	t.row.Config = a.Name + " re-tuned" // its tree size is the configuration's as it was
	t.Head = fmt.Sprintf("%s, re-tuned over %d pairs first", as.Head, w.Retune)
	var tuneDir string
	if w.Dir != "" {
		t.dir = filepath.Join(w.Dir, t.row.MatchDir())
		tuneDir = filepath.Join(w.Dir, "tunes", records.Slug(t.row.Config+"__"+t.row.Budget))
	}
	if t.dir != "" {
		if prev, _, err := match.Resume(t.dir, t.settings); err == nil && prev != nil && prev.Complete && prev.Result != nil {
			note(fmt.Sprintf("%s\n  done already: %s", t.Head, prev.Result))
			t.row.SetResult(prev.Result)
			t.row.Params = prev.A.Params
			w.Rows[t.at] = t.row
			return nil
		}
	}
	t.prepare = func(ctx context.Context) error {
		ts := t.settings
		tn, err := tune.Open(tune.Request{Subject: a.Subject, Base: a.Spec, Params: params, Pairs: w.Retune, Lag: 8,
			Seed: ts.Seed, Settings: ts, Out: tuneDir, Args: w.Args})
		if err != nil {
			return err
		}
		if err := tn.Run(ctx); err != nil {
			return err
		}
		spec := tn.Spec()
		cfg, err := a.Subject.ParseConfig(spec)
		if err != nil {
			return err
		}
		tuned := match.Player{Name: t.row.Config, Spec: spec, Subject: a.Subject, Config: cfg}
		if t.Match, err = t.settings.Build(tuned, ref); err != nil {
			return err
		}
		t.row.Params = cfg.Params()
		_, err = t.resume()
		return err
	}
	w.Todo = append(w.Todo, t)
	return nil
}

// checkRetuneParams refuses, before anything is searched or played, a
// parameter to re-tune that the engine does not have.
func checkRetuneParams(r Request) error {
	for _, name := range r.RetuneParams {
		if !slices.ContainsFunc(search.ParamInfos(), func(p search.ParamInfo) bool { return p.Name == name }) {
			return setup.BadSetting("retune-params", "%q: no such parameter (see ablate techniques parameters)", name)
		}
	}
	return nil
}

// retuneParams are the parameters a re-tune moves: those named, else every
// parameter of the configuration's techniques that are on, each over its
// whole range from its value in the configuration.
func (w *Worth) retuneParams(p match.Player) ([]tune.Param, error) {
	var out []tune.Param
	for _, info := range search.ParamInfos() {
		named := slices.Contains(w.RetuneParams, info.Name)
		if len(w.RetuneParams) > 0 && !named || len(w.RetuneParams) == 0 && !p.Config.Has(info.Technique.String()) {
			continue
		}
		value := float64(info.Default)
		cfg, err := search.ParseConfig(p.Spec)
		if err != nil {
			return nil, err
		}
		if v, err := cfg.Params.Get(info.Name); err == nil {
			value = float64(v)
		}
		tp, err := tune.ParseParam(fmt.Sprintf("%s=%g,%d,%d", info.Name, value, info.Min, info.Max))
		if err != nil {
			return nil, err
		}
		out = append(out, tp)
	}
	for _, name := range w.RetuneParams {
		if !slices.ContainsFunc(out, func(tp tune.Param) bool { return tp.Name == name }) {
			return nil, fmt.Errorf("no parameter %q to re-tune", name)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no parameter to re-tune: none of its techniques that are on has one")
	}
	return out, nil
}
