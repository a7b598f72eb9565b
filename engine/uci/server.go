package uci

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ablate-chess/ablate/engine/chess"
	"github.com/ablate-chess/ablate/engine/search"
)

// Server speaks UCI for ablate's engine: it reads a GUI's commands and
// writes the engine's answers. Searches run on their own goroutine so that
// isready and stop are answered while one is in progress.
type Server struct {
	Name, Author string

	mu  sync.Mutex // guards out: the search goroutine writes too
	out io.Writer

	hashMB   int
	cfg      search.Config
	preset   string
	searcher *search.Searcher
	game     *chess.Game

	stop atomic.Bool
	done chan struct{} // closed when the running search has printed bestmove
}

// NewServer returns a server writing to out, with the full preset and a
// 16 MB table.
func NewServer(out io.Writer) *Server { return newServer(out, 16) }

func newServer(out io.Writer, hashMB int) *Server {
	start, _ := chess.ParseFEN(chess.StartFEN)
	s := &Server{Name: "ablate", Author: "the ablate developers", out: out,
		hashMB: hashMB, cfg: search.DefaultConfig(), preset: "full", game: chess.NewGame(start)}
	s.searcher = search.New(s.cfg, s.hashMB)
	return s
}

func (s *Server) send(format string, args ...any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	fmt.Fprintf(s.out, format+"\n", args...)
}

// Run reads commands until quit or the end of input.
func (s *Server) Run(in io.Reader) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), 4*1024*1024)
	for sc.Scan() {
		if !s.handle(sc.Text()) {
			break
		}
	}
	s.stopSearch()
	return sc.Err()
}

// handle runs one command and reports whether to go on.
func (s *Server) handle(line string) bool {
	f := strings.Fields(line)
	if len(f) == 0 {
		return true
	}
	switch f[0] {
	case "uci":
		s.sendIdentity()
	case "isready":
		s.send("readyok")
	case "ucinewgame":
		s.stopSearch()
		s.searcher.NewGame()
	case "setoption":
		s.stopSearch()
		s.setOption(f[1:])
	case "position":
		s.stopSearch()
		s.setPosition(f[1:])
	case "go":
		s.stopSearch()
		s.goSearch(f[1:])
	case "stop":
		s.stopSearch()
	case "ponderhit", "debug", "register":
		// Pondering, debug mode and registration are not supported; the
		// protocol lets an engine ignore them.
	case "quit":
		return false
	default:
		s.send("info string unknown command %q", f[0])
	}
	return true
}

func (s *Server) sendIdentity() {
	s.send("id name %s", s.Name)
	s.send("id author %s", s.Author)
	s.send("option name Hash type spin default 16 min 1 max %d", search.MaxHashMB)
	s.send("option name Preset type combo default full var %s", strings.Join(search.PresetNames(), " var "))
	def := search.DefaultConfig()
	for _, name := range search.TechniqueNames() {
		t, _ := search.ParseTechnique(name)
		s.send("option name %s type check default %t", name, def.Techniques.Has(t))
	}
	for _, p := range search.ParamInfos() {
		v, _ := def.Params.Get(p.Name) // full's value, which may not be the registry's
		s.send("option name %s type spin default %d min %d max %d", p.Name, v, p.Min, p.Max)
	}
	s.send("uciok")
}

// setOption handles "setoption name <id> [value <x>]"; names are not case
// sensitive.
func (s *Server) setOption(args []string) {
	var name, value []string
	cur := &name
	for i, a := range args {
		switch {
		case i == 0 && a == "name":
		case a == "value" && cur == &name:
			cur = &value
		default:
			*cur = append(*cur, a)
		}
	}
	id := strings.ToLower(strings.Join(name, " "))
	val := strings.Join(value, " ")
	fail := func(err error) { s.send("info string setoption %s: %v", id, err) }
	switch id {
	case "hash":
		mb, err := strconv.Atoi(val)
		if err != nil || mb < 1 || mb > search.MaxHashMB {
			fail(fmt.Errorf("%q is not a size from 1 to %d MB", val, search.MaxHashMB))
			return
		}
		s.hashMB = mb
		s.searcher = search.New(s.cfg, mb)
		return
	case "preset":
		c, err := search.Preset(val)
		if err != nil {
			fail(err)
			return
		}
		s.cfg, s.preset = c, val
	default:
		if t, err := search.ParseTechnique(id); err == nil {
			switch strings.ToLower(val) {
			case "true":
				s.cfg.Techniques = s.cfg.Techniques.With(t)
			case "false":
				s.cfg.Techniques = s.cfg.Techniques.Without(t)
			default:
				fail(fmt.Errorf("%q is not true or false", val))
				return
			}
		} else {
			v, err := strconv.Atoi(val)
			if err == nil {
				err = s.cfg.Params.Set(id, v)
			}
			if err != nil {
				fail(err)
				return
			}
		}
	}
	s.searcher.SetConfig(s.cfg)
}

