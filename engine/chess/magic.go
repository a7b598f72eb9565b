package chess

// Magic bitboards. For each square, the occupancy of the squares that can block
// a slider (its mask, board edges excluded) is multiplied by a magic number and
// shifted so that every distinct blocker set that yields a distinct attack set
// lands on its own index of the square's slice of one shared table.
//
// The magics are found at start-up by trying sparse random numbers from a
// fixed-seed generator until one maps the square without a harmful collision.
// The seed makes the search, and so the tables, identical on every run;
// BenchmarkInitMagics measures its cost.

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

func initMagics() {
	// 102400 rook entries plus 5248 bishop entries fill the table exactly.
	sliderTable = make([]Bitboard, 0, 102400+5248)
	rng := xorshift(0x9E3779B97F4A7C15)
	var occs, refs [4096]Bitboard
	var epoch [4096]int
	attempt := 0
	for _, kind := range []struct {
		magics *[64]magic
		dirs   [4][2]int
	}{{&rookMagics, rookDirs}, {&bishopMagics, bishopDirs}} {
		for s := Square(0); s < 64; s++ {
			edges := ((Rank1 | Rank8) &^ rankBB(s.Rank())) | ((FileA | FileH) &^ fileBB(s.File()))
			m := &kind.magics[s]
			m.mask = slideAttacks(s, 0, kind.dirs) &^ edges
			n := m.mask.Count()
			m.shift = uint8(64 - n)
			size := 1 << n
			// Enumerate every subset of the mask (Carry-Rippler).
			var sub Bitboard
			for i := 0; i < size; i++ {
				occs[i] = sub
				refs[i] = slideAttacks(s, sub, kind.dirs)
				sub = (sub - m.mask) & m.mask
			}
			start := len(sliderTable)
			sliderTable = sliderTable[:start+size]
			m.table = sliderTable[start : start+size : start+size]
			for {
				m.magic = Bitboard(rng.sparse())
				if ((m.mask * m.magic) >> 56).Count() < 6 {
					continue // too few high bits to spread the index
				}
				attempt++
				ok := true
				for i := 0; i < size && ok; i++ {
					idx := (occs[i] * m.magic) >> m.shift
					if epoch[idx] < attempt {
						epoch[idx] = attempt
						m.table[idx] = refs[i]
					} else if m.table[idx] != refs[i] {
						ok = false
					}
				}
				if ok {
					break
				}
			}
		}
	}
}

func rankBB(r int) Bitboard { return Rank1 << (8 * r) }
func fileBB(f int) Bitboard { return FileA << f }
