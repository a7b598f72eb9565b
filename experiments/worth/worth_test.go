package worth

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ablate-chess/ablate/experiments/match"
	"github.com/ablate-chess/ablate/experiments/matrix"
	"github.com/ablate-chess/ablate/experiments/resultdir"
	"github.com/ablate-chess/ablate/experiments/setup"
)

func request(t *testing.T, out string) Request {
	t.Helper()
	plan, err := matrix.Build(matrix.Request{LeaveOneOut: []string{"lmp"}, DefaultDepth: 3,
		Options: matrix.Options{Positions: "six"}})
	if err != nil {
		t.Fatal(err)
	}
	groups, err := plan.MatchGroups(nil)
	if err != nil {
		t.Fatal(err)
	}
	s := match.Settings{Openings: "bench", Order: "sequential", Pairs: 2, Nodes: 300, Resign: match.DefaultResign,
		Draw: match.DefaultDraw, MaxMoves: 40, Workers: 1, HashMB: 1, Event: "test", Shard: setup.Whole}
	return Request{Plan: plan, Groups: groups, Settings: s, Out: out, Workers: 1, Args: []string{"ablate", "worth"}}
}

// TestWorthLife: a worth plays its cells in its directory; the same
// request again plays nothing; a directory that holds a run is refused,
// and replaced only with Replace, once every cell is played.
func TestWorthLife(t *testing.T) {
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "w")
	play := func(r Request) *Worth { t.Helper(); return playWorth(t, r) }
	w := play(request(t, dir))
	if len(w.Rows) != 1 || w.Rows[0].Games != 4 || w.Rows[0].Config != "-lmp" {
		t.Fatalf("rows: %+v", w.Rows)
	}
	again, err := Open(request(t, dir))
	if err != nil {
		t.Fatal(err)
	}
	again.TreeSizes(ctx)
	if err := again.Cells(func(string) {}); err != nil || len(again.Todo) != 0 || again.Rows[0].Games != 4 {
		t.Errorf("the same request again: %v, %d to play, %+v", err, len(again.Todo), again.Rows)
	}

	run := filepath.Join(t.TempDir(), "run")
	d, _ := resultdir.OpenDir(run, &resultdir.RunInfo{}, false)
	d.Finish(true, func(string) error { return nil })
	var occupied *resultdir.OccupiedError
	if _, err := Open(request(t, run)); !errors.As(err, &occupied) || occupied.Holding.What != "run" {
		t.Errorf("a run's directory: %v", err)
	}
	r := request(t, run)
	r.Replace = true
	w = play(r)
	if w.Dir != run {
		t.Errorf("the replacement is at %s", w.Dir)
	}
	if h, _ := resultdir.Inspect(run); h.What != "worth" {
		t.Errorf("%s holds %s after the replacement", run, h)
	}
	if _, err := os.Stat(resultdir.Staging(run)); !os.IsNotExist(err) {
		t.Errorf("staging left: %v", err)
	}
	info, err := resultdir.ReadWorthInfo(run)
	if err != nil || !info.Complete || info.Replaces != "" {
		t.Errorf("worth.json: %+v, %v", info, err)
	}
}

// TestWorthChecksBudgetPairsFirst: a budget_pairs of no budget is an
// error from Open, before any directory is made.
func TestWorthChecksBudgetPairsFirst(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "w")
	r := request(t, dir)
	r.Plan.BudgetPairs = map[string]map[string]int{r.Groups[0]: {"nodes=999": 3}}
	var err error
	if r.Budgets, err = setup.ParseBudgets("nodes=300,600"); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(r); err == nil {
		t.Error("no error")
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("the directory was made: %v", err)
	}
}

// TestWorthRetune: --retune adds, after each cell, its re-tuned twin: the
// configuration's parameters tuned first (the tune kept in tunes/), then
// its match; the same request again plays nothing.
func TestWorthRetune(t *testing.T) {
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "w")
	r := request(t, dir)
	r.Retune, r.RetuneParams = 8, []string{"rfp-margin-cp-per-ply"}
	w := playWorth(t, r)
	if len(w.Rows) != 2 || w.Rows[1].Config != "-lmp re-tuned" || w.Rows[1].Games != 4 || w.Rows[1].NodeRatio != w.Rows[0].NodeRatio {
		t.Fatalf("rows: %+v", w.Rows)
	}
	tunes, _ := filepath.Glob(filepath.Join(dir, "tunes", "*", "trajectory.csv"))
	if len(tunes) != 1 {
		t.Errorf("tunes kept: %v", tunes)
	}
	again, err := Open(r)
	if err != nil {
		t.Fatal(err)
	}
	again.TreeSizes(ctx)
	if err := again.Cells(func(string) {}); err != nil || len(again.Todo) != 0 || again.Rows[1].Games != 4 {
		t.Errorf("again: %v, %d to play, %+v", err, len(again.Todo), again.Rows)
	}
	again.Close()
	r.RetuneParams = []string{"no-such-param"}
	if _, err := Open(r); err == nil || !strings.Contains(err.Error(), "no-such-param") {
		t.Errorf("an unknown parameter to re-tune: %v, want it refused before the tree sizes", err)
	}
}

// playWorth opens a worth and plays it through: tree sizes, cells, games.
func playWorth(t *testing.T, r Request) *Worth {
	t.Helper()
	ctx := context.Background()
	w, err := Open(r)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.TreeSizes(ctx); err != nil {
		t.Fatal(err)
	}
	if err := w.Cells(func(string) {}); err != nil {
		t.Fatal(err)
	}
	if err := w.Play(ctx, nil); err != nil {
		t.Fatal(err)
	}
	return w
}
