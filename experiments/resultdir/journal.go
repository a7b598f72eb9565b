package resultdir

import (
	"encoding/json"
	"path/filepath"

	"github.com/ablate-chess/ablate/experiments/records"
)

// JournalName is the journal's file name in a run directory.
const JournalName = "records.jsonl"

// ReadJournal reads dir's journal; a missing journal is empty. A torn last
// line (the run was killed mid-write) is dropped, and with it that job.
func ReadJournal(dir string) ([]records.Record, error) {
	var recs []records.Record
	err := ReadLineLog(filepath.Join(dir, JournalName), func(line []byte) error {
		if len(line) > 0 && line[0] == '{' { // one record, as older journals hold
			var r records.Record
			if err := json.Unmarshal(line, &r); err != nil {
				return err
			}
			recs = append(recs, r)
			return nil
		}
		var unit []records.Record
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
