package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ablate-chess/ablate/experiments/records"
	"github.com/ablate-chess/ablate/experiments/resultdir"
	"github.com/ablate-chess/ablate/experiments/source/sourcetest"
)

// fakeSource is a repository whose build makes a fake engine: 1000 bench
// nodes at HEAD~1, 2000 at HEAD.
func fakeSource(t *testing.T) string {
	dir, _, _ := sourcetest.EngineRepo(t)
	return dir
}

// TestEngineFromSource: variants built from a repository's revisions are
// the configurations of run (every variant, by default) and bench; run.json
// keeps the source, so resume rebuilds from the cache; a second run reuses
// the builds; bad variants are errors before any search.
func TestEngineFromSource(t *testing.T) {
	src := fakeSource(t)
	cache := filepath.Join(t.TempDir(), "cache")
	dir := filepath.Join(t.TempDir(), "run")
	args := []string{"run", "--engine-src", src, "--variant", "old=HEAD~1", "--variant", "new=HEAD", "--build-cache", cache,
		"-p", "six", "-d", "2", "--quiet", "--format", "csv", "--out", dir}
	out, errw, code := ablate(t, args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errw)
	}
	if !strings.Contains(out, "configs,old,") || !strings.Contains(out, "configs,new,") {
		t.Errorf("summary:\n%s", out)
	}
	if strings.Count(errw, "building") != 2 || !strings.Contains(errw, "variant old:") || !strings.Contains(errw, "bench 1000") {
		t.Errorf("stderr: %s", errw)
	}
	ri, err := resultdir.ReadRunInfo(dir)
	if err != nil || !strings.Contains(string(ri.Request), `"variants"`) || !strings.Contains(ri.Configs[1].Params, "variant=new;commit=") || !strings.Contains(ri.Configs[1].Params, "bench=2000") {
		t.Errorf("run.json: %v %s %+v", err, ri.Request, ri.Configs)
	}
	_, errw, code = ablate(t, append(args[:len(args)-2], "--out", filepath.Join(t.TempDir(), "again"))...)
	if code != 0 || strings.Count(errw, "reused") != 2 || strings.Contains(errw, "building") {
		t.Errorf("again: exit %d: %s", code, errw)
	}
	out, errw, code = ablate(t, "bench", "--engine-src", src, "--variant", "old=HEAD~1", "--variant", "new=HEAD",
		"--build-cache", cache, "--all", "-p", "six", "-d", "2")
	if code != 0 || !strings.Contains(out, "new") {
		t.Errorf("bench: exit %d: %s\n%s", code, errw, out)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--variant", "a=no-such-rev"}, `variant "a": no revision`},
		{[]string{"--variant", "a=HEAD", "--variant", "a=HEAD~1"}, `variant "a": two variants`},
		{[]string{"--variant", "a"}, "want NAME=REV"},
		{[]string{"--variant", "a=HEAD", "--build", "true"}, "made no binary"},
	} {
		_, errw, code := ablate(t, append([]string{"run", "--engine-src", src, "--build-cache", cache, "-p", "six", "-d", "1", "--quiet"}, c.args...)...)
		if code != 2 || !strings.Contains(errw, c.want) {
			t.Errorf("%v: exit %d, %q; want 2 and %q", c.args, code, errw, c.want)
		}
	}
	if _, errw, code := ablate(t, "run", "--variant", "a=HEAD"); code != 2 || !strings.Contains(errw, "needs --engine-src") {
		t.Errorf("--variant alone: exit %d %s", code, errw)
	}
}

// glaurungSource is Debian's source of Glaurung 2.2 ('apt-get source
// glaurung', which .ci/run does), from ABLATE_GLAURUNG_SRC.
func glaurungSource(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("ABLATE_GLAURUNG_SRC")
	if dir == "" {
		t.Skip("ABLATE_GLAURUNG_SRC is not set (Debian's glaurung source; .ci/run sets it)")
	}
	if _, err := os.Stat(filepath.Join(dir, "src", "search.cpp")); err != nil {
		t.Fatalf("ABLATE_GLAURUNG_SRC: %v", err)
	}
	sourcetest.Need(t, "git", "make", "g++", "perl")
	return dir
}

