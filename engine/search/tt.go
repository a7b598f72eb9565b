package search

import (
	"unsafe"

	"github.com/ablate-chess/ablate/engine/chess"
)

// Bound says what a stored score is: exact, a lower bound (the search failed
// high) or an upper bound (it failed low).
type bound uint8

const (
	boundNone  bound = 0
	boundUpper bound = 1
	boundLower bound = 2
	boundExact bound = 3
)

// ttEntry is one slot of the table: 16 bytes.
type ttEntry struct {
	key   uint64
	move  chess.Move
	score int16
	depth int8
	flags uint8 // bound in the low two bits, ttPVFlag if the node was on the PV
}

const ttPVFlag = 4

func (e *ttEntry) bound() bound { return bound(e.flags & 3) }
func (e *ttEntry) wasPV() bool  { return e.flags&ttPVFlag != 0 }

// TT is a transposition table: one entry per slot, indexed by the low bits
// of the key, with the whole key stored to verify a hit. The replacement
// rule is deterministic: a new result replaces the slot's entry unless that
// entry is for the same position and deeper, and not about to be replaced by
// an exact score.
type TT struct {
	entries []ttEntry
	mask    uint64
}

// MaxHashMB is the largest table a searcher may have, in megabytes: the
// range of the UCI Hash option and of every --hash flag.
const MaxHashMB = 4096

// NewTT returns a table of at most mb megabytes (at least one entry),
// rounded down to a power of two entries.
func NewTT(mb int) *TT {
	n := uint64(1)
	for n*2*16 <= uint64(mb)<<20 {
		n *= 2
	}
	return &TT{entries: make([]ttEntry, n), mask: n - 1}
}

// Clear empties the table.
func (t *TT) Clear() { clear(t.entries) }

// prefetch starts loading key's slot into the cache, so that the probe
// that follows a few hundred instructions later finds it there.
func (t *TT) prefetch(key uint64) { prefetch(unsafe.Pointer(&t.entries[key&t.mask])) }

func (t *TT) probe(key uint64) (*ttEntry, bool) {
	e := &t.entries[key&t.mask]
	return e, e.key == key && e.flags&3 != 0
}

func (t *TT) store(key uint64, move chess.Move, score, depth, ply int, b bound, pv bool) {
	e := &t.entries[key&t.mask]
	if e.key == key && int(e.depth) > depth && b != boundExact {
		return
	}
	if move == chess.NullMove && e.key == key {
		move = e.move // keep the old best move when this search found none
	}
	flags := uint8(b)
	if pv {
		flags |= ttPVFlag
	}
	*e = ttEntry{key: key, move: move, score: int16(scoreToTT(score, ply)), depth: int8(depth), flags: flags}
}

// storeQ keeps a quiescence search's result (qs-tt-store) at depth 0, in
// a slot that holds nothing or another quiescence result: never over a
// main search's entry, which went deeper, whatever position it is of.
func (t *TT) storeQ(key uint64, move chess.Move, score, ply int, b bound) {
	e := &t.entries[key&t.mask]
	if e.flags&3 != 0 && e.depth > 0 {
		return
	}
	if move == chess.NullMove && e.key == key {
		move = e.move
	}
	*e = ttEntry{key: key, move: move, score: int16(scoreToTT(score, ply)), flags: uint8(b)}
}

// Mate scores count plies from the root; in the table they count from the
// node, so that a mate found at one ply is right at another.
func scoreToTT(score, ply int) int {
	switch {
	case score >= mateBound:
		return score + ply
	case score <= -mateBound:
		return score - ply
	}
	return score
}

func scoreFromTT(score, ply int) int {
	switch {
	case score >= mateBound:
		return score - ply
	case score <= -mateBound:
		return score + ply
	}
	return score
}
