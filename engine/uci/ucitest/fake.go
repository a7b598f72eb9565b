// Package ucitest is a fake UCI engine for tests: a test binary becomes
// one when an environment variable says so, and misbehaves on request, so
// that every way an external engine can fail is tested without one.
package ucitest

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/ablate-chess/ablate/engine/chess"
)

// modeVar holds the fake engine's mode: a fault and when it strikes, as
// in "crash@3" (the process's third search) or "crash#r3k2r" (a search of a
// position whose FEN starts so).
const modeVar = "ABLATE_FAKE_UCI"

// Modes: ok (plays the first legal move), crash (exits), hang (never
// answers go), illegal (plays a move that is not legal), garbage (prints a
// line the protocol does not define), nouciok (never finishes the
// handshake), exit (exits at once), slowstart (one second before uciok),
// slow (thinks 200 ms a move, to lose on time), random (counts a different
// number of nodes every search, as an engine that is not deterministic),
// nonodes (searches, then holds its bestmove until stop, as Toga II 3.0
// does with go nodes).
var Modes = []string{"ok", "crash", "hang", "illegal", "garbage", "nouciok", "exit", "slowstart", "slow", "random", "nonodes"}

// Command returns the command line that runs the test binary as a fake
// engine in the given mode ("crash@3": crash on the third search;
// "hang#r3k2r": hang on Kiwipete).
func Command(mode string) string {
	exe, _ := os.Executable()
	return fmt.Sprintf("env %s=%s %s", modeVar, mode, exe)
}

// Main makes the test binary a fake engine if the environment asks for
// one: call it first thing in TestMain.
func Main() {
	mode := os.Getenv(modeVar)
	if mode == "" {
		return
	}
	run(mode)
	os.Exit(0)
}

func run(spec string) {
	// --pidfile FILE: write the process id there (for tests of who
	// outlives whom).
	for i, a := range os.Args {
		if a == "--pidfile" && i+1 < len(os.Args) {
			os.WriteFile(os.Args[i+1], []byte(fmt.Sprint(os.Getpid())), 0o644)
		}
	}
	mode, at, prefix := spec, 1, ""
	if i := strings.IndexByte(spec, '@'); i >= 0 {
		mode = spec[:i]
		fmt.Sscan(spec[i+1:], &at)
	}
	if i := strings.IndexByte(spec, '#'); i >= 0 {
		mode, prefix, at = spec[:i], spec[i+1:], 0
	}
	if mode == "exit" {
		os.Exit(3)
	}
	out := bufio.NewWriter(os.Stdout)
	say := func(format string, args ...any) {
		fmt.Fprintf(out, format+"\n", args...)
		out.Flush()
	}
	pos, _ := chess.ParseFEN(chess.StartFEN)
	searches := 0
	pending := "" // a bestmove held until stop (nonodes)
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "uci":
			say("id name Fake %s", spec)
			say("id author ablate tests")
			say("option name Hash type spin default 16 min 1 max 1024")
			say("option name Pruning type check default true")
			say("option name Margin type spin default 100 min 0 max 500")
			if mode == "nouciok" {
				continue
			}
			if mode == "slowstart" {
				time.Sleep(time.Second)
			}
			say("uciok")
		case "isready":
			say("readyok")
		case "position":
			pos = setPosition(f[1:])
		case "go":
			searches++
			strike := at > 0 && searches >= at || prefix != "" && strings.HasPrefix(pos.String(), prefix)
			switch {
			case strike && mode == "crash":
				os.Exit(1)
			case strike && mode == "hang":
				continue
			case strike && mode == "garbage":
				say("this is not uci")
				continue
			case strike && mode == "slow":
				time.Sleep(200 * time.Millisecond)
			}
			var l chess.MoveList
			pos.LegalMoves(&l)
			if l.N == 0 {
				say("bestmove 0000")
				continue
			}
			// One iteration per depth asked for (2 if none), with a node
			// count that grows with it: 10 d^2, plus the search's number
			// in random mode.
			depth := 2
			for i := 1; i+1 < len(f); i++ {
				if f[i] == "depth" {
					fmt.Sscan(f[i+1], &depth)
				}
			}
			for d := 1; d <= depth; d++ {
				nodes := 10 * d * d
				if mode == "random" {
					nodes += os.Getpid() % 1000
				}
				say("info depth %d seldepth %d score cp %d nodes %d time %d pv %s", d, d, 10*d, nodes, d, l.Moves[0])
			}
			if strike && mode == "illegal" {
				say("bestmove a1a1")
				continue
			}
			if strike && mode == "nonodes" { // as Toga II 3.0 does with go nodes: wait for stop
				pending = l.Moves[0].String()
				continue
			}
			say("bestmove %s", l.Moves[0])
		case "stop":
			if pending != "" {
				say("bestmove %s", pending)
				pending = ""
			}
		case "quit":
			return
		}
	}
}

func setPosition(args []string) chess.Position {
	fen := chess.StartFEN
	rest := args
	if len(args) > 0 && args[0] == "fen" {
		end := len(args)
		for i, a := range args {
			if a == "moves" {
				end = i
				break
			}
		}
		fen = strings.Join(args[1:end], " ")
		rest = args[end:]
	} else if len(args) > 0 {
		rest = args[1:]
	}
	p, _ := chess.ParseFEN(fen)
	if len(rest) > 0 && rest[0] == "moves" {
		for _, s := range rest[1:] {
			m, err := p.ParseUCI(s)
			if err != nil {
				break
			}
			p.Play(m)
		}
	}
	return p
}
