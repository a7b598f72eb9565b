package results

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLineLogTornTail: a torn last line is skipped by the reader and cut
// off by the next open, so the unit appended after it stands on its own
// line; a whole line that does not parse is an error naming it.
func TestLineLogTornTail(t *testing.T) {
	path := filepath.Join(t.TempDir(), "j.jsonl")
	if err := os.WriteFile(path, []byte("one\ntwo\nthr"), 0o644); err != nil {
		t.Fatal(err)
	}
	read := func() string {
		var got []string
		if err := ReadLineLog(path, func(l []byte) error { got = append(got, string(l)); return nil }); err != nil {
			t.Fatal(err)
		}
		return strings.Join(got, ",")
	}
	if got := read(); got != "one,two" {
		t.Errorf("read %q, want the torn line dropped", got)
	}
	log, err := OpenLineLog(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := log.Append([]byte("three")); err != nil {
		t.Fatal(err)
	}
	if err := log.Append([]byte("a\nb")); err == nil {
		t.Error("a unit with a newline was written")
	}
	log.Close()
	if got := read(); got != "one,two,three" {
		t.Errorf("read %q after the append", got)
	}
	err = ReadLineLog(path, func(l []byte) error {
		if string(l) == "two" {
			return os.ErrInvalid
		}
		return nil
	})
	if err == nil || !strings.Contains(err.Error(), "j.jsonl:2:") {
		t.Errorf("a bad whole line: %v", err)
	}
	if err := ReadLineLog(filepath.Join(t.TempDir(), "none"), func([]byte) error { return nil }); err != nil {
		t.Errorf("a missing log: %v", err)
	}
}

// TestJournalOneUnitAJob: a job's records are one line; a torn job is
// dropped whole; journals of one record a line still read.
func TestJournalOneUnitAJob(t *testing.T) {
	dir := t.TempDir()
	j, err := OpenJournal(dir)
	if err != nil {
		t.Fatal(err)
	}
	job := func(pos string) []Record {
		return []Record{{Config: "full", Position: pos, Depth: 1}, {Config: "full", Position: pos, Depth: 2}}
	}
	j.Append(job("a"))
	j.Append(job("b"))
	j.Close()
	path := filepath.Join(dir, JournalName)
	data, _ := os.ReadFile(path)
	if n := strings.Count(string(data), "\n"); n != 2 {
		t.Fatalf("%d lines for two jobs", n)
	}
	os.WriteFile(path, data[:len(data)-5], 0o644) // job b torn
	recs, err := ReadJournal(dir)
	if err != nil || len(recs) != 2 || recs[1].Position != "a" {
		t.Fatalf("read %d records (%v), want job a's two", len(recs), err)
	}
	os.WriteFile(path, []byte(`{"config":"full","position":"x","depth":3}`+"\n"), 0o644)
	if recs, err := ReadJournal(dir); err != nil || len(recs) != 1 || recs[0].Depth != 3 {
		t.Errorf("an old journal: %v %v", recs, err)
	}
}
