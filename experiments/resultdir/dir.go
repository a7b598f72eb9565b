package resultdir

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"time"
)

// Dir is a result directory through its life, the one life of every kind
// (run, match, worth, tune spsa, tune texel, merge):
//
//  1. a kind that resumes writes its description (run.json, match.json,
//     worth.json, tune.json) first, so that an interruption can be
//     resumed, and opens its journal (a fresh start drops an old one; a
//     resume keeps it): OpenDir; a kind described only once whole (texel,
//     a merge) writes nothing yet: NewDir;
//  2. each finished unit (a job's records, a game pair, a batch) is
//     appended to the journal, whole or not at all; Save writes the
//     description again as the work goes on;
//  3. Finish writes the result files, then the description, complete or
//     not, atomically and synced; a complete directory's journal is
//     dropped (its units are all in the result files), and a complete
//     replacement (--force, written beside its target) takes the target's
//     place.
//
// A crash at any point leaves a directory that resumes to the same files.
// No other code writes a description or exchanges directories.
type Dir struct {
	Path   string
	desc   Description
	log    *LineLog  // nil: the kind keeps no line journal, or NewDir
	opened time.Time // this process's start on it, for the time worked
	// whole: made by NewDir, the directory is written once, so its
	// Finish is its end even when the result it holds is partial (a
	// merge of unfinished shards).
	whole bool
}

// Description is a kind's description file: a struct that embeds Life
// and Origin and names its files.
type Description interface {
	// Names are the description's file name (run.json) and the journal's
	// (records.jsonl; "" for a kind that keeps none). A complete
	// directory's journal is dropped.
	Names() (description, journal string)
	life() *Life
	origin() *Origin
}

// Life is what every description says of its directory's life.
type Life struct {
	Started  time.Time `json:"started,omitzero"`
	Finished time.Time `json:"finished,omitzero"`
	Complete bool      `json:"complete"`
	// WorkedSeconds is the wall time spent on the result, summed over its
	// start and every resume that ended in order (finished or
	// interrupted; a killed process's time is lost).
	WorkedSeconds float64 `json:"worked_seconds,omitempty"`
	// Replaces is the directory this result takes the place of once it is
	// complete (--force): until then it is written beside it.
	Replaces string `json:"replaces,omitempty"`
}

func (l *Life) life() *Life { return l }

// Begin is the life of a result begun now, to replace the directory
// replaces once complete ("" for none): a Claim's Replaces.
func Begin(replaces string) Life { return Life{Started: time.Now().UTC(), Replaces: replaces} }

// sharded is a description of one shard of a plan, whose shard is marked
// complete with it.
type sharded interface{ shard() *ShardInfo }

// OpenDir starts a directory (resume false: an old journal is dropped) or
// resumes one, writing its description and opening its journal.
func OpenDir(path string, d Description, resume bool) (*Dir, error) {
	if err := os.MkdirAll(path, 0o755); err != nil {
		return nil, err
	}
	_, journal := d.Names()
	if !resume && journal != "" {
		if err := os.Remove(filepath.Join(path, journal)); err != nil && !os.IsNotExist(err) {
			return nil, err
		}
	}
	dir := &Dir{Path: path, desc: d, opened: time.Now()}
	if err := dir.Save(); err != nil {
		return nil, err
	}
	if journal != "" {
		log, err := OpenLineLog(filepath.Join(path, journal))
		if err != nil {
			return nil, err
		}
		dir.log = log
	}
	return dir, nil
}

// NewDir is a directory whose description is written only by Finish (or
// Save): a kind described once whole.
func NewDir(path string, d Description) *Dir {
	return &Dir{Path: path, desc: d, opened: time.Now(), whole: true}
}

// Replacing makes the directory a replacement of target (--force),
// written beside it until Finish puts it in target's place.
func (d *Dir) Replacing(target string) {
	if !SameDir(d.Path, target) {
		d.desc.life().Replaces = target
	}
}

// Save writes the description now, whole or not at all (to a temporary
// file, synced, then renamed over the old one), with the provenance of
// this process. It is the one writer of every kind's description.
func (d *Dir) Save() error {
	d.desc.origin().Fill()
	data, err := json.MarshalIndent(d.desc, "", "  ")
	if err != nil {
		return err
	}
	name, _ := d.desc.Names()
	return writeFileAtomic(filepath.Join(d.Path, name), append(data, '\n'))
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

// Finish writes the result files (write, given the directory's path; nil
// writes none), then the description, complete or not; a complete
// directory's journal is dropped, and a complete replacement takes its
// target's place (Path is then the target), as does any replacement
// NewDir made. A nil Dir does nothing.
func (d *Dir) Finish(complete bool, write func(dir string) error) error {
	if d == nil {
		return nil
	}
	if write != nil {
		if err := write(d.Path); err != nil {
			return err
		}
	}
	l := d.desc.life()
	if l.Complete = complete; complete {
		l.Finished = time.Now().UTC()
	}
	l.WorkedSeconds += time.Since(d.opened).Seconds()
	d.opened = time.Now()
	if s, ok := d.desc.(sharded); ok && s.shard() != nil {
		s.shard().Complete = complete
	}
	if err := d.Save(); err != nil {
		return err
	}
	if !complete && !d.whole {
		return nil
	}
	if d.log != nil {
		d.log.Close()
		d.log = nil
	}
	if _, journal := d.desc.Names(); journal != "" {
		if err := os.Remove(filepath.Join(d.Path, journal)); err != nil && !os.IsNotExist(err) {
			return err
		}
	}
	target := l.Replaces
	if target == "" {
		return nil
	}
	// A complete replacement takes the old result's place, whole; until
	// it stands there its description names the target, so that the same
	// command again finishes the exchange.
	if !SameDir(d.Path, target) {
		if err := replaceDir(d.Path, target); err != nil {
			return fmt.Errorf("the new result is complete in %s but could not replace %s: %v", d.Path, target, err)
		}
	}
	d.Path, l.Replaces = target, "" // in its place, it replaces nothing
	return d.Save()
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
	if d != nil && d.log != nil {
		d.log.Close()
	}
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
