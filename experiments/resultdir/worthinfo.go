package resultdir

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/ablate-chess/ablate/experiments/records"
)

// WorthInfoName is a worth directory's description: what made it. It is
// written before the tree sizes, so that a directory begun by a worth is
// known as one however early it was stopped.
const WorthInfoName = "worth.json"

// WorthInfo is worth.json.
type WorthInfo struct {
	Args []string `json:"args"`
	// Plan is what the worth computes (worth.Plan), which the same command
	// again must ask for to go on with it.
	Plan json.RawMessage `json:"plan,omitempty"`
	Origin
	Life
}

// Names are worth.json and no journal: each cell is a match directory with
// its own.
func (wi *WorthInfo) Names() (string, string) { return WorthInfoName, "" }

// ReadWorthInfo reads dir/worth.json; a worth made before it existed has
// none (os.ErrNotExist).
func ReadWorthInfo(dir string) (*WorthInfo, error) {
	data, err := os.ReadFile(filepath.Join(dir, WorthInfoName))
	if err != nil {
		return nil, err
	}
	var wi WorthInfo
	if err := json.Unmarshal(data, &wi); err != nil {
		return nil, fmt.Errorf("%s: %v", filepath.Join(dir, WorthInfoName), err)
	}
	return &wi, nil
}

// WriteWorthFile writes worth.csv to path, whole or not at all, leaving
// out the rows not played yet (no configuration).
func WriteWorthFile(path string, rows []records.WorthRow) error {
	var b bytes.Buffer
	if err := records.WriteWorthCSV(&b, records.Played(rows)); err != nil {
		return err
	}
	return writeFileAtomic(path, b.Bytes())
}

// ReadWorth reads a worth directory's table, dir/worth.csv (or dir itself,
// a worth.csv file).
func ReadWorth(dir string) ([]records.WorthRow, error) {
	path := dir
	if fi, err := os.Stat(dir); err == nil && fi.IsDir() {
		path = filepath.Join(dir, "worth.csv")
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return records.ReadWorthCSV(f, path)
}
