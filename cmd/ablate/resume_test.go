package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestChaos kills run, match and worth with SIGKILL at seeded random
// moments, tears the last line of the newest journal at a random byte as
// a crash tears it, and starts them again, several times each; the files
// they finish with are an uninterrupted run's, byte for byte, time columns
// aside (every search is node- or depth-limited).
func TestChaos(t *testing.T) {
	if testing.Short() {
		t.Skip("runs each command several times")
	}
	rng := rand.New(rand.NewPCG(2026, 11))
	for _, c := range []struct {
		name  string
		args  func(dir string) []string
		again func(dir string) []string // how to go on after a kill
		files []string
	}{
		{"run",
			func(dir string) []string {
				return []string{"run", "--leave-one-out", "lmr,lmp", "-p", "six", "-d", "8", "-j", "2", "--quiet", "--out", dir, "--continue"}
			}, nil, []string{"records.csv", "summary.csv"}},
		{"match",
			func(dir string) []string {
				return []string{"match", "--config", "a=full", "--config", "b=full,-lmp", "--pairs", "10", "--nodes", "3000",
					"--openings", "bench", "-j", "2", "--quiet", "--out", dir}
			},
			func(dir string) []string {
				if mi, err := os.ReadFile(filepath.Join(dir, "match.json")); err == nil && !bytes.Contains(mi, []byte(`"complete": true`)) {
					return []string{"match", "--resume", dir, "--quiet"}
				}
				return nil
			}, []string{"pairs.csv", "games.pgn.gz"}},
		{"worth",
			func(dir string) []string {
				return []string{"worth", "--leave-one-out", "lmp", "--tree-depth", "5", "--positions", "six", "--pairs", "4",
					"--budgets", "nodes=1000,3000", "--openings", "bench", "-j", "2", "--quiet", "--out", dir}
			}, nil, []string{"worth.csv", "records.csv", "summary.csv",
				"matches/leave-one-out__-lmp__nodes-1000/pairs.csv", "matches/leave-one-out__-lmp__nodes-3000/pairs.csv",
				"matches/leave-one-out__-lmp__nodes-1000/games.pgn.gz", "matches/leave-one-out__-lmp__nodes-3000/games.pgn.gz"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			tmp := t.TempDir()
			whole := filepath.Join(tmp, "whole")
			start := time.Now()
			if out, err := self(c.args(whole)).CombinedOutput(); err != nil {
				t.Fatalf("uninterrupted: %v\n%s", err, out)
			}
			took := time.Since(start)
			dir := filepath.Join(tmp, "chaos")
			kills := 0
			var failed []string // what each run that failed on its own said
			for try := 0; try < 20; try++ {
				args := c.args(dir)
				if c.again != nil && try > 0 {
					if a := c.again(dir); a != nil {
						args = a
					}
				}
				cmd := self(args)
				var said bytes.Buffer
				cmd.Stdout, cmd.Stderr = &said, &said
				if kills < 4 {
					// Somewhere in the run: a tenth of its time to all of it.
					wait := time.Duration(float64(took) * (0.1 + 0.9*rng.Float64()))
					if err := cmd.Start(); err != nil {
						t.Fatal(err)
					}
					done := make(chan error, 1)
					go func() { done <- cmd.Wait() }()
					select {
					case err := <-done:
						if err == nil {
							try = 100 // finished before the kill
						} else {
							failed = append(failed, fmt.Sprintf("after %d kills: %v: %s", kills, err, said.String()))
						}
						continue
					case <-time.After(wait):
						cmd.Process.Signal(syscall.SIGKILL)
						<-done
						kills++
						tear(t, dir, rng)
					}
					continue
				}
				if err := cmd.Run(); err != nil {
					t.Fatalf("after %d kills: %v\n%s", kills, err, said.String())
				}
				break
			}
			t.Logf("%d kills survived", kills)
			for _, f := range failed {
				t.Logf("a run that failed before its kill: %s", f)
			}
			for _, f := range c.files {
				a, b := comparable(t, filepath.Join(whole, f)), comparable(t, filepath.Join(dir, f))
				if a != b {
					t.Errorf("%s differs from the uninterrupted run's after %d kills", f, kills)
				}
			}
		})
	}
}

// self runs this test binary as ablate.
func self(args []string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "ABLATE_AS_MAIN=1")
	return cmd
}

// tear cuts the newest journal under dir at a random byte of its last
// line, as a crash mid-write leaves it.
func tear(t *testing.T, dir string, rng *rand.Rand) {
	t.Helper()
	var journals []string
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".jsonl") {
			journals = append(journals, path)
		}
		return nil
	})
	if len(journals) == 0 {
		return
	}
	sort.Slice(journals, func(i, j int) bool { return modTime(journals[i]).Before(modTime(journals[j])) })
	path := journals[len(journals)-1]
	data, err := os.ReadFile(path)
	if err != nil || len(data) == 0 {
		return
	}
	start := bytes.LastIndexByte(data[:len(data)-1], '\n') + 1
	cut := start + rng.IntN(len(data)-start) // keeps at most the line less its newline
	if err := os.WriteFile(path, data[:cut], 0o644); err != nil {
		t.Fatal(err)
	}
}

func modTime(path string) time.Time {
	fi, err := os.Stat(path)
	if err != nil {
		return time.Time{}
	}
	return fi.ModTime()
}

// comparable reads a result file for comparison: CSV without its time
// columns, PGN unzipped.
func comparable(t *testing.T, path string) string {
	t.Helper()
	if strings.HasSuffix(path, ".csv") {
		return timeless(t, path)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	data, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// long skips an end-to-end test under -short: make test runs the short
// suite, CI the whole one too (make test-long).
func long(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("end to end: make test-long")
	}
}
