package source

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ablate-chess/ablate/engine/uci/ucitest"
	"github.com/ablate-chess/ablate/experiments/source/sourcetest"
)

func TestMain(m *testing.M) {
	ucitest.Main()
	os.Exit(m.Run())
}

// TestBuildAllAndReuse: variants from revisions and from a patch are built
// in worktrees, checked as UCI engines and benched; a second run reuses
// every binary from the cache; the user's tree is left alone.
func TestBuildAllAndReuse(t *testing.T) {
	dir, first, _ := sourcetest.EngineRepo(t)
	patch := filepath.Join(t.TempDir(), "more.diff")
	os.WriteFile(patch, []byte("--- a/nodes\n+++ b/nodes\n@@ -1 +1 @@\n-2000\n+3000\n"), 0o644)
	src := Source{Repo: dir, Variants: []Variant{{Name: "old", Ref: "HEAD~1"}, {Name: "new", Ref: "HEAD"},
		{Name: "more", Base: "HEAD", Patch: patch}}}
	cache := Cache{filepath.Join(t.TempDir(), "cache")}
	var log bytes.Buffer
	built, err := src.BuildAll(context.Background(), cache, &log)
	if err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	want := map[string]uint64{"old": 1000, "new": 2000, "more": 3000}
	for _, b := range built {
		if b.Bench != want[b.Name] || b.Reused || b.Engine == "" {
			t.Errorf("%s: bench %d, reused %v, engine %q", b.Name, b.Bench, b.Reused, b.Engine)
		}
	}
	if built[0].Commit != first || built[2].PatchHash == "" || built[1].Binary == built[2].Binary {
		t.Errorf("what was built: %+v", built)
	}
	log.Reset()
	again, err := src.BuildAll(context.Background(), cache, &log)
	if err != nil {
		t.Fatal(err)
	}
	for i, b := range again {
		if !b.Reused || b.Binary != built[i].Binary || b.Bench != built[i].Bench {
			t.Errorf("%s not reused: %+v", b.Name, b)
		}
	}
	if strings.Count(log.String(), "reused") != 3 || strings.Contains(log.String(), "building") {
		t.Errorf("log: %s", log.String())
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "nodes")); string(data) != "2000\n" {
		t.Errorf("the user's tree changed: %q", data)
	}
	entries, _ := os.ReadDir(cache.Dir)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".build-") {
			t.Errorf("a build directory was left behind: %s", e.Name())
		}
	}
}

