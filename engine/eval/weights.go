package eval

import "github.com/ablate-chess/ablate/engine/chess"

// The weights: PeSTO's published piece values and piece-square tables (Ronald
// Friederich's "Piece Square Tables Only" evaluation, Texel-tuned), used as
// numbers. Each table is written as White sees the board: the first row is
// the eighth rank, a8 to h8, the last row the first rank. Middlegame and
// endgame values are kept apart and blended by game phase (eval.go).

// Weight names one of the terms' weights (terms.go): a Score, middlegame
// and endgame, that a term adds some number of times for a side.
type Weight uint8

const (
	bishopPair Weight = iota
	tempo
	rookOpenFile
	rookSemiOpenFile
	queenOpenFile
	queenSemiOpen
	mobilityKnight // mobility: each piece type's worth per safe square it attacks
	mobilityBishop
	mobilityRook
	mobilityQueen
	passedRank2 // passed pawns by rank as their side sees it, 2 to 7
	passedRank3
	passedRank4
	passedRank5
	passedRank6
	passedRank7
	passedBlocked
	passedOwnKing
	passedTheirKing
	isolatedPawn
	doubledPawn
	backwardPawn
	supportedPawn
	phalanxPawn
	kingAttackKnight // king safety: squares around the enemy king each piece type attacks
	kingAttackBishop
	kingAttackRook
	kingAttackQueen
	kingShield
	kingStorm
	kingOpenFile
	threatByPawn
	threatByMinor
	threatByRook
	hangingPiece
	knightOutpost
	bishopOutpost
	passedFree        // free-passers: a passed pawn's clear way, per rank past the third
	passedUnstoppable // free-passers: a passed pawn the enemy king cannot catch

	NumWeights
)

func mobility(t chess.PieceType) Weight   { return mobilityKnight + Weight(t-chess.Knight) }
func kingAttack(t chess.PieceType) Weight { return kingAttackKnight + Weight(t-chess.Knight) }
func passedRank(rank int) Weight          { return passedRank2 + Weight(rank-1) } // rank from 0: 1 to 6

// WeightNames are the weights' names, for the tuner and tuned.go.
var WeightNames = [NumWeights]string{
	"bishop-pair", "tempo", "rook-open-file", "rook-semi-open-file", "queen-open-file", "queen-semi-open-file",
	"mobility-knight", "mobility-bishop", "mobility-rook", "mobility-queen",
	"passed-rank-2", "passed-rank-3", "passed-rank-4", "passed-rank-5", "passed-rank-6", "passed-rank-7",
	"passed-blocked", "passed-own-king", "passed-their-king",
	"isolated-pawn", "doubled-pawn", "backward-pawn", "supported-pawn", "phalanx-pawn",
	"king-attack-knight", "king-attack-bishop", "king-attack-rook", "king-attack-queen",
	"king-shield", "king-storm", "king-open-file",
	"threat-by-pawn", "threat-by-minor", "threat-by-rook", "hanging-piece",
	"knight-outpost", "bishop-outpost",
	"passed-free", "passed-unstoppable",
}

