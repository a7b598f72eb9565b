package resultdir

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/ablate-chess/ablate/experiments/records"
	"github.com/ablate-chess/ablate/experiments/records/recordstest"
)

// TestShardSet: shards belong together only with one fingerprint and one
// count, each index once, all finished and all there (unless partial).
func TestShardSet(t *testing.T) {
	s := func(i, n int, done bool) *ShardInfo { return &ShardInfo{Index: i, Count: n, Complete: done} }
	dirs := []string{"a", "b"}
	for _, c := range []struct {
		name    string
		prints  []string
		shards  []*ShardInfo
		partial bool
		want    string
	}{
		{"whole", []string{"x", "x"}, []*ShardInfo{s(1, 2, true), s(2, 2, true)}, false, ""},
		{"not a shard", []string{"x", "x"}, []*ShardInfo{s(1, 2, true), nil}, false, "b is not a shard"},
		{"other plans", []string{"x", "y"}, []*ShardInfo{s(1, 2, true), s(2, 2, true)}, false, "different plans or builds"},
		{"other splits", []string{"x", "x"}, []*ShardInfo{s(1, 2, true), s(2, 3, true)}, false, "different splits"},
		{"twice", []string{"x", "x"}, []*ShardInfo{s(1, 2, true), s(1, 2, true)}, false, "given twice"},
		{"unfinished", []string{"x", "x"}, []*ShardInfo{s(1, 2, true), s(2, 2, false)}, false, "unfinished"},
		{"unfinished, partial", []string{"x", "x"}, []*ShardInfo{s(1, 2, true), s(2, 2, false)}, true, ""},
		{"missing", []string{"x", "x"}, []*ShardInfo{s(1, 3, true), s(2, 3, true)}, false, "shard(s) [3] of 3 missing"},
	} {
		missing, err := checkShardSet(dirs, c.prints, c.shards, c.partial, "ablate run --resume")
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", c.name, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
		if c.name == "whole" && len(missing) != 0 {
			t.Errorf("whole: missing %v", missing)
		}
	}
	if missing, err := checkShardSet(dirs, []string{"x", "x"}, []*ShardInfo{s(1, 3, true), s(3, 3, true)}, true, ""); err != nil || len(missing) != 1 || missing[0] != 2 {
		t.Errorf("partial with one missing: %v %v", missing, err)
	}
}

// TestReadRunGzipped: a run directory whose records are stored gzipped
// (records.csv.gz) reads as the plain one does, and so does the .gz file
// named itself; a corrupt .gz is an error naming the file.
func TestReadRunGzipped(t *testing.T) {
	dir := t.TempDir()
	var csv bytes.Buffer
	if err := records.WriteCSV(&csv, recordstest.CutAndExternal()); err != nil {
		t.Fatal(err)
	}
	data := csv.Bytes()
	os.WriteFile(filepath.Join(dir, "plain.csv"), data, 0o644)
	plain, err := ReadRun(filepath.Join(dir, "plain.csv"))
	if err != nil || len(plain) == 0 {
		t.Fatalf("plain.csv: %d records, %v", len(plain), err)
	}
	dir = t.TempDir()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write(data)
	zw.Close()
	gz := filepath.Join(dir, "records.csv.gz")
	if err := os.WriteFile(gz, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{dir, gz} {
		got, err := ReadRun(path)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if !reflect.DeepEqual(got, plain) {
			t.Errorf("%s: %d records differ from the plain file's %d", path, len(got), len(plain))
		}
	}
	bad := filepath.Join(t.TempDir(), "records.csv.gz")
	os.WriteFile(bad, data, 0o644)
	if _, err := ReadRun(bad); err == nil || !strings.Contains(err.Error(), bad) {
		t.Errorf("a corrupt .gz: %v, want an error naming %s", err, bad)
	}
	if _, err := ReadRun(t.TempDir()); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a directory without records: %v, want not-exist", err)
	}
}
