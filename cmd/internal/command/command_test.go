package command

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/urfave/cli/v2"
)

// TestExitFor: output refused by the system (no permission, a full
// device) is exit 1, as the README says; bad input stays 2.
func TestExitFor(t *testing.T) {
	for _, c := range []struct {
		err  error
		want int
	}{
		{&os.PathError{Op: "mkdir", Path: "x", Err: syscall.EACCES}, ExitFailed},
		{&os.PathError{Op: "mkdir", Path: "x", Err: syscall.EPERM}, ExitFailed},
		{fmt.Errorf("writing: %w", syscall.ENOSPC), ExitFailed},
		{&os.PathError{Op: "open", Path: "x", Err: syscall.ENOENT}, ExitBadInput},
		{errors.New("unknown technique"), ExitBadInput},
	} {
		if got := ExitFor(c.err, ExitBadInput); got != c.want {
			t.Errorf("%v: exit %d, want %d", c.err, got, c.want)
		}
	}
}

var testConventions = Conventions{HelpWidth: 60, Renamed: map[string]map[string]string{
	"":     {"workers": "jobs"},
	"play": {"move-depth": "depth"},
}}

// app is a command "play" with a flag that changes what it computes
// (--pairs), one that does not (--workers) and one renamed (--move-depth,
// once --depth); its action checks a resume against began.
func app(began []string, got *error) *cli.App {
	a := &cli.App{Name: "ablate", ExitErrHandler: func(*cli.Context, error) {}, Commands: []*cli.Command{{
		Name: "play",
		Flags: []cli.Flag{&cli.IntFlag{Name: "pairs", Value: 10}, &cli.IntFlag{Name: "workers", Value: 2},
			&cli.IntFlag{Name: "move-depth"}, &cli.StringFlag{Name: "resume"}},
		Action: func(c *cli.Context) error {
			*got = testConventions.ResumeChanges(c, began, "workers")
			return nil
		},
	}}}
	testConventions.Apply(a)
	return a
}

func TestResumeChanges(t *testing.T) {
	began := []string{"ablate", "play", "--pairs", "20", "--jobs", "1", "--depth", "5", "--resume", "d"}
	for _, c := range []struct {
		args []string
		want string // in the error; "" for none
	}{
		{[]string{"play", "--resume", "d"}, ""},
		{[]string{"play", "--resume", "d", "-workers", "2"}, ""},
		{[]string{"play", "--resume", "d", "--jobs", "2"}, ""},
		{[]string{"play", "--resume", "d", "--pairs", "20"}, ""},
		{[]string{"play", "--resume", "d", "--move-depth", "5"}, ""},
		{[]string{"play", "--resume", "d", "--pairs", "30"}, "--pairs 30 (it began with 20)"},
		{[]string{"play", "--resume", "d", "--depth", "6"}, "--move-depth 6 (it began with 5)"},
	} {
		var got error
		a := app(began, &got)
		args := append([]string{"ablate"}, c.args...)
		KeepArgs(a, args)
		if err := a.Run(args); err != nil {
			t.Fatalf("%q: %v", c.args, err)
		}
		switch {
		case c.want == "" && got != nil:
			t.Errorf("%q: %v, want no change", c.args, got)
		case c.want != "" && (got == nil || !strings.Contains(got.Error(), c.want)):
			t.Errorf("%q: %v, want %q", c.args, got, c.want)
		}
	}
}

func TestOldSpellingSetsTheNew(t *testing.T) {
	var depth int
	a := &cli.App{Name: "ablate", Commands: []*cli.Command{{Name: "play", Flags: []cli.Flag{&cli.IntFlag{Name: "move-depth"}},
		Action: func(c *cli.Context) error { depth = c.Int("move-depth"); return nil }}}}
	testConventions.Apply(a)
	if err := a.Run([]string{"ablate", "play", "--depth", "7"}); err != nil || depth != 7 {
		t.Errorf("--depth 7: move-depth %d, %v", depth, err)
	}
	if got := testConventions.OldSpellings("play"); got["workers"] != "jobs" || got["move-depth"] != "depth" {
		t.Errorf("OldSpellings(play) = %v", got)
	}
}

func TestSplitList(t *testing.T) {
	for in, want := range map[string][]string{"": nil, "a": {"a"}, " a, b ,c": {"a", "b", "c"}} {
		if got := SplitList(in); !slices.Equal(got, want) {
			t.Errorf("SplitList(%q) = %q, want %q", in, got, want)
		}
	}
}
