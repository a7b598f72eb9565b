package resultdir

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestIndexListsEveryResult: the index finds runs, matches, worths, SPSA
// tunes and Texel fits (not a worth's own matches, nor testdata), with
// their commands.
func TestIndexListsEveryResult(t *testing.T) {
	root := t.TempDir()
	mk := func(dir string, d Description, complete bool) {
		x, err := OpenDir(filepath.Join(root, dir), d, false)
		if err != nil {
			t.Fatal(err)
		}
		x.Finish(complete, func(string) error { return nil })
	}
	mk("a/run", &RunInfo{Args: []string{"ablate", "run", "-e", "card"}}, true)
	mk("m", &MatchInfo{Args: []string{"ablate", "match", "--pairs", "9"}}, false)
	mk("w/matches/cell", &MatchInfo{Args: []string{"ablate", "worth", "--leave-one-out", "lmr"}}, true)
	mk("x/testdata/run", &RunInfo{}, true)
	os.WriteFile(filepath.Join(root, "w", "worth.csv"), []byte("group\n"), 0o644)
	os.MkdirAll(filepath.Join(root, "t"), 0o755)
	os.WriteFile(filepath.Join(root, "t", TuneInfoName), []byte(`{"args": ["ablate", "tune", "spsa"], "complete": false}`), 0o644)
	os.MkdirAll(filepath.Join(root, "x", "fit"), 0o755)
	os.WriteFile(filepath.Join(root, "x", "fit", TexelInfoName), []byte(`{"args": ["ablate", "tune", "texel"]}`), 0o644)
	stored, err := IndexDir(root)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	WriteIndex(&b, root, stored)
	got := b.String()
	for _, want := range []string{
		"| [a/run](a/run) | run | complete |", "`ablate run -e card`",
		"| [m](m) | match | partial (resumes) |", "`ablate match --pairs 9`",
		"| [w](w) | worth | complete |", "`ablate worth --leave-one-out lmr`",
		"| [t](t) | tune | partial (resumes) |", "`ablate tune spsa`",
		"| [x/fit](x/fit) | texel | complete |", "`ablate tune texel`",
		"5 results",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in\n%s", want, got)
		}
	}
	if strings.Contains(got, "testdata") || strings.Contains(got, "matches/cell") {
		t.Errorf("listed a test's data or a worth's cell:\n%s", got)
	}
}
