package resultdir

import (
	"compress/gzip"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/ablate-chess/ablate/experiments/records"
)

// checkShardSet checks that shards belong together and are all there: the same
// fingerprint and count, no index twice, none missing or unfinished unless
// partial merges are allowed. It returns the indexes missing.
func checkShardSet(dirs []string, prints []string, shards []*ShardInfo, partial bool, resume string) ([]int, error) {
	for i, d := range dirs {
		if shards[i] == nil {
			return nil, fmt.Errorf("%s is not a shard (no --shard I/N): nothing to merge", d)
		}
		if prints[i] != prints[0] {
			return nil, fmt.Errorf("%s and %s are shards of different plans or builds (fingerprints %.12s and %.12s)",
				dirs[0], d, prints[0], prints[i])
		}
		if shards[i].Count != shards[0].Count {
			return nil, fmt.Errorf("%s is shard %d/%d but %s is shard %d/%d: different splits",
				d, shards[i].Index, shards[i].Count, dirs[0], shards[0].Index, shards[0].Count)
		}
		for j := 0; j < i; j++ {
			if shards[j].Index == shards[i].Index {
				return nil, fmt.Errorf("shard %d/%d is given twice: %s and %s", shards[i].Index, shards[i].Count, dirs[j], d)
			}
		}
		if !shards[i].Complete && !partial {
			return nil, fmt.Errorf("shard %d/%d in %s is unfinished: finish it with %s %s (or merge with --allow-partial)",
				shards[i].Index, shards[i].Count, d, resume, d)
		}
	}
	var missing []int
	for k := 1; k <= shards[0].Count; k++ {
		found := false
		for _, s := range shards {
			found = found || s.Index == k
		}
		if !found {
			missing = append(missing, k)
		}
	}
	if len(missing) > 0 && !partial {
		return nil, fmt.Errorf("shard(s) %v of %d missing (given: %s); merge with --allow-partial to join what is there",
			missing, shards[0].Count, strings.Join(dirs, ", "))
	}
	return missing, nil
}

// ReadShards reads each directory's description with read (its
// fingerprint and shard), and checks them as a set.
func ReadShards[T any](dirs []string, partial bool, resume string,
	read func(dir string) (*T, string, *ShardInfo, error)) ([]*T, []*ShardInfo, []int, error) {
	infos := make([]*T, len(dirs))
	prints := make([]string, len(dirs))
	shards := make([]*ShardInfo, len(dirs))
	for i, d := range dirs {
		info, print, shard, err := read(d)
		if err != nil {
			return nil, nil, nil, fmt.Errorf("%s: %v", d, err)
		}
		infos[i], prints[i], shards[i] = info, print, shard
	}
	missing, err := checkShardSet(dirs, prints, shards, partial, resume)
	return infos, shards, missing, err
}

// ListShards lists the merged shards in order of their index.
func ListShards(shards []*ShardInfo) []ShardInfo {
	var out []ShardInfo
	for _, s := range shards {
		out = append(out, *s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Index < out[j].Index })
	return out
}

// RunMerge is a merged run: its run.json, its records in plan order, the
// jobs no shard holds and the shards missing (a partial merge's).
type RunMerge struct {
	Info    *RunInfo
	Records []records.Record
	Absent  []string
	Missing []int
}

