package nullcheck

import (
	"testing"

	"github.com/ablate-chess/ablate/engine/chess"
	"github.com/ablate-chess/ablate/engine/search"
)

// TestCheckNullCutoffs: a known position's null-move cutoffs, each searched
// again: the counts are exact (one of thirteen is overturned, by 7 cp), a
// limit checks an evenly spread subset, and a configuration without null
// move has none.
func TestCheckNullCutoffs(t *testing.T) {
	pos, _ := chess.ParseFEN("8/8/8/3k4/8/8/2BBK3/8 w - - 0 1")
	full, _ := search.ParseConfig("full-pesto")
	n := Cutoffs(full, pos, 7, 2, 0)
	if n.Cutoffs != 13 || n.Checked != 13 || n.Overturned != 1 || n.Loss != 7 {
		t.Errorf("full: %+v", n)
	}
	sum := 0
	for _, c := range n.ByDepth {
		sum += c[0]
	}
	if sum != n.Checked {
		t.Errorf("by depth %v sums to %d checked", n.ByDepth, sum)
	}
	if m := Cutoffs(full, pos, 7, 2, 5); m.Cutoffs != 13 || m.Checked != 5 {
		t.Errorf("limit 5: %+v", m)
	}
	noNull, _ := search.ParseConfig("full-pesto,-nmp")
	if m := Cutoffs(noNull, pos, 7, 2, 0); m.Cutoffs != 0 || m.Checked != 0 {
		t.Errorf("without null move: %+v", m)
	}
}
