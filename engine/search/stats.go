package search

// Stats are the search's counters: plain integers owned by the searching
// goroutine, with no locks or atomics; rates are computed when reporting.
// Nodes are always counted (node limits read them); the rest only when
// statsOn is true, which the nostats build tag turns off so that the
// counters' cost can be measured (BenchmarkSearch with and without it).
type Stats struct {
	Nodes    uint64 // every position entered, main and quiescence search
	QNodes   uint64 // positions entered in quiescence search
	SelDepth int    // deepest ply reached

	TTProbes  uint64
	TTHits    uint64
	TTCutoffs uint64

	BetaCutoffs      uint64 // nodes that failed high
	FirstMoveCutoffs uint64 // ... on their first move

	PVSSearches   uint64 // null-window searches of moves after the first
	PVSResearches uint64 // ... re-searched with the full window

	LMRReduced    uint64 // reduced searches
	LMRPlies      uint64 // plies taken off by them
	LMRResearches uint64 // reduced searches that beat alpha and were re-searched

	LMPPrunes      uint64
	NullTries      uint64
	NullCutoffs    uint64
	HyperTries     uint64
	HyperPrunes    uint64
	RFPPrunes      uint64
	FutilityPrunes uint64
	QSEEPrunes     uint64
	Extensions     uint64

	AspirationResearches uint64 // root re-searches after failing the window
}

func ratio(a, b uint64) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// TTHitRate is hits per probe.
func (s *Stats) TTHitRate() float64 { return ratio(s.TTHits, s.TTProbes) }

// FirstMoveCutoffRate is the share of fail-highs that came on the first move.
func (s *Stats) FirstMoveCutoffRate() float64 { return ratio(s.FirstMoveCutoffs, s.BetaCutoffs) }

// PVSResearchRate is re-searches per null-window search.
func (s *Stats) PVSResearchRate() float64 { return ratio(s.PVSResearches, s.PVSSearches) }

// LMRResearchRate is re-searches per reduced search.
func (s *Stats) LMRResearchRate() float64 { return ratio(s.LMRResearches, s.LMRReduced) }

// MeanReduction is the mean plies taken off a reduced search.
func (s *Stats) MeanReduction() float64 { return ratio(s.LMRPlies, s.LMRReduced) }
