package matrix

import (
	"context"
	"strings"
	"testing"

	"github.com/ablate-chess/ablate/engine/subject"
	"github.com/ablate-chess/ablate/experiments/records"
)

func TestGenerators(t *testing.T) {
	check := func(t *testing.T, rows []genRow, err error, want []string) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, r := range rows {
			got = append(got, r.name+" = "+r.spec)
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
	t.Run("ladder adds one per row", func(t *testing.T) {
		rows, err := Ladder(subject.Native{}, "full", []string{"lmr", "lmp"})
		check(t, rows, err, []string{"none = full,-lmr,-lmp", "+lmr = full,-lmr,-lmp,+lmr", "+lmr+lmp = full,-lmr,-lmp,+lmr,+lmp"})
	})
	t.Run("leave-one-out switches on what the base has off", func(t *testing.T) {
		rows, err := LeaveOneOut(subject.Native{}, "full", []string{"lmr", "hyper-nmp"})
		check(t, rows, err, []string{"full = full", "-lmr = full,-lmr", "+hyper-nmp = full,+hyper-nmp"})
	})
	t.Run("factorial makes 2^k rows", func(t *testing.T) {
		rows, err := Factorial(subject.Native{}, "stage-9", []string{"pvs", "nmp"})
		check(t, rows, err, []string{"-pvs-nmp = stage-9,-pvs,-nmp", "+pvs-nmp = stage-9,+pvs,-nmp",
			"-pvs+nmp = stage-9,-pvs,+nmp", "+pvs+nmp = stage-9,+pvs,+nmp"})
	})
	t.Run("two sweeps make a grid", func(t *testing.T) {
		rows, err := Sweep(subject.Native{}, "full", []string{"lmr-base-centiplies=50:100:50", "lmp-base-moves=2:3"})
		check(t, rows, err, []string{
			"lmr-base-centiplies=50,lmp-base-moves=2 = full,lmr-base-centiplies=50,lmp-base-moves=2", "lmr-base-centiplies=50,lmp-base-moves=3 = full,lmr-base-centiplies=50,lmp-base-moves=3",
			"lmr-base-centiplies=100,lmp-base-moves=2 = full,lmr-base-centiplies=100,lmp-base-moves=2", "lmr-base-centiplies=100,lmp-base-moves=3 = full,lmr-base-centiplies=100,lmp-base-moves=3"})
	})
	for _, bad := range []struct {
		name string
		err  error
		want string
	}{
		{"unknown technique", func() error { _, err := Ladder(subject.Native{}, "full", []string{"lmx"}); return err }(), `unknown technique "lmx"`},
		{"twice", func() error { _, err := LeaveOneOut(subject.Native{}, "full", []string{"lmr", "lmr"}); return err }(), "given twice"},
		{"too many", func() error {
			_, err := Factorial(subject.Native{}, "full", strings.Split("pvs,lmr,lmp,nmp,rfp,tt,killers,history,qsearch", ","))
			return err
		}(), "at most 8"},
		{"range out of bounds", func() error {
			_, err := Sweep(subject.Native{}, "full", []string{"lmr-base-centiplies=0:500:100"})
			return err
		}(), "out of range 0..400"},
		{"malformed range", func() error {
			_, err := Sweep(subject.Native{}, "full", []string{"lmr-base-centiplies=50"})
			return err
		}(), "want name=from:to:step"},
	} {
		if bad.err == nil || !strings.Contains(bad.err.Error(), bad.want) {
			t.Errorf("%s: error %v, want %q", bad.name, bad.err, bad.want)
		}
	}
}

func TestBuiltinExperimentsBuild(t *testing.T) {
	for _, name := range Builtin() {
		plan, err := Build(Request{Experiment: name})
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if plan.Jobs() == 0 || plan.Name != name {
			t.Errorf("%s: %d jobs, name %q", name, plan.Jobs(), plan.Name)
		}
	}
	plan, _ := Build(Request{Experiment: "stages"})
	if plan.Reference["ladder"] != "stage-12" || len(plan.Rows) != 23 || plan.Rows[19].Spec != "stage-28" ||
		plan.Rows[22].Depth != 16 || plan.Rows[22].Suite.Entries[0].ID != "startpos" {
		t.Errorf("stages plan: %+v", plan.Reference)
	}
}

func TestExperimentFileErrors(t *testing.T) {
	for _, c := range []struct{ name, text, want string }{
		{"syntax", "name = \n", "x.toml:1:"},
		{"unknown key", "name = \"x\"\n[[matrix]]\nrowz = []\n", "unknown key matrix.rowz"},
		{"no matrix", "name = \"x\"\n", "no [[matrix]]"},
	} {
		_, err := ParseFile([]byte(c.text), "x.toml")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
		}
	}
	b := newBuilder("x", Options{})
	for _, c := range []struct {
		name string
		m    Section
		want string
	}{
		{"cells count", Section{Columns: []string{"lmr"}, Rows: []RowDef{{Name: "a", Cells: []int{1, 0}}}}, "2 cells for 1 columns"},
		{"cell value", Section{Columns: []string{"lmr"}, Rows: []RowDef{{Name: "a", Cells: []int{2}}}}, "want 1 (on) or 0 (off)"},
		{"rows and generator", Section{Ladder: []string{"lmr"}, Rows: []RowDef{{Name: "a", Spec: "full"}}}, "not several"},
		{"unnamed row", Section{Rows: []RowDef{{Spec: "full"}}}, "row 1 has no name"},
		{"bad technique", Section{Columns: []string{"lmx"}, Rows: []RowDef{{Name: "a", Cells: []int{1}}}}, `unknown technique "lmx"`},
		{"duplicate name", Section{Rows: []RowDef{{Name: "a", Spec: "full"}, {Name: "a", Spec: "full"}}}, `"a" is defined twice`},
	} {
		err := b.addFile(&File{Name: "x", Matrices: []Section{c.m}})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
		}
		b = newBuilder("x", Options{})
	}
	if _, err := Build(Request{Configs: []string{"a=full,-lmr", "b"}}); err == nil || !strings.Contains(err.Error(), "want NAME=SPEC") {
		t.Errorf("config without a name: %v", err)
	}
	if _, err := Build(Request{Configs: []string{"a=full"}, Options: Options{Reference: "zz"}}); err == nil || !strings.Contains(err.Error(), "--reference zz") {
		t.Errorf("unknown reference: %v", err)
	}
	if _, err := Build(Request{Experiment: "nosuch"}); err == nil || !strings.Contains(err.Error(), "built-in: card, hyper-nmp, lmr-family, stages, stages-deep") {
		t.Errorf("unknown experiment: %v", err)
	}
}

