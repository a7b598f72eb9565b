//go:build nostats

package search

const statsOn = false
