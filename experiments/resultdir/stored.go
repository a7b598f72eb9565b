package resultdir

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// Module is ablate's module path, which a checkout's go.mod names.
const Module = "github.com/ablate-chess/ablate"

// StoredFile finds a file of the repository's stored results (rel is under
// results/, as "baseline/bench.csv"), whatever the working directory: in
// the checkout that holds the working directory (its go.mod names ablate's
// module), else in the source tree the binary was built from. A binary
// built elsewhere with -trimpath, run outside a checkout, finds none.
func StoredFile(rel string) (string, error) {
	var tried []string
	if wd, err := os.Getwd(); err == nil {
		if root := checkoutAbove(wd); root != "" {
			path := filepath.Join(root, "results", rel)
			if _, err := os.Stat(path); err == nil {
				return path, nil
			}
			tried = append(tried, path)
		}
	}
	if _, file, _, ok := runtime.Caller(0); ok && filepath.IsAbs(file) {
		// file is this source file, experiments/resultdir/stored.go, as built.
		path := filepath.Join(filepath.Dir(file), "..", "..", "results", rel)
		if _, err := os.Stat(path); err == nil {
			return filepath.Clean(path), nil
		}
		tried = append(tried, filepath.Clean(path))
	}
	if len(tried) == 0 {
		return "", fmt.Errorf("results/%s: not in an ablate checkout, and the binary knows no source tree", rel)
	}
	return "", fmt.Errorf("results/%s: %w (looked at %s)", rel, os.ErrNotExist, strings.Join(tried, ", "))
}

// checkoutAbove is the nearest directory at or above dir whose go.mod is
// ablate's, or "".
func checkoutAbove(dir string) string {
	for {
		if isCheckout(dir) {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

func isCheckout(dir string) bool {
	f, err := os.Open(filepath.Join(dir, "go.mod"))
	if errors.Is(err, os.ErrNotExist) || err != nil {
		return false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if fields := strings.Fields(sc.Text()); len(fields) == 2 && fields[0] == "module" {
			return fields[1] == Module
		}
	}
	return false
}