func smallPlan(t *testing.T) *Plan {
	t.Helper()
	plan, err := Build(Request{Configs: []string{"full=full", "no-lmr=full,-lmr", "hyper=full,+hyper-nmp"},
		Options: Options{Positions: "six", Depth: 6, Subject: subject.Native{HashMB: 4}}})
	if err != nil {
		t.Fatal(err)
	}
	return plan
}

func nodesByJob(recs []records.Record) map[string]uint64 {
	m := map[string]uint64{}
	for _, r := range recs {
		m[JobKey(r.Group, r.Config, r.Position)+"/"+string(rune('0'+r.Depth))] = r.Nodes
	}
	return m
}

// TestSameCountsWhateverTheWorkers runs one plan on 1 and 4 workers and
// compares every node count, best move and score.
func TestSameCountsWhateverTheWorkers(t *testing.T) {
	plan := smallPlan(t)
	one, err := (&Runner{Plan: plan, Workers: 1}).Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	four, err := (&Runner{Plan: plan, Workers: 4, Repeat: 2}).Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(one) != 3*6*6 || len(four) != len(one) {
		t.Fatalf("%d and %d records, want %d", len(one), len(four), 3*6*6)
	}
	for i := range one {
		a, b := one[i], four[i]
		if a.Config != b.Config || a.Position != b.Position || a.Depth != b.Depth ||
			a.Nodes != b.Nodes || a.BestMove != b.BestMove || a.ScoreCP != b.ScoreCP || a.Counts.Get("lmr_reduced") != b.Counts.Get("lmr_reduced") {
			t.Errorf("record %d differs: %s/%s/%d %d nodes vs %s/%s/%d %d nodes",
				i, a.Config, a.Position, a.Depth, a.Nodes, b.Config, b.Position, b.Depth, b.Nodes)
		}
		if b.Repeats != 2 || b.TimeMin > b.TimeMS {
			t.Errorf("record %d: repeats %d, min %.3f > median %.3f", i, b.Repeats, b.TimeMin, b.TimeMS)
		}
	}
}

