package positions

import (
	"fmt"
	"io"

	"github.com/ablate-chess/ablate/engine/chess"
)

// PerftCheck is one position's perft counts checked against its EPD's:
// every depth it carries up to a limit, stopping at the first wrong one.
type PerftCheck struct {
	ID        string
	Top       int    // the deepest depth checked
	Count     uint64 // its count, when all were right
	Depth     int    // the first wrong depth (0: none)
	Want, Got uint64
}

// OK reports whether every count checked was right.
func (c PerftCheck) OK() bool { return c.Depth == 0 }

// String is the check as a line: "ok   ID  depth 1..5: N", or FAIL and the
// wrong count.
func (c PerftCheck) String() string {
	if c.OK() {
		return fmt.Sprintf("%-4s %s  depth 1..%d: %d", "ok", c.ID, c.Top, c.Count)
	}
	return fmt.Sprintf("%-4s %s  depth %d: expected %d, got %d", "FAIL", c.ID, c.Depth, c.Want, c.Got)
}

// CheckPerft counts the tree below each position that carries perft
// counts (;D1 20 ;D2 400 ...), to at most maxDepth, and checks every count.
func (s *Suite) CheckPerft(maxDepth int, each func(PerftCheck)) (passed, failed int) {
	for i := range s.Entries {
		e := &s.Entries[i]
		top := min(e.MaxPerftDepth(), maxDepth)
		if top == 0 {
			continue
		}
		c := PerftCheck{ID: e.ID, Top: top, Count: e.Perft[top]}
		for d := 1; d <= top; d++ {
			if want, known := e.Perft[d]; known {
				if got := chess.Perft(&e.Board, d); got != want {
					c.Depth, c.Want, c.Got = d, want, got
					break
				}
			}
		}
		if c.OK() {
			passed++
		} else {
			failed++
		}
		each(c)
	}
	return passed, failed
}

// WritePerft counts the legal move tree below a position (a FEN) to a
// depth and writes "Nodes: N", with divide first the count
// below each root move, one a line.
func WritePerft(w io.Writer, fen string, depth int, divide bool) (uint64, error) {
	pos, err := chess.ParseFEN(fen)
	if err != nil {
		return 0, err
	}
	var nodes uint64
	if divide {
		for _, mc := range chess.Divide(&pos, depth) {
			fmt.Fprintf(w, "%s: %d\n", mc.Move, mc.Nodes)
			nodes += mc.Nodes
		}
		fmt.Fprintln(w)
	} else {
		nodes = chess.Perft(&pos, depth)
	}
	_, err = fmt.Fprintf(w, "Nodes: %d\n", nodes)
	return nodes, err
}

// CheckSuitePerft loads a suite (a file or a built-in name) and checks its
// perft counts (CheckPerft), writing a line a position and the totals.
func CheckSuitePerft(w io.Writer, name string, maxDepth int) (failed int, err error) {
	suite, err := Load(name)
	if err != nil {
		return 0, err
	}
	passed, failed := suite.CheckPerft(maxDepth, func(pc PerftCheck) { fmt.Fprintln(w, pc) })
	_, err = fmt.Fprintf(w, "%d passed, %d failed\n", passed, failed)
	return failed, err
}
