package uci

import (
	"bytes"
	"strings"
	"testing"
)

// FuzzServerInput: whatever a GUI sends, the server neither panics nor
// hangs, and every line it answers with is one the protocol defines (our
// own strict client's parser accepts it).
func FuzzServerInput(f *testing.F) {
	for _, s := range []string{
		"uci\nisready", "position startpos moves e2e4 e7e5\ngo depth 3", "position fen 8/8/8/8/8/8/8/8 w - - 0 1\ngo depth 2",
		"setoption name Hash value 1\nsetoption name lmr value false\ngo nodes 500", "setoption name Preset value stage-9",
		"position startpos moves e2e5", "go wtime 100 btime 100 winc 0 binc 0", "go movetime 5", "go infinite\nstop",
		"position fen 4k3/8/8/8/8/8/8/4K3 b - - 0 1\ngo mate 2", "setoption name lmr-base-centiplies value 9999", "ucinewgame\nquit",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, input string) {
		var out bytes.Buffer
		srv := newServer(&out, 1)
		for _, line := range strings.Split(input, "\n") {
			// A big table for every input would make the fuzzer crawl.
			if strings.Contains(strings.ToLower(line), "hash") {
				continue
			}
			// Every search is stopped at once (stopSearch), so that the
			// fuzzer never waits on one.
			if !srv.handle(line) {
				break
			}
			srv.stopSearch()
		}
		srv.stopSearch()
		for _, l := range strings.Split(strings.TrimRight(out.String(), "\n"), "\n") {
			if _, _, err := ParseEngineLine(l); err != nil {
				t.Fatalf("input %q: the server sent %q: %v", input, l, err)
			}
		}
	})
}
