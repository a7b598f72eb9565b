package match

import (
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/ablate-chess/ablate/experiments/resultdir"
	"github.com/ablate-chess/ablate/experiments/stats"
)

// SoFarDir reads a match directory without playing or writing anything
// (match --no-play): a finished match's result as match.json holds it, or
// an unfinished one's from its journal, the pairs counted in order up to
// the first not yet played or to where the match's rule (SPRT, precision)
// stopped it, as the match itself counts them. A journal stored gzipped
// (pairs.jsonl.gz, as results/journal.sh keeps one) is read the same.
// counted is the pairs the result holds.
func SoFarDir(dir string) (info *resultdir.MatchInfo, r *stats.MatchResult, counted int, err error) {
	if info, err = resultdir.ReadMatchInfo(dir); err != nil {
		return nil, nil, 0, err
	}
	if info.Complete && info.Result != nil {
		return info, info.Result, info.Result.Pairs, nil
	}
	done, err := readJournalAnyway(dir)
	if err != nil {
		return nil, nil, 0, fmt.Errorf("%s: %v", dir, err)
	}
	var pairs []*Pair
	for i := 0; done[i] != nil; i++ {
		pairs = append(pairs, done[i])
	}
	if r, counted, err = countedResult(info, Records(pairs, info.A.Name)); err != nil {
		return nil, nil, 0, fmt.Errorf("%s: %v", dir, err)
	}
	return info, r, counted, nil
}

// readJournalAnyway reads dir's journal, or, where there is none, the
// gzipped one beside it (unpacked to a temporary directory: nothing is
// written in dir).
func readJournalAnyway(dir string) (map[int]*Pair, error) {
	if _, err := os.Stat(filepath.Join(dir, JournalName)); err == nil {
		return ReadJournal(dir)
	}
	f, err := os.Open(filepath.Join(dir, JournalName+".gz"))
	if os.IsNotExist(err) {
		return map[int]*Pair{}, nil
	} else if err != nil {
		return nil, err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("%s.gz: %v", JournalName, err)
	}
	tmp, err := os.MkdirTemp("", "ablate-journal-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	out, err := os.Create(filepath.Join(tmp, JournalName))
	if err != nil {
		return nil, err
	}
	_, err = io.Copy(out, zr)
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, fmt.Errorf("%s.gz: %v", JournalName, err)
	}
	return ReadJournal(tmp)
}
