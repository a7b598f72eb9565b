package match

import (
	"context"
	"errors"

	"github.com/ablate-chess/ablate/experiments/resultdir"
)

// PlayIn plays the match in its directory (none if dir is ""), the one
// life of a match, alone or as a worth's cell: match.json is written
// first, each finished pair is journaled as it ends, and at the end the
// result files and match.json are written, complete or, if ctx stopped
// it, as far as it got (the outcome so far and an *Interrupted error). A
// match that replaces another directory (info.Replaces, --force) takes
// its place once complete. A resumed match (m.Done) keeps its journal.
func (m *Match) PlayIn(ctx context.Context, dir string, info *resultdir.MatchInfo) (*Outcome, error) {
	var d *resultdir.Dir
	if dir != "" {
		var err error
		if d, err = resultdir.OpenDir(dir, info, len(m.Done) > 0); err != nil {
			return nil, err
		}
		defer d.Close()
		m.OnPair = func(p *Pair) error { return d.AppendJSON(p.JournalUnit()) }
	}
	out, err := m.Run(ctx)
	interrupted := errors.Is(err, context.Canceled)
	if err != nil && !interrupted {
		return nil, err
	}
	info.Result = out.Result(m)
	if info.Shard != nil {
		info.Shard.Jobs = len(out.Pairs)
		if m.SPRT != nil {
			info.Result.LLR, info.Result.Verdict = 0, "" // the merge of the shards decides
		}
	}
	if err := d.Finish(!interrupted, func(dir string) error { return m.WriteFiles(dir, out) }); err != nil {
		return nil, err
	}
	if interrupted {
		return out, &resultdir.Interrupted{Done: len(out.Pairs), Total: m.Pairs, Units: "pairs", Dir: d.Where()}
	}
	return out, nil
}
