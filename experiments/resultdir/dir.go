package resultdir

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"time"
)

// Dir is a run's or a match's directory (--out DIR) through its life, the
// one lifecycle of run, match and every worth cell:
//
//  1. the description (run.json or match.json) is written first, so that an
//     interruption can be resumed, and the journal opened (a fresh start
//     drops an old one; a resume keeps it);
//  2. each finished unit (a job's records, a game pair) is appended to the
//     journal, whole or not at all;
//  3. at the end the result files are written, then the description,
//     complete or not, and a complete directory's journal is dropped: its
//     units are all in the result files.
//
// A crash at any point leaves a directory that resumes to the same files.
type Dir struct {
	Path   string
	desc   Description
	log    *LineLog
	opened time.Time // this process's start on it, for the time worked
}

// Description is a directory's description file: *RunInfo or *MatchInfo.
type Description interface {
	fileName() string    // run.json, match.json
	journalName() string // records.jsonl, pairs.jsonl
	origin() *Origin     // the engine, commit and machine it ran on
	// replacing is the directory this one replaces once complete (a
	// --force start writes in a staging directory); "" for none.
	replacing() *string
	// finish marks the description complete (finished now) or not, and
	// adds the time this process worked on it.
	finish(complete bool, now time.Time, worked time.Duration)
}

// OpenDir starts a directory (resume false: an old journal is dropped) or
// resumes one, writing its description.
func OpenDir(path string, d Description, resume bool) (*Dir, error) {
	if err := os.MkdirAll(path, 0o755); err != nil {
		return nil, err
	}
	if !resume {
		if err := os.Remove(filepath.Join(path, d.journalName())); err != nil && !os.IsNotExist(err) {
			return nil, err
		}
	}
	d.origin().Fill() // the process that runs it
	if err := writeDescription(path, d); err != nil {
		return nil, err
	}
	log, err := OpenLineLog(filepath.Join(path, d.journalName()))
	if err != nil {
		return nil, err
	}
	return &Dir{path, d, log, time.Now()}, nil
}

// Append journals one finished unit. A nil Dir (no --out) keeps nothing.
func (d *Dir) Append(unit []byte) error {
	if d == nil {
		return nil
	}
	return d.log.Append(unit)
}

// AppendJSON journals one finished unit as JSON.
func (d *Dir) AppendJSON(unit any) error {
	if d == nil {
		return nil
	}
	data, err := json.Marshal(unit)
	if err != nil {
		return err
	}
	return d.log.Append(data)
}

// Finish writes the result files (write, given the directory's path),
// then the description, complete or not; a complete directory's journal is
// dropped. A nil Dir does nothing.
func (d *Dir) Finish(complete bool, write func(dir string) error) error {
	if d == nil {
		return nil
	}
	if err := write(d.Path); err != nil {
		return err
	}
	d.desc.finish(complete, time.Now().UTC(), time.Since(d.opened))
	target := *d.desc.replacing()
	if complete {
		*d.desc.replacing() = "" // in its place, it replaces nothing
	}
	if err := writeDescription(d.Path, d.desc); err != nil {
		return err
	}
	if !complete {
		return nil
	}
	d.log.Close()
	if err := os.Remove(filepath.Join(d.Path, d.desc.journalName())); err != nil {
		return err
	}
	if target == "" {
		return nil
	}
	// A complete replacement takes the old result's place, whole.
	if err := replaceDir(d.Path, target); err != nil {
		return fmt.Errorf("the new result is complete in %s but could not replace %s: %v", d.Path, target, err)
	}
	d.Path = target
	return nil
}

// Where is the directory's path ("" for a nil Dir).
func (d *Dir) Where() string {
	if d == nil {
		return ""
	}
	return d.Path
}

// Close closes the journal (a directory left unfinished resumes from it).
func (d *Dir) Close() {
	if d != nil {
		d.log.Close()
	}
}

// writeDescription writes the description whole or not at all: to a
// temporary file, synced, then renamed over the old one.
func writeDescription(dir string, d Description) error {
	data, err := json.MarshalIndent(d, "", "  ")
	if err != nil {
		return err
	}
	return writeFileAtomic(filepath.Join(dir, d.fileName()), append(data, '\n'))
}

// WriteFileAtomic replaces path with data, never leaving it half written.
func WriteFileAtomic(path string, data []byte) error { return writeFileAtomic(path, data) }

// writeFileAtomic replaces path with data, never leaving it half written.
func writeFileAtomic(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}

// markFinished marks a description complete (finished now), or not, and
// its shard with it.
func markFinished(done *bool, finished *time.Time, shard *ShardInfo, complete bool, now time.Time) {
	*done = complete
	if complete {
		*finished = now
	}
	if shard != nil {
		shard.Complete = complete
	}
}
