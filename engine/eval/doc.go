// Package eval is the static evaluation: a tapered (middlegame/endgame)
// material and piece-square evaluation with PeSTO's published weights, and
// evaluation terms beyond it, each a switch (Terms) that the search's
// technique registry names, so that configurations, worth and trace turn
// it on and off like any search technique.
//
//	weights.go  piece values, piece-square tables, phase weights, the terms' weights
//	eval.go     Evaluate: PeSTO's evaluation, then the terms that are on
//	terms.go    Term (declared here alone, with its name), Terms, Score;
//	            each term in its own small block
//	pawns.go    passed pawns and pawn structure, with the pawn hash table
//	trace.go    Coefficients: how many times each weight counted (the tuner's)
//	tunes.go    the Texel tunes: each a switch in place of PeSTO's tables and the hand-set weights
//	tuned.go    the first tune's tables and weights (the tuned switch)
//	tuned2.go   the second's (tuned-2)
//
// With every term off the evaluation is PeSTO's exactly, and the presets
// before full-eval have every term off: their stored node counts stand.
// The terms are bishop-pair, tempo, rook-files, mobility, passed-pawns,
// pawn-structure, king-safety, threats, outposts and endgame-scaling
// (hand-set weights, on in full), and the tunes tuned and tuned-2.
package eval
