package texel

import (
	"context"
	"fmt"
	"math"
	"slices"
	"sync"
	"time"

	"github.com/ablate-chess/ablate/engine/chess"
	"github.com/ablate-chess/ablate/engine/eval"
	"github.com/ablate-chess/ablate/experiments/setup"
)

// Request is a tune: the data, the terms whose weights are fitted (with a
// tune's switch among them, tuned or tuned-2, the piece-square tables too,
// written for that switch; the weights of terms that are off count in no
// position and stay as they are), and Adam's settings. Every fit starts
// from PeSTO's tables and the hand-set weights.
type Request struct {
	Data     *Data // its positions split already (Read's HoldOut)
	CheckSet *Data // an independent check set, its loss reported beside, or nil
	Terms    eval.Terms
	Epochs   int
	Rate     float64 // Adam's step, in centipawns
	HoldOut  int     // one opening line in HoldOut is held out of the fit (Read split by it)
	// ScoreWeight blends a position's label: (1-w) its game's result plus
	// w the expected score of its engine's search score (centipawns, at
	// the usual 400 a factor of ten), where its game gave one. The held-out
	// and check losses are always against the games' results.
	ScoreWeight float64
	// Prior pulls each weight towards where the fit started, PeSTO's or
	// the hand-set value: Prior times the sum of (weight - start)², the
	// weights in units of 100 centipawns, is added to the training loss
	// (L2, ridge). A square a piece seldom stands on then stays near
	// PeSTO's value instead of fitting the few games it was seen in.
	Prior   float64
	Workers int
	OnEpoch func(Epoch)
	// Resume, if set, goes on from a checkpoint; OnCheckpoint, if set,
	// is given one every CheckpointEvery epochs, to keep.
	Resume       *Checkpoint
	OnCheckpoint func(*Checkpoint) error
}

// CheckpointEvery is how often, in epochs, a fit gives a checkpoint.
const CheckpointEvery = 10

// Checkpoint is a fit as it stood after an epoch: enough to go on with it
// and end where an unbroken one ends, to the bit.
type Checkpoint struct {
	Epoch       int         `json:"epoch"`
	K           float64     `json:"k"`
	Theta       []float64   `json:"theta"`
	MomVel      [][]float64 `json:"adam"`
	Epochs      []Epoch     `json:"epochs"`
	ElapsedSecs float64     `json:"seconds"`
}

// Epoch is one pass's losses.
type Epoch struct {
	N       int     `json:"epoch"`
	Train   float64 `json:"train_loss"`
	HeldOut float64 `json:"held_out_loss"`
	Check   float64 `json:"check_loss,omitempty"`
	// CheckOwnK is the check set's loss at the K that fits it best (for
	// PeSTO, before and after only): other engines convert an advantage
	// into a result at their own rate, and this measures how well the
	// evaluation orders their positions, whatever its scale.
	CheckOwnK float64 `json:"check_loss_own_k,omitempty"`
	Elapsed   float64 `json:"seconds"`
}

// Result is a finished tune: the sigmoid's scale K, the losses before and
// after, every weight's tuned value and the piece-square tables.
type Result struct {
	K float64
	// PeSTO is the loss of PeSTO's evaluation alone (every term off, its
	// own best K, PeSTOK), the baseline every term is measured against.
	PeSTO               Epoch
	PeSTOK              float64
	Before, After       Epoch
	Epochs              []Epoch
	Weights             []Tuned
	MG, EG              [7][64]int
	FitPSQ              bool
	Term                eval.Term // the tune's switch the tables are written for
	Train, HeldOutCount int
}

// Tuned is one weight's value before and after.
type Tuned struct {
	Name         string
	Start, Value eval.Score
}

// feature is one weight (or piece-square entry) a position counts: its
// pair of parameters (middlegame, endgame) and how many times White's
// side counted it more than Black's.
type feature struct {
	param uint16
	coef  int16
}

// model is the data as sparse vectors: each position's features, its phase
// weights for the middlegame and endgame parameters, the part of its
// score no parameter moves, and its result.
type model struct {
	feats            []feature
	start            []int32 // position i's features are feats[start[i]:start[i+1]]
	mgf, egf, fixed  []float32
	result           []float32 // the game's result: what held-out and check losses measure
	label            []float32 // what the fit moves towards: the result, or a blend with the score
	held             []bool
	nWeights, nParam int // pairs: the term weights, then (if fitted) 6×64 squares
}

