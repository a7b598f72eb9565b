// Package check compares a run's node counts with a pinned baseline
// (Baseline.Run) and pins new baselines (UpdateBaseline): the regression
// check a commit's bench is held to.
package check

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/ablate-chess/ablate/engine/subject"
	"github.com/ablate-chess/ablate/experiments/matrix"
	"github.com/ablate-chess/ablate/experiments/records"
	"github.com/ablate-chess/ablate/experiments/setup"
)

// BaselineCheck re-runs exactly what a baseline file pins (configuration,
// depth, position) and compares every node count (ablate check).
type Baseline struct {
	Subject subject.Subject
	Path    string   // the baseline file
	Set     []string // param=value for every configuration
	Workers int
	Cap     setup.Cap
	Shard   setup.Shard // a shard checks its share of the searches
	// Presets, if set, checks only the configurations built on these
	// presets (a spec's first item): make test checks today's full,
	// make test-long the presets older results name.
	Presets []string
}

// CheckResult is what a check found: every count as pinned (Diff and
// Unrepeatable empty), counts changed (Diff: config, position, expected,
// got, change), or counts that changed between two searches of the same
// thing (Unrepeatable: the engine is not deterministic).
type Result struct {
	Searches, Configs int    // checked (this shard's)
	Pinned            int    // in the baseline
	Nodes             uint64 // counted in all
	Diff              [][]string
	Unrepeatable      []string
}

// Run runs the check. A baseline that cannot be read, or was pinned with
// another engine, is a *SettingError naming "baseline"; ctx stops it.
func (b *Baseline) Run(ctx context.Context) (*Result, error) {
	f, err := os.Open(b.Path)
	if err != nil {
		return nil, setup.BadSetting("baseline", "%v", err)
	}
	want, err := records.ReadBaseline(f, b.Path)
	f.Close()
	if err != nil {
		return nil, setup.BadSetting("baseline", "%v", err)
	}
	for i, w := range want {
		if w.Engine != "" && w.Engine != b.Subject.Name() {
			return nil, setup.BadSetting("baseline", "%s:%d: pinned with %s, not %s (give the engine and its profile)",
				b.Path, i+2, w.Engine, b.Subject.Name())
		}
	}
	pinned := len(want)
	if len(b.Presets) > 0 {
		want = slices.DeleteFunc(want, func(w records.BaselineRow) bool {
			preset, _, _ := strings.Cut(w.Spec, ",")
			return !slices.Contains(b.Presets, preset)
		})
		if len(want) == 0 {
			return nil, setup.BadSetting("preset", "%s: %s pins no configuration built on it", strings.Join(b.Presets, ","), b.Path)
		}
	}
	plan, err := matrix.BaselinePlan(b.Subject, want, b.Path, b.Set)
	if err != nil {
		return nil, &setup.InputError{Err: err}
	}
	res := &Result{Pinned: pinned, Configs: len(plan.Rows)}
	recs, err := (&matrix.Runner{Plan: plan, Workers: max(1, b.Workers), Cap: b.Cap, Schedule: b.Shard.Count > 1,
		Shard: b.Shard}).Run(ctx)
	if err != nil {
		return nil, err
	}
	got := nodesByKey(plan, recs)
	if b.Shard.Count > 1 {
		ran := map[records.BaselineKey]bool{}
		for _, r := range recs {
			ran[records.BaselineKey{r.Config, r.Position}] = true
		}
		var mine []records.BaselineRow
		for _, w := range want {
			if ran[records.BaselineKey{w.Config, w.Position}] {
				mine = append(mine, w)
			}
		}
		want = mine
	}
	res.Searches = len(want)
	changed, total := records.Changed(want, got)
	res.Nodes = total
	if len(changed) == 0 {
		return res, nil
	}
	// The changed ones again: the same count twice is a change; another
	// count, an engine whose counts cannot be pinned.
	again, err := matrix.BaselinePlan(b.Subject, changed, b.Path, b.Set)
	if err != nil {
		return nil, &setup.InputError{Err: err}
	}
	recs2, err := (&matrix.Runner{Plan: again, Workers: max(1, b.Workers), Cap: b.Cap}).Run(ctx)
	if err != nil {
		return nil, err
	}
	res.Diff, res.Unrepeatable = records.BaselineDiff(changed, got, nodesByKey(again, recs2))
	return res, nil
}

// UpdateBaseline pins a new baseline at path: the configurations on the
// positions at depth, each searched twice. Counts that differ between the
// two are not pinned: nothing is written, and the error is a
// *NotDeterministic naming them.
func UpdateBaseline(ctx context.Context, sub subject.Subject, path, positions string, depth int, configs []matrix.NamedSpec,
	set []string, workers int, b setup.Cap) (searches, nconfigs int, err error) {
	plan, err := matrix.BenchPlan(sub, positions, depth, configs, set)
	if err != nil {
		return 0, 0, &setup.InputError{Err: err}
	}
	recs, err := (&matrix.Runner{Plan: plan, Workers: max(1, workers), Cap: b, Repeat: 2}).Run(ctx)
	if err != nil {
		return 0, 0, err
	}
	if bad := records.Unrepeatable(recs); len(bad) > 0 {
		return 0, 0, &setup.NotDeterministic{Engine: sub.Name(), Searches: bad, Of: plan.Jobs()}
	}
	rows := plan.BaselineRows(recs)
	for i := range rows {
		rows[i].Engine = sub.Name()
	}
	if err := records.WriteBaseline(path, rows); err != nil {
		return 0, 0, fmt.Errorf("writing %s: %w", path, err)
	}
	return len(rows), len(plan.Rows), nil
}

func nodesByKey(plan *matrix.Plan, recs []records.Record) map[records.BaselineKey]uint64 {
	got := map[records.BaselineKey]uint64{}
	for _, r := range plan.BaselineRows(recs) {
		got[records.BaselineKey{r.Config, r.Position}] = r.Nodes
	}
	return got
}
