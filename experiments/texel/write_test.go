//go:build linux

package texel

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestWriteFile: a new or regular file is replaced whole, 0644 or with
// the mode it had; a link or a device is written through, never replaced
// (tune texel --write /dev/null --force must leave it a device).
func TestWriteFile(t *testing.T) {
	dir := t.TempDir()
	fresh := filepath.Join(dir, "tuned.go")
	if err := WriteFile(fresh, []byte("a")); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(fresh); fi.Mode().Perm() != 0o644 {
		t.Errorf("a new file is %v, want 0644", fi.Mode().Perm())
	}
	os.Chmod(fresh, 0o600)
	if err := WriteFile(fresh, []byte("b")); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(fresh); fi.Mode().Perm() != 0o600 {
		t.Errorf("a replaced file is %v, want the 0600 it had", fi.Mode().Perm())
	}
	target, link := filepath.Join(dir, "target.go"), filepath.Join(dir, "link.go")
	os.WriteFile(target, []byte("old"), 0o644)
	os.Symlink(target, link)
	if err := WriteFile(link, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Lstat(link); fi.Mode()&os.ModeSymlink == 0 {
		t.Error("the link was replaced by a file")
	}
	if data, _ := os.ReadFile(target); string(data) != "new" {
		t.Errorf("the link's target holds %q, want what was written through it", data)
	}
	// A null device of the test's own (root may make one), not the
	// system's: a regression must not replace /dev/null.
	null := filepath.Join(dir, "null")
	if err := syscall.Mknod(null, syscall.S_IFCHR|0o666, 1<<8|3); err != nil {
		t.Skipf("cannot make a device to write through (%v)", err)
	}
	if err := WriteFile(null, []byte("x")); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Lstat(null); fi.Mode()&os.ModeDevice == 0 {
		t.Fatalf("the device was replaced: %v", fi.Mode())
	}
}