// handSet is the weights as set by hand: the evaluation's own, and the
// Texel tune's starting point. (With a tune's switch on, its weights
// take their place: tunes.go.)
var handSet = [NumWeights]Score{
	bishopPair:       {30, 50},
	tempo:            {15, 5},
	rookOpenFile:     {40, 10},
	rookSemiOpenFile: {20, 5},
	queenOpenFile:    {5, 5},
	queenSemiOpen:    {3, 3},
	mobilityKnight:   {4, 4},
	mobilityBishop:   {5, 5},
	mobilityRook:     {2, 4},
	mobilityQueen:    {1, 2},
	// Passed pawns: a bonus that grows as they near promotion; less when
	// the square in front is taken; and, counted per square of distance
	// to that square, the kings' race to it in the endgame.
	passedRank2: {0, 10}, passedRank3: {5, 15}, passedRank4: {10, 25},
	passedRank5: {20, 45}, passedRank6: {40, 75}, passedRank7: {70, 120},
	passedBlocked:   {-5, -15},
	passedOwnKing:   {0, -5},
	passedTheirKing: {0, 8},
	// Pawn structure: a pawn with no friend on the files beside it, one
	// behind another of its side, one that can never be guarded by a pawn
	// and whose square in front an enemy pawn attacks; one guarded by a
	// pawn, and one with a pawn of its side beside it.
	isolatedPawn:  {-5, -12},
	doubledPawn:   {-10, -20},
	backwardPawn:  {-6, -8},
	supportedPawn: {8, 6},
	phalanxPawn:   {5, 4},
	// King safety: the squares around a king that each enemy piece type
	// attacks (counted for the attacker), the king's own pawns in front of
	// it, the enemy pawns storming toward it, and the files beside it with
	// no pawn of its side.
	kingAttackKnight: {8, 0}, kingAttackBishop: {6, 0}, kingAttackRook: {7, 0}, kingAttackQueen: {9, 0},
	kingShield:   {12, 0},
	kingStorm:    {-5, 0},
	kingOpenFile: {-15, 0},
	// Threats, counted for the side that makes them: enemy pieces its pawns
	// attack, enemy rooks and queens its knights and bishops attack, an
	// enemy queen its rooks attack, and enemy pieces it attacks that
	// nothing defends.
	threatByPawn:  {40, 30},
	threatByMinor: {25, 20},
	threatByRook:  {25, 15},
	hangingPiece:  {20, 15},
	// Outposts: a knight or bishop in the enemy half, guarded by a pawn,
	// on a square no enemy pawn can ever attack.
	knightOutpost: {20, 10},
	bishopOutpost: {10, 5},
	// Free passers: a passed pawn with its file clear to promotion, per
	// rank past the third; one the enemy king cannot catch, the enemy
	// having pawns alone, is most of a queen.
	passedFree:        {0, 10},
	passedUnstoppable: {0, 400},
}

var mgValue = [7]int{0, 82, 337, 365, 477, 1025, 0}
var egValue = [7]int{0, 94, 281, 297, 512, 936, 0}

// phaseWeight is each piece type's share of the game phase; the full set of
// pieces adds up to maxPhase (24), an empty board to 0.
var phaseWeight = [7]int{0, 0, 1, 1, 2, 4, 0}

const maxPhase = 24

var mgTable = [7][64]int{
	{}, // no piece
	{ // pawn
		0, 0, 0, 0, 0, 0, 0, 0,
		98, 134, 61, 95, 68, 126, 34, -11,
		-6, 7, 26, 31, 65, 56, 25, -20,
		-14, 13, 6, 21, 23, 12, 17, -23,
		-27, -2, -5, 12, 17, 6, 10, -25,
		-26, -4, -4, -10, 3, 3, 33, -12,
		-35, -1, -20, -23, -15, 24, 38, -22,
		0, 0, 0, 0, 0, 0, 0, 0,
	},
	{ // knight
		-167, -89, -34, -49, 61, -97, -15, -107,
		-73, -41, 72, 36, 23, 62, 7, -17,
		-47, 60, 37, 65, 84, 129, 73, 44,
		-9, 17, 19, 53, 37, 69, 18, 22,
		-13, 4, 16, 13, 28, 19, 21, -8,
		-23, -9, 12, 10, 19, 17, 25, -16,
		-29, -53, -12, -3, -1, 18, -14, -19,
		-105, -21, -58, -33, -17, -28, -19, -23,
	},
	{ // bishop
		-29, 4, -82, -37, -25, -42, 7, -8,
		-26, 16, -18, -13, 30, 59, 18, -47,
		-16, 37, 43, 40, 35, 50, 37, -2,
		-4, 5, 19, 50, 37, 37, 7, -2,
		-6, 13, 13, 26, 34, 12, 10, 4,
		0, 15, 15, 15, 14, 27, 18, 10,
		4, 15, 16, 0, 7, 21, 33, 1,
		-33, -3, -14, -21, -13, -12, -39, -21,
	},
	{ // rook
		32, 42, 32, 51, 63, 9, 31, 43,
		27, 32, 58, 62, 80, 67, 26, 44,
		-5, 19, 26, 36, 17, 45, 61, 16,
		-24, -11, 7, 26, 24, 35, -8, -20,
		-36, -26, -12, -1, 9, -7, 6, -23,
		-45, -25, -16, -17, 3, 0, -5, -33,
		-44, -16, -20, -9, -1, 11, -6, -71,
		-19, -13, 1, 17, 16, 7, -37, -26,
	},
	{ // queen
		-28, 0, 29, 12, 59, 44, 43, 45,
		-24, -39, -5, 1, -16, 57, 28, 54,
		-13, -17, 7, 8, 29, 56, 47, 57,
		-27, -27, -16, -16, -1, 17, -2, 1,
		-9, -26, -9, -10, -2, -4, 3, -3,
		-14, 2, -11, -2, -5, 2, 14, 5,
		-35, -8, 11, 2, 8, 15, -3, 1,
		-1, -18, -9, 10, -15, -25, -31, -50,
	},
	{ // king
		-65, 23, 16, -15, -56, -34, 2, 13,
		29, -1, -20, -7, -8, -4, -38, -29,
		-9, 24, 2, -16, -20, 6, 22, -22,
		-17, -20, -12, -27, -30, -25, -14, -36,
		-49, -1, -27, -39, -46, -44, -33, -51,
		-14, -14, -22, -46, -44, -30, -15, -27,
		1, 7, -8, -64, -43, -16, 9, 8,
		-15, 36, 12, -54, 8, -28, 24, 14,
	},
}

