package resultdir

import (
	"runtime/debug"
	"slices"
	"testing"
)

// TestBuildFromItsOwnInformation: the commit and whether the tree was
// modified come from what the build recorded, or what its builder told it
// (BuiltFrom); a build that recorded nothing is "unknown", even when it
// runs inside ablate's repository (as this test does): the repository's
// HEAD may be another commit than the one built.
func TestBuildFromItsOwnInformation(t *testing.T) {
	const rev = "0123456789abcdef0123456789abcdef01234567"
	vcs := func(kv ...string) *debug.BuildInfo {
		info := &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: Module, Version: "v0.0.0-x"}}
		for i := 0; i+1 < len(kv); i += 2 {
			info.Settings = append(info.Settings, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
		}
		return info
	}
	for _, c := range []struct {
		name      string
		info      *debug.BuildInfo
		builtFrom string
		want      Build
	}{
		{"a clean build", vcs("vcs.revision", rev, "vcs.modified", "false"), "", Build{"v0.0.0-x", rev, false, "go1.26.8"}},
		{"a modified tree says so", vcs("vcs.revision", rev, "vcs.modified", "true"), "", Build{"v0.0.0-x", rev, true, "go1.26.8"}},
		{"no VCS information", vcs(), "", Build{"v0.0.0-x", "unknown", false, "go1.26.8"}},
		{"a worktree build told its commit", vcs(), rev, Build{"v0.0.0-x", rev, false, "go1.26.8"}},
		{"the recorded revision wins over BuiltFrom", vcs("vcs.revision", rev), "feed", Build{"v0.0.0-x", rev, false, "go1.26.8"}},
	} {
		if got := buildOf(c.info, c.builtFrom); got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
	}
	// This test binary recorded no revision (go test stamps none), and it
	// runs inside the repository: its commit is unknown, not HEAD.
	if _, commit := Version(); commit != "unknown" && BuiltFrom == "" {
		t.Errorf("a test binary reports commit %q: read from the working directory's repository?", commit)
	}
	defer func(old string) { BuiltFrom = old }(BuiltFrom)
	BuiltFrom = rev
	if _, commit := Version(); commit != rev {
		t.Errorf("commit %q, want BuiltFrom's %q", commit, rev)
	}
}

// TestResumeByAnotherBuildKeepsTheEarlier: a result resumed by another
// build names the one it took over from, once however often it resumes;
// a fresh result, or a resume by the same build, names none.
func TestResumeByAnotherBuildKeepsTheEarlier(t *testing.T) {
	defer func(old string) { BuiltFrom = old }(BuiltFrom)
	BuiltFrom = "1111111111111111111111111111111111111111"
	var o Origin
	o.Fill()
	if o.Commit != BuiltFrom || o.Earlier != nil {
		t.Fatalf("a fresh result: commit %q, earlier %q", o.Commit, o.Earlier)
	}
	o.Fill()
	if o.Earlier != nil {
		t.Errorf("resumed by the same build: earlier %q, want none", o.Earlier)
	}
	BuiltFrom = "2222222222222222222222222222222222222222"
	o.Fill()
	o.Fill()
	BuiltFrom = "3333333333333333333333333333333333333333"
	o.Fill()
	want := []string{"1111111111111111111111111111111111111111", "2222222222222222222222222222222222222222"}
	if o.Commit != BuiltFrom || !slices.Equal(o.Earlier, want) {
		t.Errorf("resumed by two other builds: commit %q, earlier %q, want %q", o.Commit, o.Earlier, want)
	}
}
