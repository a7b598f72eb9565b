package main

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ablate-chess/ablate/engine/uci/ucitest"
	"github.com/ablate-chess/ablate/experiments/resultdir"
)

// debianEngine finds a Debian engine; .ci/run installs them, so in CI its
// absence is a failure.
func debianEngine(t *testing.T, name string) string {
	t.Helper()
	path := "/usr/games/" + name
	if _, err := os.Stat(path); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("%s not installed (.ci/run installs it)", name)
		}
		t.Skipf("%s not installed", name)
	}
	return path
}

// geomean of the summary's first data row of config, from CSV output.
func summaryField(t *testing.T, csv, config, column string) string {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(csv), "\n")
	header := strings.Split(lines[0], ",")
	for _, l := range lines[1:] {
		f := strings.Split(l, ",")
		if f[1] == config {
			for i, h := range header {
				if h == column {
					return f[i]
				}
			}
		}
	}
	t.Fatalf("no %s / %s in\n%s", config, column, csv)
	return ""
}

// three is three positions of six (testdata/three.epd): an external engine
// restarts for every job, and Glaurung takes half a second to start.
const three = "testdata/three.epd"

// TestTogaLeaveOneOut: Toga II's null-move pruning and futility pruning,
// each switched off through its profile, on six at depth 7: without null-
// move pruning the trees grow (geometric mean of the ratios above 1).
func TestTogaLeaveOneOut(t *testing.T) {
	toga := debianEngine(t, "toga2")
	out, errw, code := ablate(t, "run", "--engine", toga, "--profile", "toga2", "--leave-one-out", "nmp,futility",
		"--positions", "six", "--depth", "7", "-j", "2", "--quiet", "--format", "csv")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errw)
	}
	if !strings.Contains(errw, "engine: Toga II 3.0") || !strings.Contains(errw, "Number of Threads=1") {
		t.Errorf("stderr does not say what the engine is set to: %s", errw)
	}
	if g, _ := strconv.ParseFloat(summaryField(t, out, "-nmp", "geomean_node_ratio"), 64); g <= 1 {
		t.Errorf("Toga without null-move pruning: geometric mean node ratio %v, want above 1\n%s", g, out)
	}
	// Counters Toga does not report are empty, never zero.
	if r := summaryField(t, out, "-nmp", "pvs_research_rate"); r != "" {
		t.Errorf("pvs_research_rate %q for an external engine", r)
	}
}

// TestGlaurungLeaveOneOut: without its late move reductions Glaurung's
// trees grow; and it is deterministic, so check pins its counts.
func TestGlaurungLeaveOneOut(t *testing.T) {
	long(t)
	glaurung := debianEngine(t, "glaurung")
	out, errw, code := ablate(t, "run", "--engine", glaurung, "--profile", "glaurung", "--leave-one-out", "lmr,futility",
		"--positions", three, "--depth", "7", "-j", "2", "--quiet", "--format", "csv")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errw)
	}
	if g, _ := strconv.ParseFloat(summaryField(t, out, "-lmr", "geomean_node_ratio"), 64); g <= 1 {
		t.Errorf("Glaurung without LMR: geometric mean node ratio %v, want above 1\n%s", g, out)
	}
	base := filepath.Join(t.TempDir(), "g.csv")
	if _, errw, code := ablate(t, "check", "--update", "--engine", glaurung, "--profile", "glaurung", "--baseline", base,
		"--depth", "4", "--positions", "testdata/one.epd"); code != 0 {
		t.Fatalf("check --update: exit %d: %s", code, errw)
	}
	out, errw, code = ablate(t, "check", "--engine", glaurung, "--profile", "glaurung", "--baseline", base)
	if code != 0 || !strings.Contains(out, "match") {
		t.Errorf("check: exit %d: %s %s", code, out, errw)
	}
	// A baseline pinned with Glaurung is not checked against ablate.
	if _, errw, code := ablate(t, "check", "--baseline", base); code != 2 || !strings.Contains(errw, "pinned with Glaurung 2.2, not ablate") {
		t.Errorf("check with the wrong engine: exit %d %s", code, errw)
	}
}

// TestUnrepeatableEngine: an engine whose repeats count different nodes is
// reported, and check refuses to pin it.
func TestUnrepeatableEngine(t *testing.T) {
	fake := ucitest.Command("random")
	out, errw, code := ablate(t, "run", "--engine", fake, "--config", "d=default", "--positions", "six", "--depth", "3",
		"--repeat", "2", "-j", "1", "--quiet", "--records", "--format", "csv")
	if code != 0 || !strings.Contains(errw, "is not deterministic") {
		t.Fatalf("exit %d: %s", code, errw)
	}
	if !strings.Contains(out, "nodes_spread") {
		t.Error("no nodes_spread column")
	}
	base := filepath.Join(t.TempDir(), "b.csv")
	_, errw, code = ablate(t, "check", "--update", "--engine", fake, "--baseline", base, "--depth", "2", "--positions", "six")
	if code != 2 || !strings.Contains(errw, "cannot be pinned") {
		t.Errorf("check --update: exit %d %s", code, errw)
	}
}

