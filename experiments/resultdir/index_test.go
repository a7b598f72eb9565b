package resultdir

import (
	"fmt"
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
	var got []string
	for _, x := range stored {
		rel, _ := filepath.Rel(root, x.Path)
		got = append(got, fmt.Sprintf("%s %s %v %q", rel, x.What, x.Complete, x.Command))
	}
	want := []string{
		`a/run run true "ablate run -e card"`,
		`m match false "ablate match --pairs 9"`,
		`t tune false "ablate tune spsa"`,
		`w worth true "ablate worth --leave-one-out lmr"`,
		`x/fit texel true "ablate tune texel"`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("stored:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
