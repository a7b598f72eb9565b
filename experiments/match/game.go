package match

import (
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/ablate-chess/ablate/engine/chess"
	"github.com/ablate-chess/ablate/engine/search"
	"github.com/ablate-chess/ablate/engine/subject"
	"github.com/ablate-chess/ablate/engine/uci"
	"github.com/ablate-chess/ablate/experiments/setup"
	"github.com/ablate-chess/ablate/experiments/stats"
)

// Limits is what each move may use: a node count (the default, and the

// Adjudication ends games early, each rule off when its count is 0.
type Adjudication struct {
	// Resign: both sides' scores agree that one side is ahead by at least
	// ResignScore centipawns for ResignMoves moves each.
	ResignMoves, ResignScore int
	// Draw: from move DrawFrom on, both sides' scores stay within DrawScore
	// of 0 for DrawMoves moves each.
	DrawFrom, DrawMoves, DrawScore int
	// MaxMoves: a game reaching this many moves (each side's) is a draw.
	MaxMoves int
}

// Faulted reports whether a game ended by an engine's fault (a crash, a
// hang, an illegal move, a loss on time or a watchdog's stop) rather than
// by chess: a tune replays such a pair rather than learn from it.
func (g *Game) Faulted() bool { return g.Termination == termInfraction || g.Termination == termTime }

// The ways a game ends, as the PGN Termination tag and our reason say.
const (
	termNormal      = "normal"
	termAdjudicated = "adjudication"
	termTime        = "time forfeit"
	termInfraction  = "rules infraction"
)

// Game is one finished game.
type Game struct {
	White, Black string // player names
	Start        chess.Position
	Moves        []chess.Move // every move from Start, the opening's first
	BookPlies    int          // how many of them the opening played
	Comments     []string     // per move: score/depth (and time and nodes against a clock)
	Result       string       // 1-0, 0-1, 1/2-1/2
	Termination  string       // the PGN Termination tag
	Reason       string       // what ended it: checkmate, threefold repetition, ...
	// Elapsed is the game's time; Searching the part of it the engines
	// spent in their searches (the rest is the match's own cost).
	Elapsed, Searching time.Duration
}

// scoreFor returns the game's points for the player of that name.
func (g *Game) scoreFor(name string) float64 { return stats.Points(g.Result, g.White == name) }

// side is one player's engine in a game.
type side struct {
	name     string
	eng      subject.Engine
	cfg      subject.Config
	left     time.Duration
	overruns int // moves stopped by the watchdog, this worker's games
}

// maxOverruns is how many moves an engine may run past their nodes or
// depth before the match stops: one is a game lost on time; more say the
// engine ignores the limit.
const maxOverruns = 3

// play plays one game from an opening. stop, when set, abandons it:
// play returns nil.
func play(op *Opening, white, black *side, lim *setup.Budget, adj *Adjudication, stop *atomic.Bool) (*Game, error) {
	g := chess.NewGame(op.Start)
	for _, m := range op.Moves {
		g.Play(m)
	}
	game := &Game{White: white.name, Black: black.name, Start: op.Start, BookPlies: len(op.Moves)}
	began := time.Now()
	for _, s := range []*side{white, black} {
		if err := s.eng.Reset(s.cfg); err != nil {
			return nil, fmt.Errorf("%s: %v", s.name, err)
		}
		if lim.TC != nil {
			s.left = lim.TC.Base
		}
	}
	end := func(result, termination, reason string) (*Game, error) {
		game.Elapsed = time.Since(began)
		game.Moves = append(game.Moves[:0], g.Moves...)
		game.Result, game.Termination, game.Reason = result, termination, reason
		return game, nil
	}
	lose := func(c chess.Color, termination, reason string) (*Game, error) {
		if c == chess.White {
			return end("0-1", termination, reason)
		}
		return end("1-0", termination, reason)
	}
	game.Comments = make([]string, len(op.Moves))
	for i := range game.Comments {
		game.Comments[i] = "book"
	}
	var adjudge adjudicator
	for {
		if over, result, reason := rules(g); over {
			return end(result, termNormal, reason)
		}
		if adj.MaxMoves > 0 && len(g.Moves)-len(op.Moves) >= 2*adj.MaxMoves {
			return end("1/2-1/2", termAdjudicated, fmt.Sprintf("move cap (%d moves)", adj.MaxMoves))
		}
		us := g.Position.SideToMove()
		mover, other := white, black
		if us == chess.Black {
			mover, other = black, white
		}
		sl := subject.Limits{Depth: lim.Depth, Nodes: lim.Nodes, MoveTime: lim.MoveTime, Stop: stop}
		if lim.TC != nil {
			sl.Clock = &subject.Clock{White: white.left, Black: black.left, WhiteInc: lim.TC.Inc, BlackInc: lim.TC.Inc,
				NodesPerMS: lim.TC.NodesPerMS}
		}
		t0 := time.Now()
		res, err := mover.eng.Search(g, sl, nil)
		spent := time.Since(t0)
		game.Searching += spent
		if stop.Load() {
			return nil, nil
		}
		if err != nil {
			var ee *uci.EngineError
			if !errors.As(err, &ee) {
				return nil, err
			}
			if ee.What == "overran" { // the watchdog stopped it: lost on time
				if mover.overruns++; mover.overruns >= maxOverruns {
					return nil, fmt.Errorf("engine %s %s (%d moves)", mover.name, ee.Detail, mover.overruns)
				}
				return lose(us, termTime, fmt.Sprintf("%s %s", mover.name, ee.Detail))
			}
			return lose(us, termInfraction, fmt.Sprintf("%s %s", mover.name, describe(ee)))
		}
		if lim.TC != nil {
			mover.left -= lim.TC.Spent(res.Nodes, spent)
			if mover.left < -lim.TimeMargin {
				// A flag fall is a draw if the opponent could never mate.
				if !canMate(&g.Position, us.Other()) {
					return end("1/2-1/2", termTime, fmt.Sprintf("%s lost on time, but %s cannot mate", mover.name, other.name))
				}
				return lose(us, termTime, fmt.Sprintf("%s lost on time", mover.name))
			}
			mover.left += lim.TC.Inc
		}
		if res.Move == chess.NullMove {
			return lose(us, termInfraction, fmt.Sprintf("%s gave no move", mover.name))
		}
		score, depth, nodes, known := 0, 0, uint64(0), false
		if it := res.Last(); it != nil {
			score, depth, nodes, known = it.Score, it.Depth, it.Nodes, true
		}
		game.Comments = append(game.Comments, comment(score, depth, nodes, known, spent, lim.Timed(), lim.TC != nil))
		g.Play(res.Move)
		// Scores from White's point of view, for the adjudicator.
		whiteScore := score
		if us == chess.Black {
			whiteScore = -score
		}
		if result, reason, over := adjudge.add(adj, whiteScore, known, g.Position.FullmoveNumber()); over {
			return end(result, termAdjudicated, reason)
		}
	}
}