// TestEngineFaultsInRun: each way an engine fails is reported with its
// command and last lines; at start-up before any search (exit 2), in a
// search as a failed job while the others finish (exit 1). (An engine that
// never finishes the handshake is TestStartFaults in engine/subject: its
// timeout is set there.)
func TestEngineFaultsInRun(t *testing.T) {
	long(t)
	for _, c := range []struct {
		mode, want string
		code       int
	}{
		{"exit", "exited", 2},
		{"crash#r3k2r", "exited", 1},
		{"hang#r3k2r", "gave no bestmove, even after stop", 1},
		{"garbage#r3k2r", `broke the protocol: unknown engine message "this is not uci"`, 1},
	} {
		t.Run(c.mode, func(t *testing.T) {
			dir := t.TempDir()
			args := []string{"run", "--engine", ucitest.Command(c.mode), "--config", "d=default", "--positions", three,
				"--depth", "2", "-j", "1", "--quiet", "--max-time", "1s", "--out", dir}
			_, errw, code := ablate(t, args...)
			if code != c.code || !strings.Contains(errw, c.want) {
				t.Fatalf("exit %d, stderr %q; want %d and %q", code, errw, c.code, c.want)
			}
			if c.code == 1 {
				// The failed job is named with its position, the engine's
				// command and its last lines; the others have records.
				if !strings.Contains(errw, "d on kiwipete") || !strings.Contains(errw, "ABLATE_FAKE_UCI="+c.mode) ||
					!strings.Contains(errw, "its last lines") {
					t.Errorf("the failure does not say where: %s", errw)
				}
				if recs := readRecords(t, dir); len(recs) != 2*2 {
					t.Errorf("%d records of the jobs that finished", len(recs))
				}
				ri, _ := resultdir.ReadRunInfo(dir)
				if ri.Complete || len(ri.Failed) == 0 {
					t.Errorf("run.json: complete %v, failed %q", ri.Complete, ri.Failed)
				}
			}
		})
	}
	if _, errw, code := ablate(t, "run", "--engine", "/nonexistent/engine", "--config", "d=default"); code != 2 ||
		!strings.Contains(errw, "/nonexistent/engine") {
		t.Errorf("missing engine: exit %d %s", code, errw)
	}
}

// TestProfileMismatchIsAnError: a profile whose option the engine lacks is
// an error naming both, before anything runs.
func TestProfileMismatchIsAnError(t *testing.T) {
	_, errw, code := ablate(t, "run", "--engine", ucitest.Command("ok"), "--profile", "toga2", "--config", "d=default")
	if code != 2 || !strings.Contains(errw, `technique nmp maps to option "NullMove Pruning", which Fake ok does not have`) {
		t.Errorf("exit %d: %s", code, errw)
	}
	prof := filepath.Join(t.TempDir(), "p.toml")
	os.WriteFile(prof, []byte("name = \"p\"\n[[technique]]\nname = \"prune\"\noption = \"Pruning\"\n[[param]]\nname = \"margin\"\noption = \"Margin\"\n"), 0o644)
	out, errw, code := ablate(t, "run", "--engine", ucitest.Command("ok"), "--profile", prof, "--leave-one-out", "prune",
		"--config", "wide=default,margin=400", "--positions", "six", "--depth", "2", "--quiet", "--format", "csv")
	if code != 0 || !strings.Contains(out, "-prune") || !strings.Contains(out, "wide") {
		t.Errorf("a profile of our own: exit %d %s %s", code, out, errw)
	}
	if _, errw, code := ablate(t, "run", "--engine", ucitest.Command("ok"), "--profile", prof, "--config", "x=default,margin=900"); code != 2 ||
		!strings.Contains(errw, `margin=900 out of range 0..500 (option "Margin")`) {
		t.Errorf("out of range: exit %d %s", code, errw)
	}
}

// TestEngineDiesWithAblate: killed at any moment, ablate takes its engines
// with it (Pdeathsig), so no engine outlives it.
func TestEngineDiesWithAblate(t *testing.T) {
	pidFile := filepath.Join(t.TempDir(), "pid")
	cmd := exec.Command(os.Args[0], "run", "--engine", ucitest.Command("hang@1")+" --pidfile "+pidFile,
		"--config", "d=default", "--positions", "six", "--depth", "2", "-j", "1", "--quiet")
	cmd.Env = append(os.Environ(), "ABLATE_AS_MAIN=1")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var pid int
	for i := 0; i < 100 && pid == 0; i++ {
		time.Sleep(50 * time.Millisecond)
		if data, err := os.ReadFile(pidFile); err == nil {
			pid, _ = strconv.Atoi(strings.TrimSpace(string(data)))
		}
	}
	if pid == 0 {
		cmd.Process.Kill()
		t.Fatal("the fake engine never started")
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	for i := 0; i < 100; i++ {
		if !alive(pid) {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	syscall.Kill(pid, syscall.SIGKILL)
	t.Errorf("engine %d outlived ablate", pid)
}

// alive reports whether a process runs (and is not a zombie).
func alive(pid int) bool {
	f, err := os.Open("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	defer f.Close()
	line, _ := bufio.NewReader(f).ReadString(')')
	rest, _ := bufio.NewReader(f).ReadString(' ')
	_ = line
	return !strings.Contains(rest, "Z")
}

// TestCompareTwoEngineBuilds: compare --engine-a/--engine-b alternates runs
// of two builds and prints the usual report; two builds that search alike
// show no node change.
func TestCompareTwoEngineBuilds(t *testing.T) {
	t.Setenv("ABLATE_AS_MAIN", "1") // the runs are this binary, as ablate
	out, errw, code := ablate(t, "compare", "--engine-a", ucitest.Command("ok"), "--engine-b", ucitest.Command("ok"),
		"--rounds", "2", "--format", "csv", "--", "--config", "d=default", "--positions", three, "--depth", "3")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errw)
	}
	if !strings.Contains(errw, "round 2/2: engine-b") || !strings.Contains(out, "d,") {
		t.Errorf("stdout %q stderr %q", out, errw)
	}
	if _, errw, code := ablate(t, "compare", "--engine-a", "x"); code != 2 || !strings.Contains(errw, "give both engines, a and b") {
		t.Errorf("one engine: exit %d %s", code, errw)
	}
}
