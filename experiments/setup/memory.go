package setup

import (
	"bufio"
	"os"
	"strconv"
	"strings"

	"github.com/ablate-chess/ablate/engine/search"
)

// CheckHash checks the hash setting against its range and, times the number of
// tables that will be alive at once, against the memory this machine has
// available.
func CheckHash(hashMB, tables int) error {
	if hashMB < 1 || hashMB > search.MaxHashMB {
		return BadSetting("hash", "%d: the table size must be from 1 to %d MB", hashMB, search.MaxHashMB)
	}
	avail, ok := availableMB()
	if !ok {
		return nil
	}
	if need := uint64(hashMB) * uint64(tables); need > avail {
		return BadSetting("hash", "%d MB for each of %d tables needs %d MB, but this machine has %d MB available; "+
			"at most %d MB a table fits with %d tables", hashMB, tables, need, avail, avail/uint64(tables), tables)
	}
	return nil
}

// availableMB reads MemAvailable from /proc/meminfo (Linux).
func availableMB() (uint64, bool) {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0, false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "MemAvailable:"); ok {
			kb, err := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb / 1024, err == nil
		}
	}
	return 0, false
}
