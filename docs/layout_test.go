// Package docs holds the project's documents; its test keeps the layout
// in engine.md true to the tree.
package docs

import (
	"bufio"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// layout reads the directories engine.md's Layout block lists: the first
// word of each line that starts in the first column.
func layout(t *testing.T) []string {
	t.Helper()
	f, err := os.Open("engine.md")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var dirs []string
	section, block := false, false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "## "):
			section = line == "## Layout"
		case section && strings.HasPrefix(line, "```"):
			if block {
				return dirs
			}
			block = true
		case block && line != "" && line[0] != ' ':
			dirs = append(dirs, strings.TrimSuffix(strings.Fields(line)[0], "/"))
		}
	}
	t.Fatal("engine.md: no ## Layout section with a fenced block")
	return nil
}

// goDirs walks the repository from its root for directories that hold Go
// files, leaving out testdata, hidden directories and what the index says
// is not code.
func goDirs(t *testing.T) []string {
	t.Helper()
	seen := map[string]bool{}
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() && path != ".." && (name == "testdata" || strings.HasPrefix(name, ".") || name == "results") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(name, ".go") {
			rel, err := filepath.Rel("..", filepath.Dir(path))
			if err != nil {
				return err
			}
			seen[filepath.ToSlash(rel)] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var dirs []string
	for d := range seen {
		dirs = append(dirs, d)
	}
	slices.Sort(dirs)
	return dirs
}

func TestLayoutMatchesTheTree(t *testing.T) {
	listed := layout(t)
	for _, d := range listed {
		if fi, err := os.Stat(filepath.Join("..", d)); err != nil || !fi.IsDir() {
			t.Errorf("engine.md's layout lists %s/, which is not a directory", d)
		}
	}
	for _, d := range goDirs(t) {
		if !slices.Contains(listed, d) {
			t.Errorf("%s/ holds Go code but engine.md's layout does not list it", d)
		}
	}
	if slices.Contains(listed, "experiments") {
		t.Errorf("engine.md's layout lists experiments/ as a room: it is a folder of packages")
	}
}

// TestPackageFileMaps: a package doc that maps its files (lines "//\tNAME.go
// what it holds") names every file of the package but its tests, and
// only files that are there.
func TestPackageFileMaps(t *testing.T) {
	for _, dir := range goDirs(t) {
		entries, err := os.ReadDir(filepath.Join("..", dir))
		if err != nil {
			t.Fatal(err)
		}
		var files []string
		mapped := map[string]bool{}
		hasMap := false
		for _, e := range entries {
			name := e.Name()
			if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
				continue
			}
			if name != "doc.go" { // the map's own file
				files = append(files, name)
			}
			data, err := os.ReadFile(filepath.Join("..", dir, name))
			if err != nil {
				t.Fatal(err)
			}
			text := string(data)
			if !strings.Contains(text, "\n// Package ") && !strings.HasPrefix(text, "// Package ") {
				continue
			}
			for _, line := range strings.Split(text, "\n") {
				if strings.HasPrefix(line, "package ") {
					break
				}
				if f, ok := strings.CutPrefix(line, "//\t"); ok {
					if word := strings.Fields(f); len(word) > 0 && strings.HasSuffix(word[0], ".go") {
						hasMap = true
						mapped[word[0]] = true
					}
				}
			}
		}
		if !hasMap {
			continue
		}
		for _, f := range files {
			if !mapped[f] {
				t.Errorf("%s: the package doc's file map leaves out %s", dir, f)
			}
			delete(mapped, f)
		}
		for f := range mapped {
			t.Errorf("%s: the package doc's file map names %s, which is not there", dir, f)
		}
	}
}
