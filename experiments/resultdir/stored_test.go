package resultdir

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestStoredFileFromAnywhere: the bench baseline is found from the
// checkout's root, from deep inside it, and from outside any checkout
// (through the source the binary was built from).
func TestStoredFileFromAnywhere(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	want := filepath.Join(root, "results", "baseline", "bench.csv")
	for _, dir := range []string{root, filepath.Join(root, "engine", "chess"), t.TempDir()} {
		t.Chdir(dir)
		got, err := StoredFile("baseline/bench.csv")
		if err != nil || !sameFile(got, want) {
			t.Errorf("from %s: %q, %v; want %s", dir, got, err, want)
		}
	}
	if _, err := StoredFile("no/such.csv"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a missing file: %v", err)
	}
	other := t.TempDir()
	os.WriteFile(filepath.Join(other, "go.mod"), []byte("module example.com/other\n"), 0o644)
	if checkoutAbove(other) != "" {
		t.Error("another module's go.mod taken for a checkout of ablate")
	}
}

func sameFile(a, b string) bool {
	sa, errA := os.Stat(a)
	sb, errB := os.Stat(b)
	return errA == nil && errB == nil && os.SameFile(sa, sb)
}
