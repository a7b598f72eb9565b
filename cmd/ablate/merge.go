package main

import (
	"compress/gzip"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/ablate-chess/ablate/engine/chess"
	"github.com/ablate-chess/ablate/results"
)

func mergeCommand() *cli.Command {
	return &cli.Command{
		Name:      "merge",
		Usage:     "join a run's (or a match's) shard directories into the one a whole run writes",
		UsageText: "ablate merge [--allow-partial] OUT SHARD_DIR...",
		Description: "Reads the shards' directories (ablate run --shard I/N --out DIR, or ablate match\n" +
			"--shard I/N --out DIR) and writes OUT: for a run, records.csv and summary.csv\n" +
			"byte for byte those of the run unsharded (but for the time columns) and a run.json\n" +
			"listing the shards and their hosts; for a match, games.pgn.gz in pair order, pairs.csv,\n" +
			"and match.json with the pentanomial counts added and Elo and SPRT recomputed.\n" +
			"It refuses, naming the directories, shards of different plans or builds, a shard\n" +
			"given twice, a job in two shards, a shard missing or unfinished, a row that is not\n" +
			"of the plan, and an OUT that is one of the shards or holds files (unless --force);\n" +
			"--allow-partial merges what is there and says what is missing.",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "allow-partial", Usage: "merge what the shards hold, reporting what is missing"},
			&cli.BoolFlag{Name: "force", Usage: "write into OUT even if it is a directory that holds files"},
			&cli.StringFlag{Name: "check-against", Usage: "then compare the merged records.csv and summary.csv with an unsharded run `DIR`'s, time columns aside (exit 1 on a difference)"},
			formatFlag("stdout format: table, markdown, csv or json"),
		},
		Action: func(c *cli.Context) error {
			if c.NArg() < 2 {
				return badInput(fmt.Errorf("merge wants OUT and at least one shard directory"))
			}
			if err := results.CheckFormat(c.String("format")); err != nil {
				return badInput(err)
			}
			out, dirs := c.Args().First(), c.Args().Tail()
			seen := map[string]string{}
			for _, d := range dirs {
				abs, _ := filepath.Abs(d)
				if prev, dup := seen[abs]; dup {
					return badInput(fmt.Errorf("%s is given twice (as %s and %s)", abs, prev, d))
				}
				seen[abs] = d
			}
			if err := checkMergeOut(out, seen, c.Bool("force")); err != nil {
				return badInput(err)
			}
			if _, err := os.Stat(filepath.Join(dirs[0], "worth.csv")); err == nil {
				return mergeWorthShards(c, out, dirs)
			}
			if _, err := os.Stat(filepath.Join(dirs[0], "match.json")); err == nil {
				return mergeMatchShards(c, out, dirs)
			}
			return mergeRunShards(c, out, dirs)
		},
	}
}

// shardSet checks that shards belong together and are all there: the same
// fingerprint and count, no index twice, none missing or unfinished unless
// partial merges are allowed. It returns the indexes missing.
func shardSet(dirs []string, prints []string, shards []*results.ShardInfo, partial bool, resume string) ([]int, error) {
	for i, d := range dirs {
		if shards[i] == nil {
			return nil, fmt.Errorf("%s is not a shard (no --shard I/N): nothing to merge", d)
		}
		if prints[i] != prints[0] {
			return nil, fmt.Errorf("%s and %s are shards of different plans or builds (fingerprints %.12s and %.12s)",
				dirs[0], d, prints[0], prints[i])
		}
		if shards[i].Count != shards[0].Count {
			return nil, fmt.Errorf("%s is shard %d/%d but %s is shard %d/%d: different splits",
				d, shards[i].Index, shards[i].Count, dirs[0], shards[0].Index, shards[0].Count)
		}
		for j := 0; j < i; j++ {
			if shards[j].Index == shards[i].Index {
				return nil, fmt.Errorf("shard %d/%d is given twice: %s and %s", shards[i].Index, shards[i].Count, dirs[j], d)
			}
		}
		if !shards[i].Complete && !partial {
			return nil, fmt.Errorf("shard %d/%d in %s is unfinished: finish it with %s %s (or merge with --allow-partial)",
				shards[i].Index, shards[i].Count, d, resume, d)
		}
	}
	var missing []int
	for k := 1; k <= shards[0].Count; k++ {
		found := false
		for _, s := range shards {
			found = found || s.Index == k
		}
		if !found {
			missing = append(missing, k)
		}
	}
	if len(missing) > 0 && !partial {
		return nil, fmt.Errorf("shard(s) %v of %d missing (given: %s); merge with --allow-partial to join what is there",
			missing, shards[0].Count, strings.Join(dirs, ", "))
	}
	return missing, nil
}

