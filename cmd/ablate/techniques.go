package main

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/ablate-chess/ablate/cmd/internal/command"
	"github.com/ablate-chess/ablate/engine/search"
	"github.com/ablate-chess/ablate/experiments/render"
)

func techniquesCommand() *cli.Command {
	return &cli.Command{
		Name:      "techniques",
		Usage:     "list the techniques, parameters and presets that configurations are made of",
		ArgsUsage: "[techniques|terms|parameters|presets]",
		Description: "Prints four tables: the search techniques (on in full or not, what each needs), the\n" +
			"evaluation terms, the parameters with their ranges, and the presets; one of them if named.\n" +
			"JSON is one document holding the four; CSV holds one table, so name it.",
		Flags: []cli.Flag{
			formatFlag("table, markdown, csv or json"),
		},
		Action: func(c *cli.Context) error {
			tables := techniqueTables()
			if c.NArg() > 1 {
				return command.BadUsage("techniques takes at most one table's name, not %q: flags go before it (ablate techniques -f csv parameters)", strings.Join(c.Args().Slice(), " "))
			}
			if name := c.Args().First(); name != "" {
				var one []techniqueTable
				for _, t := range tables {
					if t.name == name {
						one = append(one, t)
					}
				}
				if one == nil {
					return command.BadUsage("no table %q: want techniques, terms, parameters or presets", name)
				}
				tables = one
			}
			format := c.String("format")
			switch {
			case format == "json":
				doc := map[string][]map[string]string{}
				for _, t := range tables {
					doc[t.name] = render.Objects(t.header, t.rows)
				}
				enc := json.NewEncoder(c.App.Writer)
				enc.SetIndent("", "  ")
				return enc.Encode(doc)
			case format == "csv" && len(tables) > 1:
				return command.BadUsage("CSV holds one table: name it (techniques, terms, parameters or presets)")
			}
			for i, t := range tables {
				if i > 0 {
					c.App.Writer.Write([]byte("\n"))
				}
				if err := render.Table(c.App.Writer, format, t.header, t.rows, t.right); err != nil {
					return err
				}
			}
			return nil
		},
	}
}

type techniqueTable struct {
	name   string
	header []string
	rows   [][]string
	right  int // the first right-aligned column
}

// techniqueTables are the engine's registry as four tables.
func techniqueTables() []techniqueTable {
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
	return []techniqueTable{
		{"techniques", []string{"technique", "in full", "needs", "what it does"}, techRows, 99},
		{"terms", []string{"evaluation term", "in full", "what it adds"}, evalRows, 99},
		{"parameters", []string{"parameter", "technique", "meaning", "default", "min", "max"}, paramRows, 3},
		{"presets", []string{"preset", "what it is", "techniques"}, presetRows, 99},
	}
}
