package worth

import (
	"io"
	"os"
	"path/filepath"

	"github.com/ablate-chess/ablate/experiments/match"
	"github.com/ablate-chess/ablate/experiments/records"
)

// Merge merges the shards of ablate worth: each cell's match as a
// match's shards, the tree sizes from the first shard (each shard
// searched them all), and worth.csv with the merged matches' statistics.
func Merge(out string, dirs []string, partial bool, errw io.Writer) ([]records.WorthRow, error) {
	path := filepath.Join(dirs[0], "worth.csv")
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	rows, err := records.ReadWorthCSV(f, path)
	f.Close()
	if err != nil {
		return nil, err
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
