package resultdir

import (
	"bytes"
	"fmt"
	"os"
)

// LineLog is an append-only file of whole units, one line each: the
// journal of a run (a job's records), of a match (a game pair) or of a
// worth cell. A unit is written with its newline in one write and synced,
// so a crash leaves at most the last line torn, without its newline; the
// reader drops it and the next open cuts it off, so the unit is redone
// whole, never half-counted.
type LineLog struct{ f *os.File }

// OpenLineLog opens path for appending, creating it if need be, and cuts
// off a torn last line.
func OpenLineLog(path string) (*LineLog, error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, err
	}
	data, err := os.ReadFile(path)
	if err != nil {
		f.Close()
		return nil, err
	}
	whole := int64(bytes.LastIndexByte(data, '\n') + 1)
	if whole < int64(len(data)) {
		if err := f.Truncate(whole); err != nil {
			f.Close()
			return nil, err
		}
	}
	if _, err := f.Seek(whole, 0); err != nil {
		f.Close()
		return nil, err
	}
	return &LineLog{f}, nil
}

// Append writes one unit, which must hold no newline, and syncs it to the
// disk.
func (l *LineLog) Append(unit []byte) error {
	if bytes.IndexByte(unit, '\n') >= 0 {
		return fmt.Errorf("journal: a unit holds a newline")
	}
	if _, err := l.f.Write(append(unit, '\n')); err != nil {
		return err
	}
	return l.f.Sync()
}

// Close closes the log.
func (l *LineLog) Close() error { return l.f.Close() }

// ReadLineLog calls parse with each whole line of path, numbered from 1; a
// missing file has none, and a torn last line (no newline) is skipped. A
// whole line that parse refuses is an error naming the file and line: it
// was written whole, so it is damage, not a crash. A log stored packed
// (path.gz there, path not) is an error, not an empty log: read as empty,
// a fit would show nothing and a resume would play its pairs again.
func ReadLineLog(path string, parse func(line []byte) error) error {
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		if _, gz := os.Stat(path + ".gz"); gz == nil {
			return fmt.Errorf("%s is stored packed as %s.gz: unpack it first (gunzip -k %s.gz; the results/ scripts do)", path, path, path)
		}
		return nil
	}
	if err != nil {
		return err
	}
	for n := 1; ; n++ {
		i := bytes.IndexByte(data, '\n')
		if i < 0 {
			return nil // empty, or a torn last line
		}
		if err := parse(data[:i]); err != nil {
			return fmt.Errorf("%s:%d: %v", path, n, err)
		}
		data = data[i+1:]
	}
}
