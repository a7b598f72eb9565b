package records_test

import (
	"bytes"
	"os"
	"reflect"
	"testing"

	"github.com/ablate-chess/ablate/experiments/records"
	"github.com/ablate-chess/ablate/experiments/records/recordstest"
)

// FuzzReadCSV: records.csv never panics the reader; what it accepts it
// writes back and reads again unchanged.
func FuzzReadCSV(f *testing.F) {
	var buf bytes.Buffer
	records.WriteCSV(&buf, recordstest.CutAndExternal())
	f.Add(buf.Bytes())
	f.Add([]byte("config,nodes,qnodes\nfull,7,\n"))
	f.Add([]byte("group,depth,time_ms\ng,-1,NaN\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		recs, err := records.ReadCSV(bytes.NewReader(data), "fuzz.csv")
		if err != nil {
			return
		}
		var out bytes.Buffer
		if err := records.WriteCSV(&out, recs); err != nil {
			t.Fatal(err)
		}
		back, err := records.ReadCSV(&out, "again.csv")
		if err != nil || (len(recs) > 0 && !reflect.DeepEqual(back, recs)) {
			t.Fatalf("round trip: %v\n%+v\n%+v", err, recs, back)
		}
	})
}

// FuzzReadBaseline: a bench baseline never panics the reader; an accepted
// one has every column and a positive depth on every row.
func FuzzReadBaseline(f *testing.F) {
	data, _ := os.ReadFile("testdata/bench-head.csv") // results/baseline/bench.csv's first lines
	f.Add(data)
	f.Add([]byte("config,spec,depth,position,fen,nodes\nfull,full,0,p,x,1\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		rows, err := records.ReadBaseline(bytes.NewReader(data), "fuzz.csv")
		if err != nil {
			return
		}
		for _, r := range rows {
			if r.Depth < 1 || r.Config == "" || r.Spec == "" || r.FEN == "" || r.Position == "" {
				t.Fatalf("accepted %+v", r)
			}
		}
	})
}
