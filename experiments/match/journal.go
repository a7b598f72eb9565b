package match

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/ablate-chess/ablate/engine/chess"
	"github.com/ablate-chess/ablate/experiments/records"
	"github.com/ablate-chess/ablate/experiments/resultdir"
	"github.com/ablate-chess/ablate/experiments/setup"
)

// The journal, dir/pairs.jsonl, holds each finished pair as one JSON line,
// appended as it finishes, so that an interrupted match loses no finished
// pair and --resume plays only the others.

// JournalName is the journal's file name in a match directory.
const JournalName = "pairs.jsonl"

type gameJSON struct {
	White, Black string
	Start        string
	Moves        string // UCI, space-separated
	BookPlies    int
	Comments     []string
	Result       string
	Termination  string
	Reason       string
}

type pairJSON struct {
	Pair    int
	Opening string
	Games   [2]gameJSON
	Date    string `json:",omitempty"`
}

func (g *Game) toJSON() gameJSON {
	moves := make([]string, len(g.Moves))
	for i, m := range g.Moves {
		moves[i] = m.String()
	}
	return gameJSON{g.White, g.Black, g.Start.String(), strings.Join(moves, " "), g.BookPlies, g.Comments,
		g.Result, g.Termination, g.Reason}
}

func (j *gameJSON) game() (*Game, error) {
	start, err := chess.ParseFEN(j.Start)
	if err != nil {
		return nil, err
	}
	g := &Game{White: j.White, Black: j.Black, Start: start, BookPlies: j.BookPlies, Comments: j.Comments,
		Result: j.Result, Termination: j.Termination, Reason: j.Reason}
	p := start
	for _, s := range strings.Fields(j.Moves) {
		m, err := p.ParseUCI(s)
		if err != nil {
			return nil, err
		}
		g.Moves = append(g.Moves, m)
		p.Play(m)
	}
	return g, nil
}

// JournalUnit is the pair as its journal line holds it (a match
// directory's resultdir.Dir journals it).
func (p *Pair) JournalUnit() any {
	return pairJSON{p.Index, p.Opening, [2]gameJSON{p.Games[0].toJSON(), p.Games[1].toJSON()}, p.Date}
}

// ReadJournal reads dir's journal (missing: none). A torn last line, from
// a kill mid-write, is dropped: that pair is played again. A pair's line
// twice (a copy, a retry) counts once; the same pair with other games is
// damage, an error naming both lines.
func ReadJournal(dir string) (map[int]*Pair, error) {
	out := map[int]*Pair{}
	type seenLine struct {
		line int
		text string
	}
	seen := map[int]seenLine{}
	n := 0
	err := resultdir.ReadLineLog(filepath.Join(dir, JournalName), func(line []byte) error {
		n++
		var pj pairJSON
		if err := json.Unmarshal(line, &pj); err != nil {
			return err
		}
		if pj.Pair < 0 {
			return fmt.Errorf("pair %d: not a pair of any match", pj.Pair+1)
		}
		if was, ok := seen[pj.Pair]; ok {
			if was.text != string(line) {
				return fmt.Errorf("pair %d again, with other games than line %d", pj.Pair+1, was.line)
			}
			return nil
		}
		seen[pj.Pair] = seenLine{n, string(line)}
		p := &Pair{Index: pj.Pair, Opening: pj.Opening, Date: pj.Date}
		for i := range pj.Games {
			g, err := pj.Games[i].game()
			if err != nil {
				return err
			}
			p.Games[i] = g
		}
		out[p.Index] = p
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Records turns counted pairs into pairs.csv rows for player a.
func Records(pairs []*Pair, a string) []records.PairRecord {
	out := make([]records.PairRecord, len(pairs))
	for i, p := range pairs {
		x, y := p.Points(a)
		out[i] = records.PairRecord{Pair: p.Index + 1, Opening: p.Opening, Game1: p.Games[0].Result, Game2: p.Games[1].Result,
			Points: x + y, Reason1: p.Games[0].Reason, Reason2: p.Games[1].Reason,
			Plies1: len(p.Games[0].Moves), Plies2: len(p.Games[1].Moves)}
		out[i].DepthA, out[i].DepthB = p.means(a, commentDepth)
		out[i].NodesA, out[i].NodesB = p.means(a, commentNodes)
	}
	return out
}

// means is the mean of a figure of A's moves in the pair and of B's, read
// from the moves' comments: book moves and moves without it left out.
func (p *Pair) means(a string, figure func(comment string) (int, bool)) (float64, float64) {
	var sum, n [2]int // A's, B's
	for _, g := range p.Games {
		mover := g.White // the side to move at the start moves first
		if g.Start.SideToMove() == chess.Black {
			mover = g.Black
		}
		for _, c := range g.Comments {
			if d, ok := figure(c); ok {
				side := 1
				if mover == a {
					side = 0
				}
				sum[side] += d
				n[side]++
			}
			if mover == g.White {
				mover = g.Black
			} else {
				mover = g.White
			}
		}
	}
	mean := func(i int) float64 {
		if n[i] == 0 {
			return 0
		}
		return float64(sum[i]) / float64(n[i])
	}
	return mean(0), mean(1)
}

// commentNodes reads the nodes searched from a move's comment under a
// clock ("+0.25/14 0.212s n=183204"); node-limited moves have none.
func commentNodes(c string) (int, bool) {
	for _, f := range strings.Fields(c) {
		if v, ok := strings.CutPrefix(f, "n="); ok {
			n, err := strconv.Atoi(v)
			return n, err == nil
		}
	}
	return 0, false
}

// commentSeconds reads the time a move took from its comment under a
// clock ("+0.25/14 0.212s n=183204"); node-limited moves have none.
func commentSeconds(c string) (float64, bool) {
	for _, f := range strings.Fields(c) {
		if v, ok := strings.CutSuffix(f, "s"); ok {
			x, err := strconv.ParseFloat(v, 64)
			return x, err == nil && x >= 0
		}
	}
	return 0, false
}

// commentDepth reads the depth from a move's comment ("+0.25/8",
// "-M3/12 0.104s"); a book move or an unknown score has none.
func commentDepth(c string) (int, bool) {
	_, rest, ok := strings.Cut(c, "/")
	if !ok {
		return 0, false
	}
	if i := strings.IndexByte(rest, ' '); i >= 0 {
		rest = rest[:i]
	}
	d, err := strconv.Atoi(rest)
	return d, err == nil
}

// CheckJournal refuses to resume from a journal that holds fewer pairs
// than the match counted when it stopped (match.json's result): the pairs
// it lacks would be played again, and their games are in no other file
// of the directory (the PGN and pairs.csv are written from the journal).
// A journal stored gzipped and not unpacked, or lost to two scripts at
// once, is told so here rather than found hours later.
func CheckJournal(dir string, info *resultdir.MatchInfo, done map[int]*Pair) error {
	if info == nil || info.Complete || info.Result == nil || len(done) >= info.Result.Pairs {
		return nil
	}
	hint := "restore the journal"
	if _, err := os.Stat(filepath.Join(dir, JournalName+".gz")); err == nil {
		hint = "unpack " + JournalName + ".gz into " + JournalName + " (gunzip -k) if it is the whole journal"
	}
	return setup.BadSetting("resume", "%s: match.json counts %d pairs played and its journal %s holds %d: the pairs it lacks would be played again; %s",
		dir, info.Result.Pairs, JournalName, len(done), hint)
}
