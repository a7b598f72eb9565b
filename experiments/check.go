package experiments

import (
	"context"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/ablate-chess/ablate/engine/subject"
	"github.com/ablate-chess/ablate/experiments/records"
	"github.com/ablate-chess/ablate/experiments/render"
)

// BaselineCheck re-runs exactly what a baseline file pins (configuration,
// depth, position) and compares every node count (ablate check).
type BaselineCheck struct {
	Subject subject.Subject
	Path    string   // the baseline file
	Set     []string // param=value for every configuration
	Workers int
	Cap     Cap
	Shard   Shard // a shard checks its share of the searches
	// Presets, if set, checks only the configurations built on these
	// presets (a spec's first item): make test checks today's full,
	// make test-long the presets older results name.
	Presets []string
}

// CheckResult is what a check found: every count as pinned (Diff and
// Unrepeatable empty), counts changed (Diff: config, position, expected,
// got, change), or counts that changed between two searches of the same
// thing (Unrepeatable: the engine is not deterministic).
type CheckResult struct {
	Searches, Configs int    // checked (this shard's)
	Pinned            int    // in the baseline
	Nodes             uint64 // counted in all
	Diff              [][]string
	Unrepeatable      []string
}

// Run runs the check. A baseline that cannot be read, or was pinned with
// another engine, is a *SettingError naming "baseline"; ctx stops it.
func (b *BaselineCheck) Run(ctx context.Context) (*CheckResult, error) {
	f, err := os.Open(b.Path)
	if err != nil {
		return nil, BadSetting("baseline", "%v", err)
	}
	want, err := records.ReadBaseline(f, b.Path)
	f.Close()
	if err != nil {
		return nil, BadSetting("baseline", "%v", err)
	}
	for i, w := range want {
		if w.Engine != "" && w.Engine != b.Subject.Name() {
			return nil, BadSetting("baseline", "%s:%d: pinned with %s, not %s (give the engine and its profile)",
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
			return nil, BadSetting("preset", "%s: %s pins no configuration built on it", strings.Join(b.Presets, ","), b.Path)
		}
	}
	plan, err := BaselinePlan(b.Subject, want, b.Path, b.Set)
	if err != nil {
		return nil, &InputError{err}
	}
	res := &CheckResult{Pinned: pinned, Configs: len(plan.Rows)}
	recs, err := (&Runner{Plan: plan, Workers: max(1, b.Workers), Cap: b.Cap, Schedule: b.Shard.Count > 1,
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
	again, err := BaselinePlan(b.Subject, changed, b.Path, b.Set)
	if err != nil {
		return nil, &InputError{err}
	}
	recs2, err := (&Runner{Plan: again, Workers: max(1, b.Workers), Cap: b.Cap}).Run(ctx)
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
func UpdateBaseline(ctx context.Context, sub subject.Subject, path, positions string, depth int, configs []NamedSpec,
	set []string, workers int, b Cap) (searches, nconfigs int, err error) {
	plan, err := BenchPlan(sub, positions, depth, configs, set)
	if err != nil {
		return 0, 0, &InputError{err}
	}
	recs, err := (&Runner{Plan: plan, Workers: max(1, workers), Cap: b, Repeat: 2}).Run(ctx)
	if err != nil {
		return 0, 0, err
	}
	if bad := records.Unrepeatable(recs); len(bad) > 0 {
		return 0, 0, &NotDeterministic{sub.Name(), bad, plan.Jobs()}
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

func nodesByKey(plan *Plan, recs []records.Record) map[records.BaselineKey]uint64 {
	got := map[records.BaselineKey]uint64{}
	for _, r := range plan.BaselineRows(recs) {
		got[records.BaselineKey{r.Config, r.Position}] = r.Nodes
	}
	return got
}

// NotDeterministic is an engine whose searches counted different nodes
// when repeated: its counts cannot be pinned, which is its fault (or its
// settings'), not the baseline's.
type NotDeterministic struct {
	Engine   string
	Searches []string // the searches that differed
	Of       int      // of how many compared twice
}

func (e *NotDeterministic) Error() string {
	return fmt.Sprintf("%s is not deterministic, so its node counts cannot be pinned: the same search counted "+
		"different nodes twice (%d of %d searches):\n  %s", e.Engine, len(e.Searches), e.Of, strings.Join(e.Searches, "\n  "))
}

// Report writes the check's verdict on w: every count the same, or a table
// in format of those that changed and an error saying so (an engine that
// is not deterministic is a *NotDeterministic).
func (r *CheckResult) Report(w io.Writer, format, engine, path string) error {
	switch {
	case len(r.Unrepeatable) > 0:
		return &NotDeterministic{engine, r.Unrepeatable, len(r.Unrepeatable) + len(r.Diff)}
	case len(r.Diff) == 0:
		fmt.Fprintf(w, "bench check: all %d searches of %d configurations match %s (%d nodes)\n", r.Searches, r.Configs, path, r.Nodes)
		return nil
	}
	fmt.Fprintf(w, "bench check: %d of %d searches differ from %s:\n", len(r.Diff), r.Searches, path)
	if err := render.Table(w, format, []string{"config", "position", "expected", "got", "change"}, r.Diff, 2); err != nil {
		return err
	}
	return fmt.Errorf("bench check failed: %d node counts changed; if the change is meant, "+
		"run 'ablate check --update' and say so in the commit message", len(r.Diff))
}
