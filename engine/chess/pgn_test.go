package chess

import (
	"bytes"
	"compress/gzip"
	"os"
	"strings"
	"testing"
)

const samplePGN = `[Event "Test \"quoted\""]
[Site "?"]
[White "A"]
[Black "B"]
[Result "1-0"]

1. e4 {book} e5 2.Nf3 Nc6 (2... d6 3. d4 (3. Bc4) exd4) 3. Bb5 $1 a6?! 4.Ba4 Nf6
; a comment to the end of the line
5. O-O Be7 1-0

% an escaped line
[Event "second"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 b - - 0 40"]
[SetUp "1"]

40... Kd7 41. e4 Ke6 1/2-1/2
[Event "third, no result"]

1. d4 d5
`

func TestReadPGN(t *testing.T) {
	games, err := ReadPGN(strings.NewReader(samplePGN), "s.pgn")
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 3 {
		t.Fatalf("%d games", len(games))
	}
	g := games[0]
	if g.Tag("Event") != `Test "quoted"` || g.Result != "1-0" || len(g.Moves) != 10 || g.Line != 1 {
		t.Errorf("game 1: event %q result %q %d moves line %d", g.Tag("Event"), g.Result, len(g.Moves), g.Line)
	}
	if g.Comments[0] != "book" || g.Comments[1] != "" || len(g.Comments) != len(g.Moves) {
		t.Errorf("comments %q", g.Comments)
	}
	if end := g.Game().Position.String(); end != "r1bqk2r/1pppbppp/p1n2n2/4p3/B3P3/5N2/PPPP1PPP/RNBQ1RK1 w kq - 4 6" {
		t.Errorf("game 1 ends in %s", end)
	}
	g = games[1]
	if g.Start.SideToMove() != Black || len(g.Moves) != 3 || g.Result != "1/2-1/2" {
		t.Errorf("game 2: %d moves, result %q", len(g.Moves), g.Result)
	}
	if g = games[2]; g.Result != "*" || len(g.Moves) != 2 {
		t.Errorf("game 3: %d moves, result %q", len(g.Moves), g.Result)
	}
}

func TestReadPGNErrors(t *testing.T) {
	for _, c := range []struct{ name, text, want string }{
		{"illegal move", "[Event \"x\"]\n\n1. e4 e5\n2. Ke3 Nc6 *\n", "x.pgn:4: move 2 (Ke3)"},
		{"bad FEN tag", "[FEN \"8/8/8 w - - 0 1\"]\n\n*\n", "x.pgn:1: FEN tag"},
		{"malformed tag", "[Event x]\n1. e4 *\n", "x.pgn:1: malformed tag"},
		{"open comment", "1. e4 {never closed\n", "never closed"},
		{"stray paren", "1. e4 ) e5 *", "')' without '('"},
	} {
		_, err := ReadPGN(strings.NewReader(c.text), "x.pgn")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
		}
	}
}

func TestWritePGNRoundTrip(t *testing.T) {
	games, _ := ReadPGN(strings.NewReader(samplePGN), "s.pgn")
	var buf bytes.Buffer
	for _, g := range games {
		comments := make([]string, len(g.Moves))
		comments[0] = "+0.31/12 0.105s"
		if err := WritePGN(&buf, g.Tags, g.Start, g.Moves, comments, g.Result); err != nil {
			t.Fatal(err)
		}
	}
	if !strings.Contains(buf.String(), "40... Kd7 {+0.31/12 0.105s} 41. e4") {
		t.Errorf("black's first move:\n%s", buf.String())
	}
	back, err := ReadPGN(&buf, "w.pgn")
	if err != nil || len(back) != 3 {
		t.Fatalf("%d games, %v", len(back), err)
	}
	for i := range games {
		if back[i].Tag("Event") != games[i].Tag("Event") || len(back[i].Moves) != len(games[i].Moves) || back[i].Result != games[i].Result {
			t.Errorf("game %d changed", i+1)
		}
		for j := range games[i].Moves {
			if back[i].Moves[j] != games[i].Moves[j] {
				t.Errorf("game %d move %d changed", i+1, j+1)
			}
		}
	}
}

func FuzzReadPGN(f *testing.F) {
	f.Add(samplePGN)
	f.Add("1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6 4.Qxf7# 1-0")
	f.Add("[FEN \"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\"]\n1. O-O-O O-O 2. Rd8+ Rxd8 *")
	f.Fuzz(func(t *testing.T, text string) {
		games, err := ReadPGN(strings.NewReader(text), "f.pgn")
		if err != nil {
			return
		}
		// What reads back writes and reads again to the same moves.
		var buf bytes.Buffer
		for _, g := range games {
			WritePGN(&buf, g.Tags, g.Start, g.Moves, nil, g.Result)
		}
		back, err := ReadPGN(&buf, "again.pgn")
		if err != nil || len(back) != len(games) {
			t.Fatalf("rewritten PGN: %d games of %d, %v\n%s", len(back), len(games), err, buf.String())
		}
		for i := range games {
			if len(back[i].Moves) != len(games[i].Moves) || back[i].Result != games[i].Result {
				t.Fatalf("game %d changed in the round trip", i+1)
			}
		}
	})
}

// TestReadPGNByteOrderMark: a file that begins with a UTF-8 byte order
// mark reads as the same text without it.
func TestReadPGNByteOrderMark(t *testing.T) {
	plain, err := ReadPGN(strings.NewReader(samplePGN), "s.pgn")
	if err != nil {
		t.Fatal(err)
	}
	marked, err := ReadPGN(strings.NewReader("\ufeff"+samplePGN), "bom.pgn")
	if err != nil {
		t.Fatal(err)
	}
	if len(marked) != len(plain) || marked[0].Tag("Event") != plain[0].Tag("Event") || len(marked[0].Moves) != len(plain[0].Moves) {
		t.Errorf("with a byte order mark: %d games, first %q with %d moves", len(marked), marked[0].Tag("Event"), len(marked[0].Moves))
	}
}

// TestOpenPGNStandardInput: "-" reads the standard input, gzipped or not,
// and closing it leaves it open.
func TestOpenPGNStandardInput(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer func(in *os.File) { os.Stdin = in }(os.Stdin)
	os.Stdin = r
	go func() {
		zw := gzip.NewWriter(w)
		zw.Write([]byte(samplePGN))
		zw.Close()
		w.Close()
	}()
	f, err := OpenPGN("-")
	if err != nil {
		t.Fatal(err)
	}
	games, err := ReadPGN(f, "-")
	if err != nil || len(games) != 3 {
		t.Fatalf("%d games, %v", len(games), err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Stat(); err != nil {
		t.Errorf("closing the PGN closed the standard input: %v", err)
	}
}
