package resultdir

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// LockName is the file in a result directory that its writer holds locked
// (flock) for as long as it writes there. The lock is the kernel's: a
// writer that is killed lets go of it, so the next one takes it over.
const LockName = ".ablate.lock"

// Lock is a result directory held by this process.
type Lock struct {
	f    *os.File
	path string
}

// LockedError is a directory another process is writing now.
type LockedError struct {
	Dir    string
	Holder string // what the holder wrote in the lock: its pid and command
}

func (e *LockedError) Error() string {
	if e.Holder == "" {
		return fmt.Sprintf("%s is being written by another ablate now", e.Dir)
	}
	return fmt.Sprintf("%s is being written by another ablate now (%s)", e.Dir, e.Holder)
}

// LockDir makes dir if need be and locks it for this process, at once or
// not at all: a directory another process holds is a *LockedError.
func LockDir(dir string) (*Lock, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	path := filepath.Join(dir, LockName)
	for {
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
		if err != nil {
			return nil, err
		}
		if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
			holder, _ := os.ReadFile(path)
			f.Close()
			if errors.Is(err, syscall.EWOULDBLOCK) {
				return nil, &LockedError{Dir: dir, Holder: strings.TrimSpace(string(holder))}
			}
			return nil, err
		}
		// The file locked must still be the one at path: a holder that
		// released and removed it in between leaves this one unlinked.
		held, err1 := f.Stat()
		now, err2 := os.Stat(path)
		if err1 != nil || err2 != nil || !os.SameFile(held, now) {
			f.Close()
			continue
		}
		f.Truncate(0)
		fmt.Fprintf(f, "pid %s: %s\n", strconv.Itoa(os.Getpid()), strings.Join(os.Args, " "))
		return &Lock{f: f, path: path}, nil
	}
}

// Release lets go of the directory, removing the lock's file. A nil Lock
// does nothing.
func (l *Lock) Release() {
	if l == nil || l.f == nil {
		return
	}
	os.Remove(l.path)
	l.f.Close()
	l.f = nil
}
