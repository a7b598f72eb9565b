//go:build !linux

package resultdir

import "errors"

// exchange is not available here: replaceDir moves the old result aside
// first.
func exchangeDirs(a, b string) error { return errors.ErrUnsupported }
