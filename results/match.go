package results

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/ablate-chess/ablate/engine/subject"
)

// PairRecord is one row of pairs.csv: a game pair, from the first
// player's (A's) point of view. A is White in game 1, Black in game 2.
type PairRecord struct {
	Pair    int     `csv:"pair" json:"pair"` // from 1
	Opening string  `csv:"opening" json:"opening"`
	Game1   string  `csv:"game1" json:"game1"`   // result, A White
	Game2   string  `csv:"game2" json:"game2"`   // result, A Black
	Points  float64 `csv:"points" json:"points"` // A's points in the pair, 0 to 2
	Reason1 string  `csv:"reason1" json:"reason1"`
	Reason2 string  `csv:"reason2" json:"reason2"`
	Plies1  int     `csv:"plies1" json:"plies1"`
	Plies2  int     `csv:"plies2" json:"plies2"`
	// The mean depth of A's moves and of B's in the pair (out of book).
	DepthA float64 `csv:"depth_a" json:"depth_a"`
	DepthB float64 `csv:"depth_b" json:"depth_b"`
}

// MeanDepths is the mean over pairs of each player's mean depth: A's, B's.
func MeanDepths(pairs []PairRecord) (float64, float64) {
	if len(pairs) == 0 {
		return 0, 0
	}
	var a, b float64
	for _, p := range pairs {
		a += p.DepthA
		b += p.DepthB
	}
	return a / float64(len(pairs)), b / float64(len(pairs))
}

// WritePairsCSV writes pairs.csv.
func WritePairsCSV(w io.Writer, pairs []PairRecord) error { return writeCSV(w, pairs) }

// ReadPairsCSV reads pairs.csv.
func ReadPairsCSV(r io.Reader, name string) ([]PairRecord, error) {
	return readCSV[PairRecord](r, name)
}

// PlayerInfo describes one side of a match in match.json.
type PlayerInfo struct {
	Name       string `json:"name"`
	Spec       string `json:"spec"`
	Engine     string `json:"engine"`
	Techniques string `json:"techniques,omitempty"`
	Params     string `json:"params,omitempty"`
	// Built is what a player built from source was made from: how a
	// resume knows it finishes the match with the same engine.
	Built *subject.Provenance `json:"built,omitempty"`
}

// MatchInfo is match.json: what was played, how, and what came of it.
type MatchInfo struct {
	Args         []string        `json:"args"`
	Request      json.RawMessage `json:"request"` // for --resume
	Event        string          `json:"event"`
	A            PlayerInfo      `json:"a"`
	B            PlayerInfo      `json:"b"`
	Limits       string          `json:"limits"`
	Adjudication string          `json:"adjudication"`
	Openings     string          `json:"openings"`
	Order        string          `json:"openings_order"`
	Seed         uint64          `json:"seed"`
	PairsAsked   int             `json:"pairs_asked"`
	Workers      int             `json:"workers"`
	SPRT         string          `json:"sprt,omitempty"`
	Result       *MatchResult    `json:"result,omitempty"`
	Origin
	Started  time.Time `json:"started"`
	Finished time.Time `json:"finished,omitzero"`
	Complete bool      `json:"complete"`
	// WorkedSeconds is the wall time spent playing the match, summed over
	// its start and every resume that ended in order.
	WorkedSeconds float64 `json:"worked_seconds,omitempty"`
	// Replaces is the directory this match takes the place of once it is
	// complete (--force).
	Replaces string `json:"replaces,omitempty"`
	// Fingerprint identifies the match (players, engines, limits,
	// openings, build): shards merge only with the same one.
	Fingerprint string      `json:"fingerprint"`
	Shard       *ShardInfo  `json:"shard,omitempty"`
	Shards      []ShardInfo `json:"shards,omitempty"`
}

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
	// Games lost on time by each player, counted apart from the rest.
	TimeLossesA int `json:"time_losses_a"`
	TimeLossesB int `json:"time_losses_b"`
}

// Result computes the statistics of a tally, with the SPRT's if given.
func (s Score) Result(sprt *SPRT) *MatchResult {
	e := s.Estimate()
	r := &MatchResult{Games: s.Games(), Pairs: s.Pairs(), Wins: s.Wins, Draws: s.Draws, Losses: s.Losses,
		Pentanomial: s.Pentanomial(), WL: s.WL, DD: s.DD, Points: s.Points(), ScoreRate: e.Score,
		Elo: e.Elo, EloError: e.EloError, NElo: e.NElo, NEloError: e.NEloError, LOS: e.LOS, DrawRatio: s.DrawRatio(),
		PairDrawRatio: ratio(float64(s.WL+s.DD), float64(s.Pairs()))}
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
			*x = math.Copysign(1e10, *x)
		}
		if *x == 0 {
			*x = 0 // no negative zero
		}
	}
	return r
}

// finite keeps a number printable: an Elo with no games, or after only
// wins, is infinite.
func finite(x float64, digits int) string {
	if x != x || x > 1e9 || x < -1e9 {
		return "n/a"
	}
	return strconv.FormatFloat(x, 'f', digits, 64)
}

