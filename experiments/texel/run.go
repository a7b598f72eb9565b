package texel

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/ablate-chess/ablate/engine/eval"
	"github.com/ablate-chess/ablate/engine/search"
	"github.com/ablate-chess/ablate/experiments/resultdir"
	"github.com/ablate-chess/ablate/experiments/setup"
)

// ParseTerms reads evaluation terms by their technique names; none is
// every term.
func ParseTerms(names []string) (eval.Terms, error) {
	var set search.Set
	for _, name := range names {
		t, err := search.ParseTechnique(name)
		if err != nil || !t.IsEvaluation() {
			return 0, setup.BadSetting("terms", "%q: not an evaluation term (see ablate techniques)", name)
		}
		set = set.With(t)
	}
	if len(names) == 0 { // every term, and of the tunes the newest
		for t := search.Technique(0); t < search.NumTechniques; t++ {
			if t.IsEvaluation() {
				set = set.With(t)
			}
		}
		return (set.EvalTerms() &^ eval.TuneTerms()).With(eval.Tuned2), nil
	}
	return set.EvalTerms(), nil
}

// Job is a tune as a command runs it: the data's files (and the check
// set's), the request, and where the result goes: Out keeps texel.json
// (provenance, every epoch's losses) and tuned.go.txt, and while the fit
// runs a checkpoint every CheckpointEvery epochs, from which the same
// command goes on after an interruption; Write puts tuned.go where the
// engine reads it. Each file is written whole or not at all, the results
// only once the fit is done. An Out that holds anything else is refused
// before the data is read, unless Replace: then the new result replaces it
// once written whole.
type Job struct {
	Files   []string
	Check   []string // the check set: games the fit never sees, from other engines
	All     bool     // keep positions that are not quiet
	Quiet   string   // the configuration that says which are quiet ("": DefaultQuiet)
	Request Request
	Out     string
	Replace bool
	Write   string
	Args    []string
}

// Plan is what a fit computes, for comparing a command with the fit a
// directory holds: the data, the terms and the fit's settings.
type Plan struct {
	Data        []string `json:"data"`
	Check       []string `json:"check,omitempty"`
	All         bool     `json:"all_positions,omitempty"`
	Quiet       string   `json:"quiet_config,omitempty"`
	Terms       uint64   `json:"terms"`
	Epochs      int      `json:"epochs"`
	Rate        float64  `json:"rate"`
	HoldOut     int      `json:"hold_out"`
	ScoreWeight float64  `json:"score_weight,omitempty"`
	Prior       float64  `json:"prior,omitempty"`
}

// Plan is the job's plan.
func (j *Job) Plan() Plan {
	quiet := j.Quiet
	if quiet == "" && !j.All {
		quiet = DefaultQuiet
	}
	return Plan{Data: j.Files, Check: j.Check, All: j.All, Quiet: quiet, Terms: uint64(j.Request.Terms), Epochs: j.Request.Epochs,
		Rate: j.Request.Rate, HoldOut: j.Request.HoldOut, ScoreWeight: j.Request.ScoreWeight, Prior: j.Request.Prior}
}

// ReadInfo reads dir's texel.json.
func ReadInfo(dir string) (*Info, error) {
	var info Info
	return &info, readJSON(filepath.Join(dir, resultdir.TexelInfoName), &info)
}

func readJSON(path string, v any) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(data, v); err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	return nil
}

// saved is a fit's checkpoint as its directory keeps it: the plan and the
// data it was made from, and where the fit stood.
type saved struct {
	Plan       *Plan       `json:"plan"`
	Data       []FileInfo  `json:"data"`
	Check      []FileInfo  `json:"check,omitempty"`
	Checkpoint *Checkpoint `json:"checkpoint"`
}

// storedPlan reads the plan of the fit in dir: texel.json's, written
// whole at its end, else its checkpoint's.
func storedPlan(dir string) (any, bool, error) {
	info, err := ReadInfo(dir)
	if err == nil {
		return info.Plan, true, nil
	}
	if !errors.Is(err, os.ErrNotExist) {
		return nil, false, err
	}
	var cp saved
	if err := readJSON(filepath.Join(dir, resultdir.TexelCheckpointName), &cp); err != nil {
		return nil, false, err
	}
	return cp.Plan, false, nil
}

// Info is texel.json.
type Info struct {
	Args       []string   `json:"args"`
	Plan       *Plan      `json:"plan,omitempty"`
	Data       []FileInfo `json:"data"`
	Read       int        `json:"positions_read"`
	Noisy      int        `json:"left_out_not_quiet"`
	Unended    int        `json:"games_without_result"`
	Duplicates int        `json:"duplicates_merged,omitempty"`
	HeldTwins  int        `json:"held_out_twins_dropped,omitempty"`
	Groups     int        `json:"opening_lines,omitempty"`
	Scored     int        `json:"positions_with_score,omitempty"`
	CheckData  []FileInfo `json:"check_data,omitempty"`
	CheckCount int        `json:"check_positions,omitempty"`
	Train      int        `json:"train"`
	HeldOut    int        `json:"held_out"`
	PeSTO      Epoch      `json:"pesto_only"`
	PeSTOK     float64    `json:"pesto_only_k"`
	K          float64    `json:"k"`
	Before     Epoch      `json:"before"`
	After      Epoch      `json:"after"`
	Epochs     []Epoch    `json:"epochs"`
	resultdir.Origin
	resultdir.Life
}

