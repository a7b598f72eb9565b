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
