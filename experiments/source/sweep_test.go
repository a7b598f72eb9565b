package source

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/ablate-chess/ablate/experiments/source/sourcetest"
)

// TestSweepRemovesKilledBuilds: a build whose process was killed (its
// directory and registered worktree left behind) is swept by the next
// build; a live process's build is left alone.
func TestSweepRemovesKilledBuilds(t *testing.T) {
	dir, first, _ := sourcetest.EngineRepo(t)
	cache := Cache{filepath.Join(t.TempDir(), "cache")}
	os.MkdirAll(cache.Dir, 0o755)

	dead := exec.Command("true")
	if err := dead.Run(); err != nil {
		t.Fatal(err)
	}
	stale := filepath.Join(cache.Dir, buildPrefix+"killed")
	live := filepath.Join(cache.Dir, buildPrefix+"live")
	for d, pid := range map[string]int{stale: dead.Process.Pid, live: os.Getpid()} {
		os.MkdirAll(d, 0o755)
		os.WriteFile(filepath.Join(d, ownerFile), []byte(strconv.Itoa(pid)), 0o644)
	}
	sourcetest.Git(t, dir, "worktree", "add", "--detach", filepath.Join(stale, "src"), first)

	var log bytes.Buffer
	src := Source{Repo: dir, Variants: []Variant{{Name: "old", Ref: first}}}
	if _, err := src.BuildAll(context.Background(), cache, &log); err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Errorf("the killed build's directory is still there: %v", err)
	}
	if _, err := os.Stat(live); err != nil {
		t.Errorf("a live build's directory was removed: %v", err)
	}
	if list := sourcetest.Git(t, dir, "worktree", "list"); strings.Contains(list, buildPrefix+"killed") {
		t.Errorf("the killed build's worktree is still registered:\n%s", list)
	}
	if !strings.Contains(log.String(), "removed 1 build(s)") {
		t.Errorf("log: %s", log.String())
	}
}
