package main

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"unicode/utf8"

	"github.com/ablate-chess/ablate/cmd/internal/command"
	"github.com/ablate-chess/ablate/experiments/golden"
	"github.com/ablate-chess/ablate/experiments/setup"
)

// ablate runs the command line into buffers.
func ablate(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errw bytes.Buffer
	code = run(append([]string{"ablate"}, args...), strings.NewReader(""), &out, &errw)
	return out.String(), errw.String(), code
}

func TestPerftDivide(t *testing.T) {
	out, errw, code := ablate(t, "perft", "--depth", "3", "--divide",
		"--fen", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errw)
	}
	golden.Check(t, "perft-divide.stdout", out)
	if !strings.Contains(errw, "Mnodes/s") {
		t.Errorf("no speed on stderr: %q", errw)
	}
}

func TestPerftSuiteReportsFailures(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "s.epd")
	os.WriteFile(file, []byte(`# one right, one wrong
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;id "start"
8/8/8/K2pP2r/8/8/8/7k w - d6 0 1 ;D1 6 ;D2 79 ;id "wrong-d2"
`), 0o644)
	out, _, code := ablate(t, "perft", "--suite", file)
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	golden.Check(t, "perft-suite-fail.stdout", out)
}

func TestBadInputExitsTwo(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.epd")
	os.WriteFile(bad, []byte("4k3/8/8/8/8/8/8/4K3 w - - 0 1\n4k3/8/8/8/8/8/8/4K3 w Q - 0 1\n"), 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"perft", "--suite", bad}, "bad.epd:2: invalid FEN: castling right Q needs the king on e1 and a rook on a1"},
		{[]string{"perft", "--suite", filepath.Join(dir, "missing.epd")}, "no such file, and no built-in suite of that name"},
		{[]string{"perft", "--depth", "2", "--fen", "8/8/8/8 w - - 0 1"}, "invalid FEN: piece placement has 4 ranks"},
		{[]string{"perft"}, "perft --depth 0: want 1 to 20"},
		{[]string{"perft", "--depth", "x"}, "invalid value"},
		{[]string{"nosuchcommand"}, "no command"},
	} {
		_, errw, code := ablate(t, c.args...)
		if code != 2 || !strings.Contains(errw, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", c.args, code, errw, c.want)
		}
	}
}

func TestTechniquesListsEverything(t *testing.T) {
	var out string
	for _, table := range []string{"techniques", "terms", "parameters", "presets"} {
		o, errw, code := ablate(t, "techniques", "--format", "csv", table)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", table, code, errw)
		}
		out += o
	}
	for _, want := range []string{"lmr,on,pvs,", "hyper-nmp,off,", "lmr-base-plies-x100,lmr,", "stage-13,", "hyper-nmp-reuse,off,\"hyper-nmp,nmp\","} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in the listing", want)
		}
	}
	// CSV holds one table; JSON is one document holding the four.
	if _, _, code := ablate(t, "techniques", "--format", "csv"); code != command.ExitBadInput {
		t.Errorf("four tables as one CSV: exit %d, want 2", code)
	}
	doc, errw, code := ablate(t, "techniques", "--format", "json")
	var tables map[string][]map[string]string
	if err := json.Unmarshal([]byte(doc), &tables); code != 0 || err != nil || len(tables) != 4 || len(tables["presets"]) == 0 {
		t.Errorf("JSON: exit %d, %v, %d tables: %s", code, err, len(tables), errw)
	}
}

type fullDisk struct{}

func (fullDisk) Write([]byte) (int, error) { return 0, syscall.ENOSPC }

// TestFailedOutputIsAnError: results that could not be written to stdout
// are exit 1 with a message, not a silent success.
func TestFailedOutputIsAnError(t *testing.T) {
	var errw bytes.Buffer
	code := run([]string{"ablate", "perft", "-d", "1"}, strings.NewReader(""), fullDisk{}, &errw)
	if code != command.ExitFailed || !strings.Contains(errw.String(), "no space left") {
		t.Errorf("exit %d, %q; want 1 and the write's error", code, errw.String())
	}
}

