package resultdir

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"unicode"
)

// The one life of a result directory, for run, match, worth, tune spsa and
// tune texel alike: the directory is locked, then read; the same command
// again finishes what an interruption left (a changed plan is refused,
// naming what changed; what does not change the plan, such as -j, may
// change); a complete result is left as it is; anything else there is
// refused, unless --force, which writes the new result beside it and puts
// it in its place once complete.

// Ask is what a request claims its directory with.
type Ask struct {
	Setting string // the setting that named the directory ("out"), for errors
	Dir     string
	Kind    string // "run", "match", "worth", "tune" or "texel": what Inspect calls it
	Replace bool   // replace what Dir holds, once the new result is complete
	// Plan is what the result computes (marshalled to JSON): its settings
	// without those that change no figure of it (workers, output format),
	// its defaults filled in.
	Plan any
	// Stored reads the plan a directory of this kind holds, made the same
	// way (nil: a directory of this kind never resumes), and whether its
	// result is complete.
	Stored func(dir string) (plan any, complete bool, err error)
	// Description is an empty description of the kind (&RunInfo{}), into
	// which a complete replacement that has not yet taken its target's
	// place (its exchange failed) is read to finish it.
	Description Description
	// Grows names the settings an unfinished result may be asked more of,
	// as dotted JSON keys of the plan ("pairs", "games.pairs"): asked a
	// larger figure and nothing else changed, it goes on to the new one
	// (Claim.Grown says so), what it has done kept, since its first units
	// are the same ones. A finished result is not played on.
	Grows []string
}

// State is what a claimed directory holds for its request.
type State int

const (
	New      State = iota // nothing yet: the result begins
	Resumed               // the same plan, interrupted: it goes on
	Complete              // the same plan, complete: nothing to do
)

// Claim is a directory claimed for one request, locked until Release.
type Claim struct {
	Target string // the directory asked for
	// Dir is where the result is written: Target, or beside it
	// (Staging(Target)) while it replaces what Target holds.
	Dir   string
	State State
	// Grown lists the settings asked larger than the result the
	// directory holds ("pairs: 8000 there, 16000 now"): it is Resumed
	// and goes on to the new figures.
	Grown   []string
	lock    *Lock
	created bool // Open made Target: Release removes it if nothing was written
}

// Replaces is the directory the result takes the place of once complete,
// or "".
func (c *Claim) Replaces() string {
	if c == nil || c.Dir == c.Target {
		return ""
	}
	return c.Target
}

// Release lets go of the directory. A directory Open made that holds
// nothing (a request refused, or stopped before it wrote) goes with it. A
// nil Claim does nothing.
func (c *Claim) Release() {
	if c == nil {
		return
	}
	c.lock.Release()
	if c.Dir != c.Target {
		os.Remove(c.Dir) // only if empty: a staging directory nothing was written in
	}
	if c.created {
		os.Remove(c.Target) // only if empty
	}
}

// PlanChangedError is a directory that holds a result of the same kind
// made with another plan: nothing is written there.
type PlanChangedError struct {
	Setting, Dir, Kind string
	Changes            []string // "nodes: 10000 there, 20000 now"
	// Finished: the changes only ask more of a result that grows, but
	// it is finished, and a finished result is not played on.
	Finished bool
}

func (e *PlanChangedError) Error() string {
	msg := fmt.Sprintf("%s %s holds a %s made with another plan (%s)", e.Setting, e.Dir, e.Kind, strings.Join(e.Changes, "; "))
	if e.Finished {
		msg += fmt.Sprintf("; it is finished, and only an unfinished %s goes on to more", e.Kind)
	}
	return msg
}

// Open claims a.Dir for a request: locked (another writer is a
// *LockedError), then read. An empty directory is New; one that holds a
// result of a.Kind with the same plan is Resumed or Complete; one made
// with another plan is a *PlanChangedError, and one that holds anything
// else an *OccupiedError, unless a.Replace: the result is then written in
// Staging(a.Dir), claimed by the same rules, and takes a.Dir's place once
// complete. The working directory, or one that holds it, is never
// replaced. Nothing is written but the directory and its lock, except
// that a complete replacement whose exchange failed before is put in its
// place now (given a.Description).
func Open(a Ask) (*Claim, error) {
	if a.Setting == "" {
		a.Setting = "out"
	}
	if a.Replace {
		if err := checkReplaceable(a.Setting, a.Dir); err != nil {
			return nil, err
		}
	}
	_, err := os.Stat(a.Dir)
	created := errors.Is(err, os.ErrNotExist)
	lock, err := LockDir(a.Dir)
	if err != nil {
		return nil, err
	}
	c := &Claim{Target: a.Dir, Dir: a.Dir, lock: lock, created: created}
	state, grown, err := a.state(a.Dir)
	var occupied *OccupiedError
	var changed *PlanChangedError
	if a.Replace && (errors.As(err, &occupied) || errors.As(err, &changed) || err == nil && state == Complete) {
		c.Dir = Staging(a.Dir)
		state, grown, err = a.state(c.Dir)
	}
	if err == nil && c.Dir != c.Target {
		err = os.MkdirAll(c.Dir, 0o755)
	}
	if err == nil && c.Dir != c.Target && state == Complete && a.Description != nil {
		err = c.finishReplacement(a.Description)
	}
	if err != nil {
		c.Release()
		return nil, err
	}
	c.State, c.Grown = state, grown
	return c, nil
}

