package chess

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// PGN (Portable Game Notation): tag pairs, then the moves in SAN with move
// numbers, comments, NAGs and variations, then the result.

// Tag is one tag pair.
type Tag struct{ Name, Value string }

// PGNGame is one game of a PGN file.
type PGNGame struct {
	Tags  []Tag // in file order
	Start Position
	Moves []Move // the main line
	// Comments holds the comment after each move of the main line ("" if
	// none), so that a match's book moves and engine scores can be told
	// apart.
	Comments []string
	Result   string // 1-0, 0-1, 1/2-1/2 or *
	Line     int    // the line its first tag is on
}

// Tag returns the value of the named tag, "" if absent.
func (g *PGNGame) Tag(name string) string {
	for _, t := range g.Tags {
		if t.Name == name {
			return t.Value
		}
	}
	return ""
}

// Game replays the game's moves.
func (g *PGNGame) Game() *Game {
	game := NewGame(g.Start)
	for _, m := range g.Moves {
		game.Play(m)
	}
	return game
}

// PGNError is a bad PGN line.
type PGNError struct {
	File string
	Line int
	Msg  string
}

func (e *PGNError) Error() string { return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg) }

// ReadPGN reads every game of a PGN file; name names it in errors. Moves
// are checked against the rules: an illegal or ambiguous move, a bad FEN
// tag or a malformed tag stops the reading with a *PGNError naming the line.
func ReadPGN(r io.Reader, name string) ([]PGNGame, error) {
	br := bufio.NewReader(r)
	// A byte order mark, which some Windows tools write first, is no part
	// of the text.
	if bom, err := br.Peek(3); err == nil && string(bom) == "\ufeff" {
		br.Discard(3)
	}
	t := &pgnTokens{r: br, line: 1, bol: true}
	var games []PGNGame
	for {
		g, err := readGame(t, name)
		if err == io.EOF {
			return games, nil
		}
		if err != nil {
			return games, err
		}
		games = append(games, *g)
	}
}

func readGame(t *pgnTokens, name string) (*PGNGame, error) {
	fail := func(line int, format string, args ...any) error {
		return &PGNError{name, line, fmt.Sprintf(format, args...)}
	}
	g := &PGNGame{Result: "*"}
	tok, err := t.next()
	if err != nil {
		return nil, err
	}
	g.Line = t.tokLine
	for tok.kind == tagTok {
		n, v, ok := parseTag(tok.text)
		if !ok {
			return nil, fail(t.tokLine, "malformed tag %q", tok.text)
		}
		g.Tags = append(g.Tags, Tag{n, v})
		if tok, err = t.next(); err == io.EOF {
			break
		} else if err != nil {
			return nil, fail(t.line, "%v", err)
		}
	}
	start := StartFEN
	if fen := g.Tag("FEN"); fen != "" {
		start = fen
	}
	p, perr := ParseFEN(start)
	if perr != nil {
		return nil, fail(g.Line, "FEN tag: %v", perr)
	}
	g.Start = p
	pos := p
	depth := 0 // of nested variations, which are skipped
	for ; err == nil; tok, err = t.next() {
		switch tok.kind {
		case tagTok:
			// A tag with no result before it starts the next game.
			t.unread(tok)
			return g, nil
		case openTok:
			depth++
		case closeTok:
			if depth == 0 {
				return nil, fail(t.tokLine, "')' without '('")
			}
			depth--
		case resultTok:
			if depth == 0 {
				g.Result = tok.text
				return g, nil
			}
		case commentTok:
			if depth == 0 && len(g.Moves) > 0 && g.Comments[len(g.Moves)-1] == "" {
				g.Comments[len(g.Moves)-1] = tok.text
			}
		case wordTok:
			if depth > 0 || isMoveNumber(tok.text) {
				continue
			}
			m, err := pos.ParseSAN(tok.text)
			if err != nil {
				return nil, fail(t.tokLine, "move %d (%s): %v", len(g.Moves)/2+1, tok.text, err)
			}
			g.Moves = append(g.Moves, m)
			g.Comments = append(g.Comments, "")
			pos.Play(m)
		}
	}
	if err != io.EOF {
		return nil, fail(t.line, "%v", err)
	}
	if len(g.Tags) == 0 && len(g.Moves) == 0 {
		return nil, io.EOF
	}
	return g, nil // a last game without a result
}

// isMoveNumber reports whether s is a move number (12. or 12...) or a NAG.
func isMoveNumber(s string) bool {
	if s[0] == '$' {
		return true
	}
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return i > 0 && strings.Trim(s[i:], ".") == ""
}

// parseTag reads `Name "value"` with \" and \\ escapes.
func parseTag(s string) (name, value string, ok bool) {
	s = strings.TrimSpace(s)
	sp := strings.IndexAny(s, " \t")
	if sp <= 0 {
		return "", "", false
	}
	name, rest := s[:sp], strings.TrimSpace(s[sp:])
	if len(rest) < 2 || rest[0] != '"' || rest[len(rest)-1] != '"' {
		return "", "", false
	}
	var b strings.Builder
	body := rest[1 : len(rest)-1]
	for i := 0; i < len(body); i++ {
		if body[i] == '\\' && i+1 < len(body) {
			i++
		}
		b.WriteByte(body[i])
	}
	return name, b.String(), true
}

