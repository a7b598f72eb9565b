package matrix

import (
	"testing"
)

// FuzzParseFile: an experiment file never panics the parser or the plan
// builder; what is wrong is an error.
func FuzzParseFile(f *testing.F) {
	for _, name := range Builtin() {
		data, _ := builtin.ReadFile(name + ".toml")
		f.Add(data)
	}
	f.Add([]byte("name = \"x\"\n[[matrix]]\ncolumns = [\"lmr\"]\nrows = [{ name = \"a\", cells = [1] }]\n"))
	f.Add([]byte("[[matrix]]\nsweep = [\"lmr-base-centiplies=50:100:25\"]\ndepth = 3\n"))
	f.Add([]byte("[[matrix]]\nrows = [{ name = \"a\", spec = \"full\", set = [\"lmr-base-centiplies=7\"], depth = 2 }]\nreference = \"a\"\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := ParseFile(data, "fuzz.toml")
		if err != nil {
			return
		}
		// Positions are always the built-in six: a fuzzed path could name
		// any file on the machine.
		b := newBuilder("fuzz", Options{Positions: "six"})
		if err := b.addFile(file); err != nil {
			return
		}
		if _, err := b.finish(); err != nil {
			return
		}
		for _, row := range b.plan.Rows {
			if row.Depth < 1 || row.Config == nil || row.Suite == nil {
				t.Fatalf("accepted a bad row %+v", row)
			}
		}
	})
}
