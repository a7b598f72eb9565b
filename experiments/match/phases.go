package match

import (
	"fmt"

	"github.com/ablate-chess/ablate/engine/chess"
	"github.com/ablate-chess/ablate/experiments/records"
)

// Phases splits the games of player against opponent at the bounds (the
// last own move of each phase, ascending): bounds 10, 20, 40 make the
// phases 1-10, 11-20, 21-40 and 41 on.
func Phases(games []chess.PGNGame, player, opponent string, bounds []int) ([]records.Phase, error) {
	for i, b := range bounds {
		if b < 1 || (i > 0 && b <= bounds[i-1]) {
			return nil, fmt.Errorf("phase bounds %v: want move numbers above 0, ascending", bounds)
		}
	}
	out := make([]records.Phase, len(bounds)+1)
	from := 1
	for i := range out {
		out[i].From = from
		if i < len(bounds) {
			out[i].To = bounds[i]
			from = bounds[i] + 1
		}
	}
	type sums struct {
		depth, nodes, seconds float64
		moves, counted, timed int
	}
	acc := make([][2]sums, len(out))
	for _, g := range games {
		w, b := g.Tag("White"), g.Tag("Black")
		if !((w == player && b == opponent) || (w == opponent && b == player)) {
			continue
		}
		mover := g.Start.SideToMove()
		var own [2]int // each side's own moves so far
		for _, c := range g.Comments {
			side := 1
			if (mover == chess.White) == (w == player) {
				side = 0
			}
			mover = mover.Other()
			d, ok := commentDepth(c)
			if !ok {
				continue
			}
			own[side]++
			k := phaseOf(out, own[side])
			s := &acc[k][side]
			s.depth += float64(d)
			s.moves++
			if n, ok := commentNodes(c); ok {
				s.nodes += float64(n)
				s.counted++
			}
			if x, ok := commentSeconds(c); ok {
				s.seconds += x
				s.timed++
			}
		}
	}
	for k := range out {
		for side := range 2 {
			s := acc[k][side]
			out[k].Moves[side] = s.moves
			if s.moves > 0 {
				out[k].Depth[side] = s.depth / float64(s.moves)
			}
			if s.counted > 0 {
				out[k].Nodes[side] = s.nodes / float64(s.counted)
			}
			if s.timed > 0 {
				out[k].Seconds[side] = s.seconds / float64(s.timed)
			}
		}
	}
	return out, nil
}

func phaseOf(phases []records.Phase, move int) int {
	for k, p := range phases {
		if p.To == 0 || move <= p.To {
			return k
		}
	}
	return len(phases) - 1
}

// PhasesFile reads a match's PGN file and splits its games (Phases).
func PhasesFile(path, player, opponent string, bounds []int) ([]records.Phase, error) {
	f, err := chess.OpenPGN(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	games, err := chess.ReadPGN(f, path)
	if err != nil {
		return nil, err
	}
	return Phases(games, player, opponent, bounds)
}