// build turns positions into the model. The piece-square values are
// parameters if fitPSQ, else part of the fixed score.
func build(d *Data, on eval.Terms, fitPSQ bool, scoreWeight float64, mg, eg *[7][64]int) *model {
	m := &model{nWeights: int(eval.NumWeights)}
	m.nParam = m.nWeights
	if fitPSQ {
		m.nParam += 6 * 64
	}
	m.start = append(m.start, 0)
	for _, p := range d.Positions {
		tr, _ := eval.Coefficients(&p.Board, on)
		mgf := float32(tr.Phase) / 24
		egf := float32(24-tr.Phase) * float32(tr.Scale) / 64 / 24
		var fixed float32
		for i, c := range tr.Coef {
			if c != 0 {
				m.feats = append(m.feats, feature{uint16(i), int16(c)})
			}
		}
		for t := chess.Pawn; t <= chess.King; t++ {
			for sq, c := range tr.PSQ[t] {
				switch {
				case c == 0:
				case fitPSQ:
					m.feats = append(m.feats, feature{uint16(m.nWeights + (int(t)-1)*64 + sq), int16(c)})
				default:
					fixed += float32(c) * (mgf*float32(mg[t][sq]) + egf*float32(eg[t][sq]))
				}
			}
		}
		m.start = append(m.start, int32(len(m.feats)))
		m.mgf, m.egf, m.fixed = append(m.mgf, mgf), append(m.egf, egf), append(m.fixed, fixed)
		m.result = append(m.result, float32(p.Result))
		label := p.Result
		if p.HasScore && scoreWeight > 0 {
			label = (1-scoreWeight)*p.Result + scoreWeight*sigmoid(1, p.Score)
		}
		m.label = append(m.label, float32(label))
		m.held = append(m.held, p.Held)
	}
	return m
}

// sigmoid is the expected score of an evaluation in centipawns.
func sigmoid(k, e float64) float64 { return 1 / (1 + math.Pow(10, -k*e/400)) }

// chunks is how many parts a pass splits the positions into, each summed
// on its own and the parts summed in order: the same sums, to the bit,
// whatever the workers.
const chunks = 64

// pass evaluates every position with the parameters theta (pairs: mg at
// 2j, eg at 2j+1): the mean squared errors of the training positions
// (against their labels) and the held-out ones (against their games'
// results), and, if grad is not nil, the training loss's gradient.
func (m *model) pass(theta []float64, k float64, grad []float64, workers int) (train, held float64) {
	n := len(m.result)
	type part struct {
		train, held float64
		nt, nh      int
		grad        []float64
	}
	parts := make([]part, chunks)
	next := make(chan int, chunks)
	for c := range chunks {
		next <- c
	}
	close(next)
	var wg sync.WaitGroup
	for range max(1, min(workers, chunks)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := range next {
				pt := &parts[c]
				if grad != nil {
					pt.grad = make([]float64, len(grad))
				}
				for i := c * n / chunks; i < (c+1)*n/chunks; i++ {
					fs := m.feats[m.start[i]:m.start[i+1]]
					var mgSum, egSum float64
					for _, f := range fs {
						mgSum += float64(f.coef) * theta[2*int(f.param)]
						egSum += float64(f.coef) * theta[2*int(f.param)+1]
					}
					e := float64(m.fixed[i]) + float64(m.mgf[i])*mgSum + float64(m.egf[i])*egSum
					s := sigmoid(k, e)
					if m.held[i] {
						d := s - float64(m.result[i])
						pt.held += d * d
						pt.nh++
						continue
					}
					d := s - float64(m.label[i])
					pt.train += d * d
					pt.nt++
					if pt.grad == nil {
						continue
					}
					g := 2 * d * s * (1 - s) * k * math.Ln10 / 400
					gm, ge := g*float64(m.mgf[i]), g*float64(m.egf[i])
					for _, f := range fs {
						pt.grad[2*int(f.param)] += gm * float64(f.coef)
						pt.grad[2*int(f.param)+1] += ge * float64(f.coef)
					}
				}
			}
		}()
	}
	wg.Wait()
	nt, nh := 0, 0
	for _, pt := range parts {
		train, held, nt, nh = train+pt.train, held+pt.held, nt+pt.nt, nh+pt.nh
		for j := range pt.grad {
			grad[j] += pt.grad[j]
		}
	}
	for j := range grad {
		grad[j] /= float64(max(1, nt))
	}
	return train / float64(max(1, nt)), held / float64(max(1, nh))
}

// checkLoss is the check set's loss (every position counted as held out).
func (m *model) checkLoss(theta []float64, k float64, workers int) float64 {
	if m == nil {
		return 0
	}
	_, held := m.pass(theta, k, nil, workers)
	return held
}

// ownKLoss is the check set's loss at the K that fits it best.
func (m *model) ownKLoss(theta []float64, workers int) float64 {
	if m == nil {
		return 0
	}
	return m.checkLoss(theta, m.fitK(theta, workers, true), workers)
}

