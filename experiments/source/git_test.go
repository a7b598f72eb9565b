package source

import (
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// repo makes a git repository with two commits of one file.
func repo(t *testing.T) (dir string, first, second string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir = t.TempDir()
	run := func(args ...string) string {
		cmd := exec.Command("git", append([]string{"-C", dir, "-c", "user.name=t", "-c", "user.email=t@t"}, args...)...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v %s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	run("init", "-q")
	os.WriteFile(filepath.Join(dir, "v"), []byte("1\n"), 0o644)
	run("add", "v")
	run("commit", "-qm", "one")
	first = run("rev-parse", "HEAD")
	os.WriteFile(filepath.Join(dir, "v"), []byte("2\n"), 0o644)
	run("commit", "-qam", "two")
	second = run("rev-parse", "HEAD")
	return dir, first, second
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
