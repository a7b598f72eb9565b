package results

import (
	"bytes"
	"flag"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/ablate-chess/ablate/engine/search"
)

var update = flag.Bool("update", false, "rewrite the golden files")

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		os.WriteFile(path, []byte(got), 0o644)
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -update creates it)", err)
	}
	if got != string(want) {
		os.WriteFile(path+".got", []byte(got), 0o644)
		t.Errorf("%s differs from the golden file; see %s.got (go test -update accepts it)", name, path)
	}
}

// sample is two configurations on two positions, the reference first.
func sample() []Record {
	return []Record{
		{Group: "g", Config: "full", Position: "p1", Depth: 1, Nodes: 10, TimeMS: 1},
		{Group: "g", Config: "full", Position: "p1", Depth: 2, Nodes: 100, TimeMS: 10, BestMove: "e2e4", ScoreCP: 20,
			Solved: "yes", Counts: counts(search.EvPVSSearch, 50, search.EvPVSResearch, 5, search.EvReduce, 40, search.EvLMRResearch, 4, search.EvCutoff, 10, search.EvFirstMoveCutoff, 9)},
		{Group: "g", Config: "full", Position: "p2", Depth: 2, Nodes: 400, TimeMS: 30, BestMove: "d2d4", ScoreCP: -10,
			Solved: "no", Counts: counts(search.EvPVSSearch, 150, search.EvPVSResearch, 5, search.EvReduce, 60, search.EvLMRResearch, 1)},
		{Group: "g", Config: "no-lmr", Position: "p1", Depth: 2, Nodes: 400, TimeMS: 20, BestMove: "e2e4", ScoreCP: 24,
			Counts: counts(search.EvPVSSearch, 100, search.EvPVSResearch, 10)},
		{Group: "g", Config: "no-lmr", Position: "p2", Depth: 2, Nodes: 100, TimeMS: 20, BestMove: "g1f3", ScoreCP: -20,
			Solved: "yes", Counts: counts(search.EvPVSSearch, 100, search.EvPVSResearch, 30)},
	}
}

func TestSummarize(t *testing.T) {
	sums, err := Summarize(sample(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(sums) != 2 {
		t.Fatalf("%d summaries", len(sums))
	}
	full, noLMR := sums[0], sums[1]
	approx := func(name string, got, want float64) {
		t.Helper()
		if math.Abs(got-want) > 1e-9 {
			t.Errorf("%s = %v, want %v", name, got, want)
		}
	}
	if full.Nodes != 500 || full.Depth != 2 || full.Positions != 2 || full.Reference != "full" {
		t.Errorf("full: %+v", full)
	}
	approx("full node ratio", full.NodeRatio, 1)
	approx("full pvs re-search rate", full.PVSResearchRate, 10.0/200)
	approx("full lmr re-search rate", full.LMRResearchRate, 5.0/100)
	approx("full first-move cutoffs", full.FirstMoveCutoffRate, 0.9)
	approx("full solve rate", full.SolveRate, 0.5)
	approx("no-lmr node ratio", noLMR.NodeRatio, 500.0/500)
	approx("no-lmr geomean", noLMR.GeoMeanNodeRatio, 1) // 4x and 1/4x
	approx("no-lmr time ratio", noLMR.TimeRatio, 40.0/40)
	approx("no-lmr nps", noLMR.NPS, 500/0.040)
	approx("no-lmr agreement", noLMR.BestMoveAgreement, 0.5)
	approx("no-lmr |score change|", noLMR.MeanAbsScoreChange, (4+10)/2.0)
	if noLMR.Solved != 1 || noLMR.Solvable != 1 {
		t.Errorf("no-lmr solved %d/%d", noLMR.Solved, noLMR.Solvable)
	}
	// A named reference.
	sums, _ = Summarize(sample(), map[string]string{"g": "no-lmr"})
	if sums[0].Reference != "no-lmr" {
		t.Errorf("reference %q", sums[0].Reference)
	}
	dup := append(sample(), sample()[1])
	if _, err := Summarize(dup, nil); err == nil {
		t.Error("duplicate records accepted")
	}
}

func TestCSVRoundTrip(t *testing.T) {
	recs := sample()
	recs[0].EBF, recs[0].Techniques, recs[0].Params = 3.25, "alpha-beta,qsearch", "lmr-base=100;lmp-base=2"
	var buf bytes.Buffer
	if err := WriteCSV(&buf, recs); err != nil {
		t.Fatal(err)
	}
	back, err := ReadCSV(&buf, "r.csv")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, recs) {
		t.Errorf("round trip changed the records:\n%+v\n%+v", back, recs)
	}
	// The documented columns come first, in this order.
	want := "group,config,position,depth,nodes,qnodes,time_ms,time_min_ms,nps,ebf,best_move,score_cp"
	if got := strings.Join(Columns()[:12], ","); got != want {
		t.Errorf("columns %s", got)
	}
	for _, c := range []string{"pvs_research_rate", "lmr_research_rate"} {
		if !strings.Contains(strings.Join(Columns(), ","), c) {
			t.Errorf("no %s column", c)
		}
	}
	if got := strings.Join(SummaryColumns()[:2], ","); got != "group,config" {
		t.Errorf("summary columns start %s", got)
	}
}

func TestReadCSVErrors(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"", "no header line"},
		{"a,b\n1,2\n", "r.csv:1: no known column"},
		{"config,nodes\nfull,12x\n", `r.csv:2: column nodes: "12x" is not a count`},
		{"config,depth\nfull,1.5\n", `r.csv:2: column depth: "1.5" is not a whole number`},
	} {
		_, err := ReadCSV(strings.NewReader(c.text), "r.csv")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.text, err, c.want)
		}
	}
	// Unknown columns are skipped; known ones read.
	recs, err := ReadCSV(strings.NewReader("config,extra,nodes\nfull,zz,7\n"), "r.csv")
	if err != nil || len(recs) != 1 || recs[0].Nodes != 7 || recs[0].Config != "full" {
		t.Errorf("%+v %v", recs, err)
	}
}

