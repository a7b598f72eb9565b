package screen

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
)

// Design draws, for each game pair, the k techniques its configuration
// takes out of the base. The blocks come in rounds: each round takes every
// technique once (a round's last block fills up from the next round), so
// that every technique is out equally often, within one, at any number of
// pairs; within a round, each block is built greedily, each next technique
// the one of the round's rest that has been out least often with those
// already in the block (ties drawn at random), so that every two
// techniques are out together about equally often: a resolvable, nearly
// balanced incomplete block design. The blocks depend on the techniques,
// k and the seed alone: the same pairs, and so the same games, at any -j
// and in any shard.
type Design struct {
	M, K int
	Seed uint64
}

// Blocks returns the first n blocks, each the indexes of the techniques
// taken out, in increasing order.
func (d Design) Blocks(n int) [][]int {
	if d.M < 1 || d.K < 1 || d.K > d.M {
		return nil
	}
	r := rand.New(rand.NewPCG(d.Seed, 0x5c4ee41))
	together := make([][]int, d.M) // times i and j have been out together
	for i := range together {
		together[i] = make([]int, d.M)
	}
	var out [][]int
	var round []int // the round's techniques not yet in a block
	for len(out) < n {
		block := make([]int, 0, d.K)
		for len(block) < d.K {
			if len(round) == 0 {
				round = r.Perm(d.M)
			}
			best, bestCost := -1, 0
			for i, t := range round {
				if slices.Contains(block, t) {
					continue
				}
				c := 0
				for _, b := range block {
					c += together[t][b]
				}
				if best < 0 || c < bestCost {
					best, bestCost = i, c
				}
			}
			if best < 0 { // the round's rest is in the block already: the next round's too
				round = append(round, r.Perm(d.M)...)
				continue
			}
			block = append(block, round[best])
			round = slices.Delete(round, best, best+1)
		}
		slices.Sort(block)
		for a, i := range block {
			for _, j := range block[a+1:] {
				together[i][j]++
				together[j][i]++
			}
		}
		out = append(out, block)
	}
	return out
}

// ChooseK picks how many techniques a configuration takes out, from m
// techniques and the Elo a technique is expected to cost (prior, a
// magnitude). The variance of a technique's estimate falls as the pairs
// in which it is out, against those in which it is in, balance:
// k(m-k)/(m(m-1)), largest at k = m/2. But a configuration without k
// techniques is about k×prior Elo weaker, and a pair's score tells less
// the further from even it expects to be (the information of a score p is
// p(1-p)), and more techniques out at once mean more interactions. k is
// the one that maximizes k(m-k)·4p(1-p), p the expected score of k×prior
// Elo, and at most MaxK.
func ChooseK(m int, prior float64) int {
	best, bestInfo := 1, -1.0
	for k := 1; k <= min(m-1, MaxK); k++ {
		p := 1 / (1 + math.Pow(10, float64(k)*math.Abs(prior)/400))
		if info := float64(k*(m-k)) * 4 * p * (1 - p); info > bestInfo {
			best, bestInfo = k, info
		}
	}
	return best
}

// MaxK bounds the techniques out at once: beyond it the additive model
// stretches over interactions it cannot see.
const MaxK = 16

// DefaultPrior is the Elo a technique is expected to cost when nothing
// better is known: what most of full's switches measured one at a time at
// 10,000 nodes (docs/findings.md).
const DefaultPrior = 15.0

// Check refuses a design that cannot estimate every technique.
func (d Design) Check() error {
	switch {
	case d.M < 2:
		return fmt.Errorf("a screening design needs at least 2 techniques, got %d", d.M)
	case d.K < 1 || d.K >= d.M:
		return fmt.Errorf("%d techniques out of %d at once: want 1 to %d", d.K, d.M, d.M-1)
	}
	return nil
}
