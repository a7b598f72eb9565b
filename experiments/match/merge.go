package match

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/ablate-chess/ablate/engine/chess"
	"github.com/ablate-chess/ablate/experiments/records"
	"github.com/ablate-chess/ablate/experiments/resultdir"
	"github.com/ablate-chess/ablate/experiments/stats"
)

// MergeDirs merges a match's shards into out: pairs.csv and games.pgn.gz in
// pair order, and match.json with the statistics recomputed. The stopping
// rule (SPRT, precision) is applied in pair order as the whole match
// applies it, so that pairs the shards played past the stop are not
// counted. What is missing is said on errw.
func MergeDirs(out string, dirs []string, partial bool, errw io.Writer) (*resultdir.MatchInfo, error) {
	infos, shards, missing, err := resultdir.ReadShards(dirs, partial, "ablate match --resume",
		func(d string) (*resultdir.MatchInfo, string, *resultdir.ShardInfo, error) {
			mi, err := resultdir.ReadMatchInfo(d)
			if err != nil {
				return nil, "", nil, err
			}
			return mi, mi.Fingerprint, mi.Shard, nil
		})
	if err != nil {
		return nil, err
	}
	var pairs []records.PairRecord
	games := map[string]string{} // "pair.game" -> the game's PGN
	owner := map[int]string{}
	for i, d := range dirs {
		path := filepath.Join(d, "pairs.csv")
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		ps, err := records.ReadPairsCSV(f, path)
		f.Close()
		if err == nil {
			err = records.CheckPairs(ps, infos[i].PairsAsked, path)
		}
		if err != nil {
			return nil, err
		}
		for _, p := range ps {
			if prev, ok := owner[p.Pair]; ok {
				return nil, fmt.Errorf("pair %d is in two shards: %s and %s", p.Pair, prev, d)
			}
			owner[p.Pair] = d
		}
		pairs = append(pairs, ps...)
		if err := readGames(d, games); err != nil {
			return nil, err
		}
		s := *shards[i]
		s.Dir, s.Host, s.Jobs, s.Complete = d, infos[i].Host, len(ps), infos[i].Complete
		shards[i] = &s
	}
	sort.Slice(pairs, func(i, j int) bool { return pairs[i].Pair < pairs[j].Pair })
	merged := *infos[0]
	result, counted, err := countedResult(&merged, pairs)
	if err != nil {
		return nil, err
	}
	pairs = pairs[:counted]
	var pgn strings.Builder
	for _, p := range pairs {
		for g := 1; g <= 2; g++ {
			text, ok := games[fmt.Sprintf("%d.%d", p.Pair, g)]
			if !ok {
				return nil, fmt.Errorf("%s: pair %d has no game %d in its games", owner[p.Pair], p.Pair, g)
			}
			pgn.WriteString(text)
		}
	}
	merged.Shard, merged.Shards = nil, resultdir.ListShards(shards)
	merged.Complete = len(missing) == 0
	merged.WorkedSeconds = 0
	for _, mi := range infos {
		merged.Complete = merged.Complete && mi.Complete
		merged.WorkedSeconds += mi.WorkedSeconds // the machines' time, summed
	}
	merged.Result = result
	if len(pairs) < merged.PairsAsked && !merged.Result.Precise && merged.Result.Verdict == "" {
		fmt.Fprintf(errw, "merge: %d of %d pairs (shards %v missing or unfinished)\n", len(pairs), merged.PairsAsked, missing)
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return nil, err
	}
	if err := WriteGames(filepath.Join(out, resultdir.GamesName), pgn.String()); err != nil {
		return nil, err
	}
	f, err := os.Create(filepath.Join(out, "pairs.csv"))
	if err != nil {
		return nil, err
	}
	if err := records.WritePairsCSV(f, pairs); err != nil {
		f.Close()
		return nil, err
	}
	if err := f.Close(); err != nil {
		return nil, err
	}
	if err := resultdir.NewDir(out, &merged).Save(); err != nil {
		return nil, err
	}
	fmt.Fprintf(errw, "merged %d shard(s) of %d into %s: %d pairs\n", len(dirs), shards[0].Count, out, len(pairs))
	return &merged, nil
}

// readGames reads a match directory's games (gzipped or not) with the PGN
// reader, which checks every move, and files each game's text under its
// Round tag ("pair.game").
func readGames(dir string, games map[string]string) error {
	path := resultdir.GamesFile(dir)
	f, err := chess.OpenPGN(path)
	if err != nil {
		return err
	}
	defer f.Close()
	data, err := io.ReadAll(f)
	if err != nil {
		return err
	}
	parsed, err := chess.ReadPGN(bytes.NewReader(data), path)
	if err != nil {
		return err
	}
	lines := strings.SplitAfter(string(data), "\n")
	for i, g := range parsed {
		end := len(lines)
		if i+1 < len(parsed) {
			end = parsed[i+1].Line - 1
		}
		games[g.Tag("Round")] = strings.Join(lines[g.Line-1:end], "")
	}
	return nil
}

// WriteGames writes PGN text gzipped.
func WriteGames(path, text string) error {
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

// countedResult is a match's statistics from its pairs in order, counted
// as the match counts them: up to where its rule (match.json's SPRT, its
// request's precision) stops it; counted is how many pairs that is.
func countedResult(info *resultdir.MatchInfo, pairs []records.PairRecord) (r *stats.MatchResult, counted int, err error) {
	var rule stats.Stop
	if rule.SPRT, err = stats.ParseSPRT(info.SPRT); err != nil {
		return nil, 0, fmt.Errorf("match.json's sprt: %v", err)
	}
	var req Settings
	if err := json.Unmarshal(info.Request, &req); err != nil {
		return nil, 0, fmt.Errorf("match.json has no usable request: %v", err)
	}
	rule.Precision = req.Precision
	score, counted := records.CountPairs(rule, pairs)
	pairs = pairs[:counted]
	r = score.Result(rule.SPRT)
	_, _, r.Precise = rule.Check(score)
	r.DepthA, r.DepthB = records.MeanDepths(pairs)
	r.NodesA, r.NodesB = records.MeanNodes(pairs)
	return r, counted, nil
}