// setPosition handles "position startpos|fen <fen> [moves <m>...]".
func (s *Server) setPosition(args []string) {
	if len(args) == 0 {
		s.send("info string position: missing startpos or fen")
		return
	}
	fen := chess.StartFEN
	rest := args[1:]
	switch args[0] {
	case "startpos":
	case "fen":
		end := len(rest)
		for i, a := range rest {
			if a == "moves" {
				end = i
				break
			}
		}
		fen = strings.Join(rest[:end], " ")
		rest = rest[end:]
	default:
		s.send("info string position: %q is not startpos or fen", args[0])
		return
	}
	p, err := chess.ParseFEN(fen)
	if err != nil {
		s.send("info string position: %v", err)
		return
	}
	g := chess.NewGame(p)
	if len(rest) > 0 && rest[0] == "moves" {
		for _, mv := range rest[1:] {
			m, err := g.Position.ParseUCI(mv)
			if err != nil {
				s.send("info string position: %v; moves from it on ignored", err)
				break
			}
			g.Play(m)
		}
	}
	s.game = g
}

// goSearch handles "go ..." and starts the search.
func (s *Server) goSearch(args []string) {
	var lim search.Limits
	var wtime, btime, winc, binc, movetime int64
	movestogo, infinite := 0, false
	for i := 0; i < len(args); i++ {
		next := func() int64 {
			if i+1 < len(args) {
				i++
				v, _ := strconv.ParseInt(args[i], 10, 64)
				return v
			}
			return 0
		}
		switch args[i] {
		case "depth":
			lim.Depth = int(next())
		case "nodes":
			lim.Nodes = uint64(next())
		case "movetime":
			movetime = next()
		case "wtime":
			wtime = next()
		case "btime":
			btime = next()
		case "winc":
			winc = next()
		case "binc":
			binc = next()
		case "movestogo":
			movestogo = int(next())
		case "mate":
			lim.Depth = 2*int(next()) + 1
		case "infinite", "ponder":
			infinite = true
		}
	}
	switch {
	case movetime > 0:
		lim.SoftTime = time.Duration(movetime) * time.Millisecond
		lim.HardTime = lim.SoftTime
	case wtime > 0 || btime > 0:
		left, inc := wtime, winc
		if s.game.Position.SideToMove() == chess.Black {
			left, inc = btime, binc
		}
		lim.SoftTime, lim.HardTime = search.ClockLimits(time.Duration(left)*time.Millisecond, time.Duration(inc)*time.Millisecond, movestogo)
	}
	s.stop.Store(false)
	lim.Stop = &s.stop
	done := make(chan struct{})
	s.done = done
	pos, history := s.game.Position, append([]uint64(nil), s.game.History()...)
	searcher := s.searcher
	go func() {
		defer close(done)
		res := searcher.Search(pos, history, lim, func(it *search.Iteration) { s.sendInfo(it) })
		// With infinite, the GUI decides when the search ends.
		for infinite && !s.stop.Load() {
			time.Sleep(time.Millisecond)
		}
		move := "0000"
		if res.Move != chess.NullMove {
			move = res.Move.String()
		}
		s.send("bestmove %s", move)
	}()
}

func (s *Server) sendInfo(it *search.Iteration) {
	ms := it.Elapsed.Milliseconds()
	nps := uint64(0)
	if it.Elapsed > 0 {
		nps = uint64(float64(it.Stats.Nodes) / it.Elapsed.Seconds())
	}
	score := fmt.Sprintf("cp %d", it.Score)
	if search.IsMate(it.Score) {
		score = fmt.Sprintf("mate %d", search.MateIn(it.Score))
	}
	var pv strings.Builder
	if len(it.PV) > 0 {
		pv.WriteString(" pv")
		for _, m := range it.PV {
			pv.WriteString(" " + m.String())
		}
	}
	s.send("info depth %d seldepth %d score %s nodes %d nps %d time %d%s",
		it.Depth, it.SelDepth, score, it.Stats.Nodes, nps, ms, pv.String())
}

// stopSearch stops the running search, if any, and waits for its bestmove.
func (s *Server) stopSearch() {
	if s.done == nil {
		return
	}
	s.stop.Store(true)
	<-s.done
	s.done = nil
}
