package source

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/ablate-chess/ablate/engine/subject"
	"github.com/ablate-chess/ablate/engine/uci"
)

// DefaultBuild is the build command when none is given: OpenBench's.
// {src} is the worktree, {out} the binary to make.
const DefaultBuild = "make -j EXE={out}"

// Source is an engine's source and the variants to build from it.
type Source struct {
	Repo     string    `toml:"repo" json:"repo"`
	Build    string    `toml:"build" json:"build,omitempty"` // default DefaultBuild
	Variants []Variant `toml:"variants" json:"variants"`
	// Clean refuses a repository whose working tree has changes.
	Clean bool `toml:"clean" json:"clean,omitempty"`
	// ExpectBench, if not 0, is the bench signature every variant based on
	// the repository's base must give (--expect-bench).
	ExpectBench uint64 `toml:"expect_bench" json:"expect_bench,omitempty"`
	// SHA256, if set, is the hash the Repo tarball must have.
	SHA256 string `toml:"sha256" json:"sha256,omitempty"`
	// Net, if set, is a file the build needs that the source lacks (a
	// profile's: Stockfish's network), put in the worktree before building.
	Net *subject.ProfileNet `toml:"-" json:"net,omitempty"`
}

// Variant is one engine built from the source: a revision (a commit, a
// branch), or a revision with a patch applied.
type Variant struct {
	Name  string `toml:"name" json:"name"`
	Ref   string `toml:"ref" json:"ref,omitempty"`
	Base  string `toml:"base" json:"base,omitempty"`
	Patch string `toml:"patch" json:"patch,omitempty"`

	patch []byte // the patch itself, when it is not a file (a profile's)
	bench uint64 // the bench the patched build must give, if not 0
}

// PatchedVariant is a variant of base with a patch given as its text, not
// a file: a profile's, named by what names it, whose build must bench
// bench (0: any).
func PatchedVariant(name, base, what string, patch []byte, bench uint64) Variant {
	return Variant{Name: name, Base: base, Patch: what, patch: patch, bench: bench}
}

// Built is a variant built: its binary, what it was built from, and its
// bench signature.
type Built struct {
	Variant
	Commit    string `json:"commit"`
	PatchHash string `json:"patch_hash,omitempty"`
	Binary    string `json:"binary"`
	Bench     uint64 `json:"bench,omitempty"` // 0: the engine has no bench
	Engine    string `json:"engine"`          // the name its UCI id gives
	Reused    bool   `json:"-"`
}

// AddVariants adds the variants given as NAME=REV or NAME=REV:FILE.diff.
func (s *Source) AddVariants(specs []string) error {
	for _, v := range specs {
		variant, err := ParseVariant(v)
		if err != nil {
			return err
		}
		s.Variants = append(s.Variants, variant)
	}
	return nil
}

// ParseVariant reads a variant as NAME=REV, or NAME=REV:FILE.diff for a
// patch on REV.
func ParseVariant(s string) (Variant, error) {
	name, rev, ok := strings.Cut(s, "=")
	if !ok || name == "" || rev == "" {
		return Variant{}, fmt.Errorf("%q: want NAME=REV or NAME=REV:FILE.diff", s)
	}
	if base, patch, ok := strings.Cut(rev, ":"); ok {
		return Variant{Name: name, Base: base, Patch: patch}, nil
	}
	return Variant{Name: name, Ref: rev}, nil
}

// Check checks the variants' definitions, naming the variant at fault.
func (s *Source) Check() error {
	if len(s.Variants) == 0 {
		return fmt.Errorf("no variants to build")
	}
	seen := map[string]bool{}
	for _, v := range s.Variants {
		switch {
		case v.Name == "":
			return fmt.Errorf("a variant has no name")
		case seen[v.Name]:
			return fmt.Errorf("variant %q: two variants have that name", v.Name)
		case v.Ref != "" && (v.Base != "" || v.Patch != ""):
			return fmt.Errorf("variant %q: give ref, or base and patch, not both", v.Name)
		case v.Ref == "" && v.Base == "":
			return fmt.Errorf("variant %q: give ref (a revision), or base and patch", v.Name)
		case v.Base != "" && v.Patch == "":
			return fmt.Errorf("variant %q: base %q without a patch: use ref", v.Name, v.Base)
		}
		seen[v.Name] = true
	}
	return nil
}

func (v *Variant) revision() string {
	if v.Ref != "" {
		return v.Ref
	}
	return v.Base
}

// Cache holds built binaries, each under the hash of what made it: the
// commit, the patch and the build command.
type Cache struct{ Dir string }