// TestInterruptThenResume stops a run after a few jobs, then finishes it
// skipping those: the records are the whole run's.
func TestInterruptThenResume(t *testing.T) {
	plan := smallPlan(t)
	whole, err := (&Runner{Plan: plan, Workers: 2}).Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	jobs := 0
	first, err := (&Runner{Plan: plan, Workers: 2, OnJob: func([]records.Record) error {
		if jobs++; jobs == 4 {
			cancel()
		}
		return nil
	}}).Run(ctx)
	if err != context.Canceled {
		t.Fatalf("interrupted run: error %v", err)
	}
	done := map[string]bool{}
	for _, r := range first {
		done[JobKey(r.Group, r.Config, r.Position)] = true
	}
	if len(done) < 4 || len(done) >= plan.Jobs() {
		t.Fatalf("%d jobs finished before the stop took effect", len(done))
	}
	rest, err := (&Runner{Plan: plan, Workers: 2, Skip: done}).Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	all := append(first, rest...)
	plan.Order(all)
	a, b := nodesByJob(whole), nodesByJob(all)
	if len(a) != len(b) {
		t.Fatalf("%d records resumed, %d whole", len(b), len(a))
	}
	for k, n := range a {
		if b[k] != n {
			t.Errorf("%q: %d nodes resumed, %d whole", k, b[k], n)
		}
	}
	for i := range all {
		if all[i].Config != whole[i].Config || all[i].Position != whole[i].Position || all[i].Depth != whole[i].Depth {
			t.Fatalf("record %d out of order after resume", i)
		}
	}
}

// BenchmarkRunWorkers measures a run's throughput on 1 and 2 workers: the
// bench suite under full at depth 11 (a few seconds on one core), 47 jobs
// of similar size.
func BenchmarkRunWorkers(b *testing.B) {
	plan, err := Build(Request{Configs: []string{"full=full"}, Options: Options{Positions: "bench", Depth: 11}})
	if err != nil {
		b.Fatal(err)
	}
	for _, workers := range []int{1, 2} {
		b.Run("j="+string(rune('0'+workers)), func(b *testing.B) {
			for b.Loop() {
				if _, err := (&Runner{Plan: plan, Workers: workers}).Run(context.Background()); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(plan.Jobs()*b.N)/b.Elapsed().Seconds(), "jobs/s")
		})
	}
}

// TestMatchGroups: the groups a worth plays are those asked for, else the
// [match] section's, else all; an unknown one is an error naming where it
// was asked for.
func TestMatchGroups(t *testing.T) {
	plan, err := Build(Request{Experiment: "card", Options: Options{Positions: "six", Depth: 2}})
	if err != nil {
		t.Fatal(err)
	}
	if g, err := plan.MatchGroups(nil); err != nil || strings.Join(g, ",") != "leave-one-out" {
		t.Errorf("all: %v %v", g, err)
	}
	if _, err := plan.MatchGroups([]string{"nope"}); err == nil || !strings.Contains(err.Error(), `groups: no group "nope" (groups: leave-one-out)`) {
		t.Errorf("unknown: %v", err)
	}
	plan.Match.Groups = []string{"other"}
	if _, err := plan.MatchGroups(nil); err == nil || !strings.HasPrefix(err.Error(), "[match] groups:") {
		t.Errorf("unknown in [match]: %v", err)
	}
	if g, err := plan.MatchGroups([]string{"leave-one-out"}); err != nil || len(g) != 1 {
		t.Errorf("asked: %v %v", g, err)
	}
}
