package render

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/ablate-chess/ablate/experiments/resultdir"
)

// Index writes results/INDEX.md's text: every result stored under root
// (resultdir.IndexDir), one Markdown row each, with its command.
func Index(w io.Writer, root string, stored []resultdir.Stored) error {
	var total int64
	fmt.Fprintf(w, "# Stored results\n\nEvery result stored under `%s/`: what it is, whether it finished, its size, and the command "+
		"that made it (from its run.json, match.json, worth.json, tune.json or texel.json). Written by `make docs` (`ablate docs --index %s`).\n\n", root, root)
	fmt.Fprintln(w, "| result | kind | state | size | command |")
	fmt.Fprintln(w, "|:--|:--|:--|--:|:--|")
	for _, s := range stored {
		state := "partial (resumes)"
		if s.Complete {
			state = "complete"
		}
		rel := strings.TrimPrefix(s.Path, root+string(filepath.Separator))
		cmd := strings.ReplaceAll(s.Command, "|", `\|`)
		if cmd != "" {
			cmd = "`" + cmd + "`"
		}
		fmt.Fprintf(w, "| [%s](%s) | %s | %s | %s | %s |\n", rel, rel, s.What, state, size(s.Bytes), cmd)
		total += s.Bytes
	}
	_, err := fmt.Fprintf(w, "\n%d results, %s in all.\n", len(stored), size(total))
	return err
}

// size is a byte count for people: B, KB or MB.
func size(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.0f KB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}
