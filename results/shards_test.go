package results

import (
	"strings"
	"testing"
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
