package render

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ablate-chess/ablate/experiments/golden"
	"github.com/ablate-chess/ablate/experiments/recheck"
	"github.com/ablate-chess/ablate/experiments/records"
	"github.com/ablate-chess/ablate/experiments/records/recordstest"
	"github.com/ablate-chess/ablate/experiments/resultdir"
	"github.com/ablate-chess/ablate/experiments/stats"
)

func TestRenderGolden(t *testing.T) {
	sums, err := records.Summarize(recordstest.Sample(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, format := range Formats {
		var buf bytes.Buffer
		if err := Summary(&buf, format, sums); err != nil {
			t.Fatal(err)
		}
		golden.Check(t, "summary."+format, buf.String())
		buf.Reset()
		if err := Records(&buf, format, recordstest.Sample()[:3]); err != nil {
			t.Fatal(err)
		}
		golden.Check(t, "records."+format, buf.String())
	}
	if err := CheckFormat("yaml"); err == nil {
		t.Error("yaml accepted")
	}
}

func TestRenderCutShort(t *testing.T) {
	sums, err := records.Summarize(recordstest.CutAndExternal(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := Summary(&buf, "table", sums); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "summary-cut.table", buf.String())
}

// TestMatchTableNamesDrawRatios: the share of drawn games and fastchess's
// DrawRatio are told apart in the match's table.
func TestMatchTableNamesDrawRatios(t *testing.T) {
	var s stats.Score
	s.AddPair(1, 0)
	s.AddPair(0.5, 0.5)
	var b bytes.Buffer
	Match(&b, "table", "a", "b", s.Result(nil))
	if !strings.Contains(b.String(), "drawn games") || !strings.Contains(b.String(), "fastchess's DrawRatio") {
		t.Errorf("the table does not say which draw ratio is which:\n%s", b.String())
	}
}

// TestPhasesGolden: the by-move table in every format; a stretch with no
// nodes or seconds in its comments (a node budget's moves) leaves the
// cell empty.
func TestPhasesGolden(t *testing.T) {
	phases := []records.Phase{
		{From: 1, To: 10, Moves: [2]int{189, 189}, Depth: [2]float64{19.59, 19.58}, Nodes: [2]float64{463949, 461510}, Seconds: [2]float64{0.2861, 0.3}},
		{From: 11, To: 0, Moves: [2]int{316, 315}, Depth: [2]float64{20.614, 20.38}},
	}
	for _, format := range Formats {
		var buf bytes.Buffer
		if err := Phases(&buf, format, "sf", "sf2", phases); err != nil {
			t.Fatal(err)
		}
		golden.Check(t, "phases."+format, buf.String())
	}
}

// TestRecheckGolden: trace --check-null's and --check-lmr's tables, in
// every format, from tallies made by hand: the loss's mean over the
// overturned only, empty rates where nothing was checked, the depths and
// the move buckets in order, the move table for LMR alone.
func TestRecheckGolden(t *testing.T) {
	a := recheck.Tally{Shortcuts: 40, Checked: 20, Overturned: 2, Floor: 1, Loss: 50}
	b := recheck.Tally{Shortcuts: 3}
	total := recheck.Tally{Shortcuts: 43, Checked: 20, Overturned: 2, Floor: 1, Loss: 50,
		ByDepth: map[int][3]int{10: {4, 1, 0}, 3: {16, 1, 1}},
		ByMove:  map[int][3]int{8: {5, 0, 1}, 4: {15, 2, 0}}}
	for _, byMove := range []bool{false, true} {
		for _, format := range []string{"table", "markdown", "csv"} {
			var buf bytes.Buffer
			if err := Recheck(&buf, format, "shortcuts", []string{"a", "b"}, []recheck.Tally{a, b}, total, byMove); err != nil {
				t.Fatal(err)
			}
			name := "recheck-null." + format
			if byMove {
				name = "recheck-lmr." + format
			}
			golden.Check(t, name, buf.String())
		}
	}
}

// TestIndexGolden: results/INDEX.md's text: a row a stored result, its
// state, its size in B, KB or MB, its command quoted (a | in it escaped),
// and the total.
func TestIndexGolden(t *testing.T) {
	root := filepath.Join("results")
	stored := []resultdir.Stored{
		{Path: filepath.Join(root, "a", "run"), What: "run", Complete: true, Command: "ablate run -e card", Bytes: 900},
		{Path: filepath.Join(root, "m"), What: "match", Command: "ablate match --config 'x=full|y'", Bytes: 3 << 20},
		{Path: filepath.Join(root, "t"), What: "tune", Bytes: 5000},
	}
	var buf bytes.Buffer
	if err := Index(&buf, root, stored); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "index.md", buf.String())
}

// TestPerNodeGolden: compare --per-node's table, a column a configuration
// and a row a measure, blank where an engine counts nothing.
func TestPerNodeGolden(t *testing.T) {
	ps, err := records.PerNodes(recordstest.CutAndExternal())
	if err != nil {
		t.Fatal(err)
	}
	for _, format := range []string{"table", "csv"} {
		var buf bytes.Buffer
		if err := PerNode(&buf, format, ps); err != nil {
			t.Fatal(err)
		}
		golden.Check(t, "pernode."+format, buf.String())
	}
}
