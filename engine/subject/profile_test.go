package subject

import (
	"strings"
	"testing"
)

func TestBuiltinProfilesParse(t *testing.T) {
	for _, name := range BuiltinProfiles() {
		p, err := LoadProfile(name)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if p.Name != name || len(p.Techniques) == 0 {
			t.Errorf("%s: %+v", name, p)
		}
	}
	if got := strings.Join(BuiltinProfiles(), ","); got != "ethereal,glaurung,stockfish,toga2" {
		t.Errorf("built-in profiles %s", got)
	}
}

func TestProfileErrors(t *testing.T) {
	for _, c := range []struct{ name, text, want string }{
		{"syntax", "name = ", "p.toml:1:"},
		{"unknown key", "name = \"x\"\n[[technique]]\nname = \"a\"\noption = \"A\"\nonn = \"1\"\n", "unknown key technique.onn"},
		{"no technique", "name = \"x\"\n", "no [[technique]]"},
		{"twice", "[[technique]]\nname = \"a\"\noption = \"A\"\n[[technique]]\nname = \"a\"\noption = \"B\"\n", `"a" is named twice`},
		{"option twice", "[[technique]]\nname = \"a\"\noption = \"A\"\n[[param]]\nname = \"b\"\noption = \"a\"\n", `option "a" is mapped twice`},
		{"bad name", "[[technique]]\nname = \"a b\"\noption = \"A\"\n", "may not hold spaces"},
		{"requires nothing", "[[technique]]\nname = \"a\"\noption = \"A\"\nrequires = [\"z\"]\n", `requires "z"`},
		{"net without hash", "[[technique]]\nname = \"a\"\noption = \"A\"\n[source.net]\nfile = \"n.nnue\"\n", "[source.net]: sha256"},
		{"net in a path", "[[technique]]\nname = \"a\"\noption = \"A\"\n[source.net]\nfile = \"../n.nnue\"\n", "want a plain file name"},
		{"net outside", "[[technique]]\nname = \"a\"\noption = \"A\"\n[source.net]\nfile = \"n\"\ninto = \"../x\"\nsha256 = \"" + strings.Repeat("a", 64) + "\"\n", "inside the source"},
		{"net export without from", "[[technique]]\nname = \"a\"\noption = \"A\"\n[source.net]\nfile = \"n\"\nsha256 = \"" + strings.Repeat("a", 64) + "\"\nexport = \"x {file}\"\n", "from and export go together"},
		{"param of nothing", "[[technique]]\nname = \"a\"\noption = \"A\"\n[[param]]\nname = \"b\"\noption = \"B\"\ntechnique = \"z\"\n", "belongs to \"z\""},
	} {
		_, err := ParseProfile([]byte(c.text), "p.toml")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
	if _, err := LoadProfile("nosuch"); err == nil || !strings.Contains(err.Error(), "built-in: ethereal, glaurung, stockfish, toga2") {
		t.Errorf("unknown profile: %v", err)
	}
}

// TestStockfishProfile: every technique of the stockfish profile is an
// option its patch adds; 34 carry search.cpp's "(~N Elo)" notes; the net
// is named by its hash, as Stockfish's Makefile checks it.
func TestStockfishProfile(t *testing.T) {
	p, err := LoadProfile("stockfish")
	if err != nil {
		t.Fatal(err)
	}
	patch, err := p.SourcePatch()
	if err != nil {
		t.Fatal(err)
	}
	notes := 0
	for _, x := range p.Techniques {
		if !strings.Contains(string(patch), `+    {"`+x.Option+`", &Switches::`) {
			t.Errorf("%s: the patch adds no option %s", x.Name, x.Option)
		}
		if x.NoteElo != nil {
			notes++
		}
	}
	if len(p.Techniques) != 42 || notes != 34 {
		t.Errorf("%d techniques, %d with a note; want 42 and 34", len(p.Techniques), notes)
	}
	if n := p.Source.Net; n == nil || n.File != "nn-"+n.SHA256[:12]+".nnue" {
		t.Errorf("net %+v", n)
	}
}

// FuzzParseProfile: a profile never panics the parser; an accepted one has
// techniques with unique names and options.
func FuzzParseProfile(f *testing.F) {
	for _, name := range BuiltinProfiles() {
		data, _ := builtinProfiles.ReadFile("profiles/" + name + ".toml")
		f.Add(data)
	}
	f.Add([]byte("[[technique]]\nname = \"a\"\noption = \"A\"\non = \"x\"\noff = \"y\"\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := ParseProfile(data, "fuzz.toml")
		if err != nil {
			return
		}
		seen := map[string]bool{}
		for _, x := range p.Techniques {
			if x.Name == "" || x.Option == "" || seen[x.Name] || seen["opt:"+strings.ToLower(x.Option)] {
				t.Fatalf("accepted %+v", p.Techniques)
			}
			seen[x.Name], seen["opt:"+strings.ToLower(x.Option)] = true, true
		}
	})
}
