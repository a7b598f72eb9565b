package positions

import (
	"strings"
	"testing"
)

// TestCheckPerftFindsAWrongCount: a suite with one right and one wrong
// count passes the first and names the depth and counts of the second.
func TestCheckPerftFindsAWrongCount(t *testing.T) {
	epd := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;D1 20 ;D2 400 ;D3 8902\n" +
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;D1 20 ;D2 401\n"
	s, err := Read(strings.NewReader(epd), "t")
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	passed, failed := s.CheckPerft(2, func(c PerftCheck) { lines = append(lines, c.String()) })
	if passed != 1 || failed != 1 {
		t.Fatalf("passed %d failed %d, want 1 and 1: %q", passed, failed, lines)
	}
	if !strings.HasSuffix(lines[0], "depth 1..2: 400") || !strings.HasSuffix(lines[1], "depth 2: expected 401, got 400") {
		t.Errorf("lines %q", lines)
	}
}
