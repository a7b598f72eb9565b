package main

import (
	"encoding/csv"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ablate-chess/ablate/experiments/resultdir"
)

// timeless drops the columns that hold times, which differ between any two
// runs: time_ms, time_min_ms, nps and times_ms in records; time_ms,
// time_ratio and nps in summaries.
func timeless(t *testing.T, path string) string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	drop := map[int]bool{}
	for i, c := range rows[0] {
		switch c {
		case "time_ms", "time_min_ms", "nps", "times_ms", "time_ratio":
			drop[i] = true
		}
	}
	var b strings.Builder
	for _, row := range rows {
		for i, f := range row {
			if !drop[i] {
				b.WriteString(f + "\x00")
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func shardRun(t *testing.T, dir string, shard string, extra ...string) {
	t.Helper()
	args := append([]string{"run", "--leave-one-out", "lmr,nmp", "--depth", "5", "-j", "1", "--quiet", "--out", dir, "--shard", shard}, extra...)
	if _, errw, code := ablate(t, args...); code != 0 {
		t.Fatalf("shard %s: exit %d: %s", shard, code, errw)
	}
}

// TestMergeIsTheWholeRun: three shards merged give the records and summary
// an unsharded run gives, but for the time columns; run.json lists them.
func TestMergeIsTheWholeRun(t *testing.T) {
	tmp := t.TempDir()
	whole := filepath.Join(tmp, "whole")
	if _, errw, code := ablate(t, "run", "--leave-one-out", "lmr,nmp", "--depth", "5", "-j", "1", "--quiet", "--out", whole); code != 0 {
		t.Fatalf("whole: exit %d: %s", code, errw)
	}
	var dirs []string
	for i := 1; i <= 3; i++ {
		d := filepath.Join(tmp, "s"+string(rune('0'+i)))
		shardRun(t, d, string(rune('0'+i))+"/3")
		dirs = append(dirs, d)
	}
	merged := filepath.Join(tmp, "merged")
	_, errw, code := ablate(t, append([]string{"merge", merged}, dirs[2], dirs[0], dirs[1])...)
	if code != 0 {
		t.Fatalf("merge: exit %d: %s", code, errw)
	}
	if !strings.Contains(errw, "into "+merged+": ") || strings.Contains(errw, resultdir.StagingSuffix) {
		t.Errorf("the merge does not name where its result stands: %s", errw)
	}
	for _, f := range []string{"records.csv", "summary.csv"} {
		if timeless(t, filepath.Join(whole, f)) != timeless(t, filepath.Join(merged, f)) {
			t.Errorf("merged %s differs from the whole run's", f)
		}
	}
	ri, err := resultdir.ReadRunInfo(merged)
	if err != nil || len(ri.Shards) != 3 || !ri.Complete || ri.Shards[0].Index != 1 || ri.Shards[0].Host == "" {
		t.Errorf("merged run.json: %+v %v", ri.Shards, err)
	}

	// Refusals, each naming what is wrong.
	other := filepath.Join(tmp, "other")
	if _, errw, code := ablate(t, "run", "--leave-one-out", "lmp", "--depth", "5", "-j", "1", "--quiet", "--out", other, "--shard", "1/3"); code != 0 {
		t.Fatal(errw)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{dirs[0], dirs[1]}, "shard(s) [3] of 3 missing"},
		{[]string{dirs[0], dirs[1], dirs[1]}, "is given twice"},
		{[]string{dirs[0], dirs[1], other}, "different plans or builds"},
		{[]string{dirs[0], whole}, "is not a shard"},
	} {
		_, errw, code := ablate(t, append([]string{"merge", filepath.Join(tmp, "x")}, c.args...)...)
		if code != 2 || !strings.Contains(errw, c.want) {
			t.Errorf("merge %v: exit %d %q, want %q", c.args, code, errw, c.want)
		}
	}
	// A job in two shards: shard 2's records copied into shard 1's.
	dup := filepath.Join(tmp, "dup")
	os.MkdirAll(dup, 0o755)
	data1, _ := os.ReadFile(filepath.Join(dirs[0], "records.csv"))
	data2, _ := os.ReadFile(filepath.Join(dirs[1], "records.csv"))
	lines2 := strings.SplitN(string(data2), "\n", 2)
	os.WriteFile(filepath.Join(dup, "records.csv"), append(data1, lines2[1]...), 0o644)
	ri1, _ := os.ReadFile(filepath.Join(dirs[0], "run.json"))
	os.WriteFile(filepath.Join(dup, "run.json"), ri1, 0o644)
	if _, errw, code := ablate(t, "merge", filepath.Join(tmp, "y"), dup, dirs[1], dirs[2]); code != 2 || !strings.Contains(errw, "is in two shards") {
		t.Errorf("a job twice: exit %d %s", code, errw)
	}
	// A merge that failed leaves nothing: not the directory it made, not
	// a staging directory; so the same merge, put right, is not refused.
	for _, d := range []string{"y", "y.replacing"} {
		if _, err := os.Stat(filepath.Join(tmp, d)); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("a failed merge left %s: %v", d, err)
		}
	}
	if _, errw, code := ablate(t, "merge", filepath.Join(tmp, "y"), dirs[0], dirs[1], dirs[2]); code != 0 {
		t.Errorf("the merge put right after a failed one: exit %d %s", code, errw)
	}
	// --allow-partial merges what is there and says what is missing.
	out, errw, code := ablate(t, "merge", "--allow-partial", "--format", "csv", filepath.Join(tmp, "partial"), dirs[0], dirs[1])
	if code != 0 || !strings.Contains(errw, "jobs missing (shards [3] missing or unfinished)") || out == "" {
		t.Errorf("partial: exit %d %s", code, errw)
	}
}

// shardsAndWhole runs a command whole (--out tmp/whole) and in two shards
// (--out tmp/<prefix>1 and 2), then merges the shards given in order into
// tmp/merged, and returns tmp and the whole run's and the merge's stdout.
func shardsAndWhole(t *testing.T, args []string, prefix string, order ...int) (tmp, whole, merged string) {
	t.Helper()
	tmp = t.TempDir()
	whole, errw, code := ablate(t, append(args, "--out", filepath.Join(tmp, "whole"))...)
	if code != 0 {
		t.Fatalf("whole: exit %d: %s", code, errw)
	}
	for i := 1; i <= 2; i++ {
		if _, errw, code := ablate(t, append(args, "--shard", string(rune('0'+i))+"/2", "--out", filepath.Join(tmp, prefix+string(rune('0'+i))))...); code != 0 {
			t.Fatalf("shard %d: exit %d: %s", i, code, errw)
		}
	}
	mergeArgs := []string{"merge", "--format", "csv", filepath.Join(tmp, "merged")}
	for _, i := range order {
		mergeArgs = append(mergeArgs, filepath.Join(tmp, prefix+string(rune('0'+i))))
	}
	merged, errw, code = ablate(t, mergeArgs...)
	if code != 0 {
		t.Fatalf("merge: exit %d: %s", code, errw)
	}
	return tmp, whole, merged
}

// TestMergeMatchShards: a match played in two shards, merged, has the
// whole match's statistics and games, in pair order.
func TestMergeMatchShards(t *testing.T) {
	args := []string{"match", "--config", "a=full", "--config", "b=stage-13", "--openings", "bench", "--pairs", "5",
		"--nodes", "1000", "-j", "2", "--quiet", "--format", "csv"}
	tmp, whole, merged := shardsAndWhole(t, args, "m", 2, 1)
	if merged != whole {
		t.Errorf("merged statistics differ:\n%s\n%s", merged, whole)
	}
	a, _ := os.ReadFile(filepath.Join(tmp, "whole", "games.pgn.gz"))
	b, _ := os.ReadFile(filepath.Join(tmp, "merged", "games.pgn.gz"))
	if len(a) == 0 || string(a) != string(b) {
		t.Error("merged games.pgn.gz differs from the whole match's")
	}
}

// TestMergeWorthShards: worth played in two shards and merged gives the
// unsharded worth's table.
func TestMergeWorthShards(t *testing.T) {
	args := []string{"worth", "--leave-one-out", "lmp,nmp", "--tree-depth", "3", "--positions", "six", "--pairs", "3",
		"--nodes", "800", "--openings", "bench", "--quiet", "--format", "csv"}
	tmp, whole, merged := shardsAndWhole(t, args, "w", 1, 2)
	if merged != whole {
		t.Errorf("merged worth differs:\n%s\n%s", merged, whole)
	}
	// A worth asked of the merged directory is refused, and writes
	// nothing there: the merged worth.json holds a shard's plan.
	dir := filepath.Join(tmp, "merged")
	before := snapshot(t, dir)
	other := append(append([]string(nil), args...), "--nodes", "600", "--out", dir)
	if _, errw, code := ablate(t, other...); code != 2 || !strings.Contains(errw, "another plan") {
		t.Errorf("worth on a merged worth: exit %d: %s", code, errw)
	}
	sameFiles(t, "a refused worth in a merged worth", before, snapshot(t, dir))
}

// TestMergeWorthLadderShards: a worth ladder with a precision stop, played
// in two shards and merged, gives the unsharded ladder's table: the merge
// stops each match where the whole match stopped.
func TestMergeWorthLadderShards(t *testing.T) {
	long(t)
	args := []string{"worth", "--leave-one-out", "lmp", "--tree-depth", "3", "--positions", "six", "--pairs", "60",
		"--precision", "400", "--budgets", "nodes=300,600", "--openings", "bench", "--quiet", "--format", "csv"}
	_, whole, merged := shardsAndWhole(t, args, "w", 1, 2)
	if merged != whole {
		t.Errorf("merged ladder differs:\n%s\n%s", merged, whole)
	}
	if !strings.Contains(whole, "nodes=300") || strings.Contains(whole, ",120,") {
		t.Errorf("the precision did not stop the matches:\n%s", whole)
	}
}

// TestMergeRefusesBadShardsAndOut: a garbage row appended to a shard's
// records.csv or pairs.csv is refused, naming the file; so is an OUT that
// is one of the shards, or a directory that holds files (unless --force).
func TestMergeRefusesBadShardsAndOut(t *testing.T) {
	tmp := t.TempDir()
	s1, s2 := filepath.Join(tmp, "s1"), filepath.Join(tmp, "s2")
	shardRun(t, s1, "1/2")
	shardRun(t, s2, "2/2")
	check := func(name string, want string, args ...string) {
		t.Helper()
		_, errw, code := ablate(t, append([]string{"merge"}, args...)...)
		if code != 2 || !strings.Contains(errw, want) {
			t.Errorf("%s: exit %d, %q; want 2 and %q", name, code, errw, want)
		}
	}
	check("OUT is a shard", "one of the inputs", s1, s1, s2)
	check("OUT holds a shard", "one of the inputs", tmp, s1, s2)
	link := filepath.Join(tmp, "link")
	os.Symlink(s1, link)
	check("OUT is a link to a shard, forced", "one of the inputs", "--force", "--out", link, s1, s2)
	check("OUT is a shard by another name", "one of the inputs", "--force", "--out", s1+"/./", s1, s2)
	check("a shard twice, once through a link", "is given twice", "--out", filepath.Join(tmp, "m0"), s1, link, s2)
	if got, _ := os.ReadFile(filepath.Join(s1, "run.json")); !strings.Contains(string(got), `"index": 1`) {
		t.Errorf("shard 1 changed: %s", got)
	}
	full := filepath.Join(tmp, "full")
	os.MkdirAll(full, 0o755)
	os.WriteFile(filepath.Join(full, "x"), []byte("x"), 0o644)
	check("OUT holds files", "already holds files", full, s1, s2)
	if _, errw, code := ablate(t, "merge", "--force", full, s1, s2); code != 0 {
		t.Errorf("--force: exit %d: %s", code, errw)
	}
	// --force replaced OUT whole, once the merge was: the old file is gone.
	if h, _ := resultdir.Inspect(full); h.What != "run" || slices.Contains(h.Files, "x") {
		t.Errorf("after merge --force, OUT holds %v", h.Files)
	}
	if _, err := os.Stat(full + resultdir.StagingSuffix); !os.IsNotExist(err) {
		t.Errorf("the staging directory is left: %v", err)
	}
	f, _ := os.OpenFile(filepath.Join(s2, "records.csv"), os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString("lmr,garbage,start,3,100\n")
	f.Close()
	check("a garbage record", "no job of the plan", filepath.Join(tmp, "m"), s1, s2)

	m1, m2 := filepath.Join(tmp, "m1"), filepath.Join(tmp, "m2")
	for i, d := range []string{m1, m2} {
		if _, errw, code := ablate(t, "match", "--config", "a=full", "--config", "b=full,-lmp", "--pairs", "2", "--nodes", "300",
			"--openings", "bench", "--quiet", "--out", d, "--shard", fmt.Sprintf("%d/2", i+1)); code != 0 {
			t.Fatalf("match shard: exit %d %s", code, errw)
		}
	}
	f, _ = os.OpenFile(filepath.Join(m2, "pairs.csv"), os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString("7,x,1-0,0-1,1,a,b,3,3\n")
	f.Close()
	check("a garbage pair", "not one of the match's", filepath.Join(tmp, "mm"), m1, m2)
}

// TestMergeOfACutShard: a complete shard whose records.csv lost its last
// lines (cut at a line's end, so that every line reads) is refused,
// naming the file, not merged into a summary of fewer positions.
func TestMergeOfACutShard(t *testing.T) {
	tmp := t.TempDir()
	for i := 1; i <= 2; i++ {
		shardRun(t, filepath.Join(tmp, "s"+string(rune('0'+i))), string(rune('0'+i))+"/2")
	}
	cut := filepath.Join(tmp, "s2", "records.csv")
	data, _ := os.ReadFile(cut)
	lines := strings.SplitAfter(strings.TrimSuffix(string(data), "\n"), "\n")
	os.WriteFile(cut, []byte(strings.Join(lines[:len(lines)-6], "")), 0o644)
	_, errw, code := ablate(t, "merge", filepath.Join(tmp, "all"), filepath.Join(tmp, "s1"), filepath.Join(tmp, "s2"))
	if code != 2 || !strings.Contains(errw, cut) || !strings.Contains(errw, "cut short") {
		t.Errorf("a cut shard: exit %d, %q", code, errw)
	}
	if _, err := os.Stat(filepath.Join(tmp, "all", "summary.csv")); err == nil {
		t.Error("a summary was written from a cut shard")
	}
}