// readShards reads each directory's description with read (its
// fingerprint and shard), and checks them as a set (shardSet).
func readShards[T any](dirs []string, partial bool, resume string,
	read func(dir string) (*T, string, *results.ShardInfo, error)) ([]*T, []*results.ShardInfo, []int, error) {
	infos := make([]*T, len(dirs))
	prints := make([]string, len(dirs))
	shards := make([]*results.ShardInfo, len(dirs))
	for i, d := range dirs {
		info, print, shard, err := read(d)
		if err != nil {
			return nil, nil, nil, fmt.Errorf("%s: %v", d, err)
		}
		infos[i], prints[i], shards[i] = info, print, shard
	}
	missing, err := shardSet(dirs, prints, shards, partial, resume)
	return infos, shards, missing, err
}

// listShards lists the merged shards in order of their index.
func listShards(shards []*results.ShardInfo) []results.ShardInfo {
	var out []results.ShardInfo
	for _, s := range shards {
		out = append(out, *s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Index < out[j].Index })
	return out
}

func mergeRunShards(c *cli.Context, out string, dirs []string) error {
	infos, shards, missing, err := readShards(dirs, c.Bool("allow-partial"), "ablate run --resume",
		func(d string) (*results.RunInfo, string, *results.ShardInfo, error) {
			ri, err := results.ReadRunInfo(d)
			if err != nil {
				return nil, "", nil, err
			}
			return ri, ri.Fingerprint, ri.Shard, nil
		})
	if err != nil {
		return badInput(err)
	}
	var all []results.Record
	owner := map[string]string{} // job -> the directory holding it
	for i, d := range dirs {
		recs, err := readRun(d)
		if err != nil {
			return badInput(err)
		}
		// An unfinished shard's journal may hold jobs its records.csv
		// does not, if it was killed before writing it.
		if !infos[i].Complete {
			j, err := results.ReadJournal(d)
			if err != nil {
				return badInput(err)
			}
			if len(j) > len(recs) {
				recs = j
			}
		}
		if err := infos[i].CheckRecords(recs, d); err != nil {
			return badInput(err)
		}
		mine := map[string]bool{}
		for _, r := range recs {
			k := results.JobKey(r.Group, r.Config, r.Position)
			if prev, ok := owner[k]; ok && prev != d {
				return badInput(fmt.Errorf("%s is in two shards: %s and %s", results.JobName(k), prev, d))
			}
			owner[k], mine[k] = d, true
		}
		all = append(all, recs...)
		s := *shards[i]
		s.Dir, s.Host, s.Jobs, s.Complete = d, infos[i].Host, len(mine), infos[i].Complete
		shards[i] = &s
	}
	merged := *infos[0]
	merged.Shard, merged.Shards = nil, listShards(shards)
	merged.Complete = len(missing) == 0
	merged.Jobs = 0
	merged.Failed = nil
	for _, ri := range infos {
		merged.Complete = merged.Complete && ri.Complete
		merged.Jobs += ri.Jobs
		merged.Failed = append(merged.Failed, ri.Failed...)
		if ri.Started.Before(merged.Started) {
			merged.Started = ri.Started
		}
		if ri.Finished.After(merged.Finished) {
			merged.Finished = ri.Finished
		}
	}
	if !merged.Complete {
		merged.Finished = time.Time{}
	}
	var absent []string
	for _, k := range merged.JobsOf() {
		if owner[k] == "" {
			absent = append(absent, results.JobName(k))
		}
	}
	if len(absent) > 0 {
		merged.Complete = false
		fmt.Fprintf(c.App.ErrWriter, "merge: %d of %d jobs missing (shards %v missing or unfinished), e.g. %s\n",
			len(absent), len(merged.JobsOf()), missing, strings.Join(absent[:min(3, len(absent))], "; "))
	}
	merged.OrderRecords(all)
	sums, err := results.Summarize(all, merged.Reference)
	if err != nil {
		return badInput(err)
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return badInput(err)
	}
	if err := writeRunFiles(out, all, sums); err != nil {
		return err
	}
	if err := results.WriteRunInfo(out, &merged); err != nil {
		return err
	}
	fmt.Fprintf(c.App.ErrWriter, "merged %d shard(s) of %d into %s: %d records of %d jobs\n",
		len(dirs), shards[0].Count, out, len(all), len(owner))
	if err := results.RenderSummary(c.App.Writer, c.String("format"), sums); err != nil {
		return err
	}
	if whole := c.String("check-against"); whole != "" {
		for _, f := range []string{"records.csv", "summary.csv"} {
			same, err := sameButTimes(filepath.Join(whole, f), filepath.Join(out, f))
			if err != nil {
				return badInput(err)
			}
			if !same {
				return cli.Exit(fmt.Sprintf("merge: %s differs from %s's beyond the time columns", filepath.Join(out, f), whole), exitFailed)
			}
		}
		fmt.Fprintf(c.App.ErrWriter, "merge: records.csv and summary.csv are %s's, time columns aside\n", whole)
	}
	return nil
}

