package search

// Stats are the search's counters: plain integers owned by the searching
// goroutine, with no locks or atomics; rates are computed when reporting.
// Count holds one counter per kind of vocab.go's table.
// Nodes are always counted (node limits read them); the rest only when
// statsOn is true, which the nostats build tag turns off so that the
// counters' cost can be measured (BenchmarkSearch with and without it).
type Stats struct {
	Nodes    uint64 // every position entered, main and quiescence search
	QNodes   uint64 // positions entered in quiescence search
	SelDepth int    // deepest ply reached
	Count    Counts // by kind (vocab.go)
}

func ratio(a, b uint64) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// TTHitRate is hits per probe.
func (s *Stats) TTHitRate() float64 { return ratio(s.Count[EvTTHit], s.Count[EvTTProbe]) }

// FirstMoveCutoffRate is the share of fail-highs that came on the first move.
func (s *Stats) FirstMoveCutoffRate() float64 {
	return ratio(s.Count[EvFirstMoveCutoff], s.Count[EvCutoff])
}

// PVSResearchRate is re-searches per null-window search.
func (s *Stats) PVSResearchRate() float64 { return ratio(s.Count[EvPVSResearch], s.Count[EvPVSSearch]) }

// LMRResearchRate is re-searches per reduced search.
func (s *Stats) LMRResearchRate() float64 { return ratio(s.Count[EvLMRResearch], s.Count[EvReduce]) }

// MeanReduction is the mean plies taken off a reduced search.
func (s *Stats) MeanReduction() float64 { return ratio(s.Count[EvReducedPlies], s.Count[EvReduce]) }
