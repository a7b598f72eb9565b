package results

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
)

// The journal, dir/records.jsonl, holds one JSON record per line, appended
// as each job finishes, so an interrupted run loses nothing finished and
// --resume knows what is left.

// JournalName is the journal's file name in a run directory.
const JournalName = "records.jsonl"

// Journal appends records to a run directory's journal.
type Journal struct {
	f *os.File
	w *bufio.Writer
}

// OpenJournal opens dir's journal for appending, creating it if need be.
func OpenJournal(dir string) (*Journal, error) {
	f, err := os.OpenFile(filepath.Join(dir, JournalName), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return nil, err
	}
	return &Journal{f: f, w: bufio.NewWriter(f)}, nil
}

// Append writes one job's records and flushes them to the file.
func (j *Journal) Append(recs []Record) error {
	for i := range recs {
		data, err := json.Marshal(&recs[i])
		if err != nil {
			return err
		}
		j.w.Write(data)
		j.w.WriteByte('\n')
	}
	if err := j.w.Flush(); err != nil {
		return err
	}
	return j.f.Sync()
}

// Close closes the journal.
func (j *Journal) Close() error { return j.f.Close() }

// ReadJournal reads dir's journal; a missing journal is empty. A torn last
// line (the run was killed mid-write) is dropped.
func ReadJournal(dir string) ([]Record, error) {
	path := filepath.Join(dir, JournalName)
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var recs []Record
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	var pending error
	for n := 1; sc.Scan(); n++ {
		if pending != nil {
			return nil, pending // a bad line that was not the last
		}
		var r Record
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			pending = fmt.Errorf("%s:%d: %v", path, n, err)
			continue
		}
		recs = append(recs, r)
	}
	return recs, sc.Err()
}
