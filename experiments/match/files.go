package match

import (
	"bufio"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/ablate-chess/ablate/experiments/records"
	"github.com/ablate-chess/ablate/experiments/resultdir"
)

// WritePGN writes every game of the outcome to path, gzipped if its name ends in .gz.
func (m *Match) WritePGN(path string, out *Outcome) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	var w io.Writer = f
	var zw *gzip.Writer
	if strings.HasSuffix(path, ".gz") {
		zw = gzip.NewWriter(f)
		w = zw
	}
	bw := bufio.NewWriter(w)
	for _, p := range out.Pairs {
		for g := range p.Games {
			bw.WriteString(m.PGN(p, g))
		}
	}
	err = bw.Flush()
	if zw != nil && err == nil {
		err = zw.Close()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// WriteFiles writes a match directory's result files: games.pgn.gz and
// pairs.csv.
func (m *Match) WriteFiles(dir string, out *Outcome) error {
	if err := m.WritePGN(filepath.Join(dir, resultdir.GamesName), out); err != nil {
		return err
	}
	f, err := os.Create(filepath.Join(dir, "pairs.csv"))
	if err != nil {
		return err
	}
	if err := records.WritePairsCSV(f, Records(out.Pairs, m.A.Name)); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
