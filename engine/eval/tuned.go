package eval

// The piece-square tables, piece values included, that tuned-psq uses, and
// the term weights a tune fitted. ablate tune texel writes this file; until
// it has, the tables are PeSTO's and the weights weights.go's.
var tunedMG, tunedEG = pestoTables()

// tunedWeights are the term weights a tune fitted, by name: they take the
// place of weights.go's hand-set values (the tune's starting point).
var tunedWeights = map[string]Score{}
