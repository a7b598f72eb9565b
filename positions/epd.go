package positions

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/ablate-chess/ablate/engine/chess"
)

// Entry is one position of a suite.
type Entry struct {
	ID    string // the id opcode, or "<suite>:<line>" when there is none
	Line  int    // line number in its file, from 1
	Board chess.Position
	Best  []chess.Move // the bm opcode
	Avoid []chess.Move // the am opcode
	// Perft holds the perft counts given by the D1, D2, ... opcodes, by
	// depth.
	Perft    map[int]uint64
	Comments []string // c0 .. c9, in order
}

// Solved reports whether m solves the entry: it is one of the bm moves and
// none of the am moves. An entry with neither has nothing to solve.
func (e *Entry) Solved(m chess.Move) (solved, applies bool) {
	if len(e.Best) == 0 && len(e.Avoid) == 0 {
		return false, false
	}
	for _, a := range e.Avoid {
		if a == m {
			return false, true
		}
	}
	if len(e.Best) == 0 {
		return true, true
	}
	for _, b := range e.Best {
		if b == m {
			return true, true
		}
	}
	return false, true
}

// MaxPerftDepth returns the deepest depth with a known perft count.
func (e *Entry) MaxPerftDepth() int {
	top := 0
	for d := range e.Perft {
		top = max(top, d)
	}
	return top
}

// Suite is a named list of positions.
type Suite struct {
	Name    string
	Entries []Entry
}

// LineError is a bad line of a positions file.
type LineError struct {
	File string
	Line int
	Msg  string
}

func (e *LineError) Error() string { return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg) }

// Read reads a suite in EPD or FEN form: one position a line, as four FEN
// fields followed by EPD operations (`bm Nf3; id "x";`), or as a six-field
// FEN optionally followed by operations (`... 0 1 ;D1 20 ;D2 400`). Blank
// lines and lines starting with # are skipped. The first bad line stops the
// reading with a *LineError that names the file (name) and the line.
func Read(r io.Reader, name string) (*Suite, error) {
	s := &Suite{Name: name}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	ids := map[string]int{}
	for n := 1; sc.Scan(); n++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || text[0] == '#' {
			continue
		}
		e, err := ParseLine(text)
		if err != nil {
			return nil, &LineError{name, n, err.Error()}
		}
		e.Line = n
		if e.ID == "" {
			e.ID = fmt.Sprintf("%s:%d", name, n)
		}
		if prev, dup := ids[e.ID]; dup {
			return nil, &LineError{name, n, fmt.Sprintf("id %q was already used on line %d", e.ID, prev)}
		}
		ids[e.ID] = n
		s.Entries = append(s.Entries, e)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(s.Entries) == 0 {
		return nil, fmt.Errorf("%s: no positions", name)
	}
	return s, nil
}

// ParseLine reads one EPD or FEN line.
func ParseLine(line string) (Entry, error) {
	var e Entry
	fields := strings.Fields(line)
	if len(fields) < 4 {
		return e, fmt.Errorf("want a FEN (at least 4 fields), got %d fields", len(fields))
	}
	fenFields := fields[:4]
	rest := fields[4:]
	// A six-field FEN: the two counters follow, and then operations.
	if len(rest) >= 2 && isCount(rest[0]) && isCount(rest[1]) {
		fenFields = fields[:6]
		rest = rest[2:]
	}
	board, err := chess.ParseFEN(strings.Join(fenFields, " "))
	if err != nil {
		return e, err
	}
	e.Board = board
	ops, err := splitOps(strings.Join(rest, " "))
	if err != nil {
		return e, err
	}
	for _, op := range ops {
		if err := e.apply(op); err != nil {
			return e, err
		}
	}
	return e, nil
}

func isCount(s string) bool {
	_, err := strconv.ParseUint(s, 10, 32)
	return err == nil
}

type operation struct {
	code     string
	operands []string
}

// splitOps splits EPD operations: an opcode, operands separated by spaces
// (a double-quoted operand may hold spaces and semicolons), and a closing
// semicolon (optional on the last one).
func splitOps(s string) ([]operation, error) {
	var ops []operation
	var cur []string
	var tok strings.Builder
	inQuote, quoted := false, false
	flushTok := func() {
		if tok.Len() > 0 || quoted {
			cur = append(cur, tok.String())
		}
		tok.Reset()
		quoted = false
	}
	flushOp := func() {
		flushTok()
		if len(cur) > 0 {
			ops = append(ops, operation{cur[0], cur[1:]})
		}
		cur = nil
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case inQuote:
			if c == '"' {
				inQuote = false
			} else {
				tok.WriteByte(c)
			}
		case c == '"':
			inQuote, quoted = true, true
		case c == ';':
			flushOp()
		case c == ' ' || c == '\t':
			flushTok()
		default:
			tok.WriteByte(c)
		}
	}
	if inQuote {
		return nil, fmt.Errorf("unterminated string in %q", s)
	}
	flushOp()
	return ops, nil
}

func (e *Entry) apply(op operation) error {
	code := op.code
	switch {
	case code == "id":
		if len(op.operands) != 1 {
			return fmt.Errorf("id wants one string, got %d operands", len(op.operands))
		}
		e.ID = op.operands[0]
	case code == "bm" || code == "am":
		if len(op.operands) == 0 {
			return fmt.Errorf("%s wants at least one move", code)
		}
		for _, san := range op.operands {
			m, err := e.Board.ParseSAN(san)
			if err != nil {
				return fmt.Errorf("%s: %v", code, err)
			}
			if code == "bm" {
				e.Best = append(e.Best, m)
			} else {
				e.Avoid = append(e.Avoid, m)
			}
		}
	case len(code) == 2 && code[0] == 'c' && code[1] >= '0' && code[1] <= '9':
		e.Comments = append(e.Comments, strings.Join(op.operands, " "))
	case len(code) >= 2 && code[0] == 'D' && isCount(code[1:]):
		d, _ := strconv.Atoi(code[1:])
		if d < 1 || d > 20 {
			return fmt.Errorf("perft depth %s out of range 1..20", code)
		}
		if len(op.operands) != 1 || !isCount64(op.operands[0]) {
			return fmt.Errorf("%s wants one count, got %q", code, strings.Join(op.operands, " "))
		}
		n, _ := strconv.ParseUint(op.operands[0], 10, 64)
		if e.Perft == nil {
			e.Perft = map[int]uint64{}
		}
		e.Perft[d] = n
	}
	// Other opcodes (acd, ce, pv, hmvc, ...) are allowed and ignored.
	return nil
}

func isCount64(s string) bool {
	_, err := strconv.ParseUint(s, 10, 64)
	return err == nil
}