// TestUsageErrorIsOneLine: a bad flag is one line and a hint on stderr,
// exit 2, with nothing on stdout; --version names the commit and the Go.
func TestUsageErrorIsOneLine(t *testing.T) {
	for _, args := range [][]string{{"run", "--bogus"}, {"run", "--depth", "x"}, {"match", "--pairs"}, {"--bogus"}} {
		out, errw, code := ablate(t, args...)
		if code != 2 || out != "" || strings.Count(strings.TrimSpace(errw), "\n") != 0 || !strings.Contains(errw, "--help") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errw)
		}
	}
	out, _, code := ablate(t, "--version")
	if code != 0 || !strings.HasPrefix(out, "ablate ") || !strings.Contains(out, "commit ") || !strings.Contains(out, "go1.") {
		t.Errorf("--version: exit %d, %q", code, out)
	}
}

// TestEngineFlagsReadAlike: --engine and --engine-option read the same in
// every command: [NAME=]CMD and [ENGINE:]OPTION=VALUE.
func TestEngineFlagsReadAlike(t *testing.T) {
	for _, c := range []struct{ in, name, cmd string }{
		{"toga=/usr/games/toga2", "toga", "/usr/games/toga2"},
		{"/usr/games/toga2", "toga2", "/usr/games/toga2"},
		{"/opt/e/engine --threads=1", "engine", "/opt/e/engine --threads=1"},
		{"sf=/usr/games/stockfish bench=no", "sf", "/usr/games/stockfish bench=no"},
	} {
		if n, cmd := setup.ParseEngine(c.in); n != c.name || cmd != c.cmd {
			t.Errorf("setup.ParseEngine(%q) = %q, %q; want %q, %q", c.in, n, cmd, c.name, c.cmd)
		}
	}
	for _, c := range []struct{ in, engine, opt string }{
		{"Hash=64", "", "Hash=64"},
		{"toga:Hash=64", "toga", "Hash=64"},
		{"Skill Level=3", "", "Skill Level=3"},
	} {
		if e, o, err := setup.ParseEngineOption(c.in); err != nil || e != c.engine || o != c.opt {
			t.Errorf("setup.ParseEngineOption(%q) = %q, %q, %v; want %q, %q", c.in, e, o, err, c.engine, c.opt)
		}
	}
	for _, bad := range []string{"Hash", "=3", "toga:Hash"} {
		if _, _, err := setup.ParseEngineOption(bad); err == nil {
			t.Errorf("setup.ParseEngineOption(%q): no error", bad)
		}
	}
}

// TestHelpFitsAHundredColumns: every line of every command's --help, and of
// ablate --help, fits in 100 columns; flags come in categories.
func TestHelpFitsAHundredColumns(t *testing.T) {
	cmds := []string{""}
	for _, c := range newApp(nil, io.Discard, io.Discard).Commands {
		cmds = append(cmds, c.Name)
		for _, sub := range c.Subcommands {
			cmds = append(cmds, c.Name+" "+sub.Name)
		}
	}
	for _, name := range cmds {
		args := []string{"--help"}
		if name != "" {
			args = append(strings.Fields(name), "--help")
		}
		out, _, code := ablate(t, args...)
		if code != 0 {
			t.Errorf("%s --help: exit %d", name, code)
		}
		for _, line := range strings.Split(out, "\n") {
			if n := utf8.RuneCountInString(line); n > helpWidth {
				t.Errorf("ablate %s --help: a line of %d columns: %q", name, n, line)
			}
		}
	}
	if out, _, _ := ablate(t, "worth", "--help"); !strings.Contains(out, "   Games\n") {
		t.Error("worth --help has no Games category")
	}
}
