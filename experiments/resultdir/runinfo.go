package resultdir

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/ablate-chess/ablate/experiments/records"
)

// Names are run.json and its journal, records.jsonl.
func (ri *RunInfo) Names() (string, string) { return "run.json", JournalName }

func (ri *RunInfo) shard() *ShardInfo { return ri.Shard }

// OrderRecords sorts records into the plan order run.json describes:
// configuration, then position, then depth. It is the order a whole run
// writes, so that merged shards write the same file.
func (ri *RunInfo) OrderRecords(recs []records.Record) {
	rank := map[string]int{}
	for i, k := range ri.JobsOf() {
		rank[k] = i
	}
	records.SortByJob(recs, rank)
}

// JobsOf lists the jobs run.json describes, as group\x00config\x00position.
func (ri *RunInfo) JobsOf() []string {
	var out []string
	for _, c := range ri.Configs {
		for _, id := range ri.Suites[c.Suite] {
			out = append(out, records.JobKey(c.Group, c.Name, id))
		}
	}
	return out
}

// CheckRecords checks a shard's records against the plan run.json
// describes, so that a damaged file is refused rather than merged: each
// record's job is one of the plan's, its depth one of the configuration's
// iterations, and its node count above zero.
func (ri *RunInfo) CheckRecords(recs []records.Record, file string) error {
	depth := map[string]int{}
	for _, c := range ri.Configs {
		for _, id := range ri.Suites[c.Suite] {
			depth[records.JobKey(c.Group, c.Name, id)] = c.Depth
		}
	}
	for i := range recs {
		r := &recs[i]
		d, ok := depth[records.JobKey(r.Group, r.Config, r.Position)]
		switch {
		case !ok:
			return fmt.Errorf("%s: record %d (%s) is no job of the plan in run.json", file, i+1, records.JobName(records.JobKey(r.Group, r.Config, r.Position)))
		case r.Depth < 1 || (d > 0 && r.Depth > d):
			return fmt.Errorf("%s: record %d (%s) has depth %d; the plan searches to %d", file, i+1, records.JobName(records.JobKey(r.Group, r.Config, r.Position)), r.Depth, d)
		case r.Nodes == 0:
			return fmt.Errorf("%s: record %d (%s) has no nodes", file, i+1, records.JobName(records.JobKey(r.Group, r.Config, r.Position)))
		}
	}
	return nil
}

// CheckWhole checks that a complete run's (or shard's) records hold every
// job it ran to its end: Jobs of them, each to its configuration's depth
// or to the record of the cap that stopped it. A records.csv cut short
// (at a line's end, so that every line reads) fails here, naming the file.
func (ri *RunInfo) CheckWhole(recs []records.Record, file string) error {
	depth := map[string]int{}
	for _, c := range ri.Configs {
		for _, id := range ri.Suites[c.Suite] {
			depth[records.JobKey(c.Group, c.Name, id)] = c.Depth
		}
	}
	deepest := map[string]*records.Record{}
	var order []string
	for i := range recs {
		k := records.JobKey(recs[i].Group, recs[i].Config, recs[i].Position)
		if deepest[k] == nil {
			order = append(order, k)
		}
		if deepest[k] == nil || recs[i].Depth >= deepest[k].Depth {
			deepest[k] = &recs[i]
		}
	}
	if ri.Jobs > 0 && len(deepest) < ri.Jobs {
		return fmt.Errorf("%s holds %d of the %d jobs its run.json says were done: the file is cut short", file, len(deepest), ri.Jobs)
	}
	for _, k := range order {
		r := deepest[k]
		if d := depth[k]; d > 0 && r.Depth < d && r.CapExceeded == "" {
			return fmt.Errorf("%s: %s ends at depth %d of %d: the file is cut short", file, records.JobName(k), r.Depth, d)
		}
	}
	return nil
}

// RunInfo is run.json: what it takes to re-run a run and to judge its
// numbers later.
type RunInfo struct {
	Args        []string          `json:"args"`    // the command line, for people
	Request     json.RawMessage   `json:"request"` // what was asked, for --resume
	Format      string            `json:"format"`
	Experiment  string            `json:"experiment"`
	Description string            `json:"description,omitempty"`
	Configs     []ConfigInfo      `json:"configs"`
	Reference   map[string]string `json:"reference,omitempty"` // by group
	Jobs        int               `json:"jobs"`
	Workers     int               `json:"workers"`
	Repeat      int               `json:"repeat"`
	HashMB      int               `json:"hash_mb"`
	Origin
	Life
	Failed []string `json:"failed,omitempty"` // jobs whose engine failed, with why

	// Fingerprint identifies what the plan computes (configurations,
	// positions, engine, build): shards merge only with the same one.
	Fingerprint string `json:"fingerprint"`
	// Shard is this directory's slice of the plan; nil for a whole run.
	Shard *ShardInfo `json:"shard,omitempty"`
	// Shards lists the shards a merged run was made of.
	Shards []ShardInfo `json:"shards,omitempty"`
	// Suites holds each position set's ids in plan order (ConfigInfo.Suite
	// names one), so that shards' records merge in plan order.
	Suites map[string][]string `json:"suites,omitempty"`
}

