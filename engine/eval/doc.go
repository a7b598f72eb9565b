// Package eval is the static evaluation: a tapered (middlegame/endgame)
// material and piece-square evaluation with PeSTO's published weights, and
// evaluation terms beyond it, each a switch (Terms) that the search's
// technique registry names, so that configurations, worth and trace turn
// it on and off like any search technique.
//
//	weights.go  piece values, piece-square tables, phase weights, the terms' weights
//	eval.go     Evaluate: PeSTO's evaluation, then the terms that are on
//	terms.go    Term, Terms, Score; each term in its own small block
//
// With every term off the evaluation is PeSTO's exactly, and every preset
// has every term off: the stored node counts stand. The terms so far are
// bishop-pair, tempo, rook-files and mobility, weights hand-set until
// tuned.
package eval
