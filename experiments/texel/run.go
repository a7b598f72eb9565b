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

// Info is texel.json.
type Info struct {
	Args     []string   `json:"args"`
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

// Run reads the data (saying on log what it kept), fits, and writes.
func (j *Job) Run(ctx context.Context, log io.Writer) (*Result, error) {
	if j.Out == "" && j.Write == "" {
		return nil, experiments.BadSetting("out", "not given, nor write: the tune would be lost")
	}
	out := j.Out
	if out != "" {
		var err error
		if out, err = resultdir.Claim("out", j.Out, j.Force); err != nil {
			return nil, err
		}
	}
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
		info, _ := json.MarshalIndent(Info{Args: j.Args, Data: d.Files, Read: d.Read, Noisy: d.Noisy, Unended: d.Unended,
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
