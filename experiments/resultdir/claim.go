package resultdir

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Holding is what a directory holds, read before a new result may be
// written there: nothing, a run, a match, a worth, or other files.
type Holding struct {
	Path     string
	What     string // "" (nothing), "run", "match", "worth", "tune", "texel" or "files"
	Complete bool   // a run, match or tune that finished
	Files    []string
}

// The files that name a directory a tune's (SPSA) and a Texel fit's.
const (
	TuneInfoName  = "tune.json"
	TexelInfoName = "texel.json"
	// TexelCheckpointName is a texel fit's checkpoint while it runs.
	TexelCheckpointName = "texel-checkpoint.json"
)

// Empty reports whether the directory holds nothing (or does not exist).
func (h Holding) Empty() bool { return h.What == "" }

// String says what the directory holds, for an error: "a complete run
// (records.csv, run.json, summary.csv)".
func (h Holding) String() string {
	var what string
	switch h.What {
	case "":
		return "nothing"
	case "run", "match", "tune":
		state := "an interrupted"
		if h.Complete {
			state = "a complete"
		}
		what = state + " " + h.What
	case "worth":
		what = "a worth (its tree sizes and matches)"
	case "texel":
		what = "a Texel tune"
	default:
		what = "other files"
	}
	names := h.Files
	if len(names) > 4 {
		names = append(append([]string(nil), names[:4]...), fmt.Sprintf("and %d more", len(h.Files)-4))
	}
	return what + " (" + strings.Join(names, ", ") + ")"
}

// Inspect reads what dir holds. A missing directory holds nothing; a path
// that is a file, not a directory, is an error.
func Inspect(dir string) (Holding, error) {
	h := Holding{Path: dir}
	entries, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return h, nil
	}
	if err != nil {
		return h, err
	}
	has := map[string]bool{}
	for _, e := range entries {
		if e.Name() == LockName || atomicTemp(e.Name()) { // a writer's, or a killed one's: not a result
			continue
		}
		h.Files = append(h.Files, e.Name())
		has[e.Name()] = true
	}
	sort.Strings(h.Files)
	switch {
	case len(h.Files) == 0:
	case has[WorthInfoName] || has["worth.csv"] || has["matches"]:
		h.What = "worth"
	case has["run.json"]:
		h.What = "run"
		if ri, err := ReadRunInfo(dir); err == nil {
			h.Complete = ri.Complete
		}
	case has["match.json"]:
		h.What = "match"
		if mi, err := ReadMatchInfo(dir); err == nil {
			h.Complete = mi.Complete
		}
	case has[TuneInfoName]:
		h.What = "tune"
		var ti struct{ Complete bool }
		if data, err := os.ReadFile(filepath.Join(dir, TuneInfoName)); err == nil && json.Unmarshal(data, &ti) == nil {
			h.Complete = ti.Complete
		}
	case has[TexelInfoName]: // written whole, at the end
		h.What, h.Complete = "texel", true
	case has[TexelCheckpointName]: // a fit interrupted: it goes on from there
		h.What = "texel"
	default:
		h.What = "files"
	}
	return h, nil
}

// atomicTemp reports whether name is one of writeFileAtomic's temporary
// files (".NAME.DIGITS"), which a writer killed between writing it and
// renaming it over NAME leaves behind: not a result.
func atomicTemp(name string) bool {
	i := strings.LastIndexByte(name, '.')
	if !strings.HasPrefix(name, ".") || i <= 1 || i == len(name)-1 {
		return false
	}
	for _, r := range name[i+1:] {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// OccupiedError is a directory asked to take a new result that holds one
// already (or other files): nothing is written there. Setting names what
// asked (a library names its setting; the command names its flag).
type OccupiedError struct {
	Setting string
	Holding Holding
}

func (e *OccupiedError) Error() string {
	return fmt.Sprintf("%s %s holds %s", e.Setting, e.Holding.Path, e.Holding)
}

// StagingSuffix names the directory beside DIR where a result that is to
// replace DIR is written until it is complete.
const StagingSuffix = ".replacing"

// Staging is where a result that replaces dir is written until it is
// complete: a sibling, DIR.replacing.
func Staging(dir string) string { return filepath.Clean(dir) + StagingSuffix }

// SameDir reports whether two paths name the same directory, as files
// are compared: through symbolic links, "./x/" and absolute paths alike.
// A path that does not exist is the same as another only by its clean
// absolute name.
func SameDir(a, b string) bool {
	sa, errA := os.Stat(a)
	sb, errB := os.Stat(b)
	if errA == nil && errB == nil {
		return os.SameFile(sa, sb)
	}
	absA, errA := filepath.Abs(a)
	absB, errB := filepath.Abs(b)
	return errA == nil && errB == nil && absA == absB
}

// exchange and rename are the system's, but for the fault tests.
var (
	exchange = exchangeDirs
	rename   = os.Rename
)

// replaceDir puts the complete result in staging in place of target:
// atomically where the system can exchange two directories, else target
// is moved aside first, to a name of its own that nothing else holds
// (never DIR.old, which may be a user's). Nothing is removed until the new
// result stands at target: a target that cannot be moved (a mount point)
// leaves both as they were.
func replaceDir(staging, target string) error {
	if _, err := os.Stat(target); errors.Is(err, os.ErrNotExist) {
		return rename(staging, target)
	}
	if err := exchange(staging, target); err == nil {
		return os.RemoveAll(staging) // the old result, now at staging
	}
	// A name of our own beside target: made to reserve it, then freed
	// for the rename (os.Rename moves nothing onto a directory).
	aside, err := os.MkdirTemp(filepath.Dir(filepath.Clean(target)), "."+filepath.Base(target)+".old-")
	if err != nil {
		return err
	}
	if err := os.Remove(aside); err != nil {
		return err
	}
	if err := rename(target, aside); err != nil {
		return err
	}
	if err := rename(staging, target); err != nil {
		rename(aside, target) // put the old result back
		return err
	}
	return os.RemoveAll(aside)
}
