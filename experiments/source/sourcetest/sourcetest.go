// Package sourcetest makes engine sources for tests: git repositories
// whose build makes a fake UCI engine (the test binary, through ucitest).
package sourcetest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ablate-chess/ablate/engine/uci/ucitest"
)

// Git runs git in dir as a test's committer and returns its output.
func Git(t testing.TB, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-C", dir, "-c", "user.name=t", "-c", "user.email=t@t"}, args...)...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %v: %v %s", args, err, out)
	}
	return strings.TrimSpace(string(out))
}

// Need skips the test if a tool it needs is missing.
func Need(t testing.TB, tools ...string) {
	t.Helper()
	for _, tool := range tools {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skip("no " + tool)
		}
	}
}

// EngineRepo makes a git repository whose build (make EXE=...) copies a
// script to the binary: the script answers "bench" with the node count in
// the file nodes beside it, and is otherwise the fake UCI engine. Its
// first commit says 1000 nodes; the second 2000, with "Bench: 2000" in its
// message. It returns the directory and both commits.
func EngineRepo(t testing.TB) (dir, first, second string) {
	t.Helper()
	Need(t, "git", "make")
	dir = t.TempDir()
	script := "#!/bin/sh\nif [ \"$1\" = bench ]; then echo \"Nodes searched: $(cat \"$(dirname \"$0\")/nodes\")\"; " +
		"echo 'Nodes/second: 1000'; exit 0; fi\nexec " + ucitest.Command("ok") + "\n"
	files := map[string]string{"engine.sh": script, "nodes": "1000\n",
		"Makefile": "EXE ?= engine\nall:\n\tcp engine.sh $(EXE)\n\tcp nodes $(dir $(EXE))nodes\n"}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	Git(t, dir, "init", "-q")
	Git(t, dir, "add", ".")
	Git(t, dir, "commit", "-qm", "one")
	first = Git(t, dir, "rev-parse", "HEAD")
	os.WriteFile(filepath.Join(dir, "nodes"), []byte("2000\n"), 0o644)
	Git(t, dir, "commit", "-qam", "two\n\nBench: 2000")
	second = Git(t, dir, "rev-parse", "HEAD")
	return dir, first, second
}