// DefaultCache is the build cache under the user's cache directory.
func DefaultCache() (Cache, error) {
	dir, err := os.UserCacheDir()
	if err != nil {
		return Cache{}, err
	}
	return Cache{filepath.Join(dir, "ablate", "builds")}, nil
}

// writable checks that builds can be stored.
func (c Cache) writable() error {
	if err := os.MkdirAll(c.Dir, 0o755); err != nil {
		return fmt.Errorf("build cache %s cannot be written: %v", c.Dir, err)
	}
	f, err := os.CreateTemp(c.Dir, ".probe-*")
	if err != nil {
		return fmt.Errorf("build cache %s cannot be written: %v", c.Dir, err)
	}
	f.Close()
	return os.Remove(f.Name())
}

func key(commit, patchHash, build string) string {
	h := sha256.Sum256([]byte(commit + "\x00" + patchHash + "\x00" + build))
	return fmt.Sprintf("%x", h[:12])
}

// BuildAll builds every variant (or reuses it from the cache), checks that
// each is a UCI engine, and benches it. Every fault is an error naming the
// variant, before anything is searched: an unknown revision, a patch that
// does not apply, a failed build (its command and last lines), a build
// that made no binary, a binary that is not a UCI engine, a bench that
// differs between runs or from the one expected. Nothing half-built stays
// in the cache, an interruption (ctx) included. What was built and what
// reused is said on log.
func (s *Source) BuildAll(ctx context.Context, cache Cache, log io.Writer) ([]Built, error) {
	if err := s.Check(); err != nil {
		return nil, err
	}
	// A relative cache is the working directory's: git makes worktrees
	// from inside the engine's repository, where it would be another.
	var err error
	if cache.Dir, err = filepath.Abs(cache.Dir); err != nil {
		return nil, err
	}
	top := s.Repo
	if IsTarball(s.Repo) {
		if top, err = cache.Unpack(ctx, s.Repo, s.SHA256); err != nil {
			return nil, err
		}
	}
	repo, err := Open(top)
	if err != nil {
		return nil, err
	}
	if s.Clean {
		if status, _ := git(repo.Top, "status", "--porcelain"); status != "" {
			return nil, fmt.Errorf("%s has changes in its working tree (clean is asked for)", repo.Top)
		}
	}
	if err := cache.writable(); err != nil {
		return nil, err
	}
	cache.sweep(repo, log)
	build := s.Build
	if build == "" {
		build = DefaultBuild
	}
	var out []Built
	for _, v := range s.Variants {
		b, err := s.buildOne(ctx, repo, cache, build, v, log)
		if ctx.Err() != nil {
			return nil, ctx.Err() // interrupted: not the variant's fault
		}
		if err != nil {
			return nil, fmt.Errorf("variant %q: %v", v.Name, err)
		}
		out = append(out, b)
	}
	return out, nil
}