// TestGlaurungFromSource: Glaurung 2.2 turned into a git repository, its
// null-move pruning (which it has no option for) taken out by an edit on a
// branch, both built: the tree grows without null move (at depth 11 on
// six: up to depth 9 Glaurung's null move, with its reduction of 4, its
// zugzwang verification and its threat detection, costs more nodes than it
// saves, and the tree without it is smaller);
// compare across the two commits reports the change; a short worth match
// plays; and the profile's switches work on top of a variant.
func TestGlaurungFromSource(t *testing.T) {
	if testing.Short() {
		t.Skip("builds Glaurung twice")
	}
	src := glaurungSource(t)
	repo := filepath.Join(t.TempDir(), "glaurung")
	script, _ := filepath.Abs(filepath.Join("testdata", "glaurung-variants.sh"))
	if out, err := exec.Command("sh", script, src, repo, "no-nmp").CombinedOutput(); err != nil {
		t.Fatalf("glaurung-variants.sh: %v\n%s", err, out)
	}
	cache := filepath.Join(t.TempDir(), "cache")
	build := []string{"--engine-src", repo, "--build", "make -C src -j2 EXE={out}", "--build-cache", cache}
	variants := []string{"--variant", "base=base", "--variant", "no-nmp=no-nmp"}
	args := append(append(append([]string{"run"}, build...), variants...), "--profile", "glaurung",
		"--config", "base=base", "--config", "no-nmp=no-nmp", "--config", "base-futility=base,-futility",
		"-p", "six", "-d", "11", "--quiet", "--format", "csv")
	out, errw, code := ablate(t, args...)
	if code != 0 {
		t.Fatalf("run: exit %d: %s", code, errw)
	}
	sums, err := records.ReadSummaryCSV(strings.NewReader(out), "stdout")
	if err != nil || len(sums) != 3 {
		t.Fatalf("%d summaries, %v:\n%s", len(sums), err, out)
	}
	if sums[1].Config != "no-nmp" || sums[1].NodeRatio <= 1 {
		t.Errorf("without null move the tree is %.3f times the base's, want bigger", sums[1].NodeRatio)
	}
	if sums[2].NodeRatio == 1 {
		t.Error("the profile's -futility on the base variant changed nothing")
	}
	t.Setenv("ABLATE_AS_MAIN", "1") // compare's runs are this binary, as ablate
	out, errw, code = ablate(t, append(append([]string{"compare"}, build...), "--base", "base", "--head", "no-nmp",
		"--rounds", "1", "--format", "csv", "--", "-p", "six", "-d", "6")...)
	if code != 0 || !strings.Contains(out, "engine") || strings.Contains(errw, "building") {
		t.Errorf("compare: exit %d: %s\n%s", code, errw, out)
	}
	out, errw, code = ablate(t, append(append(append([]string{"worth"}, build...), variants...), "--tree-depth", "4",
		"-p", "six", "--pairs", "1", "--nodes", "5000", "--openings", "bench", "--quiet", "--format", "csv")...)
	if code != 0 || !strings.Contains(out, ",no-nmp,base,") {
		t.Errorf("worth: exit %d: %s\n%s", code, errw, out)
	}
}

// TestMatchOfVariants: two variants built from source play a match.
func TestMatchOfVariants(t *testing.T) {
	src := fakeSource(t)
	out, errw, code := ablate(t, "match", "--engine-src", src, "--variant", "old=HEAD~1", "--variant", "new=HEAD",
		"--build-cache", filepath.Join(t.TempDir(), "cache"), "--pairs", "1", "--depth", "2", "--openings", "bench",
		"--quiet", "--format", "csv")
	if code != 0 || !strings.Contains(out, "old,new,2,") {
		t.Errorf("exit %d: %s\n%s", code, errw, out)
	}
}

// TestWorthOfVariantsNamesTheirCommits: worth.csv names each variant's
// commit (and bench) in its params column.
func TestWorthOfVariantsNamesTheirCommits(t *testing.T) {
	src := fakeSource(t)
	out, errw, code := ablate(t, "worth", "--engine-src", src, "--variant", "old=HEAD~1", "--variant", "new=HEAD",
		"--build-cache", filepath.Join(t.TempDir(), "cache"), "--pairs", "1", "--depth", "2", "--tree-depth", "2",
		"-p", "six", "--openings", "bench", "--quiet", "--format", "csv")
	if code != 0 || !strings.Contains(out, ",new,old,") || !strings.Contains(out, "variant=new;commit=") || !strings.Contains(out, "bench=2000") {
		t.Errorf("exit %d: %s\n%s", code, errw, out)
	}
}
