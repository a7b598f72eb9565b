package source

import (
	"context"
	"fmt"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// A bench signature, as OpenBench reads it: the engine run as "BINARY
// bench" prints its node count and speed; reading its output from the last
// line up, with every character but letters, digits and spaces made a
// space, the first "N nodes", "nodes N" or "nodes searched N" is the
// count, and "N nps", "nps N" or "nodes second N" the speed.
var (
	benchNodes = regexp.MustCompile(`(?i)(\d+\s+nodes)|(nodes\s+\d+)|(nodes searched\s+\d+)`)
	benchNPS   = regexp.MustCompile(`(?i)(\d+\s+nps)|(nps\s+\d+)|(nodes second\s+\d+)`)
	notWord    = regexp.MustCompile(`[^a-zA-Z0-9 ]+`)
	digits     = regexp.MustCompile(`\d+`)
)

// ParseBench reads a bench's node count and speed from its output; ok is
// false if either is missing.
func ParseBench(output string) (nodes, nps uint64, ok bool) {
	var foundNodes, foundNPS bool
	lines := strings.Split(strings.TrimSpace(output), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		line := notWord.ReplaceAllString(lines[i], " ")
		if m := benchNPS.FindString(line); m != "" && !foundNPS {
			nps, _ = strconv.ParseUint(digits.FindString(m), 10, 64)
			foundNPS = true
		}
		if m := benchNodes.FindString(line); m != "" && !foundNodes {
			nodes, _ = strconv.ParseUint(digits.FindString(m), 10, 64)
			foundNodes = true
		}
	}
	return nodes, nps, foundNodes && foundNPS
}

// benchTimeout bounds one bench run, as OpenBench bounds it.
const benchTimeout = 60 * time.Second

// Bench runs "binary bench" twice and returns its signature. An engine
// without a bench has none (ok false, no error); two runs that differ are
// refused as non-deterministic, as OpenBench refuses them.
func Bench(ctx context.Context, binary string) (nodes uint64, ok bool, err error) {
	var got [2]uint64
	for i := range got {
		c, cancel := context.WithTimeout(ctx, benchTimeout)
		out, _ := exec.CommandContext(c, binary, "bench").CombinedOutput()
		cancel()
		if ctx.Err() != nil {
			return 0, false, ctx.Err()
		}
		n, _, found := ParseBench(string(out))
		if !found {
			return 0, false, nil
		}
		got[i] = n
	}
	if got[0] != got[1] {
		return 0, false, fmt.Errorf("non-deterministic bench: %d nodes, then %d", got[0], got[1])
	}
	return got[0], true, nil
}

// benchLine is fishtest's "Bench: N" in a commit message.
var benchLine = regexp.MustCompile(`(?im)^\s*bench[ :]+(\d+)\s*$`)

// CommitBench reads the bench a commit message names ("Bench: 123456"),
// the last if several; ok false if none.
func CommitBench(message string) (uint64, bool) {
	ms := benchLine.FindAllStringSubmatch(message, -1)
	if len(ms) == 0 {
		return 0, false
	}
	n, err := strconv.ParseUint(ms[len(ms)-1][1], 10, 64)
	return n, err == nil
}
