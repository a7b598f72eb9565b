package setup

import (
	"fmt"
	"strconv"
	"strings"
)

// Shard is one slice of a plan, for spreading it over machines: shard
// Index of Count, from 1.
type Shard struct {
	Index int `json:"index"`
	Count int `json:"count"`
}

// Whole is the plan unsliced.
var Whole = Shard{1, 1}

func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.Index, s.Count) }

// HoldsPair reports whether a match's game pair i (from 0) is this
// shard's: pairs are dealt round-robin, pair i to shard i mod Count + 1.
// The zero Shard, like Whole, holds every pair.
func (s Shard) HoldsPair(i int) bool { return s.Count <= 1 || i%s.Count == s.Index-1 }

// ParseShard reads --shard: "I/N" (I from 1 to N), or "auto" (or
// "auto/N") to take the index, and the count when the job engine knows
// it, from the environment: a Slurm array job (SLURM_ARRAY_TASK_ID with
// SLURM_ARRAY_TASK_COUNT, or SLURM_ARRAY_TASK_MIN and _MAX), a Kubernetes
// Indexed Job (JOB_COMPLETION_INDEX, from 0), or GNU parallel
// (PARALLEL_SEQ, from 1). The count is N of auto/N, else ABLATE_SHARDS,
// else Slurm's. getenv reads the environment.
func ParseShard(s string, getenv func(string) string) (Shard, error) {
	if s == "" {
		return Whole, nil
	}
	if rest, ok := strings.CutPrefix(s, "auto"); ok {
		count := 0
		if rest != "" {
			n, err := strconv.Atoi(strings.TrimPrefix(rest, "/"))
			if err != nil || !strings.HasPrefix(rest, "/") || n < 1 {
				return Shard{}, fmt.Errorf("--shard %q: want I/N, auto or auto/N", s)
			}
			count = n
		}
		return shardFromEnv(count, getenv)
	}
	i, n, ok := strings.Cut(s, "/")
	index, err1 := strconv.Atoi(i)
	count, err2 := strconv.Atoi(n)
	switch {
	case !ok || err1 != nil || err2 != nil:
		return Shard{}, fmt.Errorf("--shard %q: want I/N (shard I of N, from 1), auto or auto/N", s)
	case count < 1 || index < 1 || index > count:
		return Shard{}, fmt.Errorf("--shard %q: the shard must be from 1 to the count, and the count at least 1", s)
	}
	return Shard{index, count}, nil
}

func shardFromEnv(count int, getenv func(string) string) (Shard, error) {
	num := func(name string) (int, bool, error) {
		v := getenv(name)
		if v == "" {
			return 0, false, nil
		}
		n, err := strconv.Atoi(v)
		if err != nil {
			return 0, true, fmt.Errorf("--shard auto: %s=%q is not a number", name, v)
		}
		return n, true, nil
	}
	if count == 0 {
		if n, ok, err := num("ABLATE_SHARDS"); err != nil {
			return Shard{}, err
		} else if ok {
			count = n
		}
	}
	var found []string
	var shards []Shard
	// Slurm: the task id, with the array's count or its min and max.
	if id, ok, err := num("SLURM_ARRAY_TASK_ID"); err != nil {
		return Shard{}, err
	} else if ok {
		found = append(found, "SLURM_ARRAY_TASK_ID")
		lo, hasMin, err := num("SLURM_ARRAY_TASK_MIN")
		if err != nil {
			return Shard{}, err
		}
		hi, hasMax, err := num("SLURM_ARRAY_TASK_MAX")
		if err != nil {
			return Shard{}, err
		}
		n, hasCount, err := num("SLURM_ARRAY_TASK_COUNT")
		if err != nil {
			return Shard{}, err
		}
		if !hasMin {
			lo = 1
		}
		if !hasCount && hasMin && hasMax {
			n, hasCount = hi-lo+1, true
		}
		if count == 0 && hasCount {
			count = n
		}
		shards = append(shards, Shard{id - lo + 1, count})
	}
	if idx, ok, err := num("JOB_COMPLETION_INDEX"); err != nil {
		return Shard{}, err
	} else if ok {
		found = append(found, "JOB_COMPLETION_INDEX")
		shards = append(shards, Shard{idx + 1, count})
	}
	if seq, ok, err := num("PARALLEL_SEQ"); err != nil {
		return Shard{}, err
	} else if ok {
		found = append(found, "PARALLEL_SEQ")
		shards = append(shards, Shard{seq, count})
	}
	looked := "SLURM_ARRAY_TASK_ID (with SLURM_ARRAY_TASK_COUNT or _MIN and _MAX), JOB_COMPLETION_INDEX, PARALLEL_SEQ; " +
		"the count from auto/N, ABLATE_SHARDS or Slurm"
	switch {
	case len(shards) == 0:
		return Shard{}, fmt.Errorf("--shard auto: no shard index in the environment (looked for %s)", looked)
	case len(shards) > 1:
		return Shard{}, fmt.Errorf("--shard auto: several job engines' indexes are set (%s); give --shard I/N", strings.Join(found, ", "))
	}
	s := shards[0]
	switch {
	case s.Count == 0:
		return Shard{}, fmt.Errorf("--shard auto: %s gives the index but nothing gives the count (looked for %s)", found[0], looked)
	case s.Index < 1 || s.Index > s.Count:
		return Shard{}, fmt.Errorf("--shard auto: %s makes this shard %d of %d, outside 1..%d (looked for %s)",
			found[0], s.Index, s.Count, s.Count, looked)
	}
	return s, nil
}
