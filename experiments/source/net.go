package source

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/ablate-chess/ablate/engine/subject"
)

// A net is a file the build needs that the source lacks (Stockfish's
// evaluation network). It is looked for, in this order, beside the source
// (next to the tarball, or in the repository), in the build cache (where an
// earlier build left it), and else written out of an installed binary that
// holds it, into the cache. Wherever it comes from, its hash is checked.

// exportTimeout bounds writing a net out of an installed binary.
const exportTimeout = 2 * time.Minute

// findNet returns the path of a file holding the net. src is the
// --engine-src as given: a tarball or a repository. What it did goes to log.
func (c Cache) findNet(ctx context.Context, n *subject.ProfileNet, src string, log io.Writer) (string, error) {
	var beside []string
	if IsTarball(src) {
		beside = []string{filepath.Join(filepath.Dir(src), n.File)}
	} else {
		beside = []string{filepath.Join(src, n.Into, n.File), filepath.Join(src, n.File)}
	}
	for _, path := range beside {
		if _, err := os.Stat(path); err != nil {
			continue
		}
		if err := checkNet(path, n); err != nil {
			return "", fmt.Errorf("%v: remove it, or put the right file there", err)
		}
		return path, nil
	}
	cached := filepath.Join(c.Dir, "nets", n.File)
	if _, err := os.Stat(cached); err == nil {
		if checkNet(cached, n) == nil {
			return cached, nil
		}
		os.Remove(cached) // damaged: written out again below
	}
	if n.From == "" {
		return "", fmt.Errorf("the build needs %s, which the source lacks: put it beside the source (%s)", n.File, beside[0])
	}
	if _, err := os.Stat(n.From); err != nil {
		install := n.Install
		if install == "" {
			install = n.From
		}
		return "", fmt.Errorf("the build needs %s, which the source lacks: put it beside the source (%s), or install %s, whose %s holds it (%s is not there)",
			n.File, beside[0], install, n.From, n.From)
	}
	if err := os.MkdirAll(filepath.Dir(cached), 0o755); err != nil {
		return "", err
	}
	if err := exportNet(ctx, n, cached); err != nil {
		return "", fmt.Errorf("%v; or put %s beside the source (%s)", err, n.File, beside[0])
	}
	fmt.Fprintf(log, "net %s: written out of %s into %s\n", n.File, n.From, cached)
	return cached, nil
}

// exportNet has the installed binary write the net to path, through a
// temporary file, so that an interruption leaves no part of it there.
func exportNet(ctx context.Context, n *subject.ProfileNet, path string) error {
	tmp := filepath.Join(filepath.Dir(path), ".export-"+n.File)
	os.Remove(tmp)
	defer os.Remove(tmp)
	ctx, cancel := context.WithTimeout(ctx, exportTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, n.From)
	cmd.Stdin = strings.NewReader("uci\n" + strings.ReplaceAll(n.Export, "{file}", tmp) + "\nquit\n")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil && !errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return ctx.Err()
		}
		return fmt.Errorf("%s could not write out %s (%v): %s", n.From, n.File, err, lastLine(out.String()))
	}
	name := engineName(out.String())
	if n.FromEngine != "" && !strings.HasPrefix(name, n.FromEngine) {
		return fmt.Errorf("%s is %q, not %s: its network is not the one the source names", n.From, name, n.FromEngine)
	}
	if _, err := os.Stat(tmp); err != nil {
		return fmt.Errorf("%s (%s) wrote no %s on %q: %s", n.From, name, n.File, n.Export, lastLine(out.String()))
	}
	if err := checkNet(tmp, n); err != nil {
		return fmt.Errorf("%s (%s) wrote another network: %v", n.From, name, err)
	}
	return os.Rename(tmp, path)
}

// checkNet checks a net's hash.
func checkNet(path string, n *subject.ProfileNet) error {
	sum, err := FileSHA256(path)
	if err != nil {
		return fmt.Errorf("net %s: %v", path, err)
	}
	if !strings.EqualFold(sum, n.SHA256) {
		return fmt.Errorf("net %s has sha256 %s, not the %s the profile names", path, sum, n.SHA256)
	}
	return nil
}

// placeNet copies the net into a worktree, where the build looks for it.
func placeNet(net string, n *subject.ProfileNet, worktree string) error {
	in, err := os.Open(net)
	if err != nil {
		return err
	}
	defer in.Close()
	dst := filepath.Join(worktree, n.Into, n.File)
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	out, err := os.Create(dst)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

func engineName(out string) string {
	for _, line := range strings.Split(out, "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "id name "); ok {
			return rest
		}
	}
	return "not a UCI engine"
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}