// timeColumns are the columns that hold times, which differ between any
// two runs of the same plan.
var timeColumns = map[string]bool{"time_ms": true, "time_min_ms": true, "nps": true, "times_ms": true, "time_ratio": true}

// sameButTimes reports whether two CSV files are the same but for their
// time columns.
func sameButTimes(a, b string) (bool, error) {
	read := func(path string) ([][]string, error) {
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		return csv.NewReader(f).ReadAll()
	}
	x, err := read(a)
	if err != nil {
		return false, err
	}
	y, err := read(b)
	if err != nil {
		return false, err
	}
	if len(x) != len(y) || len(x) == 0 || strings.Join(x[0], ",") != strings.Join(y[0], ",") {
		return false, nil
	}
	for i := range x {
		if len(x[i]) != len(y[i]) {
			return false, nil
		}
		for j := range x[i] {
			if !timeColumns[x[0][j]] && x[i][j] != y[i][j] {
				return false, nil
			}
		}
	}
	return true, nil
}

func mergeMatchShards(c *cli.Context, out string, dirs []string) error {
	merged, err := mergeMatchDirs(out, dirs, c.Bool("allow-partial"), c.App.ErrWriter)
	if err != nil {
		return err
	}
	return results.RenderMatch(c.App.Writer, c.String("format"), merged.A.Name, merged.B.Name, merged.Result)
}

// mergeMatchDirs merges a match's shards into out and returns its
// match.json.
func mergeMatchDirs(out string, dirs []string, partial bool, errw io.Writer) (*results.MatchInfo, error) {
	infos, shards, missing, err := readShards(dirs, partial, "ablate match --resume",
		func(d string) (*results.MatchInfo, string, *results.ShardInfo, error) {
			mi, err := results.ReadMatchInfo(d)
			if err != nil {
				return nil, "", nil, err
			}
			return mi, mi.Fingerprint, mi.Shard, nil
		})
	if err != nil {
		return nil, badInput(err)
	}
	var pairs []results.PairRecord
	games := map[string]string{} // "pair.game" -> the game's PGN
	owner := map[int]string{}
	for i, d := range dirs {
		f, err := os.Open(filepath.Join(d, "pairs.csv"))
		if err != nil {
			return nil, badInput(err)
		}
		ps, err := results.ReadPairsCSV(f, filepath.Join(d, "pairs.csv"))
		f.Close()
		if err == nil {
			err = results.CheckPairs(ps, infos[i].PairsAsked, filepath.Join(d, "pairs.csv"))
		}
		if err != nil {
			return nil, badInput(err)
		}
		for _, p := range ps {
			if prev, ok := owner[p.Pair]; ok {
				return nil, badInput(fmt.Errorf("pair %d is in two shards: %s and %s", p.Pair, prev, d))
			}
			owner[p.Pair] = d
		}
		pairs = append(pairs, ps...)
		data, err := readGames(d)
		if err != nil {
			return nil, badInput(err)
		}
		for _, g := range splitPGN(string(data)) {
			games[pgnTag(g, "Round")] = g
		}
		s := *shards[i]
		s.Dir, s.Host, s.Jobs, s.Complete = d, infos[i].Host, len(ps), infos[i].Complete
		shards[i] = &s
	}
	sort.Slice(pairs, func(i, j int) bool { return pairs[i].Pair < pairs[j].Pair })
	merged := *infos[0]
	// The stop rule, applied in pair order as one whole match applies it:
	// pairs that shards played past the stop are not counted.
	var rule results.Stop
	if merged.SPRT != "" {
		if rule.SPRT, err = results.ParseSPRT(merged.SPRT); err != nil {
			return nil, badInput(err)
		}
	}
	var req struct {
		Precision float64 `json:"precision"`
	}
	json.Unmarshal(merged.Request, &req)
	rule.Precision = req.Precision
	score, counted := rule.Count(pairs)
	pairs = pairs[:counted]
	var pgn strings.Builder
	for _, p := range pairs {
		for g := 1; g <= 2; g++ {
			text, ok := games[fmt.Sprintf("%d.%d", p.Pair, g)]
			if !ok {
				return nil, badInput(fmt.Errorf("%s: pair %d has no game %d in its games", owner[p.Pair], p.Pair, g))
			}
			pgn.WriteString(text)
		}
	}
	merged.Shard, merged.Shards = nil, listShards(shards)
	merged.Complete = len(missing) == 0
	for _, mi := range infos {
		merged.Complete = merged.Complete && mi.Complete
	}
	merged.Result = score.Result(rule.SPRT)
	_, _, merged.Result.Precise = rule.Check(score)
	merged.Result.DepthA, merged.Result.DepthB = results.MeanDepths(pairs)
	if len(pairs) < merged.PairsAsked {
		fmt.Fprintf(errw, "merge: %d of %d pairs (shards %v missing or unfinished)\n", len(pairs), merged.PairsAsked, missing)
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return nil, badInput(err)
	}
	if err := writeGames(filepath.Join(out, results.GamesName), pgn.String()); err != nil {
		return nil, err
	}
	f, err := os.Create(filepath.Join(out, "pairs.csv"))
	if err != nil {
		return nil, err
	}
	if err := results.WritePairsCSV(f, pairs); err != nil {
		f.Close()
		return nil, err
	}
	f.Close()
	if err := results.WriteMatchInfo(out, &merged); err != nil {
		return nil, err
	}
	fmt.Fprintf(errw, "merged %d shard(s) of %d into %s: %d pairs\n", len(dirs), shards[0].Count, out, len(pairs))
	return &merged, nil
}

