package results

import (
	"io"
	"strconv"
	"strings"

	"github.com/ablate-chess/ablate/engine/search"
)

// WriteTechniques writes the engine's registry as four tables in format:
// the search techniques (on in full or not, what each needs), the
// evaluation terms, the parameters with their ranges, and the presets.
func WriteTechniques(w io.Writer, format string) error {
	var presetRows [][]string
	for _, name := range search.PresetNames() {
		cfg, _ := search.Preset(name)
		presetRows = append(presetRows, []string{name, search.PresetDoc(name), cfg.Techniques.String()})
	}
	full := search.DefaultConfig().Techniques
	var techRows, evalRows [][]string
	for _, name := range search.TechniqueNames() {
		t, _ := search.ParseTechnique(name)
		var req []string
		for _, r := range t.Requires() {
			req = append(req, r.String())
		}
		on := "off"
		if full.Has(t) {
			on = "on"
		}
		if t.IsEvaluation() {
			evalRows = append(evalRows, []string{name, on, strings.TrimPrefix(t.Summary(), "evaluation: ")})
			continue
		}
		techRows = append(techRows, []string{name, on, strings.Join(req, ","), t.Summary()})
	}
	var paramRows [][]string
	for _, p := range search.ParamInfos() {
		paramRows = append(paramRows, []string{p.Name, p.Technique.String(), p.Doc,
			strconv.Itoa(p.Default), strconv.Itoa(p.Min), strconv.Itoa(p.Max)})
	}
	for i, tab := range []struct {
		header []string
		rows   [][]string
		right  int
	}{
		{[]string{"technique", "in full", "needs", "what it does"}, techRows, 99},
		{[]string{"evaluation term", "in full", "what it adds"}, evalRows, 99},
		{[]string{"parameter", "technique", "meaning", "default", "min", "max"}, paramRows, 3},
		{[]string{"preset", "what it is", "techniques"}, presetRows, 99},
	} {
		if i > 0 && (format == "table" || format == "markdown") {
			w.Write([]byte("\n"))
		}
		if err := RenderTable(w, format, tab.header, tab.rows, tab.right); err != nil {
			return err
		}
	}
	return nil
}
