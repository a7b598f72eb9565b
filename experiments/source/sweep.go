package source

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// A build happens in a directory of the cache named buildPrefix..., which
// holds ownerFile, the building process's id. A build that finishes or
// fails removes its directory; one whose process was killed leaves it,
// with a worktree registered in the engine's repository.
const (
	buildPrefix = ".build-"
	ownerFile   = "owner.pid"
)

// sweep removes the build directories of processes that are gone (killed
// mid-build: SIGKILL runs no deferred clean-up), then has git forget the
// worktrees whose directories went with them. A build of a live process,
// another shard's on this machine say, is left alone.
func (c Cache) sweep(repo *Repo, log io.Writer) {
	entries, err := os.ReadDir(c.Dir)
	if err != nil {
		return
	}
	swept := 0
	for _, e := range entries {
		if !e.IsDir() || !strings.HasPrefix(e.Name(), buildPrefix) {
			continue
		}
		dir := filepath.Join(c.Dir, e.Name())
		if ownerAlive(dir) {
			continue
		}
		if os.RemoveAll(dir) == nil {
			swept++
		}
	}
	if swept > 0 {
		fmt.Fprintf(log, "build cache: removed %d build(s) left by interrupted processes\n", swept)
	}
	git(repo.Top, "worktree", "prune")
}

// ownerAlive reports whether the process that began a build directory
// still runs. A directory without a readable owner is left by an older
// ablate, stale unless it is recent (its owner may be writing it now).
func ownerAlive(dir string) bool {
	data, err := os.ReadFile(filepath.Join(dir, ownerFile))
	if err != nil {
		fi, statErr := os.Stat(dir)
		return statErr == nil && time.Since(fi.ModTime()) < time.Minute
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(data)))
	if err != nil || pid <= 0 {
		return false
	}
	err = syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
