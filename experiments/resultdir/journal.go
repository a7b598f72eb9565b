package resultdir

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"

	"github.com/ablate-chess/ablate/experiments/records"
)

// JournalName is the journal's file name in a run directory.
const JournalName = "records.jsonl"

// ReadJournal reads dir's journal; a missing journal is empty. A torn last
// line (the run was killed mid-write) is dropped, and with it that job. A
// job journaled twice (the same line again, as a copy of the file or a
// retry may leave) counts once; the same job with other records is damage,
// an error naming the line.
func ReadJournal(dir string) ([]records.Record, error) {
	var recs []records.Record
	n := 0
	seen := map[string]struct {
		line int
		data []byte
	}{}
	err := ReadLineLog(filepath.Join(dir, JournalName), func(line []byte) error {
		n++
		var unit []records.Record
		if len(line) > 0 && line[0] == '{' { // one record, as older journals hold
			var r records.Record
			if err := json.Unmarshal(line, &r); err != nil {
				return err
			}
			unit = []records.Record{r}
		} else if err := json.Unmarshal(line, &unit); err != nil {
			return err
		}
		if len(unit) == 0 {
			return nil
		}
		// A unit is one job's records; an old journal's line, one record.
		key := records.JobKey(unit[0].Group, unit[0].Config, unit[0].Position)
		if len(unit) == 1 {
			key += fmt.Sprintf("/%d", unit[0].Depth)
		}
		if prev, ok := seen[key]; ok {
			if bytes.Equal(prev.data, line) {
				return nil
			}
			return fmt.Errorf("the records of %s again, other than line %d's", records.JobName(key), prev.line)
		}
		seen[key] = struct {
			line int
			data []byte
		}{n, line}
		recs = append(recs, unit...)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return recs, nil
}
