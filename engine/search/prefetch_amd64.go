package search

import "unsafe"

// prefetch asks the processor to bring the cache line at addr in while the
// search goes on: a hint, which changes no result, only when the memory
// arrives.
//
//go:noescape
func prefetch(addr unsafe.Pointer)
