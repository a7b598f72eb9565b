package match

import (
	"io"
	"strings"
	"testing"

	"github.com/ablate-chess/ablate/experiments/matrix"
	"github.com/ablate-chess/ablate/experiments/setup"
)

func defaults() Settings {
	return Settings{Configs: []string{"a=full", "b=full,-lmp"}, Openings: "bench", Order: "sequential", Pairs: 2,
		Nodes: DefaultNodes, Resign: DefaultResign, Draw: DefaultDraw, MaxMoves: DefaultMaxMoves, Workers: 1, HashMB: 2,
		Event: DefaultEvent}
}

// TestSettingsBuildNamesTheSetting: each bad setting is an error that names
// the setting, as the command line spells it, for the command line to name
// its flag and an experiment file its key.
func TestSettingsBuildNamesTheSetting(t *testing.T) {
	for _, c := range []struct {
		setting string
		change  func(*Settings)
	}{
		{"pairs", func(s *Settings) { s.Pairs = 0 }},
		{"workers", func(s *Settings) { s.Workers = 0 }},
		{"precision", func(s *Settings) { s.Precision = -1 }},
		{"sprt", func(s *Settings) { s.SPRT = "elo0=5,elo1=0" }},
		{"tc", func(s *Settings) { s.Nodes, s.TC = 0, "10+" }},
		{"tc", func(s *Settings) { s.TC = "10+0.1" }},
		{"nodes", func(s *Settings) { s.Nodes = 0 }},
		{"move-depth", func(s *Settings) { s.Nodes, s.Depth = 0, 200 }},
		{"resign", func(s *Settings) { s.Resign = "3" }},
		{"draw", func(s *Settings) { s.Draw = "a:b:c" }},
		{"max-moves", func(s *Settings) { s.MaxMoves = -1 }},
		{"openings-order", func(s *Settings) { s.Order = "shuffled" }},
		{"movetime", func(s *Settings) { s.MoveTime = -1000 }}, // not the default nodes instead
		{"time-margin", func(s *Settings) { s.TimeMargin = -1 }},
		{"event", func(s *Settings) { s.Event = "two\nlines" }},
	} {
		s := defaults()
		c.change(&s)
		ps, err := s.Players(io.Discard, nil)
		if err != nil {
			t.Fatal(err)
		}
		_, err = s.Build(ps[0], ps[1])
		se, ok := setup.IsSettingError(err)
		if !ok || se.Setting != c.setting || strings.Contains(err.Error(), "--") {
			t.Errorf("%s: %v, want an error naming the setting (and no flag)", c.setting, err)
		}
	}
	s := defaults()
	ps, _ := s.Players(io.Discard, nil)
	if m, err := s.Build(ps[0], ps[1]); err != nil || m.Pairs != 2 || m.Budget.Nodes != DefaultNodes {
		t.Errorf("good settings: %v %+v", err, m)
	}
}

// TestApplySection: a [match] value fills a setting that was not given,
// never one that was; a limit given replaces the section's.
func TestApplySection(t *testing.T) {
	s := defaults()
	ms := &matrix.MatchSection{Pairs: 500, TC: "10+0.1", Seed: 7, Precision: 15, Openings: "openings"}
	if err := s.ApplySection(ms, func(setting string) bool { return setting == "pairs" || setting == "nodes" }); err != nil {
		t.Fatal(err)
	}
	if s.Pairs != 2 || s.TC != "" || s.Nodes != DefaultNodes || s.Seed != 7 || s.Precision != 15 || s.Openings != "openings" {
		t.Errorf("%+v", s)
	}
	s = defaults()
	if err := s.ApplySection(ms, func(string) bool { return false }); err != nil || s.TC != "10+0.1" || s.Nodes != 0 || s.Pairs != 500 {
		t.Errorf("nothing given: %v %+v", err, s)
	}
	err := s.ApplySection(&matrix.MatchSection{TimeMargin: "soon"}, func(string) bool { return false })
	if se, ok := setup.IsSettingError(err); !ok || se.Setting != "time-margin" {
		t.Errorf("a bad time_margin: %v", err)
	}
}

// TestPrecisionWithoutPairs: a precision without --pairs or --games is
// capped at PrecisionPairs, not the default 10 pairs that would stop it at
// ±144; a cap given is kept.
func TestPrecisionWithoutPairs(t *testing.T) {
	s := defaults()
	if err := s.Count(nil, "20", false, false); err != nil || s.Pairs != PrecisionPairs || s.Precision != 20 {
		t.Errorf("--precision 20 alone: %v, %d pairs", err, s.Pairs)
	}
	s = defaults()
	if err := s.Count(nil, "20", false, true); err != nil || s.Pairs != defaults().Pairs {
		t.Errorf("--precision 20 --pairs: %v, %d pairs, want the %d given", err, s.Pairs, defaults().Pairs)
	}
	s, games := defaults(), 300
	if err := s.Count(&games, "20", false, false); err != nil || s.Pairs != 150 {
		t.Errorf("--precision 20 --games 300: %v, %d pairs", err, s.Pairs)
	}
}
