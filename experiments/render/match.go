package render

import (
	"fmt"
	"io"
	"strconv"

	"github.com/ablate-chess/ablate/experiments/records"
	"github.com/ablate-chess/ablate/experiments/stats"
)

// finite keeps a number printable: an Elo with no games, or after only
// wins, is infinite.
func finite(x float64, digits int) string {
	if x != x || x > 1e9 || x < -1e9 {
		return "n/a"
	}
	return strconv.FormatFloat(x, 'f', digits, 64)
}

// interval is an estimate and its 95% interval, "+12.3 ± 4.5"; an
// estimate that is not finite (a perfect score) has no interval: "n/a".
func interval(x, err float64, digits int, sign bool) string {
	v := finite(x, digits)
	if v == "n/a" {
		return v
	}
	if sign && x >= 0 {
		v = "+" + v
	}
	return v + " ± " + finite(err, digits)
}

// Match writes a match's result for A against B.
func Match(w io.Writer, format, a, b string, r *stats.MatchResult) error {
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
		{"Elo (95%)", interval(r.Elo, r.EloError, 2, false)},
		{"normalized Elo (95%)", interval(r.NElo, r.NEloError, 2, false)},
		{"LOS", fmt.Sprintf("%.2f%%", 100*r.LOS)},
		{"drawn games", fmt.Sprintf("%.2f%%", 100*r.DrawRatio)},
		{"pairs of 1 point (fastchess's DrawRatio)", fmt.Sprintf("%.2f%%", 100*r.PairDrawRatio)},
	}
	if r.NodesA > 0 || r.NodesB > 0 { // under a clock: what it bought
		rows = append(rows, []string{"mean depth, nodes a move", fmt.Sprintf("%s %.1f, %.0f; %s %.1f, %.0f",
			a, r.DepthA, r.NodesA, b, r.DepthB, r.NodesB)})
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
	return Table(w, format, []string{a + " vs " + b, ""}, rows, 1)
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

func writeMatchCSV(w io.Writer, a, b string, r *stats.MatchResult) error {
	p := r.Pentanomial
	return records.WriteRows(w, []matchRow{{a, b, r.Games, r.Wins, r.Draws, r.Losses, p[0], p[1], p[2], p[3], p[4], r.Points,
		r.ScoreRate, r.Elo, r.EloError, r.NElo, r.NEloError, r.LOS, r.DrawRatio, r.PairDrawRatio, r.LLR, r.Verdict}})
}

// Phases writes a match's depth, nodes and seconds a move by stretch of the games
// (match.Phases) for A against B: a table for people, or one row a phase
// with fixed column names for a spreadsheet (csv, json; the stretch as
// from_move and to_move, to_move empty for the game's end).
func Phases(w io.Writer, format, a, b string, phases []records.Phase) error {
	moves := func(p records.Phase) string {
		if p.To == 0 {
			return fmt.Sprintf("%d+", p.From)
		}
		return fmt.Sprintf("%d-%d", p.From, p.To)
	}
	mean := func(x float64, prec int) string { // empty where no comment gave one
		if x == 0 {
			return ""
		}
		return strconv.FormatFloat(x, 'f', prec, 64)
	}
	header := []string{"moves", a + " moves", a + " depth", a + " nodes", a + " seconds", b + " moves", b + " depth", b + " nodes", b + " seconds"}
	if format == "csv" || format == "json" {
		header = []string{"player", "opponent", "from_move", "to_move", "player_moves", "player_depth", "player_nodes", "player_seconds",
			"opponent_moves", "opponent_depth", "opponent_nodes", "opponent_seconds"}
	}
	var rows [][]string
	for _, p := range phases {
		row := []string{moves(p)}
		for side := range 2 {
			row = append(row, strconv.Itoa(p.Moves[side]), strconv.FormatFloat(p.Depth[side], 'f', 2, 64), mean(p.Nodes[side], 0), mean(p.Seconds[side], 3))
		}
		if format == "csv" || format == "json" { // numbers a spreadsheet will not read as dates
			to := ""
			if p.To != 0 {
				to = strconv.Itoa(p.To)
			}
			row = append([]string{a, b, strconv.Itoa(p.From), to}, row[1:]...)
		}
		rows = append(rows, row)
	}
	return Table(w, format, header, rows, 1)
}
