package stats

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
)

// MatchResult is a match's statistics for A.
type MatchResult struct {
	Player      string  `csv:"player" json:"player,omitempty"`
	Opponent    string  `csv:"opponent" json:"opponent,omitempty"`
	Games       int     `json:"games"`
	Pairs       int     `json:"pairs"`
	Wins        int     `json:"wins"`
	Draws       int     `json:"draws"`
	Losses      int     `json:"losses"`
	Pentanomial [5]int  `json:"pentanomial"` // LL, LD, WL+DD, WD, WW
	WL          int     `json:"wl"`
	DD          int     `json:"dd"`
	Points      float64 `json:"points"`
	ScoreRate   float64 `json:"score"`
	Elo         float64 `json:"elo"`
	EloError    float64 `json:"elo_error"`
	NElo        float64 `json:"nelo"`
	NEloError   float64 `json:"nelo_error"`
	LOS         float64 `json:"los"`
	DrawRatio   float64 `json:"draw_ratio"` // drawn games over games
	// PairDrawRatio is fastchess's DrawRatio: the pairs in the middle
	// pentanomial bucket (WL or DD, a point each) over the pairs.
	PairDrawRatio float64 `json:"pair_draw_ratio"`
	LLR           float64 `json:"llr,omitempty"`
	Lower         float64 `json:"llr_lower,omitempty"`
	Upper         float64 `json:"llr_upper,omitempty"`
	Verdict       string  `json:"verdict,omitempty"`
	// Precise: the match stopped when its interval was as narrow as asked.
	Precise bool `json:"precise,omitempty"`
	// The mean depth each player reached in its moves (out of book), over
	// the pairs: the depth a node budget or a clock buys.
	DepthA float64 `json:"depth_a,omitempty"`
	DepthB float64 `json:"depth_b,omitempty"`
	// The mean nodes each player searched a move under a clock (out of
	// book), over the pairs: the node budget the clock is worth.
	NodesA float64 `json:"nodes_a,omitempty"`
	NodesB float64 `json:"nodes_b,omitempty"`
	// Games lost on time by each player, counted apart from the rest.
	TimeLossesA int `json:"time_losses_a"`
	TimeLossesB int `json:"time_losses_b"`
}

// Unbounded is how an infinite estimate is kept (a perfect score's Elo):
// a number every file can hold, printed n/a, and null in JSON.
const Unbounded = 1e10

// MarshalJSON writes the result with null for an estimate that is not
// finite (a perfect score's Elo and its interval).
func (r MatchResult) MarshalJSON() ([]byte, error) {
	type plain MatchResult
	data, err := json.Marshal(plain(r))
	if err != nil {
		return nil, err
	}
	for _, key := range []string{"elo", "elo_error", "nelo", "nelo_error"} {
		for _, v := range []string{"10000000000", "-10000000000"} {
			data = bytes.Replace(data, []byte(`"`+key+`":`+v+`,`), []byte(`"`+key+`":null,`), 1)
		}
	}
	if math.Abs(r.Elo) >= Unbounded { // no interval either
		data = bytes.Replace(data, []byte(`"elo_error":0,`), []byte(`"elo_error":null,`), 1)
	}
	if math.Abs(r.NElo) >= Unbounded {
		data = bytes.Replace(data, []byte(`"nelo_error":0,`), []byte(`"nelo_error":null,`), 1)
	}
	return data, nil
}

// UnmarshalJSON reads what MarshalJSON writes: a null estimate is the
// perfect score's, unbounded in the score's direction; a null interval is
// unbounded.
func (r *MatchResult) UnmarshalJSON(data []byte) error {
	type plain MatchResult
	var p struct {
		plain
		Elo       *float64 `json:"elo"`
		EloError  *float64 `json:"elo_error"`
		NElo      *float64 `json:"nelo"`
		NEloError *float64 `json:"nelo_error"`
	}
	// The pointers shadow the plain fields of the same JSON keys.
	if err := json.Unmarshal(data, &p); err != nil {
		return err
	}
	*r = MatchResult(p.plain)
	bound := Unbounded
	if r.ScoreRate < 0.5 {
		bound = -Unbounded
	}
	for _, x := range []struct {
		dst  *float64
		v    *float64
		null float64
	}{{&r.Elo, p.Elo, bound}, {&r.EloError, p.EloError, Unbounded}, {&r.NElo, p.NElo, bound}, {&r.NEloError, p.NEloError, Unbounded}} {
		*x.dst = x.null
		if x.v != nil {
			*x.dst = *x.v
		}
	}
	return nil
}

// Result computes the statistics of a tally, with the SPRT's if given.
func (s Score) Result(sprt *SPRT) *MatchResult {
	e := s.Estimate()
	r := &MatchResult{Games: s.Games(), Pairs: s.Pairs(), Wins: s.Wins, Draws: s.Draws, Losses: s.Losses,
		Pentanomial: s.Pentanomial(), WL: s.WL, DD: s.DD, Points: s.Points(), ScoreRate: e.Score,
		Elo: e.Elo, EloError: e.EloError, NElo: e.NElo, NEloError: e.NEloError, LOS: e.LOS, DrawRatio: s.DrawRatio(),
		PairDrawRatio: Ratio(float64(s.WL+s.DD), float64(s.Pairs()))}
	if sprt != nil {
		r.LLR = sprt.LLR(s)
		r.Lower, r.Upper = sprt.Bounds()
		r.Verdict = sprt.Verdict(r.LLR)
	}
	// A few games may leave a quantity undefined (no variance, a perfect
	// score): it is 0 then, and the table prints n/a for an infinite Elo.
	for _, x := range []*float64{&r.Elo, &r.EloError, &r.NElo, &r.NEloError, &r.LOS, &r.LLR} {
		if math.IsNaN(*x) {
			*x = 0
		}
		if math.IsInf(*x, 0) {
			*x = math.Copysign(Unbounded, *x)
		}
		if *x == 0 {
			*x = 0 // no negative zero
		}
	}
	if math.Abs(r.Elo) >= Unbounded { // no interval either, as JSON keeps it
		r.EloError = Unbounded
	}
	if math.Abs(r.NElo) >= Unbounded {
		r.NEloError = Unbounded
	}
	return r
}

// String is the match's state in one line, fastchess-style: games, score,
// Elo and normalized Elo with their 95% intervals, and the SPRT's state.
func (r *MatchResult) String() string {
	s := fmt.Sprintf("games %d (W-D-L %d-%d-%d), score %.1f%%, Elo %s, nElo %s", r.Games, r.Wins, r.Draws, r.Losses,
		100*r.ScoreRate, withInterval(r.Elo, r.EloError), withInterval(r.NElo, r.NEloError))
	if r.Upper != 0 {
		s += fmt.Sprintf(", LLR %.2f (%.2f, %.2f)", r.LLR, r.Lower, r.Upper)
		if r.Verdict != "" {
			s += " " + r.Verdict + " accepted"
		}
	}
	return s
}

// withInterval is an estimate and its 95% interval to a tenth, "12.3 ±
// 4.5"; an estimate that is not finite (a perfect score) is "n/a".
func withInterval(x, err float64) string {
	if x != x || x > 1e9 || x < -1e9 {
		return "n/a"
	}
	e := "n/a"
	if !(err != err || err > 1e9 || err < -1e9) {
		e = strconv.FormatFloat(err, 'f', 1, 64)
	}
	return strconv.FormatFloat(x, 'f', 1, 64) + " ± " + e
}
