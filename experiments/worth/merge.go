package worth

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/ablate-chess/ablate/experiments/match"
	"github.com/ablate-chess/ablate/experiments/records"
	"github.com/ablate-chess/ablate/experiments/resultdir"
)

// Merge merges the shards of ablate worth: each cell's match as a
// match's shards, the tree sizes from the first shard (each shard
// searched them all), and worth.csv with the merged matches' statistics.
func Merge(out string, dirs []string, partial bool, errw io.Writer) ([]records.WorthRow, error) {
	rows, err := resultdir.ReadWorth(dirs[0])
	if err != nil {
		return nil, err
	}
	if sc, err := ReadScreened(dirs[0]); err == nil {
		return rows, mergeScreening(out, dirs, sc, rows, partial, errw)
	}
	for i := range rows {
		name := rows[i].MatchDir()
		var parts []string
		for _, d := range dirs {
			parts = append(parts, filepath.Join(d, name))
		}
		mi, err := match.MergeDirs(filepath.Join(out, name), parts, partial, errw)
		if err != nil {
			return nil, err
		}
		rows[i].SetResult(mi.Result)
	}
	for _, name := range []string{"records.csv", "summary.csv"} {
		if data, err := os.ReadFile(filepath.Join(dirs[0], name)); err == nil {
			if err := os.WriteFile(filepath.Join(out, name), data, 0o644); err != nil {
				return nil, err
			}
		}
	}
	wf, err := os.Create(filepath.Join(out, "worth.csv"))
	if err != nil {
		return nil, err
	}
	if err := records.WriteWorthCSV(wf, rows); err != nil {
		wf.Close()
		return nil, err
	}
	return rows, wf.Close()
}

// mergeScreening merges a screening's one match, then fits the merged
// pairs: worth.csv's rows (their tree sizes the first shard's) and
// screen.json.
func mergeScreening(out string, dirs []string, sc *Screened, rows []records.WorthRow, partial bool, errw io.Writer) error {
	var parts []string
	for _, d := range dirs {
		parts = append(parts, filepath.Join(d, screenDir))
	}
	mi, err := match.MergeDirs(filepath.Join(out, screenDir), parts, partial, errw)
	if err != nil {
		return err
	}
	pairs, err := readPairs(filepath.Join(out, screenDir))
	if err != nil {
		return err
	}
	byConfig := map[string]records.WorthRow{}
	for _, r := range rows {
		byConfig[r.Config] = r
	}
	merged := make([]records.WorthRow, len(sc.Techniques))
	for j, t := range sc.Techniques {
		r, ok := byConfig["-"+t]
		if !ok {
			return fmt.Errorf("%s: no row of -%s", filepath.Join(dirs[0], "worth.csv"), t)
		}
		merged[j] = r
	}
	if err := sc.apply(merged, pairs, sc.design.Blocks(mi.PairsAsked)); err != nil {
		return err
	}
	for i := range merged {
		merged[i].Partial = !mi.Complete
	}
	copy(rows, merged)
	rows = rows[:len(merged)]
	for _, name := range []string{"records.csv", "summary.csv"} {
		if data, err := os.ReadFile(filepath.Join(dirs[0], name)); err == nil {
			if err := os.WriteFile(filepath.Join(out, name), data, 0o644); err != nil {
				return err
			}
		}
	}
	if err := sc.write(out); err != nil {
		return err
	}
	return resultdir.WriteWorthFile(filepath.Join(out, "worth.csv"), rows)
}
