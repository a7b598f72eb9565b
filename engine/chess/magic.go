package chess

// Magic bitboards. For each square, the occupancy of the squares that can block
// a slider (its mask, board edges excluded) is multiplied by a magic number and
// shifted so that every distinct blocker set that yields a distinct attack set
// lands on its own index of the square's slice of one shared table.
//
// The magic numbers were found by findMagic, a trial search over sparse
// random numbers from a fixed-seed generator, and are stored in
// magic_numbers.go (go generate rewrites it; TestMagicNumbersAreCurrent
// checks it). At start-up initMagics only fills the tables:
// BenchmarkInitMagics measures that cost.

//go:generate go test -run ^TestMagicNumbersAreCurrent$ . -args -regen-magics

type magic struct {
	mask  Bitboard
	magic Bitboard
	shift uint8
	table []Bitboard
}

var (
	rookMagics   [64]magic
	bishopMagics [64]magic
	sliderTable  []Bitboard
)

// xorshift is a tiny deterministic generator (Marsaglia's xorshift64*).
type xorshift uint64

func (x *xorshift) next() uint64 {
	*x ^= *x >> 12
	*x ^= *x << 25
	*x ^= *x >> 27
	return uint64(*x) * 2685821657736338717
}

// sparse returns a random number with few bits set, the kind that makes a
// good magic.
func (x *xorshift) sparse() uint64 { return x.next() & x.next() & x.next() }

// sliderKind is the rook or the bishop.
type sliderKind struct {
	magics  *[64]magic
	numbers *[64]uint64
	dirs    [4][2]int
}

var sliderKinds = [2]sliderKind{
	{&rookMagics, &rookMagicNumbers, rookDirs},
	{&bishopMagics, &bishopMagicNumbers, bishopDirs},
}

// relevantMask returns the squares whose occupancy matters to a slider on s:
// its empty-board rays without the board edges beyond them.
func relevantMask(s Square, dirs [4][2]int) Bitboard {
	edges := ((Rank1 | Rank8) &^ rankBB(s.Rank())) | ((FileA | FileH) &^ fileBB(s.File()))
	return slideAttacks(s, 0, dirs) &^ edges
}

// subsets enumerates every subset of mask (Carry-Rippler) with its attacks.
func subsets(s Square, mask Bitboard, dirs [4][2]int, occs, refs []Bitboard) int {
	var sub Bitboard
	n := 0
	for {
		occs[n] = sub
		refs[n] = slideAttacks(s, sub, dirs)
		n++
		sub = (sub - mask) & mask
		if sub == 0 {
			return n
		}
	}
}

func initMagics() {
	// 102400 rook entries plus 5248 bishop entries fill the table exactly.
	sliderTable = make([]Bitboard, 102400+5248)
	used := 0
	var occs, refs [4096]Bitboard
	for _, kind := range sliderKinds {
		for s := Square(0); s < 64; s++ {
			m := &kind.magics[s]
			m.mask = relevantMask(s, kind.dirs)
			m.magic = Bitboard(kind.numbers[s])
			m.shift = uint8(64 - m.mask.Count())
			n := subsets(s, m.mask, kind.dirs, occs[:], refs[:])
			m.table = sliderTable[used : used+n : used+n]
			used += n
			for i := 0; i < n; i++ {
				m.table[(occs[i]*m.magic)>>m.shift] = refs[i]
			}
		}
	}
}

// findMagic searches for a magic number for a slider on s: one under which
// no two blocker sets with different attacks share an index.
func findMagic(s Square, dirs [4][2]int, rng *xorshift) uint64 {
	mask := relevantMask(s, dirs)
	shift := 64 - mask.Count()
	var occs, refs, table [4096]Bitboard
	var epoch [4096]int
	n := subsets(s, mask, dirs, occs[:], refs[:])
	for attempt := 1; ; attempt++ {
		magic := Bitboard(rng.sparse())
		if ((mask * magic) >> 56).Count() < 6 {
			continue // too few high bits to spread the index
		}
		ok := true
		for i := 0; i < n && ok; i++ {
			idx := (occs[i] * magic) >> shift
			if epoch[idx] < attempt {
				epoch[idx] = attempt
				table[idx] = refs[i]
			} else if table[idx] != refs[i] {
				ok = false
			}
		}
		if ok {
			return uint64(magic)
		}
	}
}

// magicSeed seeds the search that made magic_numbers.go.
const magicSeed = 0x9E3779B97F4A7C15

// searchMagics finds all 128 magic numbers, rooks first, from magicSeed.
func searchMagics() (rook, bishop [64]uint64) {
	rng := xorshift(magicSeed)
	for s := Square(0); s < 64; s++ {
		rook[s] = findMagic(s, rookDirs, &rng)
	}
	for s := Square(0); s < 64; s++ {
		bishop[s] = findMagic(s, bishopDirs, &rng)
	}
	return rook, bishop
}

func rankBB(r int) Bitboard { return Rank1 << (8 * r) }
func fileBB(f int) Bitboard { return FileA << f }
