package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// etherealSource is Ethereal 12's source tarball: $ABLATE_ETHEREAL_SRC
// (.ci/run finds it, by apt-get source or beside the checkout), else the
// shared copy beside the checkout; the test is skipped without it, or
// without Debian's libfathom-dev to build it against.
func etherealSource(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds Ethereal from its source: make test-long")
	}
	path := sharedSource(t, "ABLATE_ETHEREAL_SRC", "ethereal-chess_12.00+ds1.orig.tar.xz")
	if _, err := os.Stat("/usr/include/tbprobe.h"); err != nil {
		t.Skip("no libfathom-dev to build Ethereal against")
	}
	return path
}

// TestEtherealFromSource: Ethereal 12 built from its source tarball with
// the profile's patch (its bench checked: the patch changes no node), its
// techniques switched off one at a time in a run, and node-limited games
// between two configurations the same at -j 1 and -j 2.
func TestEtherealFromSource(t *testing.T) {
	src := etherealSource(t)
	cache := filepath.Join(t.TempDir(), "cache")
	eth := []string{"--engine-src", src, "--profile", "ethereal", "--build-cache", cache}
	out, errw, code := ablate(t, append([]string{"run", "--leave-one-out", "nmp,lmr", "-p", "six", "-d", "6", "--quiet", "--format", "csv"}, eth...)...)
	if code != 0 || !strings.Contains(errw, "bench 5132900") {
		t.Fatalf("run: exit %d: %s", code, errw)
	}
	rows := strings.Split(strings.TrimSpace(out), "\n")
	if len(rows) != 4 || !strings.Contains(rows[2], ",-nmp,") || strings.Contains(rows[2], ",1,1,") || strings.Contains(rows[3], ",1,1,") {
		t.Errorf("the leave-one-out changed no tree:\n%s", out)
	}
	games := func(workers string) string {
		return matchGames(t, append([]string{"--config", "a=ethereal", "--config", "b=ethereal,-nmp,-lmr",
			"--pairs", "2", "--nodes", "3000", "--openings", "bench", "-j", workers}, eth...)...)
	}
	one, two := games("1"), games("2")
	if one != two || strings.Count(one, "[Result") != 4 {
		t.Errorf("node-limited Ethereal games differ between -j 1 and -j 2:\n%s\n%s", one, two)
	}
}

// sharedSource is an engine's source tarball: $env, else the shared copy
// beside the checkout (../shared/engines/name); the test is skipped
// without it.
func sharedSource(t *testing.T, env, name string) string {
	t.Helper()
	path := os.Getenv(env)
	if path == "" {
		path, _ = filepath.Abs(filepath.Join("../../../shared/engines", name))
	}
	if _, err := os.Stat(path); err != nil {
		t.Skipf("no source tarball %s: set %s", path, env)
	}
	return path
}

// matchGames plays ablate match with args into a new directory and
// returns its games, the PGN unpacked.
func matchGames(t *testing.T, args ...string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "m")
	_, errw, code := ablate(t, append(append([]string{"match"}, args...), "--quiet", "--out", dir)...)
	if code != 0 {
		t.Fatalf("match %v: exit %d: %s", args, code, errw)
	}
	return gunzipFile(t, filepath.Join(dir, "games.pgn.gz"))
}

// gunzipFile is the text of the gzipped file at path.
func gunzipFile(t *testing.T, path string) string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	data, err := io.ReadAll(z)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestEtherealBadSource: a tarball that is not Ethereal's is refused before
// any build, naming both hashes.
func TestEtherealBadSource(t *testing.T) {
	etherealSource(t)
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "other", "src"), 0o755)
	os.WriteFile(filepath.Join(dir, "other", "src", "makefile"), []byte("all:\n"), 0o644)
	tarball := filepath.Join(dir, "other.tar.gz")
	if out, err := exec.Command("tar", "-czf", tarball, "-C", dir, "other").CombinedOutput(); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	_, errw, code := ablate(t, "run", "--engine-src", tarball, "--profile", "ethereal", "--build-cache", filepath.Join(dir, "c"),
		"--leave-one-out", "nmp", "-p", "six", "-d", "2")
	if code != 2 || !strings.Contains(errw, "not the 1d2633633075") || !bytes.Contains([]byte(errw), []byte(tarball)) {
		t.Errorf("another tarball: exit %d, %s", code, errw)
	}
}
