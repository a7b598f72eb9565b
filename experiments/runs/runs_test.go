package runs

import (
	"context"
	"errors"
	"io"
	"path/filepath"
	"testing"

	"github.com/ablate-chess/ablate/experiments"
	"github.com/ablate-chess/ablate/experiments/resultdir"
)

func settings(depth int) Settings {
	return Settings{Request: experiments.Request{Configs: []string{"a=full"}, Options: experiments.Options{Positions: "six", Depth: depth}},
		Repeat: 1, Workers: 1, HashMB: 1, Shard: experiments.Whole}
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

// TestRunLife: a run writes its directory; the same directory is refused
// to a new run, continued as complete, and replaced only with Replace; a
// resume reads back the settings it began with.
func TestRunLife(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	run := execute(t, Request{Settings: settings(2), Out: dir, Args: []string{"ablate", "run"}})
	if len(run.Records) != 12 || run.Dir != dir {
		t.Fatalf("%d records in %s", len(run.Records), run.Dir)
	}
	var occupied *resultdir.OccupiedError
	if _, err := Open(Request{Settings: settings(3), Out: dir}); !errors.As(err, &occupied) || !occupied.Holding.Complete {
		t.Errorf("a new run over a complete one: %v", err)
	}
	cont, err := Open(Request{Settings: settings(2), Out: dir, Continue: true})
	if err != nil || !cont.Complete || len(cont.Began) != 2 {
		t.Errorf("continue over a complete run: %+v, %v", cont, err)
	}
	if _, err := Open(Request{Resume: dir}); err == nil {
		t.Error("resumed a complete run")
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
	run.OnProgress = func(p experiments.Progress) {
		if jobs++; jobs == 3 {
			cancel()
		}
	}
	var interrupted *Interrupted
	if err := run.Execute(ctx); !errors.As(err, &interrupted) || interrupted.Dir != dir || interrupted.Total != 6 {
		t.Fatalf("interrupted: %v", err)
	}
	resumed, err := Open(Request{Resume: dir, Settings: Settings{Workers: 2}, WorkersGiven: true})
	if err != nil {
		t.Fatal(err)
	}
	if resumed.Settings.Request.Depth != 4 || resumed.Settings.Workers != 2 {
		t.Errorf("resumed with %+v", resumed.Settings)
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
