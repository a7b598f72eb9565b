package chess

// Zobrist keys: one random number per (piece, square), per castling-rights
// set, per en-passant file and for the side to move. The position's key is the
// XOR of those that apply; Make keeps it up to date incrementally and
// computeKey recomputes it from scratch (the tests compare the two).

var (
	zobristPiece  [16][64]uint64
	zobristCastle [16]uint64
	zobristEP     [8]uint64
	zobristSide   uint64
)

func initZobrist() {
	rng := xorshift(0x2545F4914F6CDD1D)
	for p := range zobristPiece {
		for s := range zobristPiece[p] {
			zobristPiece[p][s] = rng.next()
		}
	}
	// Castling keys are composed from the four single rights, so that
	// removing one right is one XOR of the difference.
	var single [4]uint64
	for i := range single {
		single[i] = rng.next()
	}
	for cr := range zobristCastle {
		for i := range single {
			if cr&(1<<i) != 0 {
				zobristCastle[cr] ^= single[i]
			}
		}
	}
	for f := range zobristEP {
		zobristEP[f] = rng.next()
	}
	zobristSide = rng.next()
}

// computeKey returns the Zobrist key of p from scratch.
func (p *Position) computeKey() uint64 {
	var k uint64
	for s := Square(0); s < 64; s++ {
		if pc := p.board[s]; pc != NoPiece {
			k ^= zobristPiece[pc][s]
		}
	}
	k ^= zobristCastle[p.castle]
	if p.ep != NoSquare {
		k ^= zobristEP[p.ep.File()]
	}
	if p.side == Black {
		k ^= zobristSide
	}
	return k
}
