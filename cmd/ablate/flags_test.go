package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOldSpellingsStillRead: --jobs, -j's name before --workers, still
// works, hidden from the help; merge's OUT may still come first.
func TestOldSpellingsStillRead(t *testing.T) {
	if _, errw, code := ablate(t, "run", "--config", "a=full", "--depth", "1", "--positions", "six", "--quiet", "--jobs", "1"); code != 0 {
		t.Errorf("--jobs: exit %d: %s", code, errw)
	}
	if _, errw, code := ablate(t, "run", "--config", "a=full", "--depth", "1", "--quiet", "-j", "0"); code != 2 ||
		!strings.Contains(errw, "--workers 0: must be at least 1") {
		t.Errorf("-j 0: exit %d: %s", code, errw)
	}
	for _, cmd := range []string{"run", "match", "worth", "bench", "check"} {
		out, _, _ := ablate(t, cmd, "--help")
		if !strings.Contains(out, "--workers value, -j value") || strings.Contains(out, "--jobs") {
			t.Errorf("%s --help does not show --workers alone", cmd)
		}
	}
}

// TestMachineReadableOutputIsOneDocument: tune spsa's JSON is one
// document (numbers as numbers, the verify's result in it), its CSV the
// table alone; their text goes to stderr.
func TestMachineReadableOutputIsOneDocument(t *testing.T) {
	args := []string{"tune", "spsa", "--param", "rfp-margin-cp-per-ply=80,20,300", "--pairs", "2", "--nodes", "300",
		"--openings", "bench", "-j", "1", "--quiet", "--verify", "1"}
	out, errw, code := ablate(t, append(args, "--format", "json")...)
	var doc struct {
		Pairs  int `json:"pairs"`
		Params []struct {
			Name       string  `json:"parameter"`
			Start, Now float64 // numbers, not strings
		} `json:"params"`
		Verify *struct {
			Games int `json:"games"`
		} `json:"verify"`
	}
	if err := json.Unmarshal([]byte(out), &doc); code != 0 || err != nil || doc.Pairs != 2 || len(doc.Params) != 1 ||
		doc.Params[0].Start != 80 || doc.Verify == nil || doc.Verify.Games != 2 {
		t.Errorf("-f json: exit %d, %v: %q (stderr %s)", code, err, out, errw)
	}
	if !strings.Contains(errw, "OpenBench") || !strings.Contains(errw, "verify") {
		t.Errorf("the text is not on stderr: %s", errw)
	}
	out, _, _ = ablate(t, append(args, "--format", "csv")...)
	if lines := strings.Split(strings.TrimSpace(out), "\n"); len(lines) != 2 || !strings.HasPrefix(lines[0], "parameter,") {
		t.Errorf("-f csv: %q", out)
	}
}

// TestStrayArgumentsRefused: a command that takes no arguments refuses
// stray words rather than running its default.
func TestStrayArgumentsRefused(t *testing.T) {
	for _, args := range [][]string{{"run", "extra", "words"}, {"match", "x"}, {"bench", "x"}, {"tune", "spsa", "x"}} {
		out, errw, code := ablate(t, args...)
		if code != 2 || !strings.Contains(errw, "takes no arguments") || out != "" {
			t.Errorf("%v: exit %d, %q, stdout %q", args, code, errw, out)
		}
	}
}

