// Command openings makes the built-in opening suite (positions/openings.epd)
// from Scid's ECO classification: every ECO line of 10 to 16 plies is played
// out, each position reached once is scored by Stockfish at a fixed depth
// (one thread, a fresh table, so the scores are reproducible), and those
// within the margin of equality are kept, in ECO order.
//
//	go run ./positions/tools/openings -eco /usr/share/scid/data/scid.eco > positions/openings.epd
//
// positions/tools/make-openings.sh installs what it needs and runs it.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"regexp"
	"strings"
	"sync"

	"github.com/ablate-chess/ablate/engine/chess"
	"github.com/ablate-chess/ablate/engine/uci"
)

type line struct {
	eco, name, moves string
	fen              string // the position the moves reach
	san              []string
	score            int
	mate             bool
}

func main() {
	eco := flag.String("eco", "/usr/share/scid/data/scid.eco", "Scid's ECO file")
	minPlies := flag.Int("min-plies", 10, "shortest line kept")
	maxPlies := flag.Int("max-plies", 16, "longest line kept")
	depth := flag.Int("depth", 14, "Stockfish's search depth")
	margin := flag.Int("margin", 40, "keep positions Stockfish scores within this many centipawns of 0")
	minScore := flag.Int("min-score", 0, "and at least this many centipawns from 0, for one side or the other (an unbalanced suite)")
	prefix := flag.String("id", "open", "the positions' id prefix")
	title := flag.String("title", "The opening suite", "the suite's name in its first comment line")
	engine := flag.String("engine", "/usr/games/stockfish", "the scoring engine")
	workers := flag.Int("j", 2, "engines at once")
	flag.Parse()

	lines, err := readECO(*eco, *minPlies, *maxPlies)
	if err != nil {
		fmt.Fprintln(os.Stderr, "openings:", err)
		os.Exit(2)
	}
	fmt.Fprintf(os.Stderr, "%d distinct positions to score\n", len(lines))

	var name string
	todo := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	for w := 0; w < *workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c, err := uci.Start(*engine)
			if err == nil {
				err = c.Handshake()
			}
			if err != nil {
				fmt.Fprintln(os.Stderr, "openings:", err)
				os.Exit(1)
			}
			defer c.Close()
			c.SetOption("Threads", "1")
			c.SetOption("Hash", "16")
			mu.Lock()
			name = c.Name
			mu.Unlock()
			for i := range todo {
				l := &lines[i]
				c.Send("ucinewgame")
				if err := c.IsReady(); err != nil {
					fmt.Fprintln(os.Stderr, "openings:", err)
					os.Exit(1)
				}
				_, infos, err := c.Go("fen "+l.fen, fmt.Sprintf("depth %d", *depth))
				if err != nil {
					fmt.Fprintln(os.Stderr, "openings:", err)
					os.Exit(1)
				}
				for _, in := range infos {
					if in.HasScore && !in.Bound && in.Depth > 0 {
						l.score, l.mate = in.Score, in.Mate
					}
				}
			}
		}()
	}
	for i := range lines {
		todo <- i
		if i%200 == 0 {
			fmt.Fprintf(os.Stderr, "%d/%d\n", i, len(lines))
		}
	}
	close(todo)
	wg.Wait()

	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	keep := func(l *line) bool { return !l.mate && abs(l.score) <= *margin && abs(l.score) >= *minScore }
	kept := 0
	for i := range lines {
		if keep(&lines[i]) {
			kept++
		}
	}
	fmt.Fprintf(w, "# %s: %d positions for game pairs. Made by positions/tools/make-openings.sh:\n", *title, kept)
	fmt.Fprintf(w, "# every line of Scid's ECO file (scid.eco, Debian's scid-data) of %d to %d plies, played\n", *minPlies, *maxPlies)
	fmt.Fprintf(w, "# out; each position reached once, scored by %s at depth %d (one thread, 16 MB,\n", name, *depth)
	if *minScore > 0 {
		fmt.Fprintf(w, "# ucinewgame before each); kept if the score is %d to %d cp from 0, either side ahead. ce is that\n", *minScore, *margin)
		fmt.Fprintf(w, "# score, for")
	} else {
		fmt.Fprintf(w, "# ucinewgame before each); kept if the score is within %d cp of 0. ce is that score, for\n", *margin)
		fmt.Fprintf(w, "#")
	}
	fmt.Fprintf(w, " the side to move; c0 the ECO code and name, c1 the moves.\n")
	n := 0
	for i := range lines {
		l := &lines[i]
		if !keep(l) {
			continue
		}
		n++
		fmt.Fprintf(w, "%s id \"%s-%04d\"; ce %d; c0 \"%s %s\"; c1 \"%s\";\n", l.fen, *prefix, n, l.score, l.eco, l.name, strings.Join(l.san, " "))
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

var entry = regexp.MustCompile(`(?ms)^([A-E]\d\d[a-z]?\d?)\s+"([^"]*)"\s+(.*?)\*`)

// readECO reads the lines of the ECO file with minPlies to maxPlies moves,
// played out; a position reached by several lines is kept once, with the
// first.
func readECO(path string, minPlies, maxPlies int) ([]line, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	var out []line
	for _, m := range entry.FindAllStringSubmatch(string(data), -1) {
		p, _ := chess.ParseFEN(chess.StartFEN)
		var san []string
		ok := true
		for _, tok := range strings.Fields(m[3]) {
			if i := strings.LastIndexByte(tok, '.'); i >= 0 {
				tok = tok[i+1:]
			}
			if tok == "" {
				continue
			}
			mv, err := p.ParseSAN(tok)
			if err != nil {
				ok = false
				break
			}
			san = append(san, p.SAN(mv))
			p.Play(mv)
		}
		if !ok || len(san) < minPlies || len(san) > maxPlies {
			continue
		}
		var legal chess.MoveList
		if p.LegalMoves(&legal); legal.N == 0 {
			continue
		}
		key := strings.Join(strings.Fields(p.String())[:4], " ")
		if seen[key] {
			continue
		}
		seen[key] = true
		out = append(out, line{eco: m[1], name: strings.ReplaceAll(m[2], "\"", "'"), fen: p.String(), san: san})
	}
	return out, nil
}
