package positions

import (
	"bytes"
	"embed"
	"fmt"
	"os"
	"sort"
	"strings"
)

//go:embed *.epd
var builtin embed.FS

// Builtin lists the names of the suites built into the binary.
func Builtin() []string {
	entries, _ := builtin.ReadDir(".")
	var names []string
	for _, e := range entries {
		names = append(names, strings.TrimSuffix(e.Name(), ".epd"))
	}
	sort.Strings(names)
	return names
}

// Load returns the built-in suite of that name, or else reads the file at
// that path.
func Load(nameOrPath string) (*Suite, error) {
	if data, err := builtin.ReadFile(nameOrPath + ".epd"); err == nil {
		return Read(bytes.NewReader(data), nameOrPath)
	}
	f, err := os.Open(nameOrPath)
	if err != nil {
		if os.IsNotExist(err) {
			return nil, fmt.Errorf("%s: no such file, and no built-in suite of that name (built-in: %s)",
				nameOrPath, strings.Join(Builtin(), ", "))
		}
		return nil, err
	}
	defer f.Close()
	return Read(f, nameOrPath)
}
