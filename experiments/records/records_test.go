package records_test

import (
	"bytes"
	"encoding/json"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/ablate-chess/ablate/experiments/golden"
	"github.com/ablate-chess/ablate/experiments/records"
	"github.com/ablate-chess/ablate/experiments/records/recordstest"
)

func TestSummarize(t *testing.T) {
	sums, err := records.Summarize(recordstest.Sample(), nil)
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
	sums, _ = records.Summarize(recordstest.Sample(), map[string]string{"g": "no-lmr"})
	if sums[0].Reference != "no-lmr" {
		t.Errorf("reference %q", sums[0].Reference)
	}
	dup := append(recordstest.Sample(), recordstest.Sample()[1])
	if _, err := records.Summarize(dup, nil); err == nil {
		t.Error("duplicate records accepted")
	}
}

func TestCSVRoundTrip(t *testing.T) {
	recs := recordstest.Sample()
	recs[0].EBF, recs[0].Techniques, recs[0].Params = 3.25, "alpha-beta,qsearch", "lmr-base=100;lmp-base=2"
	var buf bytes.Buffer
	if err := records.WriteCSV(&buf, recs); err != nil {
		t.Fatal(err)
	}
	back, err := records.ReadCSV(&buf, "r.csv")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, recs) {
		t.Errorf("round trip changed the records:\n%+v\n%+v", back, recs)
	}
	// The documented columns come first, in this order.
	want := "group,config,position,depth,nodes,qnodes,time_ms,time_min_ms,nps,ebf,best_move,score_cp"
	if got := strings.Join(records.Columns(recordstest.Counts().Names)[:12], ","); got != want {
		t.Errorf("columns %s", got)
	}
	for _, c := range []string{"pvs_research_rate", "lmr_research_rate"} {
		if !strings.Contains(strings.Join(records.Columns(recordstest.Counts().Names), ","), c) {
			t.Errorf("no %s column", c)
		}
	}
	if got := strings.Join(records.SummaryColumns()[:2], ","); got != "group,config" {
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
		_, err := records.ReadCSV(strings.NewReader(c.text), "r.csv")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.text, err, c.want)
		}
	}
	// Unknown columns are skipped; known ones read.
	recs, err := records.ReadCSV(strings.NewReader("config,extra,nodes\nfull,zz,7\n"), "r.csv")
	if err != nil || len(recs) != 1 || recs[0].Nodes != 7 || recs[0].Config != "full" {
		t.Errorf("%+v %v", recs, err)
	}
}

func TestSummarizeCutShortAndUnknownCounters(t *testing.T) {
	sums, err := records.Summarize(recordstest.CutAndExternal(), nil)
	if err != nil {
		t.Fatal(err)
	}
	cut, toga := sums[2], sums[3]
	// The cut position is left out: one position, and no totals.
	if cut.Positions != 1 || cut.CutShort != 1 || cut.Nodes != 800 || !cut.Blank("total") || !cut.Blank("ratio") {
		t.Errorf("cut short: %+v", cut)
	}
	if cut.GeoMeanNodeRatio != 2 || cut.BestMoveAgreement != 1 { // p2 only: 800/400
		t.Errorf("cut short compared on p2: geomean %v agreement %v", cut.GeoMeanNodeRatio, cut.BestMoveAgreement)
	}
	if !toga.NoCounters || toga.Blank("total") || toga.NodeRatio != 0.5 {
		t.Errorf("external: %+v", toga)
	}
	if sums[0].Blank("counter") || sums[0].Blank("total") {
		t.Errorf("the reference lost columns: %+v", sums[0])
	}
	var buf bytes.Buffer
	if err := records.WriteSummaryCSV(&buf, sums); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "summary-cut.csv", buf.String())
}

func TestUnknownCountersRoundTrip(t *testing.T) {
	recs := recordstest.CutAndExternal()
	var buf bytes.Buffer
	if err := records.WriteCSV(&buf, recs); err != nil {
		t.Fatal(err)
	}
	// Unknown counters are empty cells, never zeros.
	lines := strings.Split(buf.String(), "\n")
	if toga := lines[len(lines)-2]; !strings.Contains(toga, "toga,p2,2,200,,") {
		t.Errorf("external record's qnodes is not empty: %s", toga)
	}
	back, err := records.ReadCSV(&buf, "r.csv")
	if err != nil || !reflect.DeepEqual(back, recs) {
		t.Errorf("CSV round trip: %v\n%+v", err, back[len(back)-1])
	}
	// JSON: null, and back.
	for _, r := range recs {
		data, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		if r.NoCounters != strings.Contains(string(data), `"qnodes":null`) {
			t.Errorf("%s on %s: %s", r.Config, r.Position, data)
		}
		var back records.Record
		if err := json.Unmarshal(data, &back); err != nil || !reflect.DeepEqual(back, r) {
			t.Errorf("JSON round trip of %s on %s: %v\n%+v\n%+v", r.Config, r.Position, err, back, r)
		}
	}
}
