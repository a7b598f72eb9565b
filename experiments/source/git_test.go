package source

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ablate-chess/ablate/experiments/source/sourcetest"
)

// repo makes a git repository with two commits of one file.
func repo(t *testing.T) (dir string, first, second string) {
	t.Helper()
	sourcetest.Need(t, "git")
	dir = t.TempDir()
	sourcetest.Git(t, dir, "init", "-q")
	os.WriteFile(filepath.Join(dir, "v"), []byte("1\n"), 0o644)
	sourcetest.Git(t, dir, "add", "v")
	sourcetest.Git(t, dir, "commit", "-qm", "one")
	first = sourcetest.Git(t, dir, "rev-parse", "HEAD")
	os.WriteFile(filepath.Join(dir, "v"), []byte("2\n"), 0o644)
	sourcetest.Git(t, dir, "commit", "-qam", "two")
	return dir, first, sourcetest.Git(t, dir, "rev-parse", "HEAD")
}

// TestWorktreeLeavesTheTreeAlone: a revision is checked out in a worktree
// of its own, removed afterwards; the user's tree is untouched.
func TestWorktreeLeavesTheTreeAlone(t *testing.T) {
	dir, first, second := repo(t)
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if sha, err := r.Resolve("HEAD~1"); err != nil || sha != first {
		t.Fatalf("HEAD~1: %s %v, want %s", sha, err, first)
	}
	if _, err := r.Resolve("no-such-branch"); err == nil || !strings.Contains(err.Error(), `no revision "no-such-branch"`) {
		t.Errorf("an unknown revision: %v", err)
	}
	wt := filepath.Join(t.TempDir(), "wt")
	remove, err := r.Worktree(first, wt)
	if err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(filepath.Join(wt, "v")); string(data) != "1\n" {
		t.Errorf("the worktree holds %q", data)
	}
	if err := Build(context.Background(), wt, io.Discard, "sh", "-c", "cp v out"); err != nil {
		t.Fatal(err)
	}
	remove()
	if _, err := os.Stat(wt); !os.IsNotExist(err) {
		t.Errorf("the worktree is still there: %v", err)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "v")); string(data) != "2\n" {
		t.Errorf("the user's tree changed: %q", data)
	}
	if sha, _ := r.Resolve("HEAD"); sha != second {
		t.Errorf("HEAD moved")
	}
	if _, err := Open(t.TempDir()); err == nil {
		t.Error("a directory outside any repository opened")
	}
}
