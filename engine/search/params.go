package search

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Params holds every number in a technique's condition. Their names (the
// registry's, which CLI specs, experiment files, records and UCI options
// use) follow one pattern: the technique's parameter prefix (its row in
// techniques.go), the quantity, the unit, as in rfp-margin-cp-per-ply or
// nmp-min-depth-plies; a number kept in hundredths says x100. The names
// they had before are still read, so older specs, files and tunes work.
type Params struct {
	LMRBase             int // plies × 100: reduction = base + ln(depth) ln(move) / divisor
	LMRDivisor          int // × 100
	LMRMinDepth         int // plies
	LMRMinMoves         int // moves searched before reductions start
	LMRCutNode          int // plies more at an expected cut node
	LMRCutoffCount      int // refuted moves at this node before reducing more
	LMRCutoffPlies      int // plies more past that count
	LMRCutoffAllNode    int // plies more again at an expected all-node
	LMRTTCapture        int // plies more when the hash move captures, off the PV
	LMRTTCapturePV      int // plies more when the hash move captures, on the PV
	LMRAllNode          int // plies less at an expected all-node
	LMRTTPV             int // plies less at a node once on the PV
	LMRNotImproving     int // plies more when the side to move is not improving
	LMRHistoryPoints    int // history points per ply of reduction
	LMPBase             int // quiet moves tried: base + depth^2
	LMPMaxDepth         int // plies
	LMPImproving        int // factor on the count when the eval is improving
	NMPMinDepth         int // plies
	NMPBase             int // plies of reduction R
	NMPDepthDivisor     int // R = base + depth / divisor
	HyperNMPMargin      int // centipawns per two plies beyond depth 3
	HyperNMPMinDepth    int // plies: 3 as proposed, 4 as the thread's refinement
	RFPMaxDepth         int // plies
	RFPMargin           int // centipawns per ply of depth
	FutilityMaxDepth    int // plies
	FutilityBase        int // centipawns
	FutilityMargin      int // centipawns per ply of depth
	AspirationMinDepth  int // plies
	AspirationWindow    int // centipawns, each side of the last score
	QSearchSEEThreshold int // centipawns: captures with SEE below it are skipped
	QSFutilityMargin    int // centipawns: with qs-see-futility, a capture's SEE must reach alpha - best - margin
	IIRMinDepth         int // plies
	RazorMaxDepth       int // plies
	RazorMargin         int // centipawns per ply of depth
	DeltaMargin         int // centipawns
	SEEMaxDepth         int // plies
	SEEQuietMargin      int // centipawns per ply: quiet moves with SEE below -margin × depth are skipped
	SEECaptureMargin    int // centipawns per ply²: captures with SEE below -margin × depth² are skipped
	HistPruneMaxDepth   int // plies
	HistPrunePoints     int // history points per ply: quiet moves below -points × depth are skipped
	SingularMinDepth    int // plies
	SingularTTDepth     int // plies: the table's entry at most this much shallower than the node
	SingularMargin      int // centipawns per ply: the singular bound is the table's score less margin × depth
	SingularDouble      int // centipawns below the singular bound for a double extension
	SingularTriple      int // centipawns below the singular bound for a triple extension
	SingularDoubleMax   int // double or triple extensions on one line
	ProbCutMinDepth     int // plies
	ProbCutMargin       int // centipawns above beta
	ProbCutReduction    int // plies less for the verifying search
	CaptureLMRPoints    int // capture history points per ply of reduction
	CorrectionMax       int // centipawns: the most the correction moves an eval
	NMPEvalMargin       int // centipawns above beta per ply more of reduction
	NMPEvalMax          int // plies: the most the eval adds to the reduction
	TMChanged           int // % of the soft time limit just after the best move changed
	TMHeld              int // % of the soft time limit once the best move has held TMHeldIterations
	TMHeldIterations    int // iterations
	TMShareBase         int // %: the soft time limit is scaled by base - slope × the best move's share of the nodes
	TMShareSlope        int // %
}

// param is one entry of the registry that CLI overrides, UCI options and
// the range test all read.
type param struct {
	name      string
	was       []string // the names it had before, still read (older specs, files and tunes)
	technique Technique
	field     func(*Params) *int
	def       int
	min, max  int
	doc       string
}

