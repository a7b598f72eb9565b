package chess

import (
	"bufio"
	"compress/gzip"
	"io"
	"os"
)

// OpenPGN opens a PGN file for reading, plain or gzipped (told by its
// first bytes, not its name), so that stored games can be kept
// compressed and read wherever PGN is read. The path "-" is the
// standard input (which Close leaves open).
func OpenPGN(path string) (io.ReadCloser, error) {
	f := os.Stdin
	if path != "-" {
		var err error
		if f, err = os.Open(path); err != nil {
			return nil, err
		}
	}
	br := bufio.NewReader(f)
	if magic, _ := br.Peek(2); len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			f.Close()
			return nil, err
		}
		return readCloser{zr, f}, nil
	}
	return readCloser{br, f}, nil
}

type readCloser struct {
	io.Reader
	f *os.File
}

func (r readCloser) Close() error {
	if r.f == os.Stdin {
		return nil // the standard input stays open
	}
	return r.f.Close()
}