func TestRenderGolden(t *testing.T) {
	sums, err := Summarize(sample(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, format := range Formats {
		var buf bytes.Buffer
		if err := RenderSummary(&buf, format, sums); err != nil {
			t.Fatal(err)
		}
		golden(t, "summary."+format, buf.String())
		buf.Reset()
		if err := RenderRecords(&buf, format, sample()[:3]); err != nil {
			t.Fatal(err)
		}
		golden(t, "records."+format, buf.String())
	}
	if err := CheckFormat("yaml"); err == nil {
		t.Error("yaml accepted")
	}
}

func TestJournal(t *testing.T) {
	dir := t.TempDir()
	j, err := OpenDir(dir, &RunInfo{}, false)
	if err != nil {
		t.Fatal(err)
	}
	j.AppendJSON(sample()[:2])
	j.AppendJSON(sample()[2:])
	j.Close()
	// A torn last line, as a kill mid-write leaves, is dropped.
	f, _ := os.OpenFile(filepath.Join(dir, JournalName), os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString(`{"group":"g","con`)
	f.Close()
	recs, err := ReadJournal(dir)
	if err != nil || !reflect.DeepEqual(recs, sample()) {
		t.Errorf("journal gave %d records, %v", len(recs), err)
	}
	if recs, err := ReadJournal(t.TempDir()); err != nil || recs != nil {
		t.Errorf("missing journal: %v %v", recs, err)
	}
}

// cutAndExternal adds to sample a configuration cut short on one position
// and one from an engine without counters.
func cutAndExternal() []Record {
	recs := sample()
	recs = append(recs,
		Record{Group: "g", Config: "no-nmp", Position: "p1", Depth: 1, Nodes: 30, TimeMS: 3},
		Record{Group: "g", Config: "no-nmp", Position: "p1", Depth: 2, Nodes: 900, TimeMS: 90, BudgetExceeded: "nodes"},
		Record{Group: "g", Config: "no-nmp", Position: "p2", Depth: 2, Nodes: 800, TimeMS: 50, BestMove: "d2d4", ScoreCP: -10},
		Record{Group: "g", Config: "toga", Position: "p1", Depth: 2, Nodes: 50, TimeMS: 5, BestMove: "e2e4", NoCounters: true},
		Record{Group: "g", Config: "toga", Position: "p2", Depth: 2, Nodes: 200, TimeMS: 15, BestMove: "d2d4", NoCounters: true},
	)
	return recs
}

func TestSummarizeCutShortAndUnknownCounters(t *testing.T) {
	sums, err := Summarize(cutAndExternal(), nil)
	if err != nil {
		t.Fatal(err)
	}
	cut, toga := sums[2], sums[3]
	// The cut position is left out: one position, and no totals.
	if cut.Positions != 1 || cut.CutShort != 1 || cut.Nodes != 800 || !cut.blank("total") || !cut.blank("ratio") {
		t.Errorf("cut short: %+v", cut)
	}
	if cut.GeoMeanNodeRatio != 2 || cut.BestMoveAgreement != 1 { // p2 only: 800/400
		t.Errorf("cut short compared on p2: geomean %v agreement %v", cut.GeoMeanNodeRatio, cut.BestMoveAgreement)
	}
	if !toga.NoCounters || toga.blank("total") || toga.NodeRatio != 0.5 {
		t.Errorf("external: %+v", toga)
	}
	if sums[0].blank("counter") || sums[0].blank("total") {
		t.Errorf("the reference lost columns: %+v", sums[0])
	}
	var buf bytes.Buffer
	if err := WriteSummaryCSV(&buf, sums); err != nil {
		t.Fatal(err)
	}
	golden(t, "summary-cut.csv", buf.String())
	buf.Reset()
	if err := RenderSummary(&buf, "table", sums); err != nil {
		t.Fatal(err)
	}
	golden(t, "summary-cut.table", buf.String())
}

func TestUnknownCountersRoundTrip(t *testing.T) {
	recs := cutAndExternal()
	var buf bytes.Buffer
	if err := WriteCSV(&buf, recs); err != nil {
		t.Fatal(err)
	}
	// Unknown counters are empty cells, never zeros.
	lines := strings.Split(buf.String(), "\n")
	if toga := lines[len(lines)-2]; !strings.Contains(toga, "toga,p2,2,200,,") {
		t.Errorf("external record's qnodes is not empty: %s", toga)
	}
	back, err := ReadCSV(&buf, "r.csv")
	if err != nil || !reflect.DeepEqual(back, recs) {
		t.Errorf("CSV round trip: %v\n%+v", err, back[len(back)-1])
	}
	// JSON: null, and back.
	dir := t.TempDir()
	j, _ := OpenDir(dir, &RunInfo{}, false)
	j.AppendJSON(recs)
	j.Close()
	data, _ := os.ReadFile(filepath.Join(dir, JournalName))
	if !strings.Contains(string(data), `"qnodes":null`) {
		t.Errorf("no null counters in the journal")
	}
	back, err = ReadJournal(dir)
	if err != nil || !reflect.DeepEqual(back, recs) {
		t.Errorf("JSON round trip: %v", err)
	}
}

// counts makes a record's counters from kind, count pairs.
func counts(kv ...any) search.Counts {
	var c search.Counts
	for i := 0; i+1 < len(kv); i += 2 {
		c[kv[i].(search.EventKind)] = uint64(kv[i+1].(int))
	}
	return c
}
