package subject

import (
	"strings"
	"testing"

	"github.com/ablate-chess/ablate/engine/chess"
	"github.com/ablate-chess/ablate/engine/uci/ucitest"
)

// TestVariants: a configuration names its variant, then the profile's
// items; each variant's process starts when first reset, and searches.
func TestVariants(t *testing.T) {
	var subs []*UCI
	for range 2 {
		u, err := OpenUCI(UCI{Command: ucitest.Command("ok")})
		if err != nil {
			t.Fatal(err)
		}
		subs = append(subs, u)
	}
	v, err := NewVariants("Fake (source)", []string{"base", "no-nmp"}, subs, []Provenance{{Commit: "aaa"}, {Commit: "bbb", Patch: "x.diff", PatchHash: "h"}})
	if err != nil {
		t.Fatal(err)
	}
	if v.Name() != "Fake (source)" || strings.Join(v.Presets(), ",") != "base,no-nmp" {
		t.Errorf("name %q, presets %v", v.Name(), v.Presets())
	}
	for spec, want := range map[string]int{"base": 0, "no-nmp": 1, "default": 0} {
		c, err := v.ParseConfig(spec)
		if err != nil || c.(VariantConfig).Index != want {
			t.Errorf("%s: %v %v", spec, c, err)
		}
	}
	if _, err := v.ParseConfig("other"); err == nil || !strings.Contains(err.Error(), `no variant "other" (variants: base, no-nmp)`) {
		t.Errorf("an unknown variant: %v", err)
	}
	if _, err := v.ParseConfig("base,-lmr"); err == nil || !strings.Contains(err.Error(), "variant base") {
		t.Errorf("a switch without a profile: %v", err)
	}
	cfg, _ := v.ParseConfig("no-nmp")
	if cfg.Params() != "variant=no-nmp;commit=bbb;patch=x.diff;patch_sha256=h" {
		t.Errorf("params %q", cfg.Params())
	}
	e, _ := v.Start()
	defer e.Close()
	ve := e.(*variantEngine)
	if ve.engines[0] != nil || ve.engines[1] != nil {
		t.Error("a variant started before it was asked for")
	}
	if err := e.Reset(cfg); err != nil {
		t.Fatal(err)
	}
	if ve.engines[0] != nil || ve.engines[1] == nil {
		t.Error("the wrong variant started")
	}
	p, _ := chess.ParseFEN(chess.StartFEN)
	if res, err := e.Search(chess.NewGame(p), Limits{Depth: 2}, nil); err != nil || res.Depth() != 2 {
		t.Errorf("search: %+v %v", res, err)
	}
}
