package match

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ablate-chess/ablate/engine/subject"
	"github.com/ablate-chess/ablate/experiments/resultdir"
)

// TestResumeACell: an empty directory holds nothing; a match made with
// other settings is refused; an interrupted one gives its journal's pairs,
// at any -j.
func TestResumeACell(t *testing.T) {
	dir := t.TempDir()
	s := defaults()
	if prev, done, err := Resume(dir, s); prev != nil || done != nil || err != nil {
		t.Fatalf("empty: %v %v %v", prev, done, err)
	}
	other := s
	other.Pairs = 99
	req, _ := jsonOf(other)
	d, err := resultdir.OpenDir(dir, &resultdir.MatchInfo{Request: req}, false)
	if err != nil {
		t.Fatal(err)
	}
	d.Close()
	if _, _, err := Resume(dir, s); err == nil || !strings.Contains(err.Error(), "another plan (pairs: 99 there, 2 now)") {
		t.Errorf("other settings: %v", err)
	}
	req, _ = jsonOf(s)
	os.Remove(filepath.Join(dir, "match.json"))
	d, _ = resultdir.OpenDir(dir, &resultdir.MatchInfo{Request: req}, false)
	d.Close()
	if prev, done, err := Resume(dir, s); prev == nil || prev.Complete || len(done) != 0 || err != nil {
		t.Errorf("interrupted: %v %v %v", prev, done, err)
	}
	more := s
	more.Workers = s.Workers + 3 // another -j plays the same games
	if prev, _, err := Resume(dir, more); prev == nil || err != nil {
		t.Errorf("resumed at another -j: %v %v", prev, err)
	}
}

func jsonOf(s Settings) ([]byte, error) { return json.Marshal(s) }

// TestSamePlayers: a match resumes with the players it began with; a
// variant whose revision moved to another commit is refused, naming both.
func TestSamePlayers(t *testing.T) {
	a, b := subject.Provenance{Commit: "111"}, subject.Provenance{Commit: "222", Patch: "abc", PatchHash: "h"}
	m := &Match{A: Player{Name: "a", Config: builtConfig{fixedParams("variant=a"), a}},
		B: Player{Name: "b", Config: builtConfig{fixedParams("variant=b"), b}}}
	prev := &resultdir.MatchInfo{A: resultdir.PlayerInfo{Built: &a}, B: resultdir.PlayerInfo{Built: &b}}
	if err := SamePlayers(prev, m); err != nil {
		t.Errorf("the same players: %v", err)
	}
	moved := b
	moved.Commit = "333"
	prev.B.Built = &moved
	if err := SamePlayers(prev, m); err == nil || !strings.Contains(err.Error(),
		"b began as commit=333;patch=abc;patch_sha256=h and would finish as commit=222;patch=abc;patch_sha256=h") {
		t.Errorf("a moved revision: %v", err)
	}
	prev.B.Built = nil
	if err := SamePlayers(prev, m); err == nil || !strings.Contains(err.Error(), "began as an engine of no recorded build") {
		t.Errorf("a build where none was: %v", err)
	}
	// Parameters alone (not a build) are the settings' business.
	prev.B.Params, m.B.Config = "lmr-base=100", fixedParams("lmr-base-centiplies=100")
	if err := SamePlayers(prev, m); err != nil {
		t.Errorf("renamed parameters: %v", err)
	}
}

// TestSamePlayersTechniques: a spec whose preset has gained or lost a
// technique since the match began is refused, naming what moved; a list
// in a vocabulary renamed since is not compared.
func TestSamePlayersTechniques(t *testing.T) {
	m := &Match{A: native(t, "a", "full"), B: native(t, "b", "full,-lmr")}
	prev := &resultdir.MatchInfo{A: resultdir.PlayerInfo{Techniques: m.A.Config.Techniques()},
		B: resultdir.PlayerInfo{Techniques: m.B.Config.Techniques()}}
	if err := SamePlayers(prev, m); err != nil {
		t.Errorf("the same techniques: %v", err)
	}
	prev.B.Techniques = native(t, "b", "full,-lmr,-qs-tt,+nmp-tt").Config.Techniques()
	if err := SamePlayers(prev, m); err == nil || !strings.Contains(err.Error(),
		"b (full,-lmr) has other techniques now than when it began (gained qs-tt; lost nmp-tt)") {
		t.Errorf("a moved preset: %v", err)
	}
	prev.B.Techniques = "alpha-beta,an-old-name"
	if err := SamePlayers(prev, m); err != nil {
		t.Errorf("an older vocabulary: %v", err)
	}
}

// builtConfig is a configuration of a variant built from source.
type builtConfig struct {
	fixedParams
	p subject.Provenance
}

func (b builtConfig) Built() *subject.Provenance { return &b.p }

// fixedParams is a configuration that only names its parameters.
type fixedParams string

func (f fixedParams) Has(string) bool    { return false }
func (f fixedParams) Techniques() string { return "" }
func (f fixedParams) Params() string     { return string(f) }
