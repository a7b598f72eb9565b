package match

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/ablate-chess/ablate/engine/chess"
	"github.com/ablate-chess/ablate/results"
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

// Journal appends finished pairs to a match directory's journal.
type Journal struct{ f *os.File }

// OpenJournal opens dir's journal for appending.
func OpenJournal(dir string) (*Journal, error) {
	f, err := os.OpenFile(filepath.Join(dir, JournalName), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return nil, err
	}
	return &Journal{f}, nil
}

// Append writes one pair and syncs it to the disk.
func (j *Journal) Append(p *Pair) error {
	data, err := json.Marshal(pairJSON{p.Index, p.Opening, [2]gameJSON{p.Games[0].toJSON(), p.Games[1].toJSON()}})
	if err != nil {
		return err
	}
	if _, err := j.f.Write(append(data, '\n')); err != nil {
		return err
	}
	return j.f.Sync()
}

// Close closes the journal.
func (j *Journal) Close() error { return j.f.Close() }

// ReadJournal reads dir's journal (missing: none). A torn last line, from
// a kill mid-write, is dropped.
func ReadJournal(dir string) (map[int]*Pair, error) {
	path := filepath.Join(dir, JournalName)
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return map[int]*Pair{}, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[int]*Pair{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64*1024), 16*1024*1024)
	var pending error
	for n := 1; sc.Scan(); n++ {
		if pending != nil {
			return nil, pending
		}
		var pj pairJSON
		if err := json.Unmarshal(sc.Bytes(), &pj); err != nil {
			pending = fmt.Errorf("%s:%d: %v", path, n, err)
			continue
		}
		p := &Pair{Index: pj.Pair, Opening: pj.Opening}
		for i := range pj.Games {
			g, err := pj.Games[i].game()
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %v", path, n, err)
			}
			p.Games[i] = g
		}
		out[p.Index] = p
	}
	return out, sc.Err()
}

// Records turns counted pairs into pairs.csv rows for player a.
func Records(pairs []*Pair, a string) []results.PairRecord {
	out := make([]results.PairRecord, len(pairs))
	for i, p := range pairs {
		x, y := p.Points(a)
		out[i] = results.PairRecord{Pair: p.Index + 1, Opening: p.Opening, Game1: p.Games[0].Result, Game2: p.Games[1].Result,
			Points: x + y, Reason1: p.Games[0].Reason, Reason2: p.Games[1].Reason,
			Plies1: len(p.Games[0].Moves), Plies2: len(p.Games[1].Moves)}
	}
	return out
}
