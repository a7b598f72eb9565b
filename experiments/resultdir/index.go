package resultdir

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Stored is one stored result, as the index lists it: a run, a match or a
// worth directory, what made it and its size on disk.
type Stored struct {
	Path     string
	What     string // run, match, worth, tune, texel
	Complete bool
	Command  string
	Bytes    int64
}

// IndexDir finds every result stored under root: each directory that holds
// a run, a match or a worth (a worth's own matches are part of it), in
// path order.
func IndexDir(root string) ([]Stored, error) {
	var out []Stored
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		if d.Name() == "testdata" { // tests' inputs, not results
			return fs.SkipDir
		}
		h, err := Inspect(path)
		if err != nil {
			return err
		}
		if h.What == "" || h.What == "files" {
			return nil
		}
		s := Stored{Path: path, What: h.What, Complete: h.Complete, Command: commandOf(path, h.What)}
		if h.What == "worth" {
			s.Complete = worthComplete(path)
		}
		filepath.WalkDir(path, func(p string, e fs.DirEntry, err error) error {
			if err == nil && !e.IsDir() {
				if fi, err := e.Info(); err == nil {
					s.Bytes += fi.Size()
				}
			}
			return nil
		})
		out = append(out, s)
		return fs.SkipDir
	})
	return out, err
}

// commandOf is the command line a result was made with: its description's
// args, a worth's first cell's for a worth made before worth.json, or the
// make.sh beside it.
func commandOf(dir, what string) string {
	name := map[string]string{"run": "run.json", "match": "match.json", "worth": WorthInfoName, "tune": TuneInfoName, "texel": TexelInfoName}[what]
	if args := argsIn(filepath.Join(dir, name)); args != "" {
		return args
	}
	if what == "worth" {
		cells, _ := filepath.Glob(filepath.Join(dir, "matches", "*", "match.json"))
		for _, c := range cells {
			if args := argsIn(c); args != "" {
				return args
			}
		}
	}
	for _, d := range []string{dir, filepath.Dir(dir)} {
		if _, err := os.Stat(filepath.Join(d, "make.sh")); err == nil {
			return "see " + filepath.Join(d, "make.sh")
		}
	}
	return ""
}

func argsIn(path string) string {
	data, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	var d struct{ Args []string }
	if json.Unmarshal(data, &d) != nil {
		return ""
	}
	return strings.Join(d.Args, " ")
}

// worthComplete: every cell's match complete (or worth.json says so).
func worthComplete(dir string) bool {
	if wi, err := ReadWorthInfo(dir); err == nil && wi.Complete {
		return true
	}
	cells, _ := filepath.Glob(filepath.Join(dir, "matches", "*", "match.json"))
	for _, c := range cells {
		mi, err := ReadMatchInfo(filepath.Dir(c))
		if err != nil || !mi.Complete {
			return false
		}
	}
	return len(cells) > 0
}
