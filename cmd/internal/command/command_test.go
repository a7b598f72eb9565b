package command

import (
	"errors"
	"fmt"
	"os"
	"slices"
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
