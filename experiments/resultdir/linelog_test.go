package resultdir

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ablate-chess/ablate/experiments/records"
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
	j, err := OpenDir(dir, &RunInfo{}, false)
	if err != nil {
		t.Fatal(err)
	}
	job := func(pos string) []records.Record {
		return []records.Record{{Config: "full", Position: pos, Depth: 1}, {Config: "full", Position: pos, Depth: 2}}
	}
	j.AppendJSON(job("a"))
	j.AppendJSON(job("b"))
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

// TestDirLifecycle: a directory's description comes first; a unit
// appended is in the journal; an unfinished end keeps the journal, a
// complete one writes the files, marks the description and drops it; a
// fresh start drops an old journal, a resume keeps it; the time worked is
// summed over the start and the resume.
func TestDirLifecycle(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "m")
	info := &MatchInfo{PairsAsked: 3, Shard: &ShardInfo{Index: 1, Count: 2}}
	d, err := OpenDir(dir, info, false)
	if err != nil {
		t.Fatal(err)
	}
	if mi, err := ReadMatchInfo(dir); err != nil || mi.Complete || mi.PairsAsked != 3 {
		t.Fatalf("description first: %+v %v", mi, err)
	}
	d.AppendJSON(map[string]int{"pair": 0})
	if err := d.Finish(false, func(string) error { return nil }); err != nil {
		t.Fatal(err)
	}
	d.Close()
	first, _ := ReadMatchInfo(dir)
	if first.WorkedSeconds <= 0 {
		t.Errorf("worked %v s: the time spent is not kept", first.WorkedSeconds)
	}
	journal := filepath.Join(dir, "pairs.jsonl")
	if data, _ := os.ReadFile(journal); string(data) != "{\"pair\":0}\n" {
		t.Errorf("journal %q", data)
	}
	d, _ = OpenDir(dir, info, true)
	d.AppendJSON(map[string]int{"pair": 1})
	wrote := false
	if err := d.Finish(true, func(p string) error { wrote = p == dir; return nil }); err != nil {
		t.Fatal(err)
	}
	mi, _ := ReadMatchInfo(dir)
	if !wrote || !mi.Complete || mi.Finished.IsZero() || !mi.Shard.Complete {
		t.Errorf("complete: wrote %v, %+v", wrote, mi)
	}
	if mi.WorkedSeconds <= first.WorkedSeconds {
		t.Errorf("worked %v s after a resume, %v before: the resume's time is not added", mi.WorkedSeconds, first.WorkedSeconds)
	}
	if _, err := os.Stat(journal); !os.IsNotExist(err) {
		t.Errorf("a complete directory kept its journal: %v", err)
	}
	os.WriteFile(journal, []byte("old\n"), 0o644)
	d, _ = OpenDir(dir, &MatchInfo{}, false)
	d.Close()
	if _, err := os.Stat(journal); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(journal); len(data) != 0 {
		t.Errorf("a fresh start kept the old journal: %q", data)
	}
	var nothing *Dir
	if nothing.Append([]byte("x")) != nil || nothing.Finish(true, nil) != nil {
		t.Error("a nil Dir (no --out) is not a no-op")
	}
}

// TestWriteWorthFile: worth.csv holds the rows played so far, no others.
func TestWriteWorthFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "worth.csv")
	rows := make([]records.WorthRow, 3)
	rows[1] = records.WorthRow{Group: "g", Config: "-nmp", Budget: "nodes=2500", Games: 10}
	if err := WriteWorthFile(path, rows); err != nil {
		t.Fatal(err)
	}
	f, _ := os.Open(path)
	defer f.Close()
	back, err := records.ReadWorthCSV(f, path)
	if err != nil || len(back) != 1 || back[0].Config != "-nmp" || back[0].Budget != "nodes=2500" {
		t.Errorf("%+v %v", back, err)
	}
}

// A log stored packed is not an empty log: reading it as one would show a
// fit of nothing, or play its pairs again on a resume.
func TestLineLogPacked(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "pairs.jsonl")
	none := func(l []byte) error { t.Errorf("parsed %q from a missing log", l); return nil }
	if err := ReadLineLog(path, none); err != nil {
		t.Fatalf("missing log: %v, want none", err)
	}
	if err := os.WriteFile(path+".gz", []byte("packed"), 0o644); err != nil {
		t.Fatal(err)
	}
	err := ReadLineLog(path, none)
	if err == nil || !strings.Contains(err.Error(), "pairs.jsonl.gz") || !strings.Contains(err.Error(), "unpack") {
		t.Fatalf("packed log: %v, want an error naming pairs.jsonl.gz and saying to unpack it", err)
	}
}
