package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ablate-chess/ablate/engine/uci/ucitest"
	"github.com/ablate-chess/ablate/results"
)

// fakeSource makes a git repository whose build (make EXE=...) copies a
// script to the binary: the script benches with the count in the file
// nodes and otherwise is the fake UCI engine. Two commits: 1000, then 2000.
func fakeSource(t *testing.T) string {
	t.Helper()
	for _, tool := range []string{"git", "make"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skip("no " + tool)
		}
	}
	dir := t.TempDir()
	git := func(args ...string) {
		cmd := exec.Command("git", append([]string{"-C", dir, "-c", "user.name=t", "-c", "user.email=t@t"}, args...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v %s", args, err, out)
		}
	}
	script := "#!/bin/sh\nif [ \"$1\" = bench ]; then echo \"Nodes searched: $(cat \"$(dirname \"$0\")/nodes\")\"; " +
		"echo 'Nodes/second: 1000'; exit 0; fi\nexec " + ucitest.Command("ok") + "\n"
	os.WriteFile(filepath.Join(dir, "engine.sh"), []byte(script), 0o755)
	os.WriteFile(filepath.Join(dir, "nodes"), []byte("1000\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "Makefile"), []byte("EXE ?= engine\nall:\n\tcp engine.sh $(EXE)\n\tcp nodes $(dir $(EXE))nodes\n"), 0o644)
	git("init", "-q")
	git("add", ".")
	git("commit", "-qm", "one")
	os.WriteFile(filepath.Join(dir, "nodes"), []byte("2000\n"), 0o644)
	git("commit", "-qam", "two")
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
	ri, err := results.ReadRunInfo(dir)
	if err != nil || !strings.Contains(string(ri.Request), `"variants"`) || !strings.Contains(ri.Configs[1].Params, "variant=new") {
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