type tokKind int

const (
	wordTok tokKind = iota
	tagTok
	resultTok
	openTok
	closeTok
	commentTok
)

type token struct {
	kind tokKind
	text string
}

// pgnTokens splits PGN text into tags, words, results, parentheses and
// brace comments, dropping ; comments (to the end of the line) and escape
// lines (% in the first column).
type pgnTokens struct {
	r       *bufio.Reader
	line    int // the line being read
	tokLine int // the line the last token started on
	back    *token
	bol     bool // at the beginning of a line
}

func (t *pgnTokens) unread(tok token) { t.back = &tok }

func (t *pgnTokens) next() (token, error) {
	if t.back != nil {
		tok := *t.back
		t.back = nil
		return tok, nil
	}
	for {
		c, err := t.r.ReadByte()
		if err != nil {
			return token{}, err
		}
		bol := t.bol
		t.bol = c == '\n'
		switch {
		case c == '\n':
			t.line++
		case c == ' ' || c == '\t' || c == '\r':
		case c == '%' && bol:
			if err := t.skipLine(); err != nil {
				return token{}, err
			}
		case c == ';':
			if err := t.skipLine(); err != nil {
				return token{}, err
			}
		case c == '{':
			t.tokLine = t.line
			s, err := t.r.ReadString('}')
			if err != nil {
				return token{}, fmt.Errorf("comment from line %d never closed", t.tokLine)
			}
			t.line += strings.Count(s, "\n")
			return token{commentTok, strings.TrimSpace(s[:len(s)-1])}, nil
		case c == '[':
			t.tokLine = t.line
			s, err := t.r.ReadString(']')
			if err != nil {
				return token{}, fmt.Errorf("tag from line %d never closed", t.tokLine)
			}
			t.line += strings.Count(s, "\n")
			return token{tagTok, s[:len(s)-1]}, nil
		case c == '(':
			t.tokLine = t.line
			return token{openTok, "("}, nil
		case c == ')':
			t.tokLine = t.line
			return token{closeTok, ")"}, nil
		default:
			t.tokLine = t.line
			var b strings.Builder
			b.WriteByte(c)
			for {
				c, err := t.r.ReadByte()
				if err != nil {
					break
				}
				if strings.IndexByte(" \t\r\n{}()[];", c) >= 0 {
					t.r.UnreadByte()
					break
				}
				b.WriteByte(c)
			}
			w := b.String()
			switch w {
			case "1-0", "0-1", "1/2-1/2", "*":
				return token{resultTok, w}, nil
			}
			// "1.e4" and "12...Nf6": a number glued to a move.
			if i := strings.LastIndexByte(w, '.'); i >= 0 && i+1 < len(w) && isMoveNumber(w[:i+1]) {
				t.unread(token{wordTok, w[i+1:]})
				return token{wordTok, w[:i+1]}, nil
			}
			return token{wordTok, w}, nil
		}
	}
}

func (t *pgnTokens) skipLine() error {
	_, err := t.r.ReadString('\n')
	if err == nil {
		t.line++
		t.bol = true
	}
	if err == io.EOF {
		return nil
	}
	return err
}

// WritePGN writes one game: its tags in the order given (the seven-tag
// roster first by convention, which the caller arranges), then the moves
// in SAN with move numbers, each followed by its comment if comments has
// one, wrapped at 80 columns, then the result.
func WritePGN(w io.Writer, tags []Tag, start Position, moves []Move, comments []string, result string) error {
	var b strings.Builder
	for _, t := range tags {
		v := strings.ReplaceAll(strings.ReplaceAll(t.Value, `\`, `\\`), `"`, `\"`)
		fmt.Fprintf(&b, "[%s \"%s\"]\n", t.Name, v)
	}
	b.WriteByte('\n')
	col := 0
	put := func(s string) {
		if col > 0 && col+1+len(s) > 79 {
			b.WriteByte('\n')
			col = 0
		} else if col > 0 {
			b.WriteByte(' ')
			col++
		}
		b.WriteString(s)
		col += len(s)
	}
	pos := start
	for i, m := range moves {
		switch {
		case pos.SideToMove() == White:
			put(fmt.Sprintf("%d.", pos.FullmoveNumber()))
		case i == 0:
			put(fmt.Sprintf("%d...", pos.FullmoveNumber()))
		}
		put(pos.SAN(m))
		if i < len(comments) && comments[i] != "" {
			put("{" + strings.ReplaceAll(comments[i], "}", ")") + "}")
		}
		pos.Play(m)
	}
	put(result)
	b.WriteString("\n\n")
	_, err := io.WriteString(w, b.String())
	return err
}
