package uci

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/ablate-chess/ablate/engine/chess"
)

// startServer runs a Server on pipes and returns a client talking to it.
func startServer(t *testing.T) *Client {
	t.Helper()
	toEngine, engineIn := io.Pipe()
	engineOut, fromEngine := io.Pipe()
	srv := NewServer(fromEngine)
	go func() {
		srv.Run(toEngine)
		fromEngine.Close()
	}()
	c := NewClient(engineOut, engineIn)
	if err := c.Handshake(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

func TestHandshakeAnnouncesOptions(t *testing.T) {
	c := startServer(t)
	if c.Name != "ablate" {
		t.Errorf("name %q", c.Name)
	}
	for _, want := range []Option{
		{Name: "Hash", Type: "spin", Default: "16", Min: 1, Max: 4096},
		{Name: "lmr", Type: "check", Default: "true"},
		{Name: "hyper-nmp", Type: "check", Default: "false"},
		{Name: "lmr-base-plies-x100", Type: "spin", Default: "78", Min: 0, Max: 400}, // full's, not the registry's 75
		{Name: "lmr-min-depth-plies", Type: "spin", Default: "3", Min: 1, Max: 32},
	} {
		if got, ok := c.Option(want.Name); !ok || fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("option %s: %+v, want %+v", want.Name, got, want)
		}
	}
	if p, ok := c.Option("preset"); !ok || p.Type != "combo" || p.Default != "full" || p.Vars[1] != "full-pesto" || p.Vars[2] != "full-eval" || p.Vars[3] != "alphabeta" {
		t.Errorf("preset option %+v", p)
	}
}

// playGame plays plies moves between two clients (the same one may play
// both sides), checking that every move is legal.
func playGame(t *testing.T, white, black *Client, plies int, goArgs string) []string {
	t.Helper()
	p, _ := chess.ParseFEN(chess.StartFEN)
	var moves []string
	for i := 0; i < plies; i++ {
		engine := white
		if i%2 == 1 {
			engine = black
		}
		pos := "startpos"
		if len(moves) > 0 {
			pos += " moves " + strings.Join(moves, " ")
		}
		best, infos, err := engine.Go(pos, goArgs)
		if err != nil {
			t.Fatalf("ply %d (%s): %v", i+1, engine.Name, err)
		}
		m, err := p.ParseUCI(best)
		if err != nil {
			t.Fatalf("ply %d: %s played %q: %v", i+1, engine.Name, best, err)
		}
		if engine.Name == "ablate" && len(infos) == 0 {
			t.Errorf("ply %d: no info lines before bestmove", i+1)
		}
		p.Play(m)
		moves = append(moves, best)
		var l chess.MoveList
		if p.LegalMoves(&l); l.N == 0 {
			break
		}
	}
	return moves
}

func TestShortGameOverPipes(t *testing.T) {
	c := startServer(t)
	if err := c.Send("ucinewgame"); err != nil {
		t.Fatal(err)
	}
	moves := playGame(t, c, c, 12, "depth 5")
	if len(moves) != 12 {
		t.Errorf("game ended after %d plies", len(moves))
	}
	// The clock: a short time control still yields legal moves.
	playGame(t, c, c, 4, "wtime 2000 btime 2000 winc 10 binc 10")
	playGame(t, c, c, 2, "movetime 50")
	playGame(t, c, c, 2, "nodes 5000")
}

func TestStopEndsInfiniteSearch(t *testing.T) {
	c := startServer(t)
	c.Send("position startpos moves e2e4 e7e5")
	c.Send("go infinite")
	if err := c.IsReady(); err != nil { // answered while searching
		t.Fatal(err)
	}
	c.Send("stop")
	for {
		kind, _, line, err := c.next(time.Now().Add(c.Timeout))
		if err != nil {
			t.Fatal(err)
		}
		if kind == "bestmove" {
			if !strings.HasPrefix(line, "bestmove ") || strings.Contains(line, "0000") {
				t.Errorf("bad bestmove %q", line)
			}
			return
		}
	}
}

func TestBadCommandsAreReported(t *testing.T) {
	c := startServer(t)
	for cmd, want := range map[string]string{
		"setoption name lmr-base-centiplies value 999": "out of range 0..400",
		"setoption name lmr value maybe":               "not true or false",
		"setoption name Preset value nosuch":           `unknown preset "nosuch"`,
		"position fen 8/8/8/8 w - - 0 1":               "invalid FEN",
		"position startpos moves e2e5":                 "e2e5 is not legal",
		"frobnicate":                                   "unknown command",
	} {
		c.Send(cmd)
		kind, info, line, err := c.next(time.Now().Add(c.Timeout))
		if err != nil || kind != "info" || !strings.Contains(info.String, want) {
			t.Errorf("%q: got %q (%v), want an info string with %q", cmd, line, err, want)
		}
	}
	// The engine still works afterwards, and a mated side answers 0000.
	best, _, err := c.Go("fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", "depth 3")
	if err != nil || best != "0000" {
		t.Errorf("mated position: bestmove %q, %v", best, err)
	}
}

func TestParseOption(t *testing.T) {
	for _, c := range []struct {
		line string
		want Option
	}{
		{"option name NullMove Pruning type combo default Always var Always var Fail High var Never",
			Option{Name: "NullMove Pruning", Type: "combo", Default: "Always", Vars: []string{"Always", "Fail High", "Never"}}},
		{"option name Futility Margin 0 type spin default 50 min 0 max 1000",
			Option{Name: "Futility Margin 0", Type: "spin", Default: "50", Min: 0, Max: 1000}},
		{"option name Clear Hash type button", Option{Name: "Clear Hash", Type: "button"}},
		{"option name BookFile type string default performance.bin", Option{Name: "BookFile", Type: "string", Default: "performance.bin"}},
	} {
		got, err := ParseOption(c.line)
		if err != nil || fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%q: %+v %v", c.line, got, err)
		}
	}
	o, _ := ParseOption("option name Futility Margin type spin default 100 min 0 max 500")
	if o.Check("600") == nil || o.Check("50") != nil || o.Check("x") == nil {
		t.Error("spin range not checked")
	}
	o, _ = ParseOption("option name NullMove Pruning type combo default Always var Always var Never")
	if o.Check("Sometimes") == nil || o.Check("never") != nil {
		t.Error("combo values not checked")
	}
}