// ShardInfo is one shard of a run or a match.
type ShardInfo struct {
	Index    int    `json:"index"`
	Count    int    `json:"count"`
	Dir      string `json:"dir,omitempty"`
	Host     string `json:"host,omitempty"`
	Jobs     int    `json:"jobs,omitempty"`
	Complete bool   `json:"complete"`
}

// ConfigInfo records one configuration as run.
type ConfigInfo struct {
	Group      string `json:"group"`
	Name       string `json:"name"`
	Spec       string `json:"spec"`
	Techniques string `json:"techniques"`
	Params     string `json:"params,omitempty"`
	Positions  string `json:"positions"`
	Suite      string `json:"suite,omitempty"` // its key in RunInfo.Suites
	Depth      int    `json:"depth"`
}

// Provenance fills in the engine, commit, Go version and CPU.
func (ri *RunInfo) Provenance() { ri.Origin.Fill() }

// Origin is what a result was made with, and where: ablate's version and
// the commit the binary was built from (whether its tree was modified),
// the Go that built it, the machine.
type Origin struct {
	Engine string `json:"engine"`
	Commit string `json:"commit"` // "+dirty" when Modified; "unknown" when the build recorded none
	// Modified: the binary was built from a tree with uncommitted changes,
	// so its commit does not say all it plays.
	Modified  bool   `json:"modified,omitempty"`
	GoVersion string `json:"go_version"`
	CPU       string `json:"cpu"`
	Cores     int    `json:"cores"`
	Host      string `json:"host"`
	// Earlier lists the other builds (their commits) that played part of
	// the result before this one resumed it, oldest first.
	Earlier []string `json:"earlier_builds,omitempty"`
}

func (o *Origin) origin() *Origin { return o }

// Fill fills in this build and this machine. A resume by another build
// keeps the commit it takes over from in Earlier.
func (o *Origin) Fill() {
	b := ThisBuild()
	before := o.Commit
	o.Engine, o.Commit = Version()
	if before != "" && before != o.Commit && !slices.Contains(o.Earlier, before) {
		o.Earlier = append(o.Earlier, before)
	}
	o.Modified = b.Modified
	o.GoVersion = b.GoVersion
	o.CPU = cpuModel()
	o.Cores = runtime.NumCPU()
	o.Host, _ = os.Hostname()
}

// BuiltFrom is the commit a build was made from, when the builder says so:
// go build -ldflags "-X github.com/ablate-chess/ablate/experiments/resultdir.BuiltFrom=SHA".
// Go records no revision for a build in a git worktree, where
// results/pinned.sh and compare --old-rev build a commit of their own.
var BuiltFrom string

// Build is what the running binary was built from, as the build itself
// recorded it (debug.ReadBuildInfo): never the repository around the
// working directory, which may hold another commit.
type Build struct {
	Version   string // the module's version, "(devel)" if none
	Commit    string // the VCS revision, or BuiltFrom, or "unknown"
	Modified  bool   // built from a tree with uncommitted changes
	GoVersion string
}

// ThisBuild is the running binary's build.
func ThisBuild() Build {
	info, _ := debug.ReadBuildInfo()
	return buildOf(info, BuiltFrom)
}

// buildOf reads a build's information (nil: none recorded).
func buildOf(info *debug.BuildInfo, builtFrom string) Build {
	b := Build{Version: "(devel)", Commit: "unknown", GoVersion: runtime.Version()}
	if info == nil {
		return b
	}
	if info.Main.Version != "" {
		b.Version = info.Main.Version
	}
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			b.Commit = s.Value
		case "vcs.modified":
			b.Modified = s.Value == "true"
		}
	}
	if b.Commit == "unknown" && builtFrom != "" {
		b.Commit = builtFrom
	}
	if info.GoVersion != "" {
		b.GoVersion = info.GoVersion
	}
	return b
}

// VersionLine is what ablate --version prints: the module version, the
// commit it was built from (or how to record it), and the Go that built
// it.
func VersionLine() string {
	version, commit := Version()
	if commit == "unknown" {
		commit = "unknown: make build records it"
	}
	return fmt.Sprintf("%s (commit %s, %s)", version, commit, ThisBuild().GoVersion)
}

// Version returns the module version and the commit the binary was built
// from, "+dirty" if its tree was modified ("unknown" when not recorded:
// go run, or GOFLAGS=-buildvcs=false, records none).
func Version() (version, commit string) {
	b := ThisBuild()
	commit = b.Commit
	if b.Modified {
		commit += "+dirty"
	}
	return b.Version, commit
}

func cpuModel() string {
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return runtime.GOARCH
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if k, v, ok := strings.Cut(sc.Text(), ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return runtime.GOARCH
}

// ReadRunInfo reads dir/run.json.
func ReadRunInfo(dir string) (*RunInfo, error) {
	path := filepath.Join(dir, "run.json")
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var ri RunInfo
	if err := json.Unmarshal(data, &ri); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return &ri, nil
}

// ResumeRun reads an interrupted run's directory: its run.json and the
// records its journal holds. A complete run is not resumed.
func ResumeRun(dir string) (*RunInfo, []records.Record, error) {
	ri, err := ReadRunInfo(dir)
	if err != nil {
		return nil, nil, err
	}
	if ri.Complete {
		return nil, nil, fmt.Errorf("that run is complete; its results are in records.csv and summary.csv")
	}
	recs, err := ReadJournal(dir)
	if err != nil {
		return nil, nil, err
	}
	return ri, recs, nil
}
