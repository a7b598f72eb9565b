package match

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/ablate-chess/ablate/engine/chess"
	"github.com/ablate-chess/ablate/positions"
)

// Opening is where a game pair starts: a position, and the moves of the
// opening line that led there (kept in the game, for repetitions and the
// PGN), if the opening came with them.
type Opening struct {
	ID    string
	Start chess.Position
	Moves []chess.Move
}

// LoadOpenings reads openings from a built-in suite, an EPD/FEN file or a
// PGN file (.pgn or .pgn.gz: each game's moves, from its start, are an opening).
func LoadOpenings(nameOrPath string) ([]Opening, error) {
	if lower := strings.ToLower(nameOrPath); strings.HasSuffix(lower, ".pgn") || strings.HasSuffix(lower, ".pgn.gz") {
		f, err := chess.OpenPGN(nameOrPath)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		games, err := chess.ReadPGN(f, nameOrPath)
		if err != nil {
			return nil, err
		}
		if len(games) == 0 {
			return nil, fmt.Errorf("%s: no games", nameOrPath)
		}
		out := make([]Opening, len(games))
		for i, g := range games {
			out[i] = Opening{ID: fmt.Sprintf("%s:%d", nameOrPath, g.Line), Start: g.Start, Moves: g.Moves}
		}
		return out, nil
	}
	suite, err := positions.Load(nameOrPath)
	if err != nil {
		return nil, err
	}
	out := make([]Opening, len(suite.Entries))
	for i, e := range suite.Entries {
		out[i] = Opening{ID: e.ID, Start: e.Board}
	}
	return out, nil
}

// Order arranges the openings for the pairs: "sequential" keeps the file's
// order; "random" shuffles them with the seed, the same way every time.
// Pair i plays opening i, round-robin when there are more pairs.
func Order(ops []Opening, order string, seed uint64) ([]Opening, error) {
	switch order {
	case "sequential":
		return ops, nil
	case "random":
		out := append([]Opening(nil), ops...)
		r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
		r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
		return out, nil
	}
	return nil, fmt.Errorf("--openings-order %q: want sequential or random", order)
}

// opening is game g of pair i's opening: the openings in turn, each
// extended by the match's random plies if it has any. The plies are drawn
// from its seed and the pair, the same for both games of a pair; or, with
// RandomPerGame, from the seed and the game, so that a pair's two games
// start apart (self-play data, where a pair's games would otherwise be one
// game twice). A line that reaches a position with no legal move stops
// short of it.
func (m *Match) opening(i, g int) Opening {
	op := m.Openings[i%len(m.Openings)]
	if m.RandomPlies <= 0 {
		return op
	}
	stream, id := uint64(i), fmt.Sprintf("%s+%d", op.ID, i)
	if m.RandomPerGame {
		stream, id = 1<<63|uint64(2*i+g), fmt.Sprintf("%s+%d.%d", op.ID, i, g)
	}
	r := rand.New(rand.NewPCG(m.RandomSeed, stream))
	game := chess.NewGame(op.Start)
	for _, mv := range op.Moves {
		game.Play(mv)
	}
	moves := append([]chess.Move(nil), op.Moves...)
	for range m.RandomPlies {
		var l chess.MoveList
		game.Position.LegalMoves(&l)
		if l.N <= 1 { // keep a move to play: no mate or stalemate in the book
			break
		}
		mv := l.Moves[r.IntN(l.N)]
		var after chess.MoveList
		next := game.Position
		next.Play(mv)
		if next.LegalMoves(&after); after.N == 0 {
			break
		}
		game.Play(mv)
		moves = append(moves, mv)
	}
	op.ID = id
	op.Moves = moves
	return op
}

// pairOpening names pair i's opening: its first game's.
func (m *Match) pairOpening(i int) string { return m.opening(i, 0).ID }