func (s *Source) buildOne(ctx context.Context, repo *Repo, cache Cache, build string, v Variant, log io.Writer) (Built, error) {
	b := Built{Variant: v}
	var err error
	if b.Commit, err = repo.Resolve(v.revision()); err != nil {
		return b, err
	}
	patch := v.patch
	if v.Patch != "" && patch == nil {
		if patch, err = os.ReadFile(v.Patch); err != nil {
			return b, fmt.Errorf("patch: %v", err)
		}
	}
	if patch != nil {
		b.PatchHash = fmt.Sprintf("%x", sha256.Sum256(patch))
	}
	made := build
	if s.Net != nil {
		made += "\x00net " + s.Net.File + " " + strings.ToLower(s.Net.SHA256)
	}
	dir := filepath.Join(cache.Dir, key(b.Commit, b.PatchHash, made))
	b.Binary = filepath.Join(dir, "engine")
	if data, err := os.ReadFile(filepath.Join(dir, "build.json")); err == nil {
		var was Built
		if json.Unmarshal(data, &was) == nil {
			was.Variant, was.Binary, was.Reused = v, b.Binary, true
			fmt.Fprintf(log, "%s: reused %s (%s)\n", v.Name, short(b.Commit), dir)
			return was, s.expect(&was, repo)
		}
	}
	tmp, err := os.MkdirTemp(cache.Dir, buildPrefix+"*")
	if err != nil {
		return b, err
	}
	if err := os.WriteFile(filepath.Join(tmp, ownerFile), []byte(strconv.Itoa(os.Getpid())), 0o644); err != nil {
		return b, err
	}
	defer os.RemoveAll(tmp) // a failed or interrupted build leaves nothing
	wt := filepath.Join(tmp, "src")
	remove, err := repo.Worktree(b.Commit, wt)
	if err != nil {
		return b, err
	}
	defer remove()
	if patch != nil {
		apply := exec.CommandContext(ctx, "git", "-C", wt, "apply", "--whitespace=nowarn", "-")
		apply.Stdin = bytes.NewReader(patch)
		if msg, err := apply.CombinedOutput(); err != nil {
			return b, fmt.Errorf("patch %s does not apply to %s: %s", v.Patch, short(b.Commit), strings.TrimSpace(string(msg)))
		}
	}
	if s.Net != nil {
		net, err := cache.findNet(ctx, s.Net, s.Repo, log)
		if err != nil {
			return b, err
		}
		if err := placeNet(net, s.Net, wt); err != nil {
			return b, fmt.Errorf("net %s: %v", s.Net.File, err)
		}
	}
	bin := filepath.Join(tmp, "engine")
	cmdline := strings.NewReplacer("{src}", wt, "{out}", bin).Replace(build)
	fmt.Fprintf(log, "%s: building %s: %s\n", v.Name, short(b.Commit), cmdline)
	var output tail
	if err := Build(ctx, wt, &output, "sh", "-c", cmdline); err != nil {
		if ctx.Err() != nil {
			return b, ctx.Err()
		}
		return b, fmt.Errorf("the build failed (%v): %s\n%s", err, cmdline, output.String())
	}
	if fi, err := os.Stat(bin); err != nil || fi.IsDir() {
		return b, fmt.Errorf("the build made no binary at {out} (%s): %s", bin, cmdline)
	}
	if b.Engine, err = uciName(bin); err != nil {
		return b, fmt.Errorf("%s is not a UCI engine: %v", cmdline, err)
	}
	n, ok, err := Bench(ctx, bin)
	if err != nil {
		return b, err
	}
	if ok {
		b.Bench = n
		fmt.Fprintf(log, "%s: bench %d\n", v.Name, n)
	}
	if err := s.expect(&b, repo); err != nil {
		return b, err
	}
	data, _ := json.MarshalIndent(b, "", "  ")
	if err := os.WriteFile(filepath.Join(tmp, "build.json"), append(data, '\n'), 0o644); err != nil {
		return b, err
	}
	// Published whole: the binary and its description move in together.
	final := filepath.Join(tmp, "final")
	if err := os.MkdirAll(final, 0o755); err != nil {
		return b, err
	}
	for _, f := range []string{"engine", "build.json"} {
		if err := os.Rename(filepath.Join(tmp, f), filepath.Join(final, f)); err != nil {
			return b, err
		}
	}
	if err := os.Rename(final, dir); err != nil && !errors.Is(err, os.ErrExist) && !os.IsExist(err) {
		if _, statErr := os.Stat(filepath.Join(dir, "build.json")); statErr != nil {
			return b, err
		}
	}
	return b, nil
}

// expect checks a variant's bench against the one expected: --expect-bench
// for variants of the base revision, else a "Bench: N" line in its
// commit's message.
func (s *Source) expect(b *Built, repo *Repo) error {
	if b.Bench == 0 {
		return nil
	}
	want, from := uint64(0), ""
	if msg, err := git(repo.Top, "log", "-1", "--format=%B", b.Commit); err == nil && b.Patch == "" {
		if n, ok := CommitBench(msg); ok {
			want, from = n, "its commit message"
		}
	}
	if s.ExpectBench != 0 && b.Patch == "" {
		want, from = s.ExpectBench, "--expect-bench"
	}
	if b.bench != 0 {
		want, from = b.bench, "the patch (it must not change the search)"
	}
	if want != 0 && want != b.Bench {
		return fmt.Errorf("bench %d, but %s says %d", b.Bench, from, want)
	}
	return nil
}

// uciName starts a binary as a UCI engine and returns the name it gives.
func uciName(bin string) (string, error) {
	c, err := uci.Start(bin)
	if err != nil {
		return "", err
	}
	defer c.Close()
	if err := c.Handshake(); err != nil {
		return "", err
	}
	return c.Name, nil
}

func short(sha string) string { return sha[:min(12, len(sha))] }

// tail keeps the last lines a build wrote, for its error.
type tail struct{ buf []byte }

func (t *tail) Write(p []byte) (int, error) {
	t.buf = append(t.buf, p...)
	if len(t.buf) > 64*1024 {
		t.buf = t.buf[len(t.buf)-64*1024:]
	}
	return len(p), nil
}

func (t *tail) String() string {
	lines := strings.Split(strings.TrimRight(string(t.buf), "\n"), "\n")
	return strings.Join(lines[max(0, len(lines)-20):], "\n")
}

// Provenance is what a built variant was made from.
func (b *Built) Provenance() subject.Provenance {
	return subject.Provenance{Commit: b.Commit, Patch: b.Patch, PatchHash: b.PatchHash, Bench: b.Bench}
}