var params = []param{
	{"lmr-base-plies-x100", []string{"lmr-base", "lmr-base-centiplies"}, LateMoveReductions, func(p *Params) *int { return &p.LMRBase }, 75, 0, 400, "LMR formula base, in plies times 100"},
	{"lmr-divisor-x100", []string{"lmr-divisor", "lmr-divisor-hundredths"}, LateMoveReductions, func(p *Params) *int { return &p.LMRDivisor }, 225, 50, 1000, "LMR formula divisor, times 100"},
	{"lmr-min-depth-plies", []string{"lmr-min-depth"}, LateMoveReductions, func(p *Params) *int { return &p.LMRMinDepth }, 3, 1, 32, "no reductions below this depth"},
	{"lmr-min-moves", nil, LateMoveReductions, func(p *Params) *int { return &p.LMRMinMoves }, 3, 1, 64, "no reductions among the first moves"},
	{"lmr-cut-node-plies", []string{"lmr-cut-node"}, LMRCutNode, func(p *Params) *int { return &p.LMRCutNode }, 1, 0, 8, "plies more at an expected cut node"},
	{"lmr-cutoff-count-moves", []string{"lmr-cutoff-count"}, LMRCutoffCount, func(p *Params) *int { return &p.LMRCutoffCount }, 3, 0, 64, "refuted moves at this node before reducing more"},
	{"lmr-cutoff-plies", nil, LMRCutoffCount, func(p *Params) *int { return &p.LMRCutoffPlies }, 1, 0, 8, "plies more past the cutoff count"},
	{"lmr-cutoff-all-node-plies", []string{"lmr-cutoff-all-node"}, LMRCutoffCount, func(p *Params) *int { return &p.LMRCutoffAllNode }, 1, 0, 8, "plies more again at an expected all-node"},
	{"lmr-tt-capture-plies", []string{"lmr-tt-capture"}, LMRTTCapture, func(p *Params) *int { return &p.LMRTTCapture }, 1, 0, 8, "plies more when the hash move captures (off the PV)"},
	{"lmr-tt-capture-pv-plies", []string{"lmr-tt-capture-pv"}, LMRTTCapture, func(p *Params) *int { return &p.LMRTTCapturePV }, 0, 0, 8, "plies more when the hash move captures (on the PV)"},
	{"lmr-all-node-plies", []string{"lmr-all-node"}, LMRAllNode, func(p *Params) *int { return &p.LMRAllNode }, 1, 0, 8, "plies less at an expected all-node"},
	{"lmr-tt-pv-plies", []string{"lmr-tt-pv"}, LMRTTPV, func(p *Params) *int { return &p.LMRTTPV }, 1, 0, 8, "plies less at a node that has been on the PV"},
	{"lmr-improving-plies", nil, LMRImproving, func(p *Params) *int { return &p.LMRNotImproving }, 1, 0, 8, "plies more when the side to move is not improving"},
	{"lmr-history-points-per-ply", []string{"lmr-history-divisor"}, HistoryLMR, func(p *Params) *int { return &p.LMRHistoryPoints }, 8192, 256, 65536, "history points per ply of reduction"},
	{"lmp-base-moves", []string{"lmp-base"}, LateMovePruning, func(p *Params) *int { return &p.LMPBase }, 3, 0, 64, "quiet moves tried before pruning: base + depth^2"},
	{"lmp-max-depth-plies", []string{"lmp-max-depth"}, LateMovePruning, func(p *Params) *int { return &p.LMPMaxDepth }, 3, 0, 16, "LMP only at this depth or below"},
	{"lmp-improving-factor", []string{"lmp-improving"}, LateMovePruning, func(p *Params) *int { return &p.LMPImproving }, 2, 1, 8, "factor on the move count when the eval is improving"},
	{"nmp-min-depth-plies", []string{"nmp-min-depth"}, NullMovePruning, func(p *Params) *int { return &p.NMPMinDepth }, 3, 1, 32, "null-move pruning from this depth"},
	{"nmp-base-plies", []string{"nmp-base"}, NullMovePruning, func(p *Params) *int { return &p.NMPBase }, 3, 1, 12, "null-move reduction R, at depth 0"},
	{"nmp-depth-divisor-plies", []string{"nmp-depth-divisor"}, NullMovePruning, func(p *Params) *int { return &p.NMPDepthDivisor }, 4, 1, 32, "R grows by one ply per this many plies of depth"},
	{"hyper-nmp-margin-cp", []string{"hyper-nmp-margin"}, HyperNullMove, func(p *Params) *int { return &p.HyperNMPMargin }, 300, 0, 3000, "margin per two plies of depth beyond 3"},
	{"hyper-nmp-min-depth-plies", []string{"hyper-nmp-min-depth"}, HyperNullMove, func(p *Params) *int { return &p.HyperNMPMinDepth }, 3, 2, 16, "hyper attempt from this depth (the thread: 3, refined to 4)"},
	{"rfp-max-depth-plies", []string{"rfp-max-depth"}, ReverseFutility, func(p *Params) *int { return &p.RFPMaxDepth }, 6, 1, 32, "reverse futility pruning at this depth or below"},
	{"rfp-margin-cp-per-ply", []string{"rfp-margin"}, ReverseFutility, func(p *Params) *int { return &p.RFPMargin }, 80, 0, 1000, "margin per ply of depth"},
	{"futility-max-depth-plies", []string{"futility-max-depth"}, Futility, func(p *Params) *int { return &p.FutilityMaxDepth }, 6, 1, 32, "futility pruning at this depth or below"},
	{"futility-base-cp", []string{"futility-base"}, Futility, func(p *Params) *int { return &p.FutilityBase }, 80, 0, 2000, "margin at depth 0"},
	{"futility-margin-cp-per-ply", []string{"futility-margin"}, Futility, func(p *Params) *int { return &p.FutilityMargin }, 80, 0, 1000, "margin per ply of depth"},
	{"aspiration-min-depth-plies", []string{"aspiration-min-depth"}, Aspiration, func(p *Params) *int { return &p.AspirationMinDepth }, 5, 1, 64, "aspiration windows from this iteration"},
	{"aspiration-window-cp", []string{"aspiration-window"}, Aspiration, func(p *Params) *int { return &p.AspirationWindow }, 25, 1, 1000, "first window, each side of the last score"},
	{"qs-see-threshold-cp", []string{"qs-see-threshold"}, QSearchSEE, func(p *Params) *int { return &p.QSearchSEEThreshold }, 0, -1000, 1000, "captures with SEE below this are skipped in quiescence"},
	{"iir-min-depth-plies", nil, IIR, func(p *Params) *int { return &p.IIRMinDepth }, 4, 2, 32, "internal iterative reductions from this depth"},
	{"razoring-max-depth-plies", nil, Razoring, func(p *Params) *int { return &p.RazorMaxDepth }, 2, 1, 8, "razoring at this depth or below"},
	{"razoring-margin-cp-per-ply", nil, Razoring, func(p *Params) *int { return &p.RazorMargin }, 250, 0, 2000, "how far below alpha, per ply of depth"},
	{"qs-futility-margin-cp", nil, QSearchSEEFutility, func(p *Params) *int { return &p.QSFutilityMargin }, 100, 0, 2000, "a quiescence capture whose SEE falls short of alpha less the best so far less this is skipped"},
	{"delta-margin-cp", nil, DeltaPruning, func(p *Params) *int { return &p.DeltaMargin }, 200, 0, 2000, "margin beyond the captured piece's value"},
	{"see-max-depth-plies", nil, SEEPruning, func(p *Params) *int { return &p.SEEMaxDepth }, 8, 1, 32, "SEE pruning at this depth or below"},
	{"see-quiet-cp-per-ply", nil, SEEPruning, func(p *Params) *int { return &p.SEEQuietMargin }, 60, 0, 1000, "quiet moves losing more than this per ply are skipped"},
	{"see-capture-cp-per-ply-squared", nil, SEEPruning, func(p *Params) *int { return &p.SEECaptureMargin }, 20, 0, 1000, "captures losing more than this per ply squared are skipped"},
	{"history-prune-max-depth-plies", nil, HistoryPruning, func(p *Params) *int { return &p.HistPruneMaxDepth }, 3, 1, 16, "history pruning at this depth or below"},
	{"history-prune-points-per-ply", nil, HistoryPruning, func(p *Params) *int { return &p.HistPrunePoints }, 1000, 0, 65536, "quiet moves with history below minus this per ply are skipped"},
	{"singular-min-depth-plies", nil, Singular, func(p *Params) *int { return &p.SingularMinDepth }, 8, 4, 32, "singular extensions from this depth"},
	{"singular-tt-depth-plies", nil, Singular, func(p *Params) *int { return &p.SingularTTDepth }, 3, 0, 16, "the hash entry at most this many plies shallower than the node"},
	{"singular-margin-cp-per-ply", nil, Singular, func(p *Params) *int { return &p.SingularMargin }, 2, 0, 100, "the singular bound: the hash score less this per ply of depth"},
	{"singular-double-cp", nil, SingularDouble, func(p *Params) *int { return &p.SingularDouble }, 20, 0, 1000, "this far below the singular bound: a double extension"},
	{"singular-triple-cp", nil, SingularDouble, func(p *Params) *int { return &p.SingularTriple }, 100, 0, 2000, "this far below the singular bound (a quiet hash move): a triple extension"},
	{"singular-double-max-moves", nil, SingularDouble, func(p *Params) *int { return &p.SingularDoubleMax }, 6, 0, 64, "double or triple extensions allowed on one line"},
	{"probcut-min-depth-plies", nil, ProbCut, func(p *Params) *int { return &p.ProbCutMinDepth }, 5, 2, 32, "ProbCut from this depth"},
	{"probcut-margin-cp", nil, ProbCut, func(p *Params) *int { return &p.ProbCutMargin }, 200, 0, 2000, "how far above beta a capture must score"},
	{"probcut-reduction-plies", nil, ProbCut, func(p *Params) *int { return &p.ProbCutReduction }, 4, 1, 16, "plies less for the verifying search"},
	{"capture-lmr-points-per-ply", nil, CaptureLMR, func(p *Params) *int { return &p.CaptureLMRPoints }, 4096, 256, 65536, "capture history points per ply of reduction"},
	{"correction-history-max-cp", nil, CorrectionHistory, func(p *Params) *int { return &p.CorrectionMax }, 150, 0, 1000, "the most the correction moves a static eval"},
	{"nmp-eval-cp-per-ply", nil, NMPEval, func(p *Params) *int { return &p.NMPEvalMargin }, 200, 10, 2000, "eval above beta per ply more of null-move reduction"},
	{"nmp-eval-max-plies", nil, NMPEval, func(p *Params) *int { return &p.NMPEvalMax }, 3, 0, 12, "the most plies the eval adds to the reduction"},
	{"tm-stability-changed-pct", nil, TimeStability, func(p *Params) *int { return &p.TMChanged }, 180, 10, 400, "the soft time limit, in percent, just after the best move changed"},
	{"tm-stability-held-pct", nil, TimeStability, func(p *Params) *int { return &p.TMHeld }, 90, 10, 400, "the soft time limit, in percent, once the best move has held"},
	{"tm-stability-held-iterations", nil, TimeStability, func(p *Params) *int { return &p.TMHeldIterations }, 4, 1, 32, "iterations the best move holds before the limit is at its least"},
	{"tm-node-share-base-pct", nil, TimeNodeShare, func(p *Params) *int { return &p.TMShareBase }, 180, 10, 400, "the soft time limit, in percent, when the best move took no nodes"},
	{"tm-node-share-slope-pct", nil, TimeNodeShare, func(p *Params) *int { return &p.TMShareSlope }, 100, 0, 400, "percent less of the soft time limit per whole share of the nodes the best move took"},
}

