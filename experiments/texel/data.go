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
//	run.go    Job: a fit through its directory, checkpoints and texel.json
//	write.go  the tuned weights as Go source; WriteFile through what a path is
package texel

import (
	"bufio"
	"crypto/sha256"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/ablate-chess/ablate/engine/chess"
	"github.com/ablate-chess/ablate/engine/search"
	"github.com/ablate-chess/ablate/experiments/match"
	"github.com/ablate-chess/ablate/experiments/resultdir"
	"github.com/ablate-chess/ablate/experiments/setup"
)

// Position is a labelled position: the result of its game from White's
// point of view (1, 0.5, 0, or a probability; the mean of its games' when
// it was read more than once), the engine's score of it if its game gave
// one, and whether it is held out of the fit.
type Position struct {
	Board    chess.Position
	Result   float64
	Score    float64 // the search's score, centipawns from White's side, if HasScore
	HasScore bool
	Held     bool
	// Group is what the split is drawn by: the game's opening line (its
	// first book moves, as the Opening tag or the game's own book names
	// them), so that no held-out game shares an opening, and so no twin,
	// with the training games; for an EPD line, the line.
	Group uint64
	n     int // games it was read in, for the mean result
}

// Data is what was read: the positions kept and what was not.
type Data struct {
	Positions []Position
	Files     []FileInfo
	Read      int // positions read
	Noisy     int // left out: in check, or not quiet
	Unended   int // games without a result, left out
	// Duplicates were read again (the same position, on the same side of
	// the split): one position each, its result their mean.
	Duplicates int
	// HeldTwins were held-out positions also in the training set: left
	// out of the held-out set, which measures only what the fit did not see.
	HeldTwins int
	Groups    int // opening lines (or EPD lines) read
	HeldOut   int // positions held out
}

// Options say how positions are read: every position or only quiet ones
// (Quiet is the configuration whose quiescence search decides: a fixed
// one, so that the same data keeps the same positions whatever full is
// today), and one opening line in HoldOut held out of the fit (0: none).
type Options struct {
	All     bool
	Quiet   string
	HoldOut int
}

// DefaultQuiet is the configuration that decides which positions are quiet
// (its quiescence search returns its static evaluation): full-eval, whose
// evaluation is the terms' hand-set one and whose node counts are pinned.
const DefaultQuiet = "full-eval"

// FileInfo names a file read and its SHA-256, for the weights' provenance.
type FileInfo struct {
	Path   string `json:"path"`
	SHA256 string `json:"sha256"`
}

// Read reads labelled positions from each file: a PGN file (.pgn, or
// .pgn.gz) gives the positions its engines moved from, each labelled with
// its game's result and its engine's score; so does a match directory
// (its games, or while it runs its journal's finished pairs); any other
// file is EPD or FEN
// lines that end with a result ("1-0", "0-1", "1/2-1/2", or a number from
// 0 to 1, optionally in brackets or quotes, or as a c9 opcode). Unless
// All, only quiet positions are kept. A position read again is kept once
// (its result the mean), and the held-out set keeps no position the
// training set has. A bad line is an error naming the file and line; a
// game without a result is counted and left out.
func Read(paths []string, o Options) (*Data, error) {
	d := &Data{}
	if o.Quiet == "" {
		o.Quiet = DefaultQuiet
	}
	cfg, err := search.ParseConfig(o.Quiet)
	if err != nil {
		return nil, setup.BadSetting("quiet-config", "%v", err)
	}
	quiet := search.New(cfg, 1)
	groups := map[uint64]bool{}
	keep := func(p Position) {
		d.Read++
		if !o.All && !quiet.Quiet(p.Board) {
			d.Noisy++
			return
		}
		groups[p.Group] = true
		p.Held = o.HoldOut > 0 && p.Group%uint64(o.HoldOut) == 0
		d.Positions = append(d.Positions, p)
	}
	for _, path := range paths {
		path, journal, err := resolve(path)
		if err != nil {
			return nil, err
		}
		sum, err := hashFile(path)
		if err != nil {
			return nil, err
		}
		d.Files = append(d.Files, FileInfo{path, sum})
		before := d.Read + d.Unended
		switch {
		case journal:
			err = readJournal(filepath.Dir(path), d, keep)
		case strings.HasSuffix(path, ".pgn") || strings.HasSuffix(path, ".pgn.gz"):
			err = readPGN(path, d, keep)
		default:
			err = readEPD(path, d, keep)
		}
		if err != nil {
			return nil, err
		}
		if d.Read+d.Unended == before {
			return nil, fmt.Errorf("%s: no labelled positions", path)
		}
	}
	d.Groups = len(groups)
	d.dedupe()
	if len(d.Positions) == 0 {
		return nil, errors.New("no positions left to tune on")
	}
	return d, nil
}

