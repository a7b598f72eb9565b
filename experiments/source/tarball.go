package source

import (
	"context"
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// A source tarball (an engine's release, or Debian's .orig.tar.xz) is an
// --engine-src too: it is unpacked once into the build cache, under its
// hash, as a git repository of one commit, the tarball as it is, so that
// variants name HEAD (with a patch) like any revision. The commit is made
// with a fixed author and date, so the same tarball is the same commit on
// every machine, and a build cached from it is found again.

// IsTarball reports whether path names a source tarball rather than a
// repository.
func IsTarball(path string) bool {
	for _, ext := range []string{".tar", ".tar.gz", ".tgz", ".tar.xz", ".txz", ".tar.bz2", ".tbz2", ".tar.zst"} {
		if strings.HasSuffix(strings.ToLower(path), ext) {
			return true
		}
	}
	return false
}

// FileSHA256 is a file's SHA-256, in hex.
func FileSHA256(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return fmt.Sprintf("%x", h.Sum(nil)), nil
}

// Unpack makes a tarball's repository in the cache (or finds it made
// already) and returns its directory. want, if not "", is the SHA-256 the
// tarball must have: another file is refused, naming both.
func (c Cache) Unpack(ctx context.Context, tarball, want string) (string, error) {
	sum, err := FileSHA256(tarball)
	if err != nil {
		return "", fmt.Errorf("source %s: %v", tarball, err)
	}
	if want != "" && sum != want {
		return "", fmt.Errorf("source %s has sha256 %s, not the %s of the source the profile is written for", tarball, sum, want)
	}
	dir := filepath.Join(c.Dir, "sources", sum[:24])
	if _, err := os.Stat(filepath.Join(dir, ".git", "ablate-unpacked")); err == nil {
		return dir, nil
	}
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return "", err
	}
	tmp, err := os.MkdirTemp(filepath.Dir(dir), ".unpack-*")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp) // an interrupted unpack leaves nothing
	abs, err := filepath.Abs(tarball)
	if err != nil {
		return "", err
	}
	if out, err := exec.CommandContext(ctx, "tar", "-xf", abs, "-C", tmp).CombinedOutput(); err != nil {
		return "", fmt.Errorf("source %s cannot be unpacked: %v: %s", tarball, err, strings.TrimSpace(string(out)))
	}
	// A tarball of one directory (name-version/) is that directory's.
	root := tmp
	if entries, err := os.ReadDir(tmp); err == nil && len(entries) == 1 && entries[0].IsDir() {
		root = filepath.Join(tmp, entries[0].Name())
	}
	env := append(os.Environ(), "GIT_AUTHOR_NAME=ablate", "GIT_AUTHOR_EMAIL=ablate@localhost",
		"GIT_COMMITTER_NAME=ablate", "GIT_COMMITTER_EMAIL=ablate@localhost",
		"GIT_AUTHOR_DATE=2000-01-01T00:00:00Z", "GIT_COMMITTER_DATE=2000-01-01T00:00:00Z")
	for _, args := range [][]string{
		{"init", "-q", "-b", "main"},
		{"add", "-A", "-f"},
		{"commit", "-q", "--no-gpg-sign", "-m", filepath.Base(tarball) + " as it is (sha256 " + sum + ")"},
	} {
		cmd := exec.CommandContext(ctx, "git", args...)
		cmd.Dir, cmd.Env = root, env
		if out, err := cmd.CombinedOutput(); err != nil {
			return "", fmt.Errorf("source %s: git %s: %v: %s", tarball, args[0], err, strings.TrimSpace(string(out)))
		}
	}
	if err := os.WriteFile(filepath.Join(root, ".git", "ablate-unpacked"), []byte(sum+"\n"), 0o644); err != nil {
		return "", err
	}
	os.RemoveAll(dir)
	if err := os.Rename(root, dir); err != nil {
		return "", err
	}
	return dir, nil
}
