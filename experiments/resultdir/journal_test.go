package resultdir

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
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

// TestJournalLineTwice: a journal holding a job's line twice (a copy, a
// retry) resumes, the job counted once; the same job
// with other records is damage, named by file and line.
func TestJournalLineTwice(t *testing.T) {
	dir := t.TempDir()
	d, err := OpenDir(dir, &RunInfo{}, false)
	if err != nil {
		t.Fatal(err)
	}
	recs := recordstest.Sample()
	d.AppendJSON(recs[1:3]) // p1 and p2 of full, one unit
	d.AppendJSON(recs[3:4])
	d.Close()
	path := filepath.Join(dir, JournalName)
	data, _ := os.ReadFile(path)
	lines := strings.SplitAfter(string(data), "\n")
	os.WriteFile(path, []byte(lines[0]+lines[1]+lines[1]), 0o644)
	got, err := ReadJournal(dir)
	if err != nil || len(got) != 3 {
		t.Fatalf("a line twice: %d records, %v", len(got), err)
	}
	other := strings.Replace(lines[1], `"nodes":400`, `"nodes":401`, 1)
	os.WriteFile(path, []byte(lines[0]+lines[1]+other), 0o644)
	if _, err := ReadJournal(dir); err == nil || !strings.Contains(err.Error(), JournalName+":3:") ||
		!strings.Contains(err.Error(), "line 2") {
		t.Errorf("the same job, other records: %v", err)
	}
}
