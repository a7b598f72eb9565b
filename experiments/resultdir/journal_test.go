package resultdir

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/ablate-chess/ablate/experiments/records/recordstest"
)

func TestJournal(t *testing.T) {
	dir := t.TempDir()
	j, err := OpenDir(dir, &RunInfo{}, false)
	if err != nil {
		t.Fatal(err)
	}
	j.AppendJSON(recordstest.Sample()[:2])
	j.AppendJSON(recordstest.Sample()[2:])
	j.Close()
	// A torn last line, as a kill mid-write leaves, is dropped.
	f, _ := os.OpenFile(filepath.Join(dir, JournalName), os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString(`{"group":"g","con`)
	f.Close()
	recs, err := ReadJournal(dir)
	if err != nil || !reflect.DeepEqual(recs, recordstest.Sample()) {
		t.Errorf("journal gave %d records, %v", len(recs), err)
	}
	if recs, err := ReadJournal(t.TempDir()); err != nil || recs != nil {
		t.Errorf("missing journal: %v %v", recs, err)
	}
}
