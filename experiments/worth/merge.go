package worth

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"

	"github.com/ablate-chess/ablate/experiments/match"
	"github.com/ablate-chess/ablate/experiments/records"
	"github.com/ablate-chess/ablate/experiments/resultdir"
)

// Merge merges the shards of ablate worth: each cell's match as a
// match's shards, the tree sizes from the first shard (each shard
// searched them all), and worth.csv with the merged matches' statistics.
// It returns the rows and the merged worth's description (the first
// shard's, complete when every cell is), which the caller writes: its
// plan is a shard's, so that no worth command takes the merged directory
// for its own and writes in it.
func Merge(out string, dirs []string, partial bool, errw io.Writer) ([]records.WorthRow, *resultdir.WorthInfo, error) {
	rows, err := resultdir.ReadWorth(dirs[0])
	if err != nil {
		return nil, nil, err
	}
	info, err := resultdir.ReadWorthInfo(dirs[0])
	if err != nil {
		if !errors.Is(err, os.ErrNotExist) {
			return nil, nil, err
		}
		info = &resultdir.WorthInfo{} // a shard made before worth.json
	}
	info.Replaces = ""
	if sc, err := ReadScreened(dirs[0]); err == nil {
		info.Complete, err = mergeScreening(out, dirs, sc, rows, partial, errw)
		return rows, info, err
	}
	info.Complete = true
	for i := range rows {
		name := rows[i].MatchDir()
		var parts []string
		for _, d := range dirs {
			parts = append(parts, filepath.Join(d, name))
		}
		mi, err := match.MergeDirs(filepath.Join(out, name), parts, partial, errw)
		if err != nil {
			return nil, nil, err
		}
		rows[i].SetResult(mi.Result)
		info.Complete = info.Complete && mi.Complete
	}
	for _, name := range []string{"records.csv", "summary.csv"} {
		if data, err := os.ReadFile(filepath.Join(dirs[0], name)); err == nil {
			if err := os.WriteFile(filepath.Join(out, name), data, 0o644); err != nil {
				return nil, nil, err
			}
		}
	}
	return rows, info, resultdir.WriteWorthFile(filepath.Join(out, "worth.csv"), rows)
}

// mergeScreening merges a screening's one match, then fits the merged
// pairs: worth.csv's rows (their tree sizes the first shard's) and
// screen.json; complete when the match is.
func mergeScreening(out string, dirs []string, sc *Screened, rows []records.WorthRow, partial bool, errw io.Writer) (complete bool, err error) {
	var parts []string
	for _, d := range dirs {
		parts = append(parts, filepath.Join(d, screenDir))
		other, err := ReadScreened(d)
		if err != nil {
			return false, fmt.Errorf("%s: %v: not a shard of the screening in %s", d, err, dirs[0])
		}
		if diff := sc.designDiffers(other); diff != "" {
			return false, fmt.Errorf("%s is a shard of another screening than %s: %s", d, dirs[0], diff)
		}
	}
	mi, err := match.MergeDirs(filepath.Join(out, screenDir), parts, partial, errw)
	if err != nil {
		return false, err
	}
	pairs, err := readPairs(filepath.Join(out, screenDir))
	if err != nil {
		return false, err
	}
	byConfig := map[string]records.WorthRow{}
	for _, r := range rows {
		byConfig[r.Config] = r
	}
	merged := make([]records.WorthRow, len(sc.Techniques))
	for j, t := range sc.Techniques {
		r, ok := byConfig["-"+t]
		if !ok {
			return false, fmt.Errorf("%s: no row of -%s", filepath.Join(dirs[0], "worth.csv"), t)
		}
		merged[j] = r
	}
	if err := sc.apply(merged, pairs, sc.design.Blocks(mi.PairsAsked)); err != nil {
		return false, err
	}
	for i := range merged {
		merged[i].Partial = !mi.Complete
	}
	copy(rows, merged)
	rows = rows[:len(merged)]
	for _, name := range []string{"records.csv", "summary.csv"} {
		if data, err := os.ReadFile(filepath.Join(dirs[0], name)); err == nil {
			if err := os.WriteFile(filepath.Join(out, name), data, 0o644); err != nil {
				return false, err
			}
		}
	}
	if err := sc.write(out); err != nil {
		return false, err
	}
	return mi.Complete, resultdir.WriteWorthFile(filepath.Join(out, "worth.csv"), rows)
}

// designDiffers names what two screenings' designs differ in ("" if
// nothing): shards of one screening have the same base, techniques,
// techniques out a pair, seed and interactions tested.
func (s *Screened) designDiffers(o *Screened) string {
	switch {
	case s.Base != o.Base:
		return fmt.Sprintf("base %q there, %q here", o.Base, s.Base)
	case !slices.Equal(s.Techniques, o.Techniques):
		return fmt.Sprintf("techniques %v there, %v here", o.Techniques, s.Techniques)
	case s.K != o.K:
		return fmt.Sprintf("--out-per-pair %d there, %d here", o.K, s.K)
	case s.Seed != o.Seed:
		return fmt.Sprintf("seed %d there, %d here", o.Seed, s.Seed)
	case !slices.Equal(s.Interactions, o.Interactions):
		return fmt.Sprintf("interactions %v there, %v here", o.Interactions, s.Interactions)
	}
	return ""
}
