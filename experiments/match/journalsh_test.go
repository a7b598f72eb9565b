package match

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// journalSh runs script in dir with results/journal.sh sourced and $ablate
// a stand-in that marks its start (touching $MARK, if set), sleeps a few
// seconds and stops as an interrupted match does (exit 130); the scripts'
// locks are taken under tmp.
func journalSh(t *testing.T, dir, tmp, script string) *exec.Cmd {
	t.Helper()
	lib, err := filepath.Abs("../../results/journal.sh")
	if err != nil {
		t.Fatal(err)
	}
	fake := filepath.Join(tmp, "ablate")
	if err := os.WriteFile(fake, []byte("#!/bin/sh\n[ -z \"$MARK\" ] || touch \"$MARK\"\nsleep 3\nexit 130\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("sh", "-c", ". "+lib+"\nablate="+fake+"\n"+script)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
	return cmd
}

// TestJournalScript: the make scripts' side of a stored journal. pack
// keeps a stored journal.gz whose journal is missing unless the match is
// complete; two scripts on one directory at once, the second is refused
// (the race that once left a stored journal short).
func TestJournalScript(t *testing.T) {
	if _, err := exec.LookPath("gzip"); err != nil {
		t.Skip("no gzip")
	}
	dir, tmp := t.TempDir(), t.TempDir()
	out := filepath.Join(dir, "m")
	os.MkdirAll(out, 0o755)
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(out, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	exists := func(name string) bool {
		_, err := os.Stat(filepath.Join(out, name))
		return err == nil
	}
	write("match.json", `{"complete": false}`)
	write("pairs.jsonl.gz", "stored")
	if b, err := journalSh(t, dir, tmp, "pack m/pairs.jsonl").CombinedOutput(); err != nil || !exists("pairs.jsonl.gz") {
		t.Fatalf("an unfinished match's stored journal dropped (%v, %s)", err, b)
	}
	write("match.json", `{"complete": true}`)
	if b, err := journalSh(t, dir, tmp, "pack m/pairs.jsonl").CombinedOutput(); err != nil || exists("pairs.jsonl.gz") {
		t.Fatalf("a complete match's stale journal kept (%v, %s)", err, b)
	}
	write("match.json", `{"complete": false}`)
	write("pairs.jsonl", "{}\n")
	if b, err := journalSh(t, dir, tmp, "pack m/pairs.jsonl").CombinedOutput(); err != nil || exists("pairs.jsonl") || !exists("pairs.jsonl.gz") {
		t.Fatalf("the journal not packed (%v, %s)", err, b)
	}

	if _, err := exec.LookPath("flock"); err != nil {
		t.Skip("no flock: the scripts take no lock")
	}
	first := journalSh(t, dir, tmp, "play m --x")
	mark := filepath.Join(tmp, "started")
	first.Env = append(first.Env, "MARK="+mark)
	if err := first.Start(); err != nil {
		t.Fatal(err)
	}
	// The first holds the lock once its stand-in runs.
	for i := 0; i < 200; i++ {
		if _, err := os.Stat(mark); err == nil {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	b, err := journalSh(t, dir, tmp, "play m --x").CombinedOutput()
	first.Wait()
	if err == nil || !strings.Contains(string(b), "another script is playing m") {
		t.Errorf("a second script on the same directory: %v, %s", err, b)
	}
	if !exists("pairs.jsonl.gz") || exists("pairs.jsonl") {
		t.Error("the first script's journal not packed at its end")
	}
}
