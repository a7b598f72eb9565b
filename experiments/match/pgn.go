package match

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/ablate-chess/ablate/engine/chess"
	"github.com/ablate-chess/ablate/experiments/stats"
)

// PGN writes one game of a pair with the standard tags, the players'
// configurations and what ended it.
func (m *Match) PGN(p *Pair, game int) string {
	g := p.Games[game]
	white, black := m.A, m.B
	if m.PairSpec != nil { // this pair's own configurations
		spec := m.PairSpec(p.Index)
		white.Spec, black.Spec = spec[0], spec[1]
	}
	if game == 1 {
		white, black = black, white
	}
	date := p.Date
	if date == "" {
		date = m.Date
	}
	tags := []chess.Tag{
		{Name: "Event", Value: m.Event}, {Name: "Site", Value: "ablate"}, {Name: "Date", Value: date},
		{Name: "Round", Value: fmt.Sprintf("%d.%d", p.Index+1, game+1)},
		{Name: "White", Value: white.Name}, {Name: "Black", Value: black.Name}, {Name: "Result", Value: g.Result},
	}
	if fen := g.Start.String(); fen != chess.StartFEN {
		tags = append(tags, chess.Tag{Name: "FEN", Value: fen}, chess.Tag{Name: "SetUp", Value: "1"})
	}
	tc := "-"
	if m.Budget.TC != nil {
		tc = m.Budget.TC.PGN()
	}
	tags = append(tags,
		chess.Tag{Name: "Termination", Value: g.Termination},
		chess.Tag{Name: "TimeControl", Value: tc},
		chess.Tag{Name: "PlyCount", Value: strconv.Itoa(len(g.Moves))},
		chess.Tag{Name: "Opening", Value: m.gameOpening(p, game)},
		chess.Tag{Name: "WhiteConfig", Value: white.Spec},
		chess.Tag{Name: "BlackConfig", Value: black.Spec},
		chess.Tag{Name: "Limits", Value: m.Budget.String()},
		chess.Tag{Name: "Reason", Value: g.Reason},
	)
	var b strings.Builder
	chess.WritePGN(&b, tags, g.Start, g.Moves, g.Comments, g.Result)
	return b.String()
}

// gameOpening names the opening of a pair's game: the pair's, or with
// random plies drawn per game, the game's own.
func (m *Match) gameOpening(p *Pair, game int) string {
	if m.RandomPerGame && m.RandomPlies > 0 {
		return m.opening(p.Index, game).ID
	}
	return p.Opening
}

// Tally is what a PGN file of finished games says about one player.
type Tally struct {
	Player, Opponent string
	Score            stats.Score
	Unpaired         int // games without a partner: left out when there are pairs
	Skipped          int // games without a result, or between others
}

// TallyPGN pairs the games of a finished match, read from a PGN file
// (ours, fastchess's or cutechess-cli's; in any order, as runners with
// concurrency write them), and counts them for player ("" is the White of
// the first game). Two games are a pair when they start from the same
// position with the same book moves (the leading moves without an engine's
// comment, or commented "book") and the players have swapped colours; the
// pairs are matched in file order.
func TallyPGN(games []chess.PGNGame, player string) (Tally, error) {
	var t Tally
	for _, g := range games {
		if player == "" {
			player = g.Tag("White")
		}
		if t.Opponent == "" && (g.Tag("White") == player) != (g.Tag("Black") == player) {
			if g.Tag("White") == player {
				t.Opponent = g.Tag("Black")
			} else {
				t.Opponent = g.Tag("White")
			}
		}
	}
	t.Player = player
	if t.Opponent == "" {
		return t, fmt.Errorf("no game of %q against another player", player)
	}
	type key struct{ start, book string }
	waiting := map[key][]int{} // unpaired games by opening, in order
	var order []key
	points := func(g *chess.PGNGame) float64 { return stats.Points(g.Result, g.Tag("White") == player) }
	for i := range games {
		g := &games[i]
		w, b := g.Tag("White"), g.Tag("Black")
		if g.Result == "*" || !((w == player && b == t.Opponent) || (b == player && w == t.Opponent)) {
			t.Skipped++
			continue
		}
		k := key{g.Start.String(), bookMoves(g)}
		q := waiting[k]
		matched := -1
		for j, other := range q {
			if games[other].Tag("White") != w {
				matched = j
				break
			}
		}
		if matched < 0 {
			if len(q) == 0 {
				order = append(order, k)
			}
			waiting[k] = append(q, i)
			continue
		}
		first := &games[q[matched]]
		waiting[k] = append(q[:matched], q[matched+1:]...)
		t.Score.AddPair(points(first), points(g))
	}
	// Games left without a partner (a match cut short, or still playing)
	// are left out, as fastchess counts the pairs it has: a pair's
	// statistics are not a single game's. Only games none of which is
	// paired (single games, not pairs) are counted as games.
	var single stats.Score
	for _, k := range order {
		for _, i := range waiting[k] {
			single.AddGame(points(&games[i]))
			t.Unpaired++
		}
	}
	if t.Score.Pairs() == 0 {
		t.Score = single
	}
	return t, nil
}

// bookMoves is the leading moves of a game that no engine played: those
// without a comment, or commented "book".
func bookMoves(g *chess.PGNGame) string {
	var b strings.Builder
	for i, m := range g.Moves {
		if c := g.Comments[i]; c != "" && c != "book" {
			break
		}
		b.WriteString(m.String() + " ")
	}
	return b.String()
}

// TallyFile reads a match's PGN file and tallies it for player
// (TallyPGN); log says how many games had no partner, and how many were
// skipped.
func TallyFile(path, player string, log io.Writer) (Tally, error) {
	f, err := chess.OpenPGN(path)
	if err != nil {
		return Tally{}, err
	}
	defer f.Close()
	games, err := chess.ReadPGN(f, path)
	if err != nil {
		return Tally{}, err
	}
	t, err := TallyPGN(games, player)
	if err != nil {
		return t, fmt.Errorf("%s: %v", path, err)
	}
	switch {
	case t.Unpaired > 0 && t.Score.Pairs() > 0:
		fmt.Fprintf(log, "%d games have no partner with the colours swapped (a match cut short?): left out; "+
			"Elo from the %d pairs\n", t.Unpaired, t.Score.Pairs())
	case t.Unpaired > 0:
		fmt.Fprintf(log, "no game has a partner with the colours swapped: Elo from the %d games' wins, draws "+
			"and losses, not pairs\n", t.Unpaired)
	}
	if t.Skipped > 0 {
		fmt.Fprintf(log, "%d games skipped (no result, or not %s against %s)\n", t.Skipped, t.Player, t.Opponent)
	}
	return t, nil
}
