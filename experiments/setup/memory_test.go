package setup

import (
	"strings"
	"testing"
)

// TestMemoryMessageSaysWhatFits: hash times workers past the available
// memory names what would fit.
func TestMemoryMessageSaysWhatFits(t *testing.T) {
	avail, ok := availableMB()
	if !ok {
		t.Skip("no /proc/meminfo")
	}
	tables := int(avail/4096) + 1
	err := CheckHash(4096, tables)
	if err == nil || !strings.Contains(err.Error(), "available; at most") {
		t.Errorf("4096 MB x %d tables: %v", tables, err)
	}
	if err := CheckHash(16, 2); err != nil {
		t.Errorf("16 MB x 2: %v", err)
	}
}
