package resultdir

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/ablate-chess/ablate/experiments/records"
)

// WorthInfoName is a worth directory's description: what made it. It is
// written before the tree sizes, so that a directory begun by a worth is
// known as one however early it was stopped.
const WorthInfoName = "worth.json"

// WorthInfo is worth.json.
type WorthInfo struct {
	Args    []string  `json:"args"`
	Started time.Time `json:"started"`
	// Replaces is the directory this worth takes the place of once every
	// cell is played (--force); until then it is written beside it.
	Replaces string `json:"replaces,omitempty"`
	Complete bool   `json:"complete"`
	// Plan is what the worth computes (worth.Plan), which the same command
	// again must ask for to go on with it.
	Plan json.RawMessage `json:"plan,omitempty"`
	Origin
}

// WriteWorthInfo writes dir/worth.json, whole or not at all.
func WriteWorthInfo(dir string, wi *WorthInfo) error {
	wi.Origin.Fill()
	data, err := json.MarshalIndent(wi, "", "  ")
	if err != nil {
		return err
	}
	return writeFileAtomic(filepath.Join(dir, WorthInfoName), append(data, '\n'))
}

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

// FinishWorth marks a worth directory complete; one that replaces another
// (--force) then takes its place, and the path it is now at is returned.
func FinishWorth(dir string, wi *WorthInfo) (string, error) {
	if wi.Complete && wi.Replaces == "" { // complete already: worth.json stays as the run that played wrote it
		return dir, nil
	}
	target := wi.Replaces
	wi.Complete, wi.Replaces = true, ""
	if err := WriteWorthInfo(dir, wi); err != nil {
		return dir, err
	}
	if target == "" {
		return dir, nil
	}
	if err := replaceDir(dir, target); err != nil {
		return dir, fmt.Errorf("the new worth is complete in %s but could not replace %s: %v", dir, target, err)
	}
	return target, nil
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