// fitK finds the sigmoid's scale that best fits the training positions
// (the held-out ones, if held) to the evaluation as it is (golden-section
// search).
func (m *model) fitK(theta []float64, workers int, held bool) float64 {
	lo, hi := 0.05, 5.0
	phi := (math.Sqrt(5) - 1) / 2
	loss := func(k float64) float64 {
		train, h := m.pass(theta, k, nil, workers)
		if held {
			return h
		}
		return train
	}
	a, b := hi-phi*(hi-lo), lo+phi*(hi-lo)
	fa, fb := loss(a), loss(b)
	for hi-lo > 1e-4 {
		if fa < fb {
			hi, b, fb = b, a, fa
			a = hi - phi*(hi-lo)
			fa = loss(a)
		} else {
			lo, a, fa = a, b, fb
			b = lo + phi*(hi-lo)
			fb = loss(b)
		}
	}
	return (lo + hi) / 2
}

// The fit's settings' ranges.
const (
	MaxEpochs = 1_000_000
	MaxRate   = 100 // centipawns a step: more throws every weight out of range
	MaxPrior  = 1   // a loss of 1 for 100 centipawns moved: far above any fit's loss
)

// Check refuses settings a fit cannot use, naming the setting: before any
// data is read.
func (r Request) Check() error {
	switch {
	case r.Epochs < 1 || r.Epochs > MaxEpochs:
		return setup.BadSetting("epochs", "%d: want 1 to %d passes", r.Epochs, MaxEpochs)
	case math.IsNaN(r.Rate) || r.Rate <= 0 || r.Rate > MaxRate:
		return setup.BadSetting("rate", "%g: want a step above 0 and at most %d centipawns", r.Rate, MaxRate)
	case r.HoldOut < 0 || r.HoldOut == 1:
		return setup.BadSetting("hold-out", "%d: want 0 (hold nothing out) or N of at least 2 (one opening line in N)", r.HoldOut)
	case math.IsNaN(r.ScoreWeight) || r.ScoreWeight < 0 || r.ScoreWeight > 1:
		return setup.BadSetting("score-weight", "%g: want a weight from 0 (the games' results) to 1 (the engines' scores)", r.ScoreWeight)
	case math.IsNaN(r.Prior) || r.Prior < 0 || r.Prior > MaxPrior:
		return setup.BadSetting("prior", "%g: want 0 (none) to %g", r.Prior, float64(MaxPrior))
	case r.Workers < 1:
		return setup.BadSetting("workers", "%d: must be at least 1", r.Workers)
	case (r.Terms & eval.TuneTerms()).Count() > 1:
		return setup.BadSetting("terms", "two tunes' switches: a fit writes the tables of one")
	}
	return nil
}

