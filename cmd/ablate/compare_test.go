package main

import (
	"os/exec"
	"strings"
	"testing"
)

func TestCompareRuns(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	if _, errw, code := ablate(t, "run", "--config", "x=full", "--config", "y=full,-lmp", "-d", "4", "-r", "2", "--out", a, "--quiet"); code != 0 {
		t.Fatal(errw)
	}
	if _, errw, code := ablate(t, "run", "--config", "x=full,lmp-base-moves=10", "--config", "z=full", "-d", "4", "-r", "2", "--out", b, "--quiet"); code != 0 {
		t.Fatal(errw)
	}
	out, errw, code := ablate(t, "compare", "--format", "csv", a, b+"/records.csv")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errw)
	}
	for _, want := range []string{"group,config,positions,depth,nodes old", "\nconfigs,x,6,4,", "\nconfigs,y,missing in new", "\nconfigs,z,missing in old"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	// lmp-base-moves=10 prunes later, so x searches more: a zero tolerance fails.
	if _, errw, code := ablate(t, "compare", "--fail-on", "nodes:0", a, b); code != 1 || !strings.Contains(errw, "x: nodes") {
		t.Errorf("--fail-on nodes:0: exit %d, %s", code, errw)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"compare", a}, "compare wants OLD and NEW"},
		{[]string{"compare", "--fail-on", "speed:3", a, b}, "want nodes:PCT or time:PCT"},
		{[]string{"compare", "--format", "json", a, b}, `unknown format "json"`},
		{[]string{"compare", a, t.TempDir()}, "records.csv"},
		{[]string{"compare", "--base", "HEAD"}, "give both revisions, the old and the new"},
	} {
		if _, errw, code := ablate(t, c.args...); code != 2 || !strings.Contains(errw, c.want) {
			t.Errorf("%v: exit %d, %q; want 2 and %q", c.args, code, errw, c.want)
		}
	}
}

func TestCompareRevisionsRefusals(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	if _, errw, code := ablate(t, "compare", "--base", "no-such-rev-xyz", "--head", "HEAD"); code != 2 || !strings.Contains(errw, `no revision "no-such-rev-xyz"`) {
		t.Errorf("bad revision: exit %d, %q", code, errw)
	}
	t.Chdir(t.TempDir())
	if _, errw, code := ablate(t, "compare", "--base", "HEAD", "--head", "HEAD"); code != 2 || !strings.Contains(errw, "inside a git repository") {
		t.Errorf("outside a repository: exit %d, %q", code, errw)
	}
}

// TestCompareRevisions builds HEAD twice in worktrees, runs a tiny
// experiment alternately, and checks the report and that no worktree is
// left behind.
func TestCompareRevisions(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the engine twice")
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	worktrees := func() string { // their paths: a commit made meanwhile moves HEAD
		out, _ := exec.Command("git", "worktree", "list", "--porcelain").Output()
		var paths []string
		for _, l := range strings.Split(string(out), "\n") {
			if p, ok := strings.CutPrefix(l, "worktree "); ok {
				paths = append(paths, p)
			}
		}
		return strings.Join(paths, "\n")
	}
	before := worktrees()
	out, errw, code := ablate(t, "compare", "--base", "HEAD", "--head", "HEAD", "--rounds", "2", "--format", "csv",
		"--", "--config", "x=full", "-d", "3", "-p", "six")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errw)
	}
	if !strings.Contains(out, "\nconfigs,x,6,3,") || !strings.Contains(out, ",0.00%,") {
		t.Errorf("report:\n%s", out)
	}
	if !strings.Contains(errw, "round 2/2: head") {
		t.Errorf("rounds not alternated: %s", errw)
	}
	if after := worktrees(); after != before {
		t.Errorf("worktrees left behind:\n%s", after)
	}
}