// dedupe keeps each position once a side of the split, its result the mean
// of its games', and drops from the held-out side every position the
// training side has.
func (d *Data) dedupe() {
	type key struct {
		hash uint64
		held bool
	}
	at := map[key]int{}
	train := map[uint64]bool{}
	var kept []Position
	for _, p := range d.Positions {
		k := key{p.Board.Key(), p.Held}
		if i, ok := at[k]; ok {
			q := &kept[i]
			q.Result = (q.Result*float64(q.n) + p.Result) / float64(q.n+1)
			q.n++
			d.Duplicates++
			continue
		}
		p.n = 1
		at[k] = len(kept)
		kept = append(kept, p)
		if !p.Held {
			train[k.hash] = true
		}
	}
	d.Positions = d.Positions[:0]
	for _, p := range kept {
		if p.Held && train[p.Board.Key()] {
			d.HeldTwins++
			continue
		}
		if p.Held {
			d.HeldOut++
		}
		d.Positions = append(d.Positions, p)
	}
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

// resolve names the file a data path reads: the path itself, or for a
// match directory its games file, or while the match runs (or after it
// was interrupted) its journal of finished pairs (journal true).
func resolve(path string) (string, bool, error) {
	fi, err := os.Stat(path)
	if err != nil || !fi.IsDir() {
		return path, false, err
	}
	if games := resultdir.GamesFile(path); exists(games) {
		return games, false, nil
	}
	if journal := filepath.Join(path, match.JournalName); exists(journal) {
		return journal, true, nil
	}
	return "", false, fmt.Errorf("%s: a directory, but no match's: neither games.pgn.gz nor %s", path, match.JournalName)
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// readPGN reads a PGN file's games (see game).
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
	for _, g := range games {
		game(d, keep, g.Start, g.Moves, g.Comments, g.Result, openingGroup(&g))
	}
	return nil
}

// readJournal reads the finished pairs of a match directory's journal, in
// their order (see game).
func readJournal(dir string, d *Data, keep func(Position)) error {
	pairs, err := match.ReadJournal(dir) // its errors name the file and line
	if err != nil {
		return err
	}
	for _, i := range slices.Sorted(maps.Keys(pairs)) {
		line, _, _ := strings.Cut(pairs[i].Opening, "+")
		for _, g := range pairs[i].Games {
			game(d, keep, g.Start, g.Moves, g.Comments, g.Result, group(line))
		}
	}
	return nil
}

// game keeps the positions an engine moved from (the moves with an
// engine's comment: not the book's), labelled with the game's result and
// the score the comment gives; a game without a result is counted.
func game(d *Data, keep func(Position), start chess.Position, moves []chess.Move, comments []string, result string, group uint64) {
	var r float64
	switch result {
	case "1-0":
		r = 1
	case "0-1":
		r = 0
	case "1/2-1/2":
		r = 0.5
	default:
		d.Unended++
		return
	}
	p := start
	for j, m := range moves {
		if c := comments[j]; c != "" && c != "book" {
			pos := Position{Board: p, Result: r, Group: group}
			if score, ok := commentScore(c); ok {
				if p.SideToMove() == chess.Black {
					score = -score
				}
				pos.Score, pos.HasScore = score, true
			}
			keep(pos)
		}
		p.Play(m)
	}
}

// openingGroup is a game's opening line, as a number: its Opening tag up
// to the first '+' (ablate names a game's line "open-0913+12.1": the
// suite's line, then the pair and game that extended it), else its start
// and the moves no engine played.
func openingGroup(g *chess.PGNGame) uint64 {
	name, _, _ := strings.Cut(g.Tag("Opening"), "+")
	if name == "" {
		var b strings.Builder
		b.WriteString(g.Start.String())
		for j, m := range g.Moves {
			if c := g.Comments[j]; c != "" && c != "book" {
				break
			}
			b.WriteString(" " + m.String())
		}
		name = b.String()
	}
	return group(name)
}

// group is an opening line's name as a number.
func group(name string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(name))
	return h.Sum64()
}

// commentScore reads a move comment's score, "+0.43/7" (pawns, from the
// mover's side) or "#3", in centipawns; ok false for none.
func commentScore(c string) (float64, bool) {
	s, _, _ := strings.Cut(c, "/")
	f := strings.Fields(s)
	if len(f) == 0 {
		return 0, false
	}
	s = f[0]
	if strings.HasPrefix(s, "#") || strings.HasPrefix(s, "+#") || strings.HasPrefix(s, "-#") {
		if strings.HasPrefix(s, "-") {
			return -3000, true
		}
		return 3000, true
	}
	x, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
		return 0, false
	}
	return math.Max(-3000, math.Min(3000, 100*x)), true
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
		p.Group = uint64(gameID(len(d.Files), n)) * 0x9e3779b97f4a7c15
		keep(p)
	}
	return sc.Err()
}

// gameID numbers an EPD line across the files read.
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
