// Package worth measures what each technique is worth: for every
// configuration of a plan, its tree size against its group's reference
// beside its Elo from a match against that reference, at one budget or at
// a ladder of budgets. One type, Worth, owns a worth's request, its
// directory and its life, so that a command is flags, a request, a few
// calls and a table.
//
//	worth.go    Worth: Open (the directory claimed), TreeSizes, Cells (each
//	            cell's match built, its directory read), SoFar, Play
//	run.go      Run: the steps in one call, with one progress callback
//	ask.go      Ask: what a command asks, made into a Request
//	plan.go     each cell's players and settings
//	retune.go   cells re-tuned by SPSA before they play
//	screen.go   the screening design: one pool of games, every switch's worth
//	merge.go    a worth's shards merged
package worth

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/ablate-chess/ablate/experiments/match"
	"github.com/ablate-chess/ablate/experiments/matrix"
	"github.com/ablate-chess/ablate/experiments/records"
	"github.com/ablate-chess/ablate/experiments/resultdir"
	"github.com/ablate-chess/ablate/experiments/setup"
	"github.com/ablate-chess/ablate/experiments/stats"
)

// Request is what a worth is asked to do.
type Request struct {
	Plan    *matrix.Plan
	Groups  []string       // the groups whose matches are played
	Budgets []setup.Budget // a ladder; none: one match a configuration, at Settings' limit
	// Settings are every cell's match settings but its players, budget
	// and (unless PairsGiven) pairs.
	Settings   match.Settings
	PairsGiven bool
	Out        string // the directory; "" keeps nothing
	Replace    bool   // replace what Out holds, once every cell is played
	TreeRun    string // the tree sizes from this run directory, not searched
	Workers    int
	TreeCap    setup.Cap // each tree-size search's cap
	Args       []string  // the command line, for worth.json and match.json
	// Retune, if above 0, adds to each cell a re-tuned one: the
	// configuration's parameters (RetuneParams, or every parameter of its
	// techniques that are on) first tuned by SPSA over Retune pairs at the
	// cell's budget, then its match played with the tuned values: the
	// technique's worth once the parameters around it are re-tuned.
	Retune       int
	RetuneParams []string
	// Screen, if set, measures the leave-one-out group's techniques from one
	// screening match (screen.go) instead of a match each.
	Screen *Screen
	// NoPlay opens the worth only to read it (worth --no-play): a worth.json
	// already there, and the binary it names, stay as the one that played.
	NoPlay bool
}

// Cell is one match of the worth: a configuration against its reference
// at one budget.
type Cell struct {
	Head  string // what it plays: "match -lmr vs full (leave-one-out): 300 pairs, nodes=10000"
	Match *match.Match

	settings match.Settings
	row      records.WorthRow
	at       int                  // its row in worth.csv
	dir      string               // its directory, if the worth has one
	prev     *resultdir.MatchInfo // an interrupted match in dir, finished by Play
	// prepare, for a re-tuned cell, tunes the configuration and builds its
	// match; before it, Match is nil.
	prepare func(ctx context.Context) error
	screen  *Screened // the screening's one match: its pairs make every row
}

// Worth is a worth through its life.
type Worth struct {
	Request
	// Dir is where it writes: Out, or beside Out (resultdir.Staging) while
	// it replaces what Out holds; "" for none.
	Dir  string
	Rows []records.WorthRow // worth.csv: the cells played, each in its row
	Todo []*Cell            // the cells left to play, cheapest budget first

	info  *resultdir.WorthInfo
	dir   *resultdir.Dir // nil: no directory, or nothing to finish
	sums  []records.Summary
	claim *resultdir.Claim
	state resultdir.State // what Out held
	// screened is a screening's design, and after Play its fit.
	screened *Screened
}