// Line is the one-line summary fastchess-style: games, score, Elo and
// the SPRT's state.
func (r *MatchResult) Line() string {
	s := fmt.Sprintf("games %d (W-D-L %d-%d-%d), score %.1f%%, Elo %s ± %s, nElo %s ± %s", r.Games, r.Wins, r.Draws, r.Losses,
		100*r.ScoreRate, finite(r.Elo, 1), finite(r.EloError, 1), finite(r.NElo, 1), finite(r.NEloError, 1))
	if r.Upper != 0 {
		s += fmt.Sprintf(", LLR %.2f (%.2f, %.2f)", r.LLR, r.Lower, r.Upper)
		if r.Verdict != "" {
			s += " " + r.Verdict + " accepted"
		}
	}
	return s
}

// RenderMatch writes a match's result for A against B.
func RenderMatch(w io.Writer, format, a, b string, r *MatchResult) error {
	switch format {
	case "json":
		x := *r
		x.Player, x.Opponent = a, b
		return writeJSON(w, &x)
	case "csv":
		return writeMatchCSV(w, a, b, r)
	}
	p := r.Pentanomial
	rows := [][]string{
		{"games", strconv.Itoa(r.Games)},
		{"wins / draws / losses", fmt.Sprintf("%d / %d / %d", r.Wins, r.Draws, r.Losses)},
		{"pentanomial [LL LD WL+DD WD WW]", fmt.Sprintf("[%d %d %d %d %d] (WL %d, DD %d)", p[0], p[1], p[2], p[3], p[4], r.WL, r.DD)},
		{"points", fmt.Sprintf("%g / %d (%.2f%%)", r.Points, r.Games, 100*r.ScoreRate)},
		{"Elo (95%)", finite(r.Elo, 2) + " ± " + finite(r.EloError, 2)},
		{"normalized Elo (95%)", finite(r.NElo, 2) + " ± " + finite(r.NEloError, 2)},
		{"LOS", fmt.Sprintf("%.2f%%", 100*r.LOS)},
		{"drawn games", fmt.Sprintf("%.2f%%", 100*r.DrawRatio)},
		{"pairs of 1 point (fastchess's DrawRatio)", fmt.Sprintf("%.2f%%", 100*r.PairDrawRatio)},
	}
	if r.TimeLossesA+r.TimeLossesB > 0 {
		rows = append(rows, []string{"lost on time", fmt.Sprintf("%s %d, %s %d", a, r.TimeLossesA, b, r.TimeLossesB)})
	}
	if r.Upper != 0 {
		v := r.Verdict
		if v == "" {
			v = "undecided"
		}
		rows = append(rows, []string{"SPRT LLR (bounds)", fmt.Sprintf("%.2f (%.2f, %.2f) %s", r.LLR, r.Lower, r.Upper, v)})
	}
	return RenderTable(w, format, []string{a + " vs " + b, ""}, rows, 1)
}

// WriteMatchInfo writes dir/match.json.
func WriteMatchInfo(dir string, mi *MatchInfo) error {
	mi.Origin.Fill()
	return writeDescription(dir, mi)
}

// ReadMatchInfo reads dir/match.json.
func ReadMatchInfo(dir string) (*MatchInfo, error) {
	data, err := os.ReadFile(filepath.Join(dir, "match.json"))
	if err != nil {
		return nil, err
	}
	var mi MatchInfo
	if err := json.Unmarshal(data, &mi); err != nil {
		return nil, fmt.Errorf("%s: %v", filepath.Join(dir, "match.json"), err)
	}
	return &mi, nil
}

// matchRow is a match result as one CSV row.
type matchRow struct {
	Player    string  `csv:"player"`
	Opponent  string  `csv:"opponent"`
	Games     int     `csv:"games"`
	Wins      int     `csv:"wins"`
	Draws     int     `csv:"draws"`
	Losses    int     `csv:"losses"`
	LL        int     `csv:"ll"`
	LD        int     `csv:"ld"`
	WLDD      int     `csv:"wl_dd"`
	WD        int     `csv:"wd"`
	WW        int     `csv:"ww"`
	Points    float64 `csv:"points"`
	Score     float64 `csv:"score"`
	Elo       float64 `csv:"elo"`
	EloError  float64 `csv:"elo_error"`
	NElo      float64 `csv:"nelo"`
	NEloError float64 `csv:"nelo_error"`
	LOS       float64 `csv:"los"`
	DrawRatio float64 `csv:"draw_ratio"`
	PairDraws float64 `csv:"pair_draw_ratio"`
	LLR       float64 `csv:"llr"`
	Verdict   string  `csv:"verdict"`
}

func writeMatchCSV(w io.Writer, a, b string, r *MatchResult) error {
	p := r.Pentanomial
	return writeCSV(w, []matchRow{{a, b, r.Games, r.Wins, r.Draws, r.Losses, p[0], p[1], p[2], p[3], p[4], r.Points,
		r.ScoreRate, r.Elo, r.EloError, r.NElo, r.NEloError, r.LOS, r.DrawRatio, r.PairDrawRatio, r.LLR, r.Verdict}})
}

// GamesName is the name of a match directory's games: PGN, gzipped.
const GamesName = "games.pgn.gz"

// GamesFile is the path of a match directory's games: games.pgn.gz, or
// games.pgn in a directory written before games were kept gzipped.
func GamesFile(dir string) string {
	if _, err := os.Stat(filepath.Join(dir, GamesName)); err != nil {
		if _, err := os.Stat(filepath.Join(dir, "games.pgn")); err == nil {
			return filepath.Join(dir, "games.pgn")
		}
	}
	return filepath.Join(dir, GamesName)
}