// TestBuildFaults: each fault is an error naming the variant, and leaves
// nothing in the cache.
func TestBuildFaults(t *testing.T) {
	dir, _, _ := sourcetest.EngineRepo(t)
	bad := filepath.Join(t.TempDir(), "bad.diff")
	os.WriteFile(bad, []byte("--- a/nodes\n+++ b/nodes\n@@ -1 +1 @@\n-9999\n+3000\n"), 0o644)
	notGit := t.TempDir()
	// A cache under a file cannot be made, even by root.
	file := filepath.Join(t.TempDir(), "file")
	os.WriteFile(file, nil, 0o644)
	readOnly := filepath.Join(file, "cache")
	for _, c := range []struct {
		name  string
		src   Source
		cache string
		want  string
	}{
		{"unknown revision", Source{Repo: dir, Variants: []Variant{{Name: "x", Ref: "no-such-branch"}}}, "", `variant "x": no revision "no-such-branch"`},
		{"patch that does not apply", Source{Repo: dir, Variants: []Variant{{Name: "p", Base: "HEAD", Patch: bad}}}, "", `variant "p": patch`},
		{"failed build", Source{Repo: dir, Build: "echo compiling; false", Variants: []Variant{{Name: "f", Ref: "HEAD"}}}, "", "the build failed"},
		{"no binary", Source{Repo: dir, Build: "true", Variants: []Variant{{Name: "n", Ref: "HEAD"}}}, "", "made no binary"},
		{"not UCI", Source{Repo: dir, Build: "printf '#!/bin/sh\\necho hello\\n' > {out}; chmod +x {out}", Variants: []Variant{{Name: "u", Ref: "HEAD"}}}, "", "is not a UCI engine"},
		{"wrong commit bench", Source{Repo: dir, ExpectBench: 5, Variants: []Variant{{Name: "b", Ref: "HEAD"}}}, "", "bench 2000, but --expect-bench says 5"},
		{"not a repository", Source{Repo: notGit, Variants: []Variant{{Name: "r", Ref: "HEAD"}}}, "", "not in a git repository"},
		{"two of a name", Source{Repo: dir, Variants: []Variant{{Name: "a", Ref: "HEAD"}, {Name: "a", Ref: "HEAD~1"}}}, "", `variant "a": two variants`},
		{"cache not writable", Source{Repo: dir, Variants: []Variant{{Name: "c", Ref: "HEAD"}}}, readOnly, "cannot be written"},
	} {
		cache := c.cache
		if cache == "" {
			cache = filepath.Join(t.TempDir(), "cache")
		}
		_, err := c.src.BuildAll(context.Background(), Cache{cache}, &bytes.Buffer{})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
		entries, _ := os.ReadDir(cache)
		for _, e := range entries {
			t.Errorf("%s: %s left in the cache", c.name, e.Name())
		}
	}
	// A bench that differs between two runs is refused, as OpenBench
	// refuses it; a dirty tree is refused when clean is asked for.
	flaky := filepath.Join(t.TempDir(), "flaky.sh")
	os.WriteFile(flaky, []byte("#!/bin/sh\nif [ \"$1\" = bench ]; then n=$(cat \"$0.n\" 2>/dev/null || echo 1); "+
		"echo $((n+1)) > \"$0.n\"; echo \"Nodes searched: $n\"; echo 'Nodes/second: 1'; exit 0; fi\nexec "+
		ucitest.Command("ok")+"\n"), 0o755)
	flakySrc := Source{Repo: dir, Build: "cp " + flaky + " {out}", Variants: []Variant{{Name: "flaky", Ref: "HEAD"}}}
	if _, err := flakySrc.BuildAll(context.Background(), Cache{filepath.Join(t.TempDir(), "c")}, &bytes.Buffer{}); err == nil ||
		!strings.Contains(err.Error(), `variant "flaky": non-deterministic bench: 1 nodes, then 2`) {
		t.Errorf("a flaky bench: %v", err)
	}
	os.WriteFile(filepath.Join(dir, "nodes"), []byte("5\n"), 0o644)
	dirty := Source{Repo: dir, Clean: true, Variants: []Variant{{Name: "d", Ref: "HEAD"}}}
	if _, err := dirty.BuildAll(context.Background(), Cache{filepath.Join(t.TempDir(), "c")}, &bytes.Buffer{}); err == nil ||
		!strings.Contains(err.Error(), "has changes in its working tree") {
		t.Errorf("a dirty tree with clean: %v", err)
	}

	// An interrupted build leaves nothing either.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	cache := filepath.Join(t.TempDir(), "cache")
	src := Source{Repo: dir, Build: "sleep 5", Variants: []Variant{{Name: "i", Ref: "HEAD"}}}
	if _, err := src.BuildAll(ctx, Cache{cache}, &bytes.Buffer{}); err == nil {
		t.Error("an interrupted build succeeded")
	}
	if entries, _ := os.ReadDir(cache); len(entries) != 0 {
		t.Errorf("an interrupted build left %d entries", len(entries))
	}
}

// TestRelativeCacheIsTheWorkingDirectorys: a relative --build-cache is the
// working directory's: the build works, and nothing is
// left in the engine's source tree.
func TestRelativeCacheIsTheWorkingDirectorys(t *testing.T) {
	dir, _, _ := sourcetest.EngineRepo(t)
	work := t.TempDir()
	t.Chdir(work)
	src := Source{Repo: dir, Variants: []Variant{{Name: "new", Ref: "HEAD"}}}
	var log bytes.Buffer
	built, err := src.BuildAll(context.Background(), Cache{"bc"}, &log)
	if err != nil || len(built) != 1 || built[0].Bench != 2000 {
		t.Fatalf("%v: %+v\n%s", err, built, log.String())
	}
	if !strings.HasPrefix(built[0].Binary, filepath.Join(work, "bc")) {
		t.Errorf("built at %s, not under the working directory's bc", built[0].Binary)
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), buildPrefix) || e.Name() == "bc" {
			t.Errorf("the engine's tree holds %s", e.Name())
		}
	}
}
