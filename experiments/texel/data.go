// Package texel fits the evaluation's weights to game results by Texel's
// method: every labelled position's evaluation, through a sigmoid, should
// predict its game's result; the weights that minimise the mean squared
// error are the tuned ones. The evaluation is linear in its weights, and
// eval.Coefficients says how many times each weight counted in each
// position (from the code that scores), so a position is a sparse vector
// and an epoch one pass over them.
//
//	data.go   reading labelled positions (EPD lines with a result, PGN
//	          games), the quiet filter, the train/held-out split
//	texel.go  the fit: K, then Adam on the weights; the weights file
package texel

import (
	"bufio"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/ablate-chess/ablate/engine/chess"
	"github.com/ablate-chess/ablate/engine/search"
)

// Position is a labelled position: the result of its game from White's
// point of view (1, 0.5, 0, or a probability), and its game, by which the
// held-out set is drawn (positions of one game stay together).
type Position struct {
	Board  chess.Position
	Result float64
	Game   int
}

// Data is what was read: the positions kept and what was not.
type Data struct {
	Positions []Position
	Files     []FileInfo
	Read      int // positions read
	Noisy     int // left out: in check, or not quiet
	Unended   int // games without a result, left out
}

// FileInfo names a file read and its SHA-256, for the weights' provenance.
type FileInfo struct {
	Path   string `json:"path"`
	SHA256 string `json:"sha256"`
}

// Read reads labelled positions from each file: a PGN file (.pgn, or
// .pgn.gz) gives the positions its engines moved from, each labelled with
// its game's result; any other file is EPD or FEN lines that end with a
// result ("1-0", "0-1", "1/2-1/2", or a number from 0 to 1, optionally in
// brackets or quotes, or as a c9 opcode). Unless all, only quiet positions
// are kept (search.Searcher.Quiet). A bad line is an error naming the file
// and line; a game without a result is counted and left out.
func Read(paths []string, all bool) (*Data, error) {
	d := &Data{}
	quiet := search.New(search.DefaultConfig(), 1)
	keep := func(p Position) {
		d.Read++
		if !all && !quiet.Quiet(p.Board) {
			d.Noisy++
			return
		}
		d.Positions = append(d.Positions, p)
	}
	for _, path := range paths {
		sum, err := hashFile(path)
		if err != nil {
			return nil, err
		}
		d.Files = append(d.Files, FileInfo{path, sum})
		before := d.Read + d.Unended
		if strings.HasSuffix(path, ".pgn") || strings.HasSuffix(path, ".pgn.gz") {
			err = readPGN(path, d, keep)
		} else {
			err = readEPD(path, d, keep)
		}
		if err != nil {
			return nil, err
		}
		if d.Read+d.Unended == before {
			return nil, fmt.Errorf("%s: no labelled positions", path)
		}
	}
	if len(d.Positions) == 0 {
		return nil, errors.New("no positions left to tune on")
	}
	return d, nil
}

func hashFile(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("%s: %v", path, err)
	}
	return fmt.Sprintf("%x", h.Sum(nil)), nil
}

// readPGN keeps the positions an engine moved from (the moves with an
// engine's comment: not the book's), labelled with the game's result.
func readPGN(path string, d *Data, keep func(Position)) error {
	f, err := chess.OpenPGN(path)
	if err != nil {
		return err
	}
	defer f.Close()
	games, err := chess.ReadPGN(f, path)
	if err != nil {
		return err
	}
	for i, g := range games {
		var result float64
		switch g.Result {
		case "1-0":
			result = 1
		case "0-1":
			result = 0
		case "1/2-1/2":
			result = 0.5
		default:
			d.Unended++
			continue
		}
		p := g.Start
		for j, m := range g.Moves {
			if c := g.Comments[j]; c != "" && c != "book" {
				keep(Position{Board: p, Result: result, Game: gameID(len(d.Files), i)})
			}
			p.Play(m)
		}
	}
	return nil
}

// readEPD reads EPD or FEN lines, each ending with its result; blank lines
// and lines starting with # are skipped.
func readEPD(path string, d *Data, keep func(Position)) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		p, err := ParseLine(line)
		if err != nil {
			return fmt.Errorf("%s:%d: %v", path, n, err)
		}
		p.Game = gameID(len(d.Files), n)
		keep(p)
	}
	return sc.Err()
}

// gameID numbers a game (or an EPD line) across the files read.
func gameID(file, i int) int { return file<<24 | i }

// ParseLine reads one labelled line: a position (the four EPD fields, or
// six FEN fields) and its result.
func ParseLine(line string) (Position, error) {
	line = strings.TrimSuffix(strings.TrimSpace(line), ";")
	var label string
	if i := strings.Index(line, "c9 "); i >= 0 { // EPD: ... c9 "1-0";
		label, line = strings.TrimSpace(line[i+3:]), strings.TrimSpace(line[:i])
		label, _, _ = strings.Cut(label, ";")
	} else {
		i := strings.LastIndexAny(line, " \t|;,")
		if i < 0 {
			return Position{}, fmt.Errorf("no result: want a position then 1-0, 0-1, 1/2-1/2 or a number from 0 to 1")
		}
		label, line = line[i+1:], strings.TrimRight(line[:i], " \t|;,")
	}
	result, err := parseResult(label)
	if err != nil {
		return Position{}, err
	}
	fields := strings.Fields(line)
	switch len(fields) {
	case 4: // EPD: no move counters
		fields = append(fields, "0", "1")
	case 6:
	default:
		return Position{}, fmt.Errorf("%q: want a position's four EPD or six FEN fields before the result", line)
	}
	b, err := chess.ParseFEN(strings.Join(fields, " "))
	if err != nil {
		return Position{}, err
	}
	return Position{Board: b, Result: result}, nil
}

// parseResult reads a result: 1-0, 0-1, 1/2-1/2 or a number from 0 to 1,
// bare, in brackets or in quotes.
func parseResult(s string) (float64, error) {
	s = strings.Trim(strings.TrimSpace(s), `"[]()`)
	switch s {
	case "1-0":
		return 1, nil
	case "0-1":
		return 0, nil
	case "1/2-1/2", "½-½":
		return 0.5, nil
	}
	x, err := strconv.ParseFloat(s, 64)
	if err != nil || x < 0 || x > 1 {
		return 0, fmt.Errorf("result %q: want 1-0, 0-1, 1/2-1/2 or a number from 0 to 1", s)
	}
	return x, nil
}