// Run fits the weights: K first, with the weights as they are, then
// Epochs passes of Adam over the training positions. ctx stops it between
// epochs (context.Canceled: no result).
func Run(ctx context.Context, r Request) (*Result, error) {
	if err := r.Check(); err != nil {
		return nil, err
	}
	fitPSQ := r.Terms&eval.TuneTerms() != 0
	terms := r.Terms &^ eval.TuneTerms() // the coefficients, counted with the starting weights
	mg, eg := eval.PSQTables(0)
	m := build(r.Data, terms, fitPSQ, r.ScoreWeight, &mg, &eg)
	var check *model
	if r.CheckSet != nil {
		check = build(r.CheckSet, terms, fitPSQ, 0, &mg, &eg)
		for i := range check.held {
			check.held[i] = true
		}
	}
	theta := make([]float64, 2*m.nParam)
	res := &Result{FitPSQ: fitPSQ, Term: eval.Tuned}
	if t, ok := eval.TuneIn(r.Terms); ok {
		res.Term = t
	}
	for i, w := range eval.WeightSet(0) {
		theta[2*i], theta[2*i+1] = float64(w.MG), float64(w.EG)
		res.Weights = append(res.Weights, Tuned{Name: eval.WeightNames[i], Start: w})
	}
	if fitPSQ {
		for t := chess.Pawn; t <= chess.King; t++ {
			for sq := range 64 {
				j := m.nWeights + (int(t)-1)*64 + sq
				theta[2*j], theta[2*j+1] = float64(mg[t][sq]), float64(eg[t][sq])
			}
		}
	}
	for _, h := range m.held {
		if h {
			res.HeldOutCount++
		}
	}
	res.Train = len(m.held) - res.HeldOutCount
	if res.Train == 0 {
		return nil, fmt.Errorf("no position left to fit: the data's %d are all held out or none was kept", len(m.held))
	}
	workers := max(1, r.Workers)
	pmg, peg := eval.PSQTables(0)
	plain := build(r.Data, 0, false, r.ScoreWeight, &pmg, &peg)
	res.PeSTOK = plain.fitK(make([]float64, 2*plain.nParam), workers, false)
	train0, held0 := plain.pass(make([]float64, 2*plain.nParam), res.PeSTOK, nil, workers)
	res.PeSTO = Epoch{Train: train0, HeldOut: held0}
	if r.CheckSet != nil {
		plainCheck := build(r.CheckSet, 0, false, 0, &pmg, &peg)
		for i := range plainCheck.held {
			plainCheck.held[i] = true
		}
		zero := make([]float64, 2*plainCheck.nParam)
		res.PeSTO.Check = plainCheck.checkLoss(zero, res.PeSTOK, workers)
		res.PeSTO.CheckOwnK = plainCheck.checkLoss(zero, plainCheck.fitK(zero, workers, true), workers)
	}
	theta0 := slices.Clone(theta)
	res.K = m.fitK(theta, workers, false)
	train, held := m.pass(theta, res.K, nil, workers)
	res.Before = Epoch{N: 0, Train: train, HeldOut: held, Check: check.checkLoss(theta, res.K, workers), CheckOwnK: check.ownKLoss(theta, workers)}
	// Adam, as Kingma and Ba give it, full batch.
	const beta1, beta2, eps = 0.9, 0.999, 1e-8
	mom, vel, grad := make([]float64, len(theta)), make([]float64, len(theta)), make([]float64, len(theta))
	first, spent := 1, 0.0
	if cp := r.Resume; cp != nil {
		if len(cp.Theta) != len(theta) || len(cp.MomVel) != 2 || len(cp.MomVel[0]) != len(theta) {
			return nil, fmt.Errorf("the checkpoint is of another fit (%d parameters, this one %d)", len(cp.Theta), len(theta))
		}
		copy(theta, cp.Theta)
		copy(mom, cp.MomVel[0])
		copy(vel, cp.MomVel[1])
		res.K, res.Epochs, first, spent = cp.K, append([]Epoch(nil), cp.Epochs...), cp.Epoch+1, cp.ElapsedSecs
	}
	began := time.Now()
	for ep := first; ep <= r.Epochs; ep++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		clear(grad)
		train, held := m.pass(theta, res.K, grad, workers)
		for j, g := range grad { // the prior's pull: d/dθ of Prior·((θ-θ0)/100)²
			grad[j] = g + 2*r.Prior*(theta[j]-theta0[j])/1e4
		}
		e := Epoch{N: ep, Train: train, HeldOut: held, Check: check.checkLoss(theta, res.K, workers),
			Elapsed: spent + time.Since(began).Seconds()}
		b1, b2 := 1-math.Pow(beta1, float64(ep)), 1-math.Pow(beta2, float64(ep))
		for j, g := range grad {
			mom[j] = beta1*mom[j] + (1-beta1)*g
			vel[j] = beta2*vel[j] + (1-beta2)*g*g
			if g != 0 || mom[j] != 0 {
				theta[j] -= r.Rate * (mom[j] / b1) / (math.Sqrt(vel[j]/b2) + eps)
			}
		}
		res.Epochs = append(res.Epochs, e)
		if r.OnEpoch != nil {
			r.OnEpoch(e)
		}
		if r.OnCheckpoint != nil && ep%CheckpointEvery == 0 && ep < r.Epochs {
			cp := &Checkpoint{Epoch: ep, K: res.K, Theta: slices.Clone(theta), MomVel: [][]float64{slices.Clone(mom), slices.Clone(vel)},
				Epochs: slices.Clone(res.Epochs), ElapsedSecs: e.Elapsed}
			if err := r.OnCheckpoint(cp); err != nil {
				return nil, err
			}
		}
	}
	for j := range theta { // the weights as they will be written
		theta[j] = math.Round(theta[j])
	}
	train, held = m.pass(theta, res.K, nil, workers)
	res.After = Epoch{N: r.Epochs, Train: train, HeldOut: held, Check: check.checkLoss(theta, res.K, workers),
		CheckOwnK: check.ownKLoss(theta, workers), Elapsed: spent + time.Since(began).Seconds()}
	for i := range res.Weights {
		res.Weights[i].Value = eval.Score{MG: int(math.Round(theta[2*i])), EG: int(math.Round(theta[2*i+1]))}
	}
	res.MG, res.EG = mg, eg
	if fitPSQ {
		for t := chess.Pawn; t <= chess.King; t++ {
			for sq := range 64 {
				j := m.nWeights + (int(t)-1)*64 + sq
				res.MG[t][sq], res.EG[t][sq] = int(math.Round(theta[2*j])), int(math.Round(theta[2*j+1]))
			}
		}
	}
	return res, nil
}