// Plan is what a worth computes, for comparing a request with the worth a
// directory holds: the configurations (resolved: techniques and
// parameters), the groups played, the budgets, the games' settings (but
// the workers), where the tree sizes come from, and the re-tunes.
type Plan struct {
	Engine       string                 `json:"engine"`
	Configs      []resultdir.ConfigInfo `json:"configs"`
	Groups       []string               `json:"groups"`
	Budgets      []string               `json:"budgets,omitempty"`
	Games        match.Settings         `json:"games"`
	PairsGiven   bool                   `json:"pairs_given,omitempty"`
	TreeRun      string                 `json:"tree_run,omitempty"`
	TreeCap      setup.Cap              `json:"tree_cap"`
	Retune       int                    `json:"retune,omitempty"`
	RetuneParams []string               `json:"retune_params,omitempty"`
	Screen       *Screen                `json:"screen,omitempty"`
}

// Key is the request's plan, as worth.json keeps it.
func (r Request) Key() Plan {
	configs, _ := r.Plan.Info()
	p := Plan{Engine: r.Plan.Subject.Name(), Configs: configs, Groups: r.Groups, Games: match.Plan(r.Settings),
		PairsGiven: r.PairsGiven, TreeRun: r.TreeRun, TreeCap: r.TreeCap, Retune: r.Retune, RetuneParams: r.RetuneParams,
		Screen: r.Screen}
	for _, b := range r.Budgets {
		p.Budgets = append(p.Budgets, b.String())
	}
	return p
}

