// Package source builds engines from their source: a git repository's
// revisions, each in a temporary worktree, so that the user's working tree
// is never touched.
//
//	git.go      Repo: revisions resolved, worktrees added and removed, builds
//	variant.go  Source, Variant, Cache: what is built and where, BuildAll
//	tarball.go  a source tarball unpacked and checked by its hash
//	bench.go    the bench signature a build must print
//	net.go      the evaluation network found, exported, checked and placed
//	sweep.go    build directories of killed processes removed
package source

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// Repo is a git repository.
type Repo struct{ Top string }

// Open finds the repository that holds dir (its top level).
func Open(dir string) (*Repo, error) {
	top, err := git(dir, "rev-parse", "--show-toplevel")
	if err != nil {
		return nil, fmt.Errorf("%s is not in a git repository", dir)
	}
	return &Repo{Top: top}, nil
}

// Resolve names a revision's commit.
func (r *Repo) Resolve(rev string) (string, error) {
	sha, err := git(r.Top, "rev-parse", "--verify", "--quiet", rev+"^{commit}")
	if err != nil || sha == "" {
		return "", fmt.Errorf("no revision %q in %s", rev, r.Top)
	}
	return sha, nil
}

// Worktree checks a commit out, detached, in a new worktree at path; remove
// takes it away again (worktree and its registration), whatever happened.
func (r *Repo) Worktree(sha, path string) (remove func(), err error) {
	if _, err := git(r.Top, "worktree", "add", "--detach", path, sha); err != nil {
		return nil, err
	}
	return func() { git(r.Top, "worktree", "remove", "--force", path) }, nil
}

// Build runs a build command in dir, its output to log; ctx cancels it,
// and with it every process the build started (its process group: a
// shell's make and compilers would otherwise run on, holding the log).
func Build(ctx context.Context, dir string, log io.Writer, name string, args ...string) error {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir, cmd.Stdout, cmd.Stderr = dir, log, log
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 5 * time.Second
	return cmd.Run()
}

// BuildAblate builds ablate's command in a worktree of ablate's repository
// to out. Go records no revision for a build in a worktree, so the build
// is told its commit (resultdir.BuiltFrom), for the results it makes.
func BuildAblate(ctx context.Context, worktree, out string, log io.Writer) error {
	abs, err := filepath.Abs(out)
	if err != nil {
		return err
	}
	head, err := git(worktree, "rev-parse", "HEAD")
	if err != nil {
		return err
	}
	// Commits before results/ held no Go name the variable results.BuiltFrom;
	// the linker leaves a name the build lacks alone.
	ldflags := "-X github.com/ablate-chess/ablate/experiments/resultdir.BuiltFrom=" + head +
		" -X github.com/ablate-chess/ablate/results.BuiltFrom=" + head
	return Build(ctx, worktree, log, "go", "build", "-buildvcs=true", "-ldflags", ldflags, "-o", abs, "./cmd/ablate")
}

// git runs git in dir and returns its output, trimmed; a failure says what
// git said.
func git(dir string, args ...string) (string, error) {
	var out, errb bytes.Buffer
	cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(errb.String()))
	}
	return strings.TrimSpace(out.String()), nil
}