// finishReplacement puts the complete replacement in c.Dir in its
// target's place, d the kind's description to read it into: the same
// command again after an exchange failed.
func (c *Claim) finishReplacement(d Description) error {
	name, _ := d.Names()
	data, err := os.ReadFile(filepath.Join(c.Dir, name))
	if err != nil {
		return err
	}
	if err := json.Unmarshal(data, d); err != nil {
		return fmt.Errorf("%s: %v", filepath.Join(c.Dir, name), err)
	}
	dir := NewDir(c.Dir, d)
	dir.Replacing(c.Target)
	if err := dir.Finish(true, nil); err != nil {
		return err
	}
	c.Dir = c.Target
	return nil
}

// state reads what dir holds for the request, and the settings asked
// larger than it has if it grows.
func (a Ask) state(dir string) (State, []string, error) {
	h, err := Inspect(dir)
	if err != nil || h.Empty() {
		return New, nil, err
	}
	if h.What != a.Kind || a.Stored == nil {
		return New, nil, &OccupiedError{Setting: a.Setting, Holding: h}
	}
	plan, complete, err := a.Stored(dir)
	if err != nil {
		return New, nil, fmt.Errorf("%s %s: %v", a.Setting, dir, err)
	}
	if plan == nil { // made before its description held a plan: taken for this one
		if complete {
			return Complete, nil, nil
		}
		return Resumed, nil, nil
	}
	grown, err := SamePlan(PlanChangedError{Setting: a.Setting, Dir: dir, Kind: a.Kind}, plan, a.Plan, a.Grows, complete)
	switch {
	case err != nil:
		return New, nil, err
	case complete:
		return Complete, nil, nil
	}
	return Resumed, grown, nil
}

// SamePlan compares the plan stored in a directory with the one asked
// now: the same, or an unfinished result asked more of a setting that
// grows (the changes returned); else a *PlanChangedError, about names the
// directory. complete: the stored result is finished.
func SamePlan(about PlanChangedError, stored, now any, grows []string, complete bool) (grown []string, err error) {
	changes, err := PlanChanges(stored, now)
	if err != nil || len(changes) == 0 {
		return nil, err
	}
	if grown, err = Grown(stored, now, grows); err != nil {
		return nil, err
	}
	if grown != nil && !complete {
		return grown, nil
	}
	about.Changes, about.Finished = changes, grown != nil
	return nil, &about
}

// Grown compares a stored plan with the one asked now: when they differ
// only in settings of grows (dotted JSON keys, "games.pairs"), each a
// number asked larger, it returns the changes ("pairs: 8000 there, 16000
// now"); else nil.
func Grown(stored, now any, grows []string) ([]string, error) {
	a, b, err := generics(stored, now)
	if err != nil {
		return nil, err
	}
	changes := changesOf(a, b)
	if len(changes) == 0 || len(grows) == 0 {
		return nil, nil
	}
	for _, key := range grows {
		ma, k := leaf(a, key)
		mb, _ := leaf(b, key)
		x, xok := ma[k].(float64)
		y, yok := mb[k].(float64)
		if xok && yok && y > x {
			ma[k] = y
		}
	}
	if len(changesOf(a, b)) > 0 {
		return nil, nil
	}
	return changes, nil
}

// generics is generic of a stored plan and of the one asked now.
func generics(stored, now any) (a, b any, err error) {
	if a, err = generic(stored); err == nil {
		b, err = generic(now)
	}
	return a, b, err
}

// generic is a plan as its JSON reads back: maps, lists and numbers.
func generic(plan any) (any, error) {
	data, err := json.Marshal(plan)
	if err != nil {
		return nil, err
	}
	var v any
	err = json.Unmarshal(data, &v)
	return v, err
}

// leaf finds a dotted key of a generic plan: the map that holds its last
// part, and that part (a nil map if the key's path is not there).
func leaf(v any, key string) (map[string]any, string) {
	keys := strings.Split(key, ".")
	for _, k := range keys[:len(keys)-1] {
		m, _ := v.(map[string]any)
		v = m[k]
	}
	m, _ := v.(map[string]any)
	return m, keys[len(keys)-1]
}

