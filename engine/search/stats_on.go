//go:build !nostats

package search

// statsOn keeps the counters other than Nodes; build with -tags nostats to
// compile them out.
const statsOn = true
