package eval

// The piece-square tables, piece values included, that tuned-psq uses.
// Until ablate tune texel writes this file they are PeSTO's.
var tunedMG, tunedEG = pestoTables()

// pestoTables is PeSTO's piece values added to its tables.
func pestoTables() (mg, eg [7][64]int) {
	for t := range 7 {
		for s := range 64 {
			mg[t][s], eg[t][s] = mgValue[t]+mgTable[t][s], egValue[t]+egTable[t][s]
		}
	}
	return mg, eg
}
