package resultdir

import "testing"

// TestVersionBuiltFrom: a build that records no revision (a test binary,
// like a build in a git worktree) reports the commit it was told it was
// built from, not the repository's around the working directory.
func TestVersionBuiltFrom(t *testing.T) {
	defer func(old string) { BuiltFrom = old }(BuiltFrom)
	BuiltFrom = "0123456789abcdef0123456789abcdef01234567"
	if _, commit := Version(); commit != BuiltFrom {
		t.Errorf("commit %q, want %q", commit, BuiltFrom)
	}
}
