package main

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/ablate-chess/ablate/experiments/render"
	"github.com/ablate-chess/ablate/experiments/stats"
	"github.com/ablate-chess/ablate/experiments/tune"
)

// tuneJSON writes the tune's outcome as one JSON document, numbers as
// numbers: the pairs played, the tuned configuration, each parameter's
// start, value now and range, and the verify match's result if one was
// played; what people read beside it (OpenBench's format) goes to log.
func tuneJSON(w, log io.Writer, t *tune.Tune, verify *stats.MatchResult) error {
	type param struct {
		Name  string  `json:"parameter"`
		Start float64 `json:"start"`
		Now   float64 `json:"now"`
		Min   float64 `json:"min"`
		Max   float64 `json:"max"`
	}
	doc := struct {
		Pairs  int                `json:"pairs"`
		Spec   string             `json:"spec"`
		Params []param            `json:"params"`
		Verify *stats.MatchResult `json:"verify,omitempty"`
	}{Pairs: t.Played, Spec: t.Spec(), Verify: verify}
	for _, p := range t.Params {
		doc.Params = append(doc.Params, param{p.Name, p.Start, p.Value, p.Min, p.Max})
	}
	fmt.Fprintf(log, "tuned over %d pairs: %s\n\nOpenBench:\n", t.Played, t.Spec())
	if err := tune.WriteOpenBench(log, t.Params); err != nil {
		return err
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(doc)
}

// reportTune writes the tune's outcome: the spec of the tuned values, a table
// in format of each parameter's start, value now and range, and the
// values in OpenBench's format.
func reportTune(w, log io.Writer, t *tune.Tune, format string) error {
	var rows [][]string
	for _, p := range t.Params {
		rows = append(rows, []string{p.Name, fmt.Sprint(p.Start), fmt.Sprintf("%.2f", p.Value), fmt.Sprint(p.Min), fmt.Sprint(p.Max)})
	}
	// CSV and JSON are the table alone, fit for a program; what people
	// read beside it goes to log.
	text := w
	if format == "csv" || format == "json" {
		text = log
	}
	fmt.Fprintf(text, "tuned over %d pairs: %s\n", t.Played, t.Spec())
	if err := render.Table(w, format, []string{"parameter", "start", "now", "min", "max"}, rows, 1); err != nil {
		return err
	}
	fmt.Fprintf(text, "\nOpenBench:\n")
	return tune.WriteOpenBench(text, t.Params)
}
