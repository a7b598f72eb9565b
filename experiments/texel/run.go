package texel

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/ablate-chess/ablate/engine/eval"
	"github.com/ablate-chess/ablate/engine/search"
	"github.com/ablate-chess/ablate/experiments"
	"github.com/ablate-chess/ablate/experiments/resultdir"
)

// ParseTerms reads evaluation terms by their technique names; none is
// every term.
func ParseTerms(names []string) (eval.Terms, error) {
	var set search.Set
	for _, name := range names {
		t, err := search.ParseTechnique(name)
		if err != nil || !t.IsEvaluation() {
			return 0, experiments.BadSetting("terms", "%q: not an evaluation term (see ablate techniques)", name)
		}
		set = set.With(t)
	}
	if len(names) == 0 {
		for t := search.Technique(0); t < search.NumTechniques; t++ {
			if t.IsEvaluation() {
				set = set.With(t)
			}
		}
	}
	return set.EvalTerms(), nil
}

// Job is a tune as a command runs it: the data's files, the request, and
// where the result goes: Out keeps texel.json (provenance, every epoch's
// losses) and tuned.go.txt; Write puts tuned.go where the engine reads it.
// Each file is written whole or not at all, and only once the fit is done.
// An Out that holds anything is refused before the data is read, unless
// Force: then the new result replaces it once written whole.
type Job struct {
	Files   []string
	All     bool // keep positions that are not quiet
	Request Request
	Out     string
	Force   bool
	Write   string
	Args    []string
}

// Plan is what a fit computes, for comparing a command with the fit a
// directory holds: the data, the terms and the fit's settings.
type Plan struct {
	Data    []string `json:"data"`
	All     bool     `json:"all_positions,omitempty"`
	Terms   uint64   `json:"terms"`
	Epochs  int      `json:"epochs"`
	Rate    float64  `json:"rate"`
	HoldOut int      `json:"hold_out"`
}

// Plan is the job's plan.
func (j *Job) Plan() Plan {
	return Plan{Data: j.Files, All: j.All, Terms: uint64(j.Request.Terms), Epochs: j.Request.Epochs,
		Rate: j.Request.Rate, HoldOut: j.Request.HoldOut}
}

// ReadInfo reads dir's texel.json.
func ReadInfo(dir string) (*Info, error) {
	data, err := os.ReadFile(filepath.Join(dir, resultdir.TexelInfoName))
	if err != nil {
		return nil, err
	}
	var info Info
	if err := json.Unmarshal(data, &info); err != nil {
		return nil, fmt.Errorf("%s: %v", filepath.Join(dir, resultdir.TexelInfoName), err)
	}
	return &info, nil
}

// storedPlan reads the plan of the fit in dir (written whole, at its end).
func storedPlan(dir string) (any, bool, error) {
	info, err := ReadInfo(dir)
	if err != nil {
		return nil, false, err
	}
	return info.Plan, true, nil
}

// Info is texel.json.
type Info struct {
	Args     []string   `json:"args"`
	Plan     *Plan      `json:"plan,omitempty"`
	Data     []FileInfo `json:"data"`
	Read     int        `json:"positions_read"`
	Noisy    int        `json:"left_out_not_quiet"`
	Unended  int        `json:"games_without_result"`
	Train    int        `json:"train"`
	HeldOut  int        `json:"held_out"`
	PeSTO    Epoch      `json:"pesto_only"`
	PeSTOK   float64    `json:"pesto_only_k"`
	K        float64    `json:"k"`
	Before   Epoch      `json:"before"`
	After    Epoch      `json:"after"`
	Epochs   []Epoch    `json:"epochs"`
	Finished time.Time  `json:"finished"`
}

// Run reads the data (saying on log what it kept), fits, and writes. An
// Out that holds this fit, complete, is left as it is: Run returns its
// texel.json (and no Result).
func (j *Job) Run(ctx context.Context, log io.Writer) (*Result, *Info, error) {
	if j.Out == "" && j.Write == "" {
		return nil, nil, experiments.BadSetting("out", "not given, nor write: the tune would be lost")
	}
	if err := j.Request.Check(); err != nil {
		return nil, nil, err
	}
	out := j.Out
	if out != "" {
		plan := j.Plan()
		claim, err := resultdir.Open(resultdir.Ask{Dir: j.Out, Kind: "texel", Replace: j.Force, Plan: &plan, Stored: storedPlan})
		if err != nil {
			return nil, nil, err
		}
		defer claim.Release()
		if claim.State == resultdir.Complete {
			info, err := ReadInfo(claim.Dir)
			return nil, info, err
		}
		out = claim.Dir
	}
	res, err := j.fit(ctx, log, out)
	return res, nil, err
}

// fit reads the data, fits and writes the result in out.
func (j *Job) fit(ctx context.Context, log io.Writer, out string) (*Result, error) {
	d, err := Read(j.Files, j.All)
	if err != nil {
		return nil, &experiments.InputError{Err: err}
	}
	fmt.Fprintf(log, "read %d positions from %d file(s): %d kept, %d not quiet; %d games without a result\n",
		d.Read, len(d.Files), len(d.Positions), d.Noisy, d.Unended)
	j.Request.Data = d
	res, err := Run(ctx, j.Request)
	if err != nil {
		return nil, err
	}
	var prov []string
	prov = append(prov, "Command: "+strings.Join(j.Args, " "))
	for _, f := range d.Files {
		prov = append(prov, fmt.Sprintf("Data: %s (sha256 %s)", f.Path, f.SHA256))
	}
	src, err := res.GoSource(prov)
	if err != nil {
		return nil, err
	}
	if out != "" {
		if err := os.MkdirAll(out, 0o755); err != nil {
			return nil, err
		}
		plan := j.Plan()
		info, _ := json.MarshalIndent(Info{Args: j.Args, Plan: &plan, Data: d.Files, Read: d.Read, Noisy: d.Noisy, Unended: d.Unended,
			Train: res.Train, HeldOut: res.HeldOutCount, PeSTO: res.PeSTO, PeSTOK: res.PeSTOK, K: res.K, Before: res.Before, After: res.After,
			Epochs: res.Epochs, Finished: time.Now().UTC()}, "", "  ")
		if err := WriteFile(filepath.Join(out, "tuned.go.txt"), src); err != nil { // not .go: a stored result is no package
			return nil, err
		}
		if err := WriteFile(filepath.Join(out, resultdir.TexelInfoName), append(info, '\n')); err != nil { // last: it says the result is whole
			return nil, err
		}
		if out != j.Out {
			if err := resultdir.ReplaceDir(out, j.Out); err != nil {
				return nil, err
			}
		}
	}
	if j.Write != "" {
		if err := WriteFile(j.Write, src); err != nil {
			return nil, err
		}
	}
	return res, nil
}