// storedPlan reads the plan of the worth in dir: none for a worth made
// before worth.json held one, which is taken for this request's.
func storedPlan(dir string) (any, bool, error) {
	wi, err := resultdir.ReadWorthInfo(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	if len(wi.Plan) == 0 {
		return nil, wi.Complete, nil
	}
	return wi.Plan, wi.Complete, nil
}

// Open checks the request and claims its directory (locked until Play
// ends, or Close), before any search or game: every group's budgets and
// budget_pairs are read, and the directory must hold nothing, or a worth
// of the same plan, which the request goes on with. A worth of another
// plan is refused (*resultdir.PlanChangedError, naming what changed), and
// anything else (*resultdir.OccupiedError), unless Replace: the worth is
// then written beside it and takes its place once every cell is played.
func Open(r Request) (*Worth, error) {
	if err := checkBudgets(r.Plan, r.Groups, r.Budgets); err != nil {
		return nil, err
	}
	if r.Settings.Shard.Count > 1 && r.Out == "" {
		return nil, fmt.Errorf("a shard needs a directory: the shards' directories are what ablate merge joins")
	}
	if err := checkRetuneParams(r); err != nil {
		return nil, err
	}
	w := &Worth{Request: r}
	if r.Screen != nil {
		if err := w.checkScreen(); err != nil {
			return nil, err
		}
	}
	if r.Out == "" {
		if r.NoPlay {
			return nil, setup.BadSetting("no-play", "reads the worth a directory holds: give --out DIR")
		}
		return w, nil
	}
	plan := r.Key()
	claim, err := resultdir.Open(resultdir.Ask{Dir: r.Out, Kind: "worth", Replace: r.Replace, Plan: &plan, Stored: storedPlan,
		Description: &resultdir.WorthInfo{},
		Grows:       []string{"games.pairs"}})
	if err != nil {
		return nil, err
	}
	if r.NoPlay && claim.State == resultdir.New {
		claim.Release()
		return nil, setup.BadSetting("no-play", "reads the worth a directory holds, and %s holds none: nothing to show", r.Out)
	}
	w.claim, w.Dir, w.state = claim, claim.Dir, claim.State
	if w.info, err = resultdir.ReadWorthInfo(claim.Dir); err != nil { // a new worth, or one made before worth.json
		w.info = &resultdir.WorthInfo{Args: r.Args, Life: resultdir.Begin(claim.Replaces())}
	} else if r.NoPlay || w.info.Complete {
		return w, nil // read, or run again when whole: the binary that played stays named
	}
	w.info.Plan, _ = json.Marshal(plan)
	if claim.Grown != nil { // asked for more pairs: the command that asked makes it now
		w.info.Args = r.Args
	}
	if w.dir, err = resultdir.OpenDir(claim.Dir, w.info, true); err != nil {
		claim.Release()
		return nil, err
	}
	return w, nil
}

// Replaces is the directory this worth replaces once complete, if any.
func (w *Worth) Replaces() string { return w.claim.Replaces() }

// Grown lists the settings asked larger than the unfinished worth Out
// held ("games.pairs: 8000 there, 16000 now"), which it goes on to.
func (w *Worth) Grown() []string {
	if w.claim == nil {
		return nil
	}
	return w.claim.Grown
}

// Resumed reports whether Out held this worth begun (its tree sizes are
// read back, not searched).
func (w *Worth) Resumed() bool { return w.state != resultdir.New }

// Close lets go of the worth's directory (Play does, at its end).
func (w *Worth) Close() { w.claim.Release() }

// TreeSizes runs the plan's searches (or reads the run TreeRun names) and
// writes them to the directory beside the matches, whole for ablate
// report. ctx stops it: context.Canceled, and nothing of it kept.
func (w *Worth) TreeSizes(ctx context.Context) error {
	var recs []records.Record
	var err error
	// A worth resumed has its tree sizes already: they are read back, so
	// that its records keep the times they were made with.
	if w.state != resultdir.New {
		if recs, err = resultdir.ReadRun(w.Dir); err == nil {
			w.sums, err = records.Summarize(recs, w.Plan.Reference)
			return err
		}
	}
	if w.TreeRun != "" {
		if recs, err = resultdir.ReadRun(w.TreeRun); err != nil {
			return err
		}
	} else {
		runner := &matrix.Runner{Plan: w.Plan, Workers: max(1, w.Workers), Cap: w.TreeCap, Schedule: true,
			Shard: setup.Whole}
		if recs, err = runner.Run(ctx); err != nil {
			return err
		}
	}
	if w.sums, err = records.Summarize(recs, w.Plan.Reference); err != nil {
		return err
	}
	if w.Dir != "" {
		return resultdir.WriteRunFiles(w.Dir, recs, w.sums)
	}
	return nil
}

// Cells builds every cell's match and reads its directory, before any
// game: the cells finished already (by an earlier run, in whatever order)
// go in Rows, and log says so; a directory that holds another match, or
// the same one begun by other builds, is an error. The rest are Todo.
func (w *Worth) Cells(note func(string)) error {
	if w.Screen != nil {
		return w.screenCell(note)
	}
	cells, err := planCells(w.Plan, w.Groups, w.Budgets, w.sums)
	if err != nil {
		return err
	}
	per := 1 // rows a cell: itself, and its re-tuned twin
	if w.Retune > 0 {
		per = 2
	}
	w.Rows = make([]records.WorthRow, per*len(cells))
	for _, x := range playOrder(cells) {
		t := &Cell{at: per * x.At, settings: x.Settings(w.Settings, w.PairsGiven)}
		if t.Match, err = t.settings.Build(x.Players(w.Plan)); err != nil {
			return err
		}
		t.row = x.WorthRow(t.Match.Budget.String())
		t.Head = fmt.Sprintf("match %s vs %s (%s): %d pairs, %s", x.Row.Name, x.Ref.Name, x.Row.Group, t.Match.Pairs,
			t.Match.Budget.String())
		if w.Dir != "" {
			t.dir = filepath.Join(w.Dir, t.row.MatchDir())
		}
		res, err := t.resume()
		if err != nil {
			return err
		}
		if res != nil {
			note(fmt.Sprintf("%s\n  done already: %s", t.Head, res))
			t.row.SetResult(res)
			w.Rows[t.at] = t.row
		} else {
			w.Todo = append(w.Todo, t)
		}
		if w.Retune > 0 {
			if err := w.addRetuned(t, x, note); err != nil {
				return err
			}
		}
	}
	if n := chanceNote(len(cells)); n != "" {
		note(n)
	}
	return nil
}

// chanceNote warns, for ten matches or more, that about one in twenty 95%
// intervals misses by chance alone, so that the most surprising figure of
// a long leave-one-out is checked before it is believed (docs/findings.md
// has one that did).
func chanceNote(matches int) string {
	if matches < 10 {
		return ""
	}
	return fmt.Sprintf("%d matches, each with a 95%% interval: about %d of them will miss by chance alone; "+
		"check a surprising figure with a match of its own on other openings (another --seed)",
		matches, (matches+10)/20)
}

// resume reads what the cell's directory holds: nothing, a finished match
// (its result), or an interrupted one, whose pairs are then the match's
// first and whose players must be the match's.
func (t *Cell) resume() (*stats.MatchResult, error) {
	if t.dir == "" {
		return nil, nil
	}
	prev, done, err := match.Resume(t.dir, t.settings)
	switch {
	case err != nil || prev == nil:
		return nil, err
	case prev.Complete && prev.Result != nil:
		return prev.Result, nil
	}
	if err := match.SamePlayers(prev, t.Match); err != nil {
		return nil, fmt.Errorf("%s: %v", t.dir, err)
	}
	t.Match.Done, t.prev = done, prev
	return nil, nil
}

// SoFar plays nothing: the cells begun and not finished go in Rows too, as
// far as they got, marked partial, and worth.csv is written.
func (w *Worth) SoFar() error {
	for _, t := range w.Todo {
		if t.Match == nil { // a re-tuned cell not yet tuned
			continue
		}
		so := t.Match.SoFar()
		if len(so.Pairs) == 0 {
			continue
		}
		if t.screen != nil { // the fit of the pairs so far
			if err := w.screenRows(t.screen, match.Records(so.Pairs, t.Match.A.Name), t.Match.Budget.String(),
				t.screen.design.Blocks(t.Match.Pairs)); err != nil {
				return err
			}
			for i := range w.Rows {
				w.Rows[i].Partial = true
			}
			continue
		}
		t.row.SetResult(so.Result(t.Match))
		t.row.Partial = true
		w.Rows[t.at] = t.row
	}
	w.Todo = nil
	return w.writeRows()
}

// Play plays the cells left in order, each in its directory (an
// interrupted one finished); start, if set, is called as each begins (a
// live line) and returns what ends it. worth.csv is written before the
// first and after every cell, so an interrupted ladder's finished cells
// are there to read and draw. When every cell is played the worth is
// complete, and takes the place of what it replaces. An interruption is
// a *match.Interrupted.
func (w *Worth) Play(ctx context.Context, start func(*Cell) (stop func())) error {
	defer w.claim.Release()
	if err := w.writeRows(); err != nil {
		return err
	}
	for len(w.Todo) > 0 {
		t := w.Todo[0]
		if t.prepare != nil {
			if err := t.prepare(ctx); err != nil {
				return err
			}
		}
		info := t.prev
		if info == nil {
			req, _ := json.Marshal(t.settings)
			info = &resultdir.MatchInfo{Args: w.Args, Request: req, Life: resultdir.Begin("")}
		} else if w.Grown() != nil {
			info.Args = w.Args // its request grew with the worth's (match.Resume)
		}
		t.Match.Describe(info, t.settings)
		stop := func() {}
		if start != nil {
			stop = start(t)
		}
		out, err := t.Match.PlayIn(ctx, t.dir, info)
		stop()
		var interrupted *resultdir.Interrupted
		if errors.As(err, &interrupted) {
			interrupted.Dir = w.Dir // the worth finishes it, not the cell's match alone
			interrupted.Hint = "with --no-play it prints the table of the pairs played so far"
		}
		if err != nil {
			return err
		}
		if t.screen != nil {
			blocks := t.screen.design.Blocks(t.Match.Pairs)
			if err := w.screenRows(t.screen, match.Records(out.Pairs, t.Match.A.Name), t.Match.Budget.String(), blocks); err != nil {
				return err
			}
			if w.Dir != "" {
				if err := t.screen.write(w.Dir); err != nil {
					return err
				}
			}
		} else {
			t.row.SetResult(out.Result(t.Match))
			w.Rows[t.at] = t.row
		}
		w.Todo = w.Todo[1:]
		if err := w.writeRows(); err != nil {
			return err
		}
	}
	if w.dir == nil {
		return nil
	}
	err := w.dir.Finish(true, nil)
	w.Dir = w.dir.Path
	return err
}

func (w *Worth) writeRows() error {
	if w.Dir == "" {
		return nil
	}
	return resultdir.WriteWorthFile(filepath.Join(w.Dir, "worth.csv"), w.Rows)
}
