package resultdir

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
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

// WriteIndex writes the index as Markdown: one row a stored result.
func WriteIndex(w io.Writer, root string, stored []Stored) error {
	var total int64
	fmt.Fprintf(w, "# Stored results\n\nEvery result stored under `%s/`: what it is, whether it finished, its size, and the command "+
		"that made it (from its run.json, match.json, worth.json, tune.json or texel.json). Written by `make docs` (`ablate docs --index %s`).\n\n", root, root)
	fmt.Fprintln(w, "| result | kind | state | size | command |")
	fmt.Fprintln(w, "|:--|:--|:--|--:|:--|")
	for _, s := range stored {
		state := "partial (resumes)"
		if s.Complete {
			state = "complete"
		}
		rel := strings.TrimPrefix(s.Path, root+string(filepath.Separator))
		cmd := strings.ReplaceAll(s.Command, "|", `\|`)
		if cmd != "" {
			cmd = "`" + cmd + "`"
		}
		fmt.Fprintf(w, "| [%s](%s) | %s | %s | %s | %s |\n", rel, rel, s.What, state, size(s.Bytes), cmd)
		total += s.Bytes
	}
	_, err := fmt.Fprintf(w, "\n%d results, %s in all.\n", len(stored), size(total))
	return err
}

func size(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.0f KB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}

// WriteIndexFile writes root/INDEX.md: every result stored under root.
func WriteIndexFile(root string) error {
	stored, err := IndexDir(root)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	WriteIndex(&b, root, stored)
	return os.WriteFile(filepath.Join(root, "INDEX.md"), b.Bytes(), 0o644)
}