// MergeRuns reads the directories of a run's shards and joins them into
// what the whole run writes: the records in plan order, checked against
// the plan, and run.json listing the shards. It names the jobs that no
// shard holds (allowed only with partial).
func MergeRuns(dirs []string, partial bool) (*RunMerge, error) {
	infos, shards, missing, err := ReadShards(dirs, partial, "ablate run --resume",
		func(d string) (*RunInfo, string, *ShardInfo, error) {
			ri, err := ReadRunInfo(d)
			if err != nil {
				return nil, "", nil, err
			}
			return ri, ri.Fingerprint, ri.Shard, nil
		})
	if err != nil {
		return nil, err
	}
	var all []records.Record
	owner := map[string]string{} // job -> the directory holding it
	for i, d := range dirs {
		recs, err := ReadRun(d)
		if err != nil {
			return nil, err
		}
		// An unfinished shard's journal may hold jobs its records.csv
		// does not, if it was killed before writing it.
		if !infos[i].Complete {
			j, err := ReadJournal(d)
			if err != nil {
				return nil, err
			}
			if len(j) > len(recs) {
				recs = j
			}
		}
		if err := infos[i].CheckRecords(recs, d); err != nil {
			return nil, err
		}
		if infos[i].Complete {
			if err := infos[i].CheckWhole(recs, filepath.Join(d, "records.csv")); err != nil {
				return nil, err
			}
		}
		mine := map[string]bool{}
		for _, r := range recs {
			k := records.JobKey(r.Group, r.Config, r.Position)
			if prev, ok := owner[k]; ok && prev != d {
				return nil, fmt.Errorf("%s is in two shards: %s and %s", records.JobName(k), prev, d)
			}
			owner[k], mine[k] = d, true
		}
		all = append(all, recs...)
		s := *shards[i]
		s.Dir, s.Host, s.Jobs, s.Complete = d, infos[i].Host, len(mine), infos[i].Complete
		shards[i] = &s
	}
	m := *infos[0]
	merged := &m
	merged.Shard, merged.Shards = nil, ListShards(shards)
	merged.Complete = len(missing) == 0
	merged.Jobs = 0
	merged.Failed = nil
	merged.WorkedSeconds = 0
	for _, ri := range infos {
		merged.Complete = merged.Complete && ri.Complete
		merged.Jobs += ri.Jobs
		merged.WorkedSeconds += ri.WorkedSeconds // the machines' time, summed
		merged.Failed = append(merged.Failed, ri.Failed...)
		if ri.Started.Before(merged.Started) {
			merged.Started = ri.Started
		}
		if ri.Finished.After(merged.Finished) {
			merged.Finished = ri.Finished
		}
	}
	if !merged.Complete {
		merged.Finished = time.Time{}
	}
	var absent []string
	for _, k := range merged.JobsOf() {
		if owner[k] == "" {
			absent = append(absent, records.JobName(k))
		}
	}
	if len(absent) > 0 {
		merged.Complete = false
	}
	merged.OrderRecords(all)
	return &RunMerge{merged, all, absent, missing}, nil
}

// SameButTimes reports whether two CSV files are the same but for their
// time columns.
func SameButTimes(a, b string) (bool, error) {
	read := func(path string) ([][]string, error) {
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		return csv.NewReader(f).ReadAll()
	}
	x, err := read(a)
	if err != nil {
		return false, err
	}
	y, err := read(b)
	if err != nil {
		return false, err
	}
	if len(x) != len(y) || len(x) == 0 || strings.Join(x[0], ",") != strings.Join(y[0], ",") {
		return false, nil
	}
	for i := range x {
		if len(x[i]) != len(y[i]) {
			return false, nil
		}
		for j := range x[i] {
			if !records.TimeColumns[x[0][j]] && x[i][j] != y[i][j] {
				return false, nil
			}
		}
	}
	return true, nil
}

// ReadRun reads a run's records: a run directory's records.csv (or
// records.csv.gz, as a large stored run keeps them), or a records file,
// gunzipped if its name ends in .gz.
func ReadRun(path string) ([]records.Record, error) {
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		path = filepath.Join(path, "records.csv")
		if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
			if _, err := os.Stat(path + ".gz"); err == nil {
				path += ".gz"
			}
		}
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(path, ".gz") {
		zr, err := gzip.NewReader(f)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
		defer zr.Close()
		r = zr
	}
	return records.ReadCSV(r, path)
}

// ReadSummaries reads a run directory's summary.csv.
func ReadSummaries(dir string) ([]records.Summary, error) {
	path := filepath.Join(dir, "summary.csv")
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return records.ReadSummaryCSV(f, path)
}

// WriteRunFiles writes a run directory's records.csv and summary.csv.
func WriteRunFiles(dir string, recs []records.Record, sums []records.Summary) error {
	if err := writeFile(filepath.Join(dir, "records.csv"), func(f *os.File) error { return records.WriteCSV(f, recs) }); err != nil {
		return err
	}
	return writeFile(filepath.Join(dir, "summary.csv"), func(f *os.File) error { return records.WriteSummaryCSV(f, sums) })
}

// writeFile creates path and writes it with write, naming the file in an
// error.
func writeFile(path string, write func(*os.File) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		return fmt.Errorf("%s: %v", path, err)
	}
	return f.Close()
}