// checkReplaceable refuses to replace the working directory or one that
// holds it: the replacement would pull the ground from under the command.
func checkReplaceable(setting, dir string) error {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	wd, err := os.Getwd()
	if err != nil {
		return err
	}
	if rel, err := filepath.Rel(abs, wd); err == nil && (rel == "." || !strings.HasPrefix(rel, "..")) {
		return fmt.Errorf("%s %s: --force cannot replace the working directory or a directory that holds it", setting, dir)
	}
	return nil
}

// PlanChanges lists where two plans differ, by the JSON names of their
// settings: "depth: 8 there, 10 now". Plans are compared as JSON, so a
// plan read back from a file compares with one built now.
func PlanChanges(stored, now any) ([]string, error) {
	a, b, err := generics(stored, now)
	if err != nil {
		return nil, err
	}
	return changesOf(a, b), nil
}

// changesOf is PlanChanges of two plans already generic.
func changesOf(a, b any) []string {
	var out []string
	diff("", a, b, &out)
	// The elements of a list are compared under the list's name: a change
	// to every configuration's depth is said once.
	seen := map[string]bool{}
	kept := out[:0]
	for _, c := range out {
		if !seen[c] {
			seen[c] = true
			kept = append(kept, c)
		}
	}
	return kept
}

func diff(path string, a, b any, out *[]string) {
	am, aok := a.(map[string]any)
	bm, bok := b.(map[string]any)
	if aok && bok {
		keys := map[string]bool{}
		for k := range am {
			keys[k] = true
		}
		for k := range bm {
			keys[k] = true
		}
		names := make([]string, 0, len(keys))
		for k := range keys {
			names = append(names, k)
		}
		sort.Strings(names)
		for _, k := range names {
			p := settingName(k)
			if path != "" && path != "request" {
				p = path + "." + p
			}
			diff(p, am[k], bm[k], out)
		}
		return
	}
	al, aok := a.([]any)
	bl, bok := b.([]any)
	if aok && bok && len(al) == len(bl) {
		for i := range al {
			diff(path, al[i], bl[i], out)
		}
		return
	}
	if aok && bok && len(al) > 0 && len(bl) > 0 {
		*out = append(*out, listChange(path, al, bl))
		return
	}
	if isZero(a) && isZero(b) || reflect.DeepEqual(a, b) {
		return
	}
	if path == "" {
		path = "plan"
	}
	*out = append(*out, fmt.Sprintf("%s: %s there, %s now", path, show(a), show(b)))
}

// settingName writes a JSON key as a flag is written: "MoveTimeout" and
// "openings_order" as "move-timeout" and "openings-order".
func settingName(key string) string {
	var b strings.Builder
	for i, r := range key {
		switch {
		case r == '_':
			b.WriteByte('-')
		case unicode.IsUpper(r):
			prevLower := i > 0 && unicode.IsLower(rune(key[i-1]))
			if prevLower {
				b.WriteByte('-')
			}
			b.WriteRune(unicode.ToLower(r))
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// isZero: a setting left out and one given its zero value are the same.
func isZero(x any) bool {
	switch v := x.(type) {
	case nil:
		return true
	case string:
		return v == ""
	case float64:
		return v == 0
	case bool:
		return !v
	case []any:
		return len(v) == 0
	case map[string]any:
		for _, e := range v {
			if !isZero(e) {
				return false
			}
		}
		return true
	}
	return false
}

func show(x any) string {
	if isZero(x) {
		return "none"
	}
	data, _ := json.Marshal(x)
	if len(data) > maxShown {
		return string(data[:maxShown]) + "..."
	}
	return string(data)
}

// maxShown is the most of a value a change shows.
const maxShown = 200

// listChange says how a list changed length: its lengths, then what it
// has now that it had not, and what it had that it has not now, each
// element by its name where it has one (a configuration's).
func listChange(path string, a, b []any) string {
	name := func(x any) string {
		if m, ok := x.(map[string]any); ok {
			if n, ok := m["name"].(string); ok {
				return n
			}
		}
		if s, ok := x.(string); ok {
			return s
		}
		return show(x)
	}
	count := map[string]int{}
	for _, x := range a {
		count[name(x)]--
	}
	for _, x := range b {
		count[name(x)]++
	}
	var added, removed []string
	for _, x := range b {
		if n := name(x); count[n] > 0 {
			added, count[n] = append(added, n), 0
		}
	}
	for _, x := range a {
		if n := name(x); count[n] < 0 {
			removed, count[n] = append(removed, n), 0
		}
	}
	if path == "" {
		path = "plan"
	}
	msg := fmt.Sprintf("%s: %d there, %d now", path, len(a), len(b))
	if len(added) > 0 {
		msg += "; now also " + strings.Join(added, ", ")
	}
	if len(removed) > 0 {
		msg += "; not now " + strings.Join(removed, ", ")
	}
	return msg
}
