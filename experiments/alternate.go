package experiments

import (
	"context"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"

	"github.com/ablate-chess/ablate/results"
)

// Side is one side of a comparison of two builds: its name, and the
// command that is ablate for it (a binary, then flags of ablate run).
type Side struct {
	Name    string
	Command []string
}

// Alternate runs 'ablate run' with runArgs for two sides, rounds times,
// A B A B ..., so that the machine's drift hits both alike, each run into a
// directory under tmp, and merges each side's runs (results.MergeRepeats).
// An interruption returns ctx's error.
func Alternate(ctx context.Context, errw io.Writer, tmp string, rounds int, sides [2]Side, runArgs []string) (old, new []results.Record, err error) {
	var runs [2][][]results.Record
	for r := 0; r < rounds; r++ {
		for i, side := range sides {
			out := filepath.Join(tmp, fmt.Sprintf("run-%s-%d", side.Name, r+1))
			fmt.Fprintf(errw, "round %d/%d: %s\n", r+1, rounds, side.Name)
			args := append(append([]string{"run"}, side.Command[1:]...), runArgs...)
			args = append(args, "--repeat", "1", "--quiet", "--format", "csv", "--out", out)
			run := exec.CommandContext(ctx, side.Command[0], args...)
			run.Stderr = errw
			if err := run.Run(); err != nil {
				if ctx.Err() != nil {
					return nil, nil, ctx.Err()
				}
				return nil, nil, fmt.Errorf("%s: ablate run: %v", side.Name, err)
			}
			recs, err := results.ReadRun(out)
			if err != nil {
				return nil, nil, err
			}
			runs[i] = append(runs[i], recs)
		}
	}
	if old, err = results.MergeRepeats(runs[0]); err != nil {
		return nil, nil, fmt.Errorf("%s: %v", sides[0].Name, err)
	}
	if new, err = results.MergeRepeats(runs[1]); err != nil {
		return nil, nil, fmt.Errorf("%s: %v", sides[1].Name, err)
	}
	return old, new, nil
}
