// Package compare runs 'ablate run' for two builds alternately, A B A B,
// so that the machine's drift falls on both alike, and sets their records
// side by side (Comparison).
package compare

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/ablate-chess/ablate/experiments/records"
	"github.com/ablate-chess/ablate/experiments/resultdir"
	"github.com/ablate-chess/ablate/experiments/setup"
	"github.com/ablate-chess/ablate/experiments/source"
)

// Side is one side of a comparison of two builds: its name, and the
// command that is ablate for it (a binary, then flags of ablate run).
type Side struct {
	Name    string
	Command []string
}

// Alternate runs 'ablate run' with runArgs for two sides, rounds times,
// A B A B ..., so that the machine's drift hits both alike, each run into a
// directory under tmp, and merges each side's runs (records.MergeRepeats).
// An interruption returns ctx's error.
func Alternate(ctx context.Context, errw io.Writer, tmp string, rounds int, sides [2]Side, runArgs []string) (old, new []records.Record, err error) {
	var runs [2][][]records.Record
	for r := 0; r < rounds; r++ {
		for i, side := range sides {
			out := filepath.Join(tmp, fmt.Sprintf("run-%s-%d", side.Name, r+1))
			fmt.Fprintf(errw, "round %d/%d: %s\n", r+1, rounds, side.Name)
			args := append(append([]string{"run"}, side.Command[1:]...), runArgs...)
			args = append(args, "--repeat", "1", "--quiet", "--format", "csv", "--out", out)
			run := exec.CommandContext(ctx, side.Command[0], args...)
			run.Stderr = errw
			if err := run.Run(); err != nil {
				if ctx.Err() != nil {
					return nil, nil, ctx.Err()
				}
				return nil, nil, fmt.Errorf("%s: ablate run: %v", side.Name, err)
			}
			recs, err := resultdir.ReadRun(out)
			if err != nil {
				return nil, nil, err
			}
			runs[i] = append(runs[i], recs)
		}
	}
	if old, err = records.MergeRepeats(runs[0]); err != nil {
		return nil, nil, fmt.Errorf("%s: %v", sides[0].Name, err)
	}
	if new, err = records.MergeRepeats(runs[1]); err != nil {
		return nil, nil, fmt.Errorf("%s: %v", sides[1].Name, err)
	}
	return old, new, nil
}

// Comparison is a compare of two builds: ablate at two revisions of its
// repository (Revisions, Repo), two external engines (Engines), or two
// revisions of an engine's source (Revisions, Source), each side 'ablate
// run' with RunArgs, Rounds times, alternated.
type Comparison struct {
	Revisions [2]string // base and head
	Repo      string    // ablate's repository, for Revisions without Source
	Engines   [2]string // two external engines' commands
	Source    string    // an engine's repository, for Revisions
	Build     string    // the Source's build command
	Cache     string    // the Source's build cache
	Self      string    // this binary: the sides of Engines and Source run it
	Rounds    int
	RunArgs   []string
}

// Run checks the comparison (a revision that names no commit is a
// *SettingError, before anything is built), builds what it compares in a
// temporary directory removed whatever happens, and alternates the sides.
// ctx stops it: context.Canceled.
func (c *Comparison) Run(ctx context.Context, log io.Writer) (old, new []records.Record, err error) {
	if c.Rounds < 1 {
		return nil, nil, setup.BadSetting("rounds", "%d: must be at least 1", c.Rounds)
	}
	switch {
	case c.Engines != [2]string{} && (c.Engines[0] == "" || c.Engines[1] == ""):
		return nil, nil, &setup.InputError{Err: fmt.Errorf("give both engines, a and b")}
	case c.Engines == [2]string{} && (c.Revisions[0] == "" || c.Revisions[1] == ""):
		return nil, nil, &setup.InputError{Err: fmt.Errorf("give both revisions, the old and the new")}
	}
	if c.Self == "" {
		if c.Self, err = os.Executable(); err != nil {
			return nil, nil, err
		}
	}
	var repo *source.Repo
	var shas [2]string
	if c.Engines[0] == "" {
		dir := c.Repo
		if c.Source != "" {
			dir = c.Source
		}
		if repo, err = source.Open(dir); err != nil && c.Source == "" {
			return nil, nil, &setup.InputError{Err: fmt.Errorf("compare --old-rev/--new-rev must run inside a git repository of ablate")}
		} else if err != nil {
			return nil, nil, setup.BadSetting("engine-src", "%v", err)
		}
		for i, rev := range c.Revisions {
			if shas[i], err = repo.Resolve(rev); err != nil {
				return nil, nil, setup.BadSetting([]string{"old-rev", "new-rev"}[i], "%v", err)
			}
		}
	}
	tmp, err := os.MkdirTemp("", "ablate-compare-")
	if err != nil {
		return nil, nil, err
	}
	defer os.RemoveAll(tmp)
	var sides [2]Side
	for i, name := range []string{"base", "head"} {
		switch {
		case c.Engines[0] != "":
			sides[i] = Side{Name: "engine-" + string(rune('a'+i)), Command: []string{c.Self, "--engine", c.Engines[i]}}
		case c.Source != "":
			cmd := []string{c.Self, "--engine-src", c.Source, "--variant", "engine=" + c.Revisions[i], "--build", c.Build}
			if c.Cache != "" {
				cmd = append(cmd, "--build-cache", c.Cache)
			}
			sides[i] = Side{Name: name, Command: cmd}
		default: // ablate itself, built at the revision in a worktree
			wt := filepath.Join(tmp, "worktree-"+name)
			remove, err := repo.Worktree(shas[i], wt)
			if err != nil {
				return nil, nil, err
			}
			defer remove()
			bin := filepath.Join(tmp, "ablate-"+name)
			fmt.Fprintf(log, "building %s (%s) ...\n", name, shas[i][:12])
			if err := source.BuildAblate(ctx, wt, bin, log); err != nil {
				if ctx.Err() != nil {
					return nil, nil, ctx.Err()
				}
				return nil, nil, fmt.Errorf("building %s at %s: %v", name, shas[i][:12], err)
			}
			sides[i] = Side{Name: name, Command: []string{bin}}
		}
	}
	return Alternate(ctx, log, tmp, c.Rounds, sides, c.RunArgs)
}
