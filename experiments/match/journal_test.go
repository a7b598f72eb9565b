package match

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/ablate-chess/ablate/engine/chess"
	"github.com/ablate-chess/ablate/experiments/resultdir"
	"github.com/ablate-chess/ablate/experiments/setup"
	"github.com/ablate-chess/ablate/experiments/stats"
)

func journalLine(pair int, move string) string {
	g := `{"White":"a","Black":"b","Start":"` + chess.StartFEN + `","Moves":"` + move + `","Result":"1/2-1/2"}`
	return `{"Pair":` + strconv.Itoa(pair) + `,"Opening":"o","Games":[` + g + `,` + g + `]}` + "\n"
}

// TestJournalPairTwice: a pair's line twice counts once; the same pair
// with other games is damage named by file and both lines; a pair beyond
// the match's count is refused before any game, not dropped and counted.
func TestJournalPairTwice(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, JournalName)
	os.WriteFile(path, []byte(journalLine(0, "e2e4")+journalLine(1, "d2d4")+journalLine(0, "e2e4")), 0o644)
	done, err := ReadJournal(dir)
	if err != nil || len(done) != 2 {
		t.Fatalf("a line twice: %d pairs, %v", len(done), err)
	}
	os.WriteFile(path, []byte(journalLine(0, "e2e4")+journalLine(1, "d2d4")+journalLine(0, "c2c4")), 0o644)
	if _, err := ReadJournal(dir); err == nil || !strings.Contains(err.Error(), JournalName+":3: pair 1 again, with other games than line 1") {
		t.Errorf("the same pair, other games: %v", err)
	}
	m := &Match{A: native(t, "a", "full"), B: native(t, "b", "full"), Openings: openings(t, "bench")[:2], Pairs: 1,
		Budget: setup.Budget{Nodes: 1000}, Workers: 1, Done: done}
	if _, err := m.Run(context.Background()); err == nil || !strings.Contains(err.Error(), "holds pair 2, not one of the match's 1 to 1") {
		t.Errorf("a pair beyond the match: %v", err)
	}
}

// TestPairKeepsItsDate: a pair's date is journaled with it, and its games'
// PGN says that date whatever day the match is written; a pair journaled
// without one takes the match's.
func TestPairKeepsItsDate(t *testing.T) {
	dir := t.TempDir()
	dated := strings.Replace(journalLine(0, "e2e4"), `{"Pair":0,`, `{"Date":"2001.02.03","Pair":0,`, 1)
	os.WriteFile(filepath.Join(dir, JournalName), []byte(dated+journalLine(1, "d2d4")), 0o644)
	done, err := ReadJournal(dir)
	if err != nil || len(done) != 2 {
		t.Fatalf("%d pairs, %v", len(done), err)
	}
	m := &Match{A: native(t, "a", "full"), B: native(t, "b", "full"), Event: "e", Date: "2026.12.06"}
	for i, want := range []string{`[Date "2001.02.03"]`, `[Date "2026.12.06"]`} {
		if pgn := m.PGN(done[i], 0); !strings.Contains(pgn, want) {
			t.Errorf("pair %d: no %s in\n%s", i+1, want, pgn)
		}
	}
	p := &Pair{Index: 0, Opening: "o", Games: done[0].Games, Date: "2001.02.03"}
	if line, _ := json.Marshal(p.JournalUnit()); !strings.Contains(string(line), `"Date":"2001.02.03"`) {
		t.Errorf("the journal line has no date: %s", line)
	}
}

// TestCheckJournal: a resume is refused where the journal holds fewer
// pairs than match.json's result counted (worth's cells resume through
// the same check), and allowed where it holds as many or more, where the
// match is complete, or where it stopped before counting any.
func TestCheckJournal(t *testing.T) {
	dir := t.TempDir()
	three := map[int]*Pair{0: {}, 1: {}, 2: {}}
	for _, c := range []struct {
		info    *resultdir.MatchInfo
		refused bool
	}{
		{&resultdir.MatchInfo{Result: &stats.MatchResult{Pairs: 4}}, true},
		{&resultdir.MatchInfo{Result: &stats.MatchResult{Pairs: 3}}, false},
		{&resultdir.MatchInfo{Result: &stats.MatchResult{Pairs: 2}}, false},
		{&resultdir.MatchInfo{Result: &stats.MatchResult{Pairs: 4}, Life: resultdir.Life{Complete: true}}, false},
		{&resultdir.MatchInfo{}, false},
		{nil, false},
	} {
		err := CheckJournal(dir, c.info, three)
		if (err != nil) != c.refused || (err != nil && (!setup.IsBadInput(err) || !strings.Contains(err.Error(), "counts 4 pairs played and its journal pairs.jsonl holds 3"))) {
			t.Errorf("%+v: %v", c.info, err)
		}
	}
}
