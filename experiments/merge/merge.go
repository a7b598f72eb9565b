// Package merge joins the shard directories of a run, a match or a worth
// into the directory one unsharded job writes.
package merge

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/ablate-chess/ablate/experiments/match"
	"github.com/ablate-chess/ablate/experiments/records"
	"github.com/ablate-chess/ablate/experiments/resultdir"
	"github.com/ablate-chess/ablate/experiments/worth"
)

// Request is a merge: the shards' directories into Out.
type Request struct {
	Out          string
	Dirs         []string
	AllowPartial bool   // merge what the shards hold, saying what is missing
	Replace      bool   // replace what Out holds, once the merge is whole
	CheckAgainst string // a run's directory whose records the merged run's must equal, time columns aside
	Log          io.Writer
}

// Merged is what a merge wrote: one of a run's summaries, a match's
// result or a worth's rows, by Kind ("run", "match" or "worth").
type Merged struct {
	Kind      string
	Summaries []records.Summary
	Match     *resultdir.MatchInfo
	Worth     []records.WorthRow
}

// Failed is a merge that was done but failed its check (--check-against),
// or could not replace Out: a failure, not bad input.
type Failed struct{ Err error }

func (f *Failed) Error() string { return f.Err.Error() }
func (f *Failed) Unwrap() error { return f.Err }

// Run checks the request (no shard given twice; Out neither a shard nor,
// unless forced, holding files) and merges, beside Out first: Out is
// replaced only once the merge is whole, and a merge that fails leaves
// nothing behind.
func Run(r Request) (*Merged, error) {
	if r.Out == "" || len(r.Dirs) == 0 {
		return nil, fmt.Errorf("merge wants --out DIR and at least one shard directory")
	}
	seen := map[string]string{}
	for _, d := range r.Dirs {
		abs := RealPath(d)
		if prev, dup := seen[abs]; dup {
			return nil, fmt.Errorf("%s is given twice (as %s and %s)", abs, prev, d)
		}
		seen[abs] = d
	}
	if err := checkOut(r.Out, seen, r.Replace); err != nil {
		return nil, err
	}
	_, statErr := os.Stat(r.Out)
	created := errors.Is(statErr, os.ErrNotExist)
	lock, err := resultdir.LockDir(r.Out) // one writer, as every result directory has
	if err != nil {
		return nil, err
	}
	defer func() {
		lock.Release()
		if created {
			os.Remove(r.Out) // only if empty: a merge that failed leaves no directory it made
		}
	}()
	// The merge is written beside Out and put in its place whole, so a
	// merge that fails half way leaves Out as it was, and its retry is
	// not refused.
	out := resultdir.Staging(r.Out)
	if err := os.RemoveAll(out); err != nil {
		return nil, &Failed{err}
	}
	defer os.RemoveAll(out)
	// What the merge says names Out, where its result will stand, not the
	// staging directory it is written in.
	r.Log = stagingNamed{r.Log, out, r.Out}
	m, desc, complete, err := r.merge(out)
	if err != nil {
		return m, err
	}
	d := resultdir.NewDir(out, desc)
	d.Replacing(r.Out)
	if err := d.Finish(complete, nil); err != nil {
		return nil, &Failed{err}
	}
	return m, nil
}

// merge merges into out by the kind of the first shard, and returns the
// merged result's description and whether it is complete.
func (r Request) merge(out string) (*Merged, resultdir.Description, bool, error) {
	if _, err := os.Stat(filepath.Join(r.Dirs[0], "worth.csv")); err == nil {
		rows, info, err := worth.Merge(out, r.Dirs, r.AllowPartial, r.Log)
		if err != nil {
			return nil, nil, false, err
		}
		return &Merged{Kind: "worth", Worth: rows}, info, info.Complete, nil
	}
	if _, err := os.Stat(filepath.Join(r.Dirs[0], "match.json")); err == nil {
		mi, err := match.MergeDirs(out, r.Dirs, r.AllowPartial, r.Log)
		if err != nil {
			return nil, nil, false, err
		}
		return &Merged{Kind: "match", Match: mi}, mi, mi.Complete, nil
	}
	sums, ri, err := r.mergeRuns(out)
	if err != nil {
		return nil, nil, false, err
	}
	return &Merged{Kind: "run", Summaries: sums}, ri, ri.Complete, nil
}

func (r Request) mergeRuns(out string) ([]records.Summary, *resultdir.RunInfo, error) {
	m, err := resultdir.MergeRuns(r.Dirs, r.AllowPartial)
	if err != nil {
		return nil, nil, err
	}
	merged, all := m.Info, m.Records
	if len(m.Absent) > 0 {
		fmt.Fprintf(r.Log, "merge: %d of %d jobs missing (shards %v missing or unfinished), e.g. %s\n",
			len(m.Absent), len(merged.JobsOf()), m.Missing, strings.Join(m.Absent[:min(3, len(m.Absent))], "; "))
	}
	sums, err := records.Summarize(all, merged.Reference)
	if err != nil {
		return nil, nil, err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return nil, nil, err
	}
	if err := resultdir.WriteRunFiles(out, all, sums); err != nil {
		return nil, nil, err
	}
	fmt.Fprintf(r.Log, "merged %d shard(s) of %d into %s: %d records\n", len(r.Dirs), merged.Shards[0].Count, out, len(all))
	if whole := r.CheckAgainst; whole != "" {
		for _, f := range []string{"records.csv", "summary.csv"} {
			same, err := resultdir.SameButTimes(filepath.Join(whole, f), filepath.Join(out, f))
			if err != nil {
				return sums, nil, err
			}
			if !same {
				return sums, nil, &Failed{fmt.Errorf("merge: %s differs from %s's beyond the time columns", filepath.Join(out, f), whole)}
			}
		}
		fmt.Fprintf(r.Log, "merge: records.csv and summary.csv are %s's, time columns aside\n", whole)
	}
	return sums, merged, nil
}

// checkOut refuses an out that is one of the shards being merged (or
// inside one, or holds one), and, unless forced, a directory that already
// holds files.
func checkOut(out string, shards map[string]string, force bool) error {
	abs := RealPath(out)
	for d, given := range shards {
		if abs == d || strings.HasPrefix(abs, d+string(filepath.Separator)) || strings.HasPrefix(d, abs+string(filepath.Separator)) {
			return fmt.Errorf("OUT %s is (or is inside, or holds) shard %s, one of the inputs: merge into another directory", out, given)
		}
	}
	entries, err := os.ReadDir(out)
	if err == nil && len(entries) > 0 && !force {
		return fmt.Errorf("OUT %s already holds files: merge into an empty directory, or give --force", out)
	}
	return nil
}

// RealPath is a path as the file system resolves it (absolute, symbolic
// links followed, as far as the path exists), so that two names of one
// directory compare equal.
func RealPath(p string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		return filepath.Clean(p)
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		return real
	}
	if parent := filepath.Dir(abs); parent != abs { // OUT may not exist yet
		return filepath.Join(RealPath(parent), filepath.Base(abs))
	}
	return abs
}

// IsFailed reports whether err is a merge that failed its check or its
// replacement (exit 1) rather than bad input.
func IsFailed(err error) bool {
	var f *Failed
	return errors.As(err, &f)
}

// stagingNamed is a log whose lines name the directory a merge replaces
// (to) where they would name its staging directory (from).
type stagingNamed struct {
	w        io.Writer
	from, to string
}

func (s stagingNamed) Write(p []byte) (int, error) {
	if _, err := io.WriteString(s.w, strings.ReplaceAll(string(p), s.from, s.to)); err != nil {
		return 0, err
	}
	return len(p), nil
}