// Names are texel.json, written once the fit is whole, and the journal a
// running fit keeps, its checkpoint, dropped then.
func (i *Info) Names() (string, string) {
	return resultdir.TexelInfoName, resultdir.TexelCheckpointName
}

// Run reads the data (saying on log what it kept), fits, and writes; it
// returns the fit and its texel.json. An Out that holds this fit,
// complete, is left as it is: Run returns its texel.json and no Result.
func (j *Job) Run(ctx context.Context, log io.Writer) (*Result, *Info, error) {
	if j.Out == "" && j.Write == "" {
		return nil, nil, setup.BadSetting("out", "not given, nor write: the tune would be lost")
	}
	if err := j.Request.Check(); err != nil {
		return nil, nil, err
	}
	out := j.Out
	if out != "" {
		plan := j.Plan()
		claim, err := resultdir.Open(resultdir.Ask{Dir: j.Out, Kind: "texel", Replace: j.Replace, Plan: &plan,
			Stored: storedPlan, Description: &Info{}})
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
	res, info, err := j.fit(ctx, log, out, j.Out)
	return res, info, err
}

// fit reads the data, fits (from the checkpoint in out, if it holds one)
// and writes the result in out, which then takes target's place if it is
// another directory (--force).
func (j *Job) fit(ctx context.Context, log io.Writer, out, target string) (*Result, *Info, error) {
	opts := Options{All: j.All, Quiet: j.Quiet, HoldOut: j.Request.HoldOut}
	d, err := Read(j.Files, opts)
	if err != nil {
		return nil, nil, &setup.InputError{Err: err}
	}
	scored := 0
	for _, p := range d.Positions {
		if p.HasScore {
			scored++
		}
	}
	fmt.Fprintf(log, "read %d positions from %d file(s) (%d opening lines): %d kept, %d not quiet, %d read again (merged), "+
		"%d held out, %d held-out twins of training positions dropped; %d games without a result\n",
		d.Read, len(d.Files), d.Groups, len(d.Positions), d.Noisy, d.Duplicates, d.HeldOut, d.HeldTwins, d.Unended)
	var check *Data
	if len(j.Check) > 0 {
		check, err = Read(j.Check, Options{All: j.All, Quiet: j.Quiet})
		if err != nil {
			return nil, nil, &setup.InputError{Err: err}
		}
		fmt.Fprintf(log, "check set: %d positions from %d file(s)\n", len(check.Positions), len(check.Files))
	}
	j.Request.Data, j.Request.CheckSet = d, check
	plan := j.Plan()
	checkFiles := func() []FileInfo {
		if check == nil {
			return nil
		}
		return check.Files
	}()
	if out != "" {
		path := filepath.Join(out, resultdir.TexelCheckpointName)
		var cp saved
		switch err := readJSON(path, &cp); {
		case err == nil:
			if !slices.Equal(cp.Data, d.Files) || !slices.Equal(cp.Check, checkFiles) {
				return nil, nil, fmt.Errorf("%s: made from other data (the files' SHA-256 differ): --force to start again", path)
			}
			j.Request.Resume = cp.Checkpoint
			fmt.Fprintf(log, "going on from epoch %d (%s)\n", cp.Checkpoint.Epoch, path)
		case !errors.Is(err, os.ErrNotExist):
			return nil, nil, err
		}
		j.Request.OnCheckpoint = func(c *Checkpoint) error {
			data, err := json.Marshal(saved{Plan: &plan, Data: d.Files, Check: checkFiles, Checkpoint: c})
			if err != nil {
				return err
			}
			return WriteFile(path, append(data, '\n'))
		}
	}
	res, err := Run(ctx, j.Request)
	if err != nil {
		return nil, nil, err
	}
	var prov []string
	prov = append(prov, "Command: "+strings.Join(j.Args, " "))
	for _, f := range d.Files {
		prov = append(prov, fmt.Sprintf("Data: %s (sha256 %s)", f.Path, f.SHA256))
	}
	src, err := res.GoSource(prov)
	if err != nil {
		return nil, nil, err
	}
	info := &Info{Args: j.Args, Plan: &plan, Data: d.Files, Read: d.Read, Noisy: d.Noisy, Unended: d.Unended,
		Duplicates: d.Duplicates, HeldTwins: d.HeldTwins, Groups: d.Groups, Scored: scored, CheckData: checkFiles,
		Train: res.Train, HeldOut: res.HeldOutCount, PeSTO: res.PeSTO, PeSTOK: res.PeSTOK, K: res.K, Before: res.Before, After: res.After,
		Epochs: res.Epochs}
	if check != nil {
		info.CheckCount = len(check.Positions)
	}
	if out != "" {
		if out != target {
			info.Replaces = target
		}
		d := resultdir.NewDir(out, info)
		err := d.Finish(true, func(dir string) error {
			return WriteFile(filepath.Join(dir, "tuned.go.txt"), src) // not .go: a stored result is no package
		})
		if err != nil {
			return nil, nil, err
		}
	}
	if j.Write != "" {
		if err := WriteFile(j.Write, src); err != nil {
			return nil, nil, err
		}
	}
	return res, info, nil
}