// TestNumbersOutOfRangeRefused: sizes, depths and non-finite or
// out-of-range numbers are refused where they are read, exit 2, naming the
// flag and its range, with no stack trace, before any work: nothing is
// written.
func TestNumbersOutOfRangeRefused(t *testing.T) {
	dir := t.TempDir()
	nodata := filepath.Join(dir, "no-such.pgn") // read after the checks, if at all
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"run", "--hash", "999999999"}, "--hash 999999999: the table size must be from 1 to 4096 MB"},
		{[]string{"run", "--hash", "0"}, "from 1 to 4096 MB"},
		{[]string{"run", "--hash", "4096", "-j", "100000"}, "MB a table fits with"},
		{[]string{"run", "--depth", "0"}, "--depth 0: the depth must be from 1 to 127"},
		{[]string{"run", "--depth", "-3"}, "from 1 to 127"},
		{[]string{"run", "--depth", "128"}, "from 1 to 127"},
		{[]string{"bench", "--depth", "0"}, "from 1 to 127"},
		{[]string{"bench", "--hash", "5000"}, "from 1 to 4096 MB"},
		{[]string{"check", "--update", "--depth", "200"}, "from 1 to 127"},
		{[]string{"bench", "--all", "--config", "a=full"}, "--all with configurations: give one or the other"},
		{[]string{"tune", "spsa", "--param", "lmr-base-centiplies=75,0,200,10,Inf"}, "r_end +Inf"},
		{[]string{"tune", "spsa", "--param", "lmr-base-centiplies=75,0,200,1e300,0.002"}, "c_end 1e+300"},
		{[]string{"tune", "spsa", "--param", "lmr-base-centiplies=NaN,0,200"}, "value NaN"},
		{[]string{"tune", "texel", "--data", nodata, "--rate", "NaN", "--out", filepath.Join(dir, "t")}, "--rate NaN"},
		{[]string{"tune", "texel", "--data", nodata, "--rate", "1e308", "--out", filepath.Join(dir, "t")}, "--rate 1e+308"},
		{[]string{"tune", "texel", "--data", nodata, "--epochs", "0", "--out", filepath.Join(dir, "t")}, "--epochs 0"},
		{[]string{"tune", "texel", "--data", nodata, "--hold-out", "1", "--out", filepath.Join(dir, "t")}, "--hold-out 1"},
	} {
		out, errw, code := ablate(t, c.args...)
		if code != 2 || !strings.Contains(errw, c.want) || strings.Contains(errw, "goroutine") || out != "" {
			t.Errorf("%v: exit %d, stderr %q, want 2 and %q", c.args, code, errw, c.want)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("refusals wrote %v", entries)
	}
}

// TestRenamedFlags: each renamed flag works under its new name and its
// old, which help no longer shows.
func TestRenamedFlags(t *testing.T) {
	for _, c := range []struct {
		cmd, new, old string
		args          []string
		want          string // in stderr: the flag reached the command
	}{
		{"match", "--move-depth", "--depth", []string{"--config", "a=full", "--config", "b=full", "--move-depth", "200"}, "--move-depth 200"},
		{"compare", "--old-rev", "--base", []string{"--old-rev", "HEAD"}, "give both revisions, the old and the new"},
		{"run", "--workers", "--jobs", []string{"--workers", "0", "--config", "a=full", "--depth", "1"}, "--workers 0"},
	} {
		_, errw, code := ablate(t, append([]string{c.cmd}, c.args...)...)
		if code != 2 || !strings.Contains(errw, c.want) {
			t.Errorf("%s %v: exit %d, %q; want 2 and %q", c.cmd, c.args, code, errw, c.want)
		}
		oldArgs := append([]string(nil), c.args...)
		for i, a := range oldArgs {
			if a == c.new {
				oldArgs[i] = c.old
			}
		}
		_, errw, code = ablate(t, append([]string{c.cmd}, oldArgs...)...)
		if code != 2 || !strings.Contains(errw, c.want) {
			t.Errorf("%s %v (old spelling): exit %d, %q; want 2 and %q", c.cmd, oldArgs, code, errw, c.want)
		}
		help, _, _ := ablate(t, c.cmd, "--help")
		if !strings.Contains(help, c.new) || strings.Contains(help, c.old+" ") || strings.Contains(help, c.old+"\n") {
			t.Errorf("%s --help: want %s and not %s:\n%s", c.cmd, c.new, c.old, help)
		}
	}
}
