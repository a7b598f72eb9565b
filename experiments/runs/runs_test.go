package runs

import (
	"context"
	"errors"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ablate-chess/ablate/experiments/matrix"
	"github.com/ablate-chess/ablate/experiments/resultdir"
	"github.com/ablate-chess/ablate/experiments/setup"
)

func settings(depth int) Settings {
	return Settings{Request: matrix.Request{Configs: []string{"a=full"}, Options: matrix.Options{Positions: "six", Depth: depth}},
		Repeat: 1, Workers: 1, HashMB: 1, Shard: setup.Whole}
}

func execute(t *testing.T, r Request) *Run {
	t.Helper()
	run, err := Open(r)
	if err != nil {
		t.Fatal(err)
	}
	if err := run.Prepare(context.Background(), io.Discard); err != nil {
		t.Fatal(err)
	}
	if err := run.Execute(context.Background()); err != nil {
		t.Fatal(err)
	}
	return run
}

// TestRunLife: a run writes its directory; the same request again finds
// it complete (its records read back), another plan there is refused
// naming what changed, and Replace replaces it; a resume by the directory
// alone reads back the settings it began with.
func TestRunLife(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	run := execute(t, Request{Settings: settings(2), Out: dir, Args: []string{"ablate", "run"}})
	if len(run.Records) != 12 || run.Dir != dir {
		t.Fatalf("%d records in %s", len(run.Records), run.Dir)
	}
	var changed *resultdir.PlanChangedError
	if _, err := Open(Request{Settings: settings(3), Out: dir}); !errors.As(err, &changed) || !strings.Contains(err.Error(), "depth: 2 there, 3 now") {
		t.Errorf("another plan over a complete run: %v", err)
	}
	again := settings(2)
	again.Workers = 2 // -j changes no record
	same, err := Open(Request{Settings: again, Out: dir})
	if err != nil || !same.Complete || len(same.Records) != 12 || len(same.Summaries) != 1 {
		t.Errorf("the same run again: %+v, %v", same, err)
	}
	byDir, err := Open(Request{Resume: dir})
	if err != nil || !byDir.Complete || byDir.Settings.Request.Options.Depth != 2 {
		t.Errorf("by its directory alone: %+v, %v", byDir, err)
	}
	run = execute(t, Request{Settings: settings(3), Out: dir, Replace: true})
	if run.Dir != dir || len(run.Records) != 18 {
		t.Errorf("the replacement: %d records at %s", len(run.Records), run.Dir)
	}
	if recs, err := resultdir.ReadRun(dir); err != nil || len(recs) != 18 {
		t.Errorf("after the replacement %s has %d records: %v", dir, len(recs), err)
	}
}

// TestRunInterruptedResumes: a run stopped by its context keeps what it
// finished, says so, and a resume with its own settings finishes it.
func TestRunInterruptedResumes(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	run, err := Open(Request{Settings: settings(4), Out: dir})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	if err := run.Prepare(ctx, io.Discard); err != nil {
		t.Fatal(err)
	}
	jobs := 0
	run.OnProgress = func(p matrix.Progress) {
		if jobs++; jobs == 3 {
			cancel()
		}
	}
	var interrupted *resultdir.Interrupted
	if err := run.Execute(ctx); !errors.As(err, &interrupted) || interrupted.Dir != dir || interrupted.Total != 6 {
		t.Fatalf("interrupted: %v", err)
	}
	// Records begun by a full that lacked qs-tt (an older stage) are not
	// finished by today's: the resume is refused, naming what moved.
	moved, err := Open(Request{Out: dir, Settings: settings(4)})
	if err != nil {
		t.Fatal(err)
	}
	for i := range moved.prior {
		moved.prior[i].Techniques = strings.Replace(moved.prior[i].Techniques, ",qs-tt", "", 1)
	}
	if err := moved.Prepare(context.Background(), io.Discard); err == nil ||
		!strings.Contains(err.Error(), "a (full) has other techniques now than when it began (gained qs-tt; lost nothing)") {
		t.Errorf("a resume by a moved preset: %v", err)
	}
	// The same request again, at another -j, goes on with it.
	again := settings(4)
	again.Workers = 2
	resumed, err := Open(Request{Out: dir, Settings: again})
	if err != nil {
		t.Fatal(err)
	}
	if resumed.Complete || len(resumed.prior) == 0 || resumed.Settings.Workers != 2 {
		t.Errorf("resumed with %+v, %d records done", resumed.Settings, len(resumed.prior))
	}
	if err := resumed.Prepare(context.Background(), io.Discard); err != nil {
		t.Fatal(err)
	}
	if err := resumed.Execute(context.Background()); err != nil {
		t.Fatal(err)
	}
	if len(resumed.Records) != 24 {
		t.Errorf("%d records after the resume, want 24", len(resumed.Records))
	}
}

// TestDoInterruptedBeforeAnyJob: a run stopped before its first job (here,
// in the shallow pass that estimates each job's cost) is the one
// interruption type, naming the step, and keeps no records.
func TestDoInterruptedBeforeAnyJob(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	req := Request{Out: filepath.Join(t.TempDir(), "out"), Settings: Settings{Workers: 1, Repeat: 1, HashMB: 2,
		Request: matrix.Request{Configs: []string{"a=full"}, Options: matrix.Options{Positions: "six", Depth: 2}}}}
	r, err := Do(ctx, req, nil)
	var interrupted *resultdir.Interrupted
	if r != nil || !errors.As(err, &interrupted) || !strings.Contains(interrupted.During, "estimates each job's cost") {
		t.Fatalf("Do with its context stopped: %v, %v", r, err)
	}
}
