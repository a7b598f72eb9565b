package stats

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestPerfectScoreIsNullInJSON: a perfect score's Elo has no finite value
// and no interval: null in JSON (not 1e10), and read back as unbounded;
// an ordinary result round-trips as it is.
func TestPerfectScoreIsNullInJSON(t *testing.T) {
	var all Score
	all.AddPair(1, 1)
	all.AddPair(1, 1)
	data, err := json.Marshal(all.Result(nil))
	if err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{`"elo":null`, `"elo_error":null`, `"nelo":null`, `"nelo_error":null`} {
		if !strings.Contains(string(data), key) {
			t.Errorf("no %s in %s", key, data)
		}
	}
	var back MatchResult
	if err := json.Unmarshal(data, &back); err != nil || back.Elo != Unbounded || back.Wins != 4 {
		t.Errorf("read back: %+v, %v", back, err)
	}
	var some Score
	some.AddPair(1, 0.5)
	some.AddPair(0, 0.5)
	some.AddPair(1, 1)
	r := some.Result(nil)
	data, _ = json.Marshal(r)
	var again MatchResult
	if err := json.Unmarshal(data, &again); err != nil || again != *r {
		t.Errorf("round trip: %+v, want %+v (%v)", again, *r, err)
	}
}

// TestNearlyPerfectScoreHasNoBound: a score so near 0 (or 1) that its 95%
// interval reaches a certain score has a finite Elo and an unbounded
// interval, not ± 0 (72 pairs, two of them a draw and a loss, as Ethereal
// without history updates scored at 40,000 nodes); it is null in JSON and
// reads back unbounded.
func TestNearlyPerfectScoreHasNoBound(t *testing.T) {
	var s Score
	for i := range 72 {
		if i < 2 {
			s.AddPair(0, 0.5)
		} else {
			s.AddPair(0, 0)
		}
	}
	r := s.Result(nil)
	if r.Elo > -800 || r.Elo < -900 || r.EloError != Unbounded {
		t.Errorf("Elo %v ± %v, want about -862 and an unbounded interval", r.Elo, r.EloError)
	}
	if r.NEloError <= 0 || r.NEloError >= Unbounded {
		t.Errorf("nElo's interval %v: want finite", r.NEloError)
	}
	data, _ := json.Marshal(r)
	if !strings.Contains(string(data), `"elo_error":null`) {
		t.Errorf("no null interval in %s", data)
	}
	var back MatchResult
	if err := json.Unmarshal(data, &back); err != nil || back != *r {
		t.Errorf("round trip: %+v, want %+v (%v)", back, *r, err)
	}
}
