package results

import (
	"encoding/json"
	"path/filepath"
)

// The journal, dir/records.jsonl, holds one line a finished job: a JSON
// array of its records (one per iteration), appended as the job finishes,
// so an interrupted run loses nothing finished, and a job whose line a
// crash tore is redone whole. Journals written before a job was one line
// hold one record a line; they are read as they are.

// JournalName is the journal's file name in a run directory.
const JournalName = "records.jsonl"

// ReadJournal reads dir's journal; a missing journal is empty. A torn last
// line (the run was killed mid-write) is dropped, and with it that job.
func ReadJournal(dir string) ([]Record, error) {
	var recs []Record
	err := ReadLineLog(filepath.Join(dir, JournalName), func(line []byte) error {
		if len(line) > 0 && line[0] == '{' { // one record, as older journals hold
			var r Record
			if err := json.Unmarshal(line, &r); err != nil {
				return err
			}
			recs = append(recs, r)
			return nil
		}
		var unit []Record
		if err := json.Unmarshal(line, &unit); err != nil {
			return err
		}
		recs = append(recs, unit...)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return recs, nil
}
