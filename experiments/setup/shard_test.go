package setup

import (
	"strings"
	"testing"
)

func TestParseShard(t *testing.T) {
	env := func(kv ...string) func(string) string {
		m := map[string]string{}
		for i := 0; i+1 < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		return func(k string) string { return m[k] }
	}
	none := env()
	for _, c := range []struct {
		spec string
		env  func(string) string
		want Shard
	}{
		{"", none, Whole},
		{"2/4", none, Shard{2, 4}},
		{"1/1", none, Shard{1, 1}},
		{"auto", env("SLURM_ARRAY_TASK_ID", "3", "SLURM_ARRAY_TASK_COUNT", "4", "SLURM_ARRAY_TASK_MIN", "1"), Shard{3, 4}},
		{"auto", env("SLURM_ARRAY_TASK_ID", "0", "SLURM_ARRAY_TASK_MIN", "0", "SLURM_ARRAY_TASK_MAX", "3"), Shard{1, 4}},
		{"auto", env("JOB_COMPLETION_INDEX", "0", "ABLATE_SHARDS", "4"), Shard{1, 4}},
		{"auto/4", env("JOB_COMPLETION_INDEX", "3"), Shard{4, 4}},
		{"auto/4", env("PARALLEL_SEQ", "2"), Shard{2, 4}},
	} {
		got, err := ParseShard(c.spec, c.env)
		if err != nil || got != c.want {
			t.Errorf("%q: %v %v, want %v", c.spec, got, err, c.want)
		}
	}
	for _, c := range []struct {
		spec string
		env  func(string) string
		want string
	}{
		{"0/0", none, "from 1 to the count"},
		{"5/4", none, "from 1 to the count"},
		{"x/y", none, "want I/N"},
		{"3", none, "want I/N"},
		{"auto", none, "no shard index in the environment (looked for SLURM_ARRAY_TASK_ID"},
		{"auto", env("JOB_COMPLETION_INDEX", "1"), "nothing gives the count"},
		{"auto", env("JOB_COMPLETION_INDEX", "1", "PARALLEL_SEQ", "2", "ABLATE_SHARDS", "4"), "several job engines' indexes"},
		{"auto/4", env("JOB_COMPLETION_INDEX", "4"), "shard 5 of 4"},
		{"auto", env("PARALLEL_SEQ", "x", "ABLATE_SHARDS", "2"), `PARALLEL_SEQ="x" is not a number`},
		{"auto/0", none, "want I/N, auto or auto/N"},
	} {
		_, err := ParseShard(c.spec, c.env)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.spec, err, c.want)
		}
	}
}

// TestShardsPartitionThePlan: every job is in exactly one shard, the same
// one every time, and the shards' estimated costs are close.
