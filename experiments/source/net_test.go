package source

import (
	"bytes"
	"context"
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ablate-chess/ablate/engine/subject"
	"github.com/ablate-chess/ablate/experiments/source/sourcetest"
)

// exporter writes a fake installed engine: it answers uci with name and
// writes content to the file named on "export_net FILE".
func exporter(t *testing.T, name, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "installed")
	script := "#!/bin/sh\nwhile read cmd arg; do case \"$cmd\" in\n" +
		"uci) echo 'id name " + name + "'; echo uciok;;\n" +
		"export_net) printf '" + content + "' > \"$arg\";;\n" +
		"quit) exit 0;;\nesac; done\n"
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestNet: the build gets the net wherever it is found (beside the source,
// in the cache, written out of an installed binary), checked by its hash;
// every way of not having it is an error that says what to do.
func TestNet(t *testing.T) {
	dir, _, _ := sourcetest.EngineRepo(t)
	content := "the network"
	sum := fmt.Sprintf("%x", sha256.Sum256([]byte(content)))
	net := func(from string) *subject.ProfileNet {
		return &subject.ProfileNet{File: "n.bin", Into: "data", SHA256: sum, From: from, FromEngine: "Fake 1",
			Export: "export_net {file}", Install: "apt-get install fake"}
	}
	// The build fails unless the net is in the worktree, whole.
	build := "grep -q 'the network' data/n.bin && make EXE={out}"
	src := func(n *subject.ProfileNet) Source {
		return Source{Repo: dir, Build: build, Net: n, Variants: []Variant{{Name: "v", Ref: "HEAD"}}}
	}
	run := func(s Source, cache string) (string, error) {
		var log bytes.Buffer
		_, err := s.BuildAll(context.Background(), Cache{cache}, &log)
		return log.String(), err
	}

	// Written out of the installed binary, then found in the cache.
	cache := filepath.Join(t.TempDir(), "cache")
	log, err := run(src(net(exporter(t, "Fake 1.0", content))), cache)
	if err != nil || !strings.Contains(log, "net n.bin: written out of") {
		t.Fatalf("exported: %v\n%s", err, log)
	}
	if _, err := os.Stat(filepath.Join(cache, "nets", "n.bin")); err != nil {
		t.Errorf("the net is not kept in the cache: %v", err)
	}
	os.RemoveAll(filepath.Join(cache, "nets"))
	// Beside the source: no installed binary asked.
	os.MkdirAll(filepath.Join(dir, "data"), 0o755)
	os.WriteFile(filepath.Join(dir, "data", "n.bin"), []byte(content), 0o644)
	if log, err := run(src(net("/no/such/binary")), filepath.Join(t.TempDir(), "c")); err != nil || strings.Contains(log, "written out") {
		t.Errorf("beside the source: %v\n%s", err, log)
	}
	os.WriteFile(filepath.Join(dir, "data", "n.bin"), []byte("another"), 0o644)
	if _, err := run(src(net("")), filepath.Join(t.TempDir(), "c")); err == nil ||
		!strings.Contains(err.Error(), "not the "+sum+" the profile names") {
		t.Errorf("a wrong net beside the source: %v", err)
	}
	os.RemoveAll(filepath.Join(dir, "data"))

	for _, c := range []struct {
		name string
		net  *subject.ProfileNet
		want string
	}{
		{"nowhere", net(""), "the build needs n.bin, which the source lacks: put it beside the source"},
		{"not installed", net("/no/such/binary"), "or install apt-get install fake, whose /no/such/binary holds it"},
		{"another engine", net(exporter(t, "Other 2", content)), `is "Other 2", not Fake 1`},
		{"another net", net(exporter(t, "Fake 1.0", "not it")), "wrote another network"},
		{"writes nothing", net(exporter(t, "Fake 1.0", content)), "wrote no n.bin"},
	} {
		if c.name == "writes nothing" {
			c.net.Export = "export_nothing {file}"
		}
		cache := filepath.Join(t.TempDir(), "cache")
		_, err := run(src(c.net), cache)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), `variant "v"`) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
		if entries, _ := os.ReadDir(filepath.Join(cache, "nets")); len(entries) != 0 {
			t.Errorf("%s: %d files left in the cache's nets", c.name, len(entries))
		}
	}
}