// describe says how an external engine failed.
func describe(e *uci.EngineError) string {
	switch e.What {
	case "illegal":
		return e.Detail
	case "hung":
		return "hung (no bestmove in time)"
	case "exited":
		return "crashed"
	case "protocol":
		return "sent garbage: " + e.Detail
	}
	return e.Detail
}

// rules decides a game the position settles: checkmate, stalemate,
// insufficient material, threefold repetition, the fifty-move rule.
func rules(g *chess.Game) (over bool, result, reason string) {
	p := &g.Position
	var l chess.MoveList
	p.LegalMoves(&l)
	switch {
	case l.N == 0 && p.InCheck():
		if p.SideToMove() == chess.White {
			return true, "0-1", "checkmate"
		}
		return true, "1-0", "checkmate"
	case l.N == 0:
		return true, "1/2-1/2", "stalemate"
	case p.InsufficientMaterial():
		return true, "1/2-1/2", "insufficient material"
	case g.Repetitions() >= 2:
		return true, "1/2-1/2", "threefold repetition"
	case p.FiftyMoves():
		return true, "1/2-1/2", "fifty-move rule"
	}
	return false, "", ""
}

// canMate reports whether side c has the material to mate at all: a pawn,
// rook or queen, or two minor pieces.
func canMate(p *chess.Position, c chess.Color) bool {
	if p.Pieces(c, chess.Pawn)|p.Pieces(c, chess.Rook)|p.Pieces(c, chess.Queen) != 0 {
		return true
	}
	return (p.Pieces(c, chess.Knight) | p.Pieces(c, chess.Bishop)).Count() >= 2
}

// comment is a move's PGN comment: the mover's score in pawns (or mate)
// and the depth, and the time it took when the game is against a clock.
func comment(score, depth int, nodes uint64, known bool, spent time.Duration, timed, clock bool) string {
	s := "book"
	switch {
	case !known:
		s = "?"
	case search.IsMate(score):
		n := search.MateIn(score)
		sign := "+"
		if n < 0 {
			sign, n = "-", -n
		}
		s = fmt.Sprintf("%sM%d/%d", sign, n, depth)
	default:
		s = fmt.Sprintf("%+.2f/%d", float64(score)/100, depth)
	}
	if timed {
		s += fmt.Sprintf(" %.3fs", spent.Seconds())
	}
	if clock && known && nodes > 0 {
		s += fmt.Sprintf(" n=%d", nodes) // what the clock bought
	}
	return s
}

// adjudicator counts the consecutive plies for which the scores have
// agreed on a win or on a draw.
type adjudicator struct{ winPlies, drawPlies, lastSign int }

// add takes the score of the move just played, from White's point of
// view, and says whether the game is decided.
func (a *adjudicator) add(adj *Adjudication, whiteScore int, known bool, fullmove int) (result, reason string, over bool) {
	if !known {
		a.winPlies, a.drawPlies = 0, 0
		return "", "", false
	}
	if adj.ResignMoves > 0 {
		sign := 0
		switch {
		case whiteScore >= adj.ResignScore:
			sign = 1
		case whiteScore <= -adj.ResignScore:
			sign = -1
		}
		if sign != 0 && sign == a.lastSign {
			a.winPlies++
		} else if sign != 0 {
			a.winPlies = 1
		} else {
			a.winPlies = 0
		}
		a.lastSign = sign
		if a.winPlies >= 2*adj.ResignMoves {
			if sign > 0 {
				return "1-0", fmt.Sprintf("resign adjudication (both scores beyond %d cp for %d moves)", adj.ResignScore, adj.ResignMoves), true
			}
			return "0-1", fmt.Sprintf("resign adjudication (both scores beyond %d cp for %d moves)", adj.ResignScore, adj.ResignMoves), true
		}
	}
	if adj.DrawMoves > 0 && fullmove > adj.DrawFrom {
		if whiteScore <= adj.DrawScore && whiteScore >= -adj.DrawScore {
			a.drawPlies++
		} else {
			a.drawPlies = 0
		}
		if a.drawPlies >= 2*adj.DrawMoves {
			return "1/2-1/2", fmt.Sprintf("draw adjudication (both scores within %d cp for %d moves)", adj.DrawScore, adj.DrawMoves), true
		}
	}
	return "", "", false
}