func TestParseEngineLineIsStrict(t *testing.T) {
	for _, ok := range []string{
		"id name Stockfish 15.1", "uciok", "readyok", "bestmove e2e4", "bestmove e7e8q ponder d2d1",
		"info depth 3 seldepth 5 score cp -20 nodes 100 nps 1000 time 1 pv e2e4 e7e5",
		"info depth 9 score mate -3 upperbound nodes 5 pv a1a2",
		"info string anything at all", "option name Hash type spin default 16 min 1 max 33554432",
	} {
		if _, _, err := ParseEngineLine(ok); err != nil {
			t.Errorf("%q rejected: %v", ok, err)
		}
	}
	for _, bad := range []string{
		"bestmove", "bestmove e2e9", "uciok now", "info depth x", "info score cp", "info pv e2e4 zz",
		"info frobs 3", "hello", "option name X type dial",
	} {
		if _, _, err := ParseEngineLine(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// stockfishPath finds Debian's stockfish; CI installs it, so there its
// absence is a failure.
func stockfishPath(t *testing.T) string {
	for _, p := range []string{"/usr/games/stockfish", "stockfish"} {
		if path, err := exec.LookPath(p); err == nil {
			return path
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatal("stockfish not installed (.ci/run installs it)")
	}
	t.Skip("stockfish not installed")
	return ""
}

func TestGameAgainstStockfish(t *testing.T) {
	sf, err := Start(stockfishPath(t))
	if err != nil {
		t.Fatal(err)
	}
	defer sf.Close()
	if err := sf.Handshake(); err != nil {
		t.Fatal(err)
	}
	sf.SetOption("Skill Level", "0")
	if err := sf.IsReady(); err != nil {
		t.Fatal(err)
	}
	ours := startServer(t)
	moves := playGame(t, ours, sf, 10, "depth 5")
	if len(moves) < 10 {
		t.Logf("game over early: %v", moves)
	}
}
