package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ablate-chess/ablate/experiments/records"
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
	// --per-node: a column each configuration, a name two runs share told
	// apart by the second's directory; the counts are the summary's.
	out, errw, code = ablate(t, "compare", "--per-node", "--format", "csv", a, b)
	if code != 0 {
		t.Fatalf("--per-node: exit %d: %s", code, errw)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3+1+len(records.PerNodeMeasures) || lines[0] != "measure,x,y,"+filepath.Base(b)+"/x,z" ||
		!strings.HasPrefix(lines[2], "positions,6,6,6,6") || !strings.HasPrefix(lines[4], "main-search nodes,") {
		t.Errorf("--per-node:\n%s", out)
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
		{[]string{"compare", "--per-node"}, "--per-node wants one or more runs"},
		{[]string{"compare", "--per-node", "--fail-on", "nodes:1", a}, "--per-node reads stored runs"},
		{[]string{"compare", "--per-node", t.TempDir()}, "records.csv"},
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

// TestCompareWorthTables: two worth directories are lined up technique by
// technique, in Markdown with the sum beneath; two at different budgets
// are refused, naming both; a bad table names its file and line.
func TestCompareWorthTables(t *testing.T) {
	header := "group,config,reference,budget,positions,depth,node_ratio,games,wins,draws,losses,elo,elo_error,nelo,nelo_error," +
		"los,draw_ratio,llr,verdict,partial,limits,mean_depth,ref_mean_depth,params\n"
	write := func(rows string) string {
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, "worth.csv"), []byte(header+rows), 0o644)
		return dir
	}
	old := write("leave-one-out,-nmp,full,,bench,10,1.5,400,100,150,150,-43.7,25.0,-60,34,0.01,0.37,0,,false,nodes=10000,7.1,7.9,\n" +
		"leave-one-out,-lmr,full,,bench,10,4.0,400,50,100,250,-190.0,35.0,-250,34,0,0.25,0,,false,nodes=10000,6.0,7.9,\n")
	screening := write("leave-one-out,-lmr,full,,bench,10,4.0,3200,500,1000,1700,-140.0,12.0,-180,15,0,0.3,0,,false,nodes=10000,6.0,7.9,\n" +
		"leave-one-out,-nmp,full,,bench,10,1.5,3200,900,1400,900,-30.0,10.0,-40,13,0.01,0.4,0,,false,nodes=10000,7.1,7.9,\n")
	out, errw, code := ablate(t, "compare", "--format", "markdown", old, screening)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errw)
	}
	for _, want := range []string{
		"| -nmp   |  -43.7 ± 25.0 |  -30.0 ± 10.0 |    +13.7 ± 26.9 |   yes |          0.40 |               0.38 |       400 |      3200 |",
		"| -lmr   | -190.0 ± 35.0 | -140.0 ± 12.0 |    +50.0 ± 37.0 |    no |          0.34 |               0.44 |       400 |      3200 |",
		"2 configurations in both: 1 agree within their combined 95% intervals; 2 new intervals at most half as wide as the old in Elo, " +
			"2 in normalized Elo (median width new/old 0.37 and 0.41)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	deeper := write("leave-one-out,-nmp,full,,bench,10,1.5,400,100,150,150,-50.0,25.0,-60,34,0.01,0.37,0,,false,nodes=40000,7.1,7.9,\n")
	if _, errw, code := ablate(t, "compare", old, deeper); code != 2 ||
		!strings.Contains(errw, "was played at nodes=10000 and") || !strings.Contains(errw, "at nodes=40000: a worth compares only with one at the same budget") {
		t.Errorf("worths at two budgets: exit %d, %q", code, errw)
	}
	bad := write("leave-one-out,-nmp,full,,bench,ten,1.5,400,100,150,150,-43.7,25.0,-60,34,0.01,0.37,0,,false,nodes=10000,7.1,7.9,\n")
	if _, errw, code := ablate(t, "compare", old, bad); code != 2 || !strings.Contains(errw, "worth.csv") || !strings.Contains(errw, "2") {
		t.Errorf("a bad table: exit %d, %q", code, errw)
	}
	if _, errw, code := ablate(t, "compare", "--fail-on", "nodes:1", old, screening); code != 2 || !strings.Contains(errw, "--fail-on is for runs") {
		t.Errorf("--fail-on with worth tables: exit %d, %q", code, errw)
	}
}

// TestCompareBadRevisionIsBadInput: a revision that names no commit is
// bad input (2), not a regression (1), found before any build.
func TestCompareBadRevisionIsBadInput(t *testing.T) {
	src := fakeSource(t)
	for _, args := range [][]string{
		{"--base", "nosuchrev", "--head", "HEAD"},
		{"--base", "HEAD", "--head", "nosuchrev"},
	} {
		_, errw, code := ablate(t, append([]string{"compare", "--engine-src", src, "--build-cache", t.TempDir()}, args...)...)
		if code != 2 || !strings.Contains(errw, `no revision "nosuchrev"`) || strings.Contains(errw, "building") {
			t.Errorf("%v: exit %d, %q", args, code, errw)
		}
	}
}