var egTable = [7][64]int{
	{}, // no piece
	{ // pawn
		0, 0, 0, 0, 0, 0, 0, 0,
		178, 173, 158, 134, 147, 132, 165, 187,
		94, 100, 85, 67, 56, 53, 82, 84,
		32, 24, 13, 5, -2, 4, 17, 17,
		13, 9, -3, -7, -7, -8, 3, -1,
		4, 7, -6, 1, 0, -5, -1, -8,
		13, 8, 8, 10, 13, 0, 2, -7,
		0, 0, 0, 0, 0, 0, 0, 0,
	},
	{ // knight
		-58, -38, -13, -28, -31, -27, -63, -99,
		-25, -8, -25, -2, -9, -25, -24, -52,
		-24, -20, 10, 9, -1, -9, -19, -41,
		-17, 3, 22, 22, 22, 11, 8, -18,
		-18, -6, 16, 25, 16, 17, 4, -18,
		-23, -3, -1, 15, 10, -3, -20, -22,
		-42, -20, -10, -5, -2, -20, -23, -44,
		-29, -51, -23, -15, -22, -18, -50, -64,
	},
	{ // bishop
		-14, -21, -11, -8, -7, -9, -17, -24,
		-8, -4, 7, -12, -3, -13, -4, -14,
		2, -8, 0, -1, -2, 6, 0, 4,
		-3, 9, 12, 9, 14, 10, 3, 2,
		-6, 3, 13, 19, 7, 10, -3, -9,
		-12, -3, 8, 10, 13, 3, -7, -15,
		-14, -18, -7, -1, 4, -9, -15, -27,
		-23, -9, -23, -5, -9, -16, -5, -17,
	},
	{ // rook
		13, 10, 18, 15, 12, 12, 8, 5,
		11, 13, 13, 11, -3, 3, 8, 3,
		7, 7, 7, 5, 4, -3, -5, -3,
		4, 3, 13, 1, 2, 1, -1, 2,
		3, 5, 8, 4, -5, -6, -8, -11,
		-4, 0, -5, -1, -7, -12, -8, -16,
		-6, -6, 0, 2, -9, -9, -11, -3,
		-9, 2, 3, -1, -5, -13, 4, -20,
	},
	{ // queen
		-9, 22, 22, 27, 27, 19, 10, 20,
		-17, 20, 32, 41, 58, 25, 30, 0,
		-20, 6, 9, 49, 47, 35, 19, 9,
		3, 22, 24, 45, 57, 40, 57, 36,
		-18, 28, 19, 47, 31, 34, 39, 23,
		-16, -27, 15, 6, 9, 17, 10, 5,
		-22, -23, -30, -16, -16, -23, -36, -32,
		-33, -28, -22, -43, -5, -32, -20, -41,
	},
	{ // king
		-74, -35, -18, -18, -11, 15, 4, -17,
		-12, 17, 14, 17, 17, 38, 23, 11,
		10, 17, 23, 15, 20, 45, 44, 13,
		-8, 22, 24, 27, 26, 33, 26, 3,
		-18, -4, 21, 24, 27, 23, 9, -11,
		-19, -3, 11, 21, 23, 16, 7, -9,
		-27, -11, 4, 13, 14, 4, -5, -17,
		-53, -34, -21, -11, -28, -14, -24, -43,
	},
}

// pestoTables is PeSTO's piece values added to its tables.
func pestoTables() (mg, eg [7][64]int) {
	for t := range 7 {
		for s := range 64 {
			mg[t][s], eg[t][s] = mgValue[t]+mgTable[t][s], egValue[t]+egTable[t][s]
		}
	}
	return mg, eg
}