// DefaultParams returns every parameter at its default.
func DefaultParams() Params {
	var p Params
	for _, d := range params {
		*d.field(&p) = d.def
	}
	return p
}

// ParamInfo describes a parameter for help texts and UCI options.
type ParamInfo struct {
	Name      string
	Technique Technique
	Default   int
	Min, Max  int
	Doc       string
}

// ParamInfos lists every parameter in registry order.
func ParamInfos() []ParamInfo {
	out := make([]ParamInfo, len(params))
	for i, d := range params {
		out[i] = ParamInfo{d.name, d.technique, d.def, d.min, d.max, d.doc}
	}
	return out
}

func lookupParam(name string) (*param, error) {
	for i := range params {
		if params[i].name == name || slices.Contains(params[i].was, name) {
			return &params[i], nil
		}
	}
	names := make([]string, len(params))
	for i, d := range params {
		names[i] = d.name
	}
	return nil, fmt.Errorf("unknown parameter %q (known: %s)", name, sortedNames(names))
}

// Get returns the value of the named parameter.
func (p *Params) Get(name string) (int, error) {
	d, err := lookupParam(name)
	if err != nil {
		return 0, err
	}
	return *d.field(p), nil
}

// Set sets the named parameter, checking its range.
func (p *Params) Set(name string, value int) error {
	d, err := lookupParam(name)
	if err != nil {
		return err
	}
	if value < d.min || value > d.max {
		return fmt.Errorf("parameter %s = %d is out of range %d..%d", name, value, d.min, d.max)
	}
	*d.field(p) = value
	return nil
}

// SetString reads "name=value" and sets it.
func (p *Params) SetString(kv string) error {
	name, val, ok := strings.Cut(kv, "=")
	if !ok {
		return fmt.Errorf("%q is not name=value", kv)
	}
	v, err := strconv.Atoi(strings.TrimSpace(val))
	if err != nil {
		return fmt.Errorf("parameter %s: %q is not a whole number", name, val)
	}
	return p.Set(strings.TrimSpace(name), v)
}

// Diff lists, as name=value, the parameters that differ from the defaults,
// in registry order.
func (p *Params) Diff() []string {
	var out []string
	def := DefaultParams()
	for _, d := range params {
		if v := *d.field(p); v != *d.field(&def) {
			out = append(out, fmt.Sprintf("%s=%d", d.name, v))
		}
	}
	return out
}
