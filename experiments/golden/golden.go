// Package golden compares a test's output with a file kept beside the
// test, for the output formats' tests: `go test -update` rewrites the
// files from what the code writes now, and a mismatch leaves what it
// wrote beside the golden file, as NAME.got, for diffing.
package golden

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// Check compares got with testdata/name.
func Check(t testing.TB, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -update writes it)", err)
	}
	if got != string(want) {
		os.WriteFile(path+".got", []byte(got), 0o644)
		t.Errorf("%s differs from the golden file; see %s.got (go test -update accepts it)", name, path)
	}
}
