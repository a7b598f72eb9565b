package resultdir

import "golang.org/x/sys/unix"

// exchange swaps two directories in one step (renameat2's
// RENAME_EXCHANGE): no moment holds neither.
func exchangeDirs(a, b string) error {
	return unix.Renameat2(unix.AT_FDCWD, a, unix.AT_FDCWD, b, unix.RENAME_EXCHANGE)
}