// mergeWorthShards merges the shards of ablate worth: each match's
// directory as a match's shards, the tree sizes from the first shard (each
// shard searched them all), and worth.csv with the merged matches'
// statistics.
func mergeWorthShards(c *cli.Context, out string, dirs []string) error {
	f, err := os.Open(filepath.Join(dirs[0], "worth.csv"))
	if err != nil {
		return badInput(err)
	}
	rows, err := results.ReadWorthCSV(f, filepath.Join(dirs[0], "worth.csv"))
	f.Close()
	if err != nil {
		return badInput(err)
	}
	for i := range rows {
		name := rows[i].MatchDir()
		var parts []string
		for _, d := range dirs {
			parts = append(parts, filepath.Join(d, name))
		}
		mi, err := mergeMatchDirs(filepath.Join(out, name), parts, c.Bool("allow-partial"), c.App.ErrWriter)
		if err != nil {
			return err
		}
		rows[i].SetResult(mi.Result)
	}
	for _, name := range []string{"records.csv", "summary.csv"} {
		if data, err := os.ReadFile(filepath.Join(dirs[0], name)); err == nil {
			if err := os.WriteFile(filepath.Join(out, name), data, 0o644); err != nil {
				return err
			}
		}
	}
	wf, err := os.Create(filepath.Join(out, "worth.csv"))
	if err != nil {
		return err
	}
	if err := results.WriteWorthCSV(wf, rows); err != nil {
		wf.Close()
		return err
	}
	if err := wf.Close(); err != nil {
		return err
	}
	return results.RenderWorth(c.App.Writer, c.String("format"), rows)
}

// splitPGN cuts a PGN file's text into games, each from its first tag.
func splitPGN(text string) []string {
	var out []string
	start := -1
	lines := strings.SplitAfter(text, "\n")
	pos := 0
	prevBlank := true
	for _, l := range lines {
		if strings.HasPrefix(l, "[Event ") && prevBlank {
			if start >= 0 {
				out = append(out, text[start:pos])
			}
			start = pos
		}
		prevBlank = strings.TrimSpace(l) == ""
		pos += len(l)
	}
	if start >= 0 {
		out = append(out, text[start:])
	}
	return out
}

// pgnTag reads one tag's value from a game's text.
func pgnTag(game, name string) string {
	prefix := "[" + name + " \""
	for _, l := range strings.Split(game, "\n") {
		if v, ok := strings.CutPrefix(l, prefix); ok {
			v = strings.TrimSuffix(v, "\"]")
			if u, err := strconv.Unquote("\"" + v + "\""); err == nil {
				return u
			}
			return v
		}
	}
	return ""
}

// readGames reads a match directory's games, gzipped or not.
func readGames(dir string) ([]byte, error) {
	f, err := chess.OpenPGN(results.GamesFile(dir))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(f)
}

// writeGames writes PGN text gzipped.
func writeGames(path, text string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	zw := gzip.NewWriter(f)
	_, err = io.WriteString(zw, text)
	if cerr := zw.Close(); err == nil {
		err = cerr
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// checkMergeOut refuses an OUT that is one of the shards being merged (or
// inside one, or holds one), and, unless forced, a directory that already
// holds files.
func checkMergeOut(out string, shards map[string]string, force bool) error {
	abs, err := filepath.Abs(out)
	if err != nil {
		return err
	}
	for d, given := range shards {
		if abs == d || strings.HasPrefix(abs, d+string(filepath.Separator)) || strings.HasPrefix(d, abs+string(filepath.Separator)) {
			return fmt.Errorf("OUT %s is (or is inside, or holds) shard %s, one of the inputs: merge into another directory", out, given)
		}
	}
	entries, err := os.ReadDir(out)
	if err == nil && len(entries) > 0 && !force {
		return fmt.Errorf("OUT %s already holds files: merge into an empty directory, or give --force", out)
	}
	return nil
}
