package tune

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ablate-chess/ablate/engine/subject"
	"github.com/ablate-chess/ablate/engine/uci/ucitest"
)

func TestMain(m *testing.M) {
	ucitest.Main()
	os.Exit(m.Run())
}

// TestFaultedPairsAreReplayed: a pair in which an engine crashed is not
// learnt from but played again; an engine that faults every time stops the
// tune with the reason, its values as they were.
func TestFaultedPairsAreReplayed(t *testing.T) {
	prof := filepath.Join(t.TempDir(), "p.toml")
	os.WriteFile(prof, []byte("name = \"p\"\n[[technique]]\nname = \"prune\"\noption = \"Pruning\"\n"+
		"[[param]]\nname = \"margin\"\noption = \"Margin\"\n"), 0o644)
	profile, err := subject.LoadProfile(prof)
	if err != nil {
		t.Fatal(err)
	}
	u, err := subject.OpenUCI(subject.UCI{Command: ucitest.Command("crash@3"), Profile: profile})
	if err != nil {
		t.Fatal(err)
	}
	p, _ := ParseParam("margin=100,0,500")
	for _, lag := range []int{0, 2} {
		r := request(t, 1, "")
		r.Subject, r.Base, r.Params, r.Pairs, r.Batch, r.Lag = u, "default", []Param{p}, 2, 2, lag
		if lag > 0 {
			r.Batch = 0
		}
		r.Settings.Nodes, r.Settings.Depth = 0, 2
		tn, err := Open(r)
		if err != nil {
			t.Fatal(err)
		}
		err = tn.Run(context.Background())
		if err == nil || !strings.Contains(err.Error(), "faulted 4 times running") {
			t.Fatalf("lag %d: an engine that always crashes: %v", lag, err)
		}
		if tn.Played != 0 || tn.Params[0].Value != 100 {
			t.Errorf("lag %d: learnt from faults: %d pairs, margin %g", lag, tn.Played, tn.Params[0].Value)
		}
	}
}
