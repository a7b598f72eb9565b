// Package eval is the static evaluation: a tapered (middlegame/endgame)
// material and piece-square evaluation with PeSTO's published weights.
//
//	weights.go  piece values, piece-square tables, phase weights
//	eval.go     Evaluate
//
// No other term (bishop pair, passed pawns, mobility, king safety) is in:
// each waits for a measurement that shows it helps.
package eval
