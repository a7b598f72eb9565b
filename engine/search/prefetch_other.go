//go:build !amd64

package search

import "unsafe"

// prefetch does nothing where there is no prefetch instruction written for
// the architecture: the table is read when it is read.
func prefetch(unsafe.Pointer) {}
