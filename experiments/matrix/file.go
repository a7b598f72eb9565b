package matrix

import (
	"embed"
	"errors"
	"fmt"
	"os"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/ablate-chess/ablate/engine/subject"
	"github.com/ablate-chess/ablate/experiments/setup"
	"github.com/ablate-chess/ablate/experiments/source"
)

// An experiment file (TOML) names positions, a depth, a base preset and one
// or more matrices. A matrix is configurations as rows and techniques as
// columns: each row switches each column's technique on (1) or off (0) on
// the base, and may set parameters; techniques the matrix does not name keep
// the base's setting. A matrix may instead list rows as specs, or use a
// generator (ladder, leave_one_out, factorial, sweep). See experiments/*.toml.
//
// BurntSushi/toml parses the files: it reports syntax errors with their
// line, and the keys it did not use, which we reject by name.
type File struct {
	Name        string    `toml:"name"`
	Description string    `toml:"description"`
	Positions   string    `toml:"positions"`
	Depth       int       `toml:"depth"`
	Base        string    `toml:"base"`
	Reference   string    `toml:"reference"`
	Matrices    []Section `toml:"matrix"`
	// Match, if present, is the strength experiment ablate worth plays
	// on the same configurations: each row against its group's reference.
	Match *MatchSection `toml:"match"`
	// Profile, if present, maps an external engine's options to the
	// technique names the matrices use (ablate run --engine CMD).
	Profile *subject.Profile `toml:"profile"`
	// Source, if present, is an engine to build from its source in
	// variants (a revision each, or a revision and a patch): the subject
	// of the experiment, each variant a configuration.
	Source *source.Source `toml:"source"`

	// source names the file, matrixLines the line of each [[matrix]]
	// header and rowAt each matrix's rows' line and column (0 where not
	// found), so that an error in a matrix or a row names file:line:col.
	source      string
	matrixLines []int
	rowAt       [][][2]int
}

// MatchSection holds a file's match settings; what it leaves out keeps
// ablate match's defaults, and a command-line flag overrides it.
type MatchSection struct {
	Groups     []string `toml:"groups"` // the groups whose rows play; default all
	Pairs      int      `toml:"pairs"`
	Nodes      uint64   `toml:"nodes"`
	Depth      int      `toml:"depth"`
	TC         string   `toml:"tc"`
	MoveTime   string   `toml:"movetime"` // a duration: "100ms"
	TimeMargin string   `toml:"time_margin"`
	Openings   string   `toml:"openings"`
	Order      string   `toml:"openings_order"`
	Seed       uint64   `toml:"seed"`
	Resign     string   `toml:"resign"`
	Draw       string   `toml:"draw"`
	MaxMoves   int      `toml:"max_moves"`
	SPRT       string   `toml:"sprt"`
	Precision  float64  `toml:"precision"` // Elo: stop at this half-width
	// Budgets is a worth ladder's list: "nodes=2500,10000,tc=10+0.1".
	Budgets string `toml:"budgets"`
}

// Matrix is one group of configurations.
type Section struct {
	Name        string   `toml:"name"`
	Positions   string   `toml:"positions"`
	IDs         []string `toml:"ids"`
	Depth       int      `toml:"depth"`
	Base        string   `toml:"base"`
	Reference   string   `toml:"reference"`
	Columns     []string `toml:"columns"`
	Rows        []RowDef `toml:"rows"`
	Ladder      []string `toml:"ladder"`
	LeaveOneOut []string `toml:"leave_one_out"`
	Factorial   []string `toml:"factorial"`
	Sweep       []string `toml:"sweep"`
	// Budgets, in a worth ladder, are this group's budgets in place of
	// [match] budgets: "nodes=2500,10000,40000,160000".
	Budgets string `toml:"budgets"`
	// Pairs, in a worth, is this group's matches' pairs (their cap, with
	// a precision), in place of [match] pairs.
	Pairs int `toml:"pairs"`
	// BudgetPairs, in a worth ladder, gives the pairs at some of its
	// budgets in place of the group's: { "nodes=160000" = 250 }, where a
	// game costs too much for the cap the cheap rungs have.
	BudgetPairs map[string]int `toml:"budget_pairs"`
}

// RowDef is one row of a matrix: cells against the columns, or a spec.
type RowDef struct {
	Name  string   `toml:"name"`
	Cells []int    `toml:"cells"`
	Spec  string   `toml:"spec"`
	Set   []string `toml:"set"`
	Depth int      `toml:"depth"`
}

//go:embed *.toml
var builtin embed.FS

// Builtin lists the built-in experiments.
func Builtin() []string {
	entries, _ := builtin.ReadDir(".")
	var names []string
	for _, e := range entries {
		names = append(names, strings.TrimSuffix(e.Name(), ".toml"))
	}
	sort.Strings(names)
	return names
}

// LoadFile reads a built-in experiment by name, or else the file at path.
func LoadFile(nameOrPath string) (*File, error) {
	data, err := builtin.ReadFile(nameOrPath + ".toml")
	source := nameOrPath
	if err != nil {
		data, err = os.ReadFile(nameOrPath)
		if errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("%s: no such file, and no built-in experiment of that name (built-in: %s)",
				nameOrPath, strings.Join(Builtin(), ", "))
		}
		if err != nil {
			return nil, err
		}
	} else {
		source = "experiments/" + nameOrPath + ".toml"
	}
	return ParseFile(data, source)
}

// ParseFile parses an experiment file's text; source names it in errors.
func ParseFile(data []byte, source string) (*File, error) {
	var f File
	err := subject.DecodeTOML(data, source, &f, "name, description, positions, depth, base, reference, matrix, match, profile; "+
		"in a matrix: name, positions, ids, depth, base, reference, columns, rows, ladder, leave_one_out, factorial, sweep, "+
		"budgets, pairs, budget_pairs; in a row: name, cells, spec, set, depth; in match: groups, pairs, nodes, depth, tc, "+
		"movetime, time_margin, openings, openings_order, seed, resign, draw, max_moves, sprt, precision, budgets; "+
		"in profile: as a profile file; in source: as in docs/engines.md")
	if err != nil {
		return nil, err
	}
	if len(f.Matrices) == 0 {
		return nil, fmt.Errorf("%s: no [[matrix]]", source)
	}
	f.source = source
	for i, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "[[matrix]]") {
			f.matrixLines = append(f.matrixLines, i+1)
		}
	}
	f.findRows(strings.Split(string(data), "\n"))
	if f.Profile != nil {
		if err := f.Profile.Validate(source + ", [profile]"); err != nil {
			return nil, err
		}
	}
	return &f, nil
}

// findRows finds each named row's line and column in the file's lines:
// in its matrix's part of the file, after the rows key (or the first
// [[matrix.rows]]), the first "name = ..." that names it, in row order.
func (f *File) findRows(lines []string) {
	if len(f.matrixLines) != len(f.Matrices) {
		return
	}
	rowsKey := regexp.MustCompile(`^\s*(rows\s*=|\[\[\s*matrix\.rows\s*\]\])`)
	for i, m := range f.Matrices {
		end := len(lines)
		if i+1 < len(f.matrixLines) {
			end = f.matrixLines[i+1] - 1
		}
		at := make([][2]int, len(m.Rows))
		from := f.matrixLines[i] // 0-based: the line after the header
		for from < end && !rowsKey.MatchString(lines[from]) {
			from++
		}
		for j, r := range m.Rows {
			if r.Name == "" {
				continue
			}
			name := regexp.MustCompile(`\bname\s*=\s*("` + regexp.QuoteMeta(strconv.Quote(r.Name)[1:len(strconv.Quote(r.Name))-1]) +
				`"|'` + regexp.QuoteMeta(r.Name) + `')`)
			for k := from; k < end; k++ {
				if loc := name.FindStringIndex(lines[k]); loc != nil {
					at[j], from = [2]int{k + 1, loc[0] + 1}, k
					break
				}
			}
		}
		f.rowAt = append(f.rowAt, at)
	}
}

// rowError is an error in one row of a matrix: the row's index in the
// matrix's rows, or -1 for a generated row.
type rowError struct {
	row int
	err error
}

func (e *rowError) Error() string { return e.err.Error() }

// where names a matrix, or one of its rows, as file:line:col where the
// lines are known.
func (f *File) where(i int, group string, err error) string {
	var re *rowError
	if errors.As(err, &re) && re.row >= 0 && i < len(f.rowAt) && f.rowAt[i][re.row][0] > 0 {
		at := f.rowAt[i][re.row]
		return fmt.Sprintf("%s:%d:%d: matrix %q, row %q", f.source, at[0], at[1], group, f.Matrices[i].Rows[re.row].Name)
	}
	if i < len(f.matrixLines) && len(f.matrixLines) == len(f.Matrices) {
		return fmt.Sprintf("%s:%d:1: matrix %q", f.source, f.matrixLines[i], group)
	}
	return fmt.Sprintf("%s, matrix %q", f.Name, group)
}

// addFile adds an experiment file's matrices to the plan.
func (b *builder) addFile(f *File) error {
	b.plan.Name, b.plan.Description, b.plan.Match = f.Name, f.Description, f.Match
	for i, m := range f.Matrices {
		group := m.Name
		if group == "" {
			group = fmt.Sprintf("matrix %d", i+1)
		}
		where := f.where(i, group, nil)
		base := first(m.Base, f.Base, b.plan.Subject.Presets()[0])
		suite, err := b.suite(first(m.Positions, f.Positions, "six"), m.IDs)
		var flag *setup.SettingError
		if errors.As(err, &flag) {
			return err
		}
		if err != nil {
			return fmt.Errorf("%s: %v", where, err)
		}
		depth := firstInt(b.opts.Depth, m.Depth, f.Depth, 8)
		rows, err := matrixRows(b.plan.Subject, &m, base)
		if err != nil {
			return fmt.Errorf("%s: %v", f.where(i, group, err), err)
		}
		for _, r := range rows {
			d := depth
			if r.depth != 0 {
				d = r.depth
			}
			if err := b.add(group, r.name, r.spec, suite, d); err != nil {
				return fmt.Errorf("%s: %v", f.where(i, group, &rowError{r.row, err}), err)
			}
		}
		if m.Budgets != "" {
			if b.plan.Budgets == nil {
				b.plan.Budgets = map[string]string{}
			}
			b.plan.Budgets[group] = m.Budgets
		}
		if m.Pairs < 0 {
			return fmt.Errorf("%s: pairs %d: play at least one pair", where, m.Pairs)
		}
		if m.Pairs > 0 {
			if b.plan.Pairs == nil {
				b.plan.Pairs = map[string]int{}
			}
			b.plan.Pairs[group] = m.Pairs
		}
		var budgets []setup.Budget // the group's, where the file gives them, to check budget_pairs against
		if list := m.Budgets; list != "" || f.Match != nil && f.Match.Budgets != "" {
			if list == "" {
				list = f.Match.Budgets
			}
			var err error
			if budgets, err = setup.ParseBudgets(list); err != nil {
				return fmt.Errorf("%s: %v", where, err)
			}
		}
		for budget, n := range m.BudgetPairs {
			if n < 1 {
				return fmt.Errorf("%s: budget_pairs %s = %d: play at least one pair", where, budget, n)
			}
			one, err := setup.ParseBudgets(budget)
			if err != nil || len(one) != 1 {
				return fmt.Errorf("%s: budget_pairs %q is not one budget", where, budget)
			}
			if budgets != nil && !slices.ContainsFunc(budgets, func(x setup.Budget) bool { return x.String() == one[0].String() }) {
				return fmt.Errorf("%s: budget_pairs %s is not one of its budgets", where, budget)
			}
			if b.plan.BudgetPairs == nil {
				b.plan.BudgetPairs = map[string]map[string]int{}
			}
			if b.plan.BudgetPairs[group] == nil {
				b.plan.BudgetPairs[group] = map[string]int{}
			}
			b.plan.BudgetPairs[group][budget] = n
		}
		if ref := first(m.Reference, f.Reference); ref != "" {
			if b.names[ref] == group {
				b.plan.Reference[group] = ref
			} else if m.Reference != "" {
				return fmt.Errorf("%s: reference %q is not one of its rows", where, ref)
			}
		}
	}
	return nil
}

type fileRow struct {
	name, spec string
	depth      int
	row        int // its index in the matrix's rows, or -1 if generated
}

// matrixRows expands a matrix into named specs.
func matrixRows(sub subject.Subject, m *Section, base string) ([]fileRow, error) {
	gens := 0
	var gen []genRow
	var err error
	for _, g := range []struct {
		list []string
		fn   func(subject.Subject, string, []string) ([]genRow, error)
	}{{m.Ladder, Ladder}, {m.LeaveOneOut, LeaveOneOut}, {m.Factorial, Factorial}, {m.Sweep, Sweep}} {
		if len(g.list) > 0 {
			gens++
			gen, err = g.fn(sub, base, g.list)
			if err != nil {
				return nil, err
			}
		}
	}
	if gens > 1 || (gens == 1 && len(m.Rows) > 0) {
		return nil, fmt.Errorf("give rows or one generator (ladder, leave_one_out, factorial, sweep), not several")
	}
	var out []fileRow
	for _, g := range gen {
		out = append(out, fileRow{g.name, g.spec, 0, -1})
	}
	for j, r := range m.Rows {
		if r.Name == "" {
			return nil, &rowError{-1, fmt.Errorf("row %d has no name", j+1)}
		}
		spec := base
		switch {
		case r.Spec != "" && r.Cells != nil:
			return nil, &rowError{j, fmt.Errorf("row %s: give cells or spec, not both", r.Name)}
		case r.Spec != "":
			spec = r.Spec
		case r.Cells != nil:
			if len(r.Cells) != len(m.Columns) {
				return nil, &rowError{j, fmt.Errorf("row %s has %d cells for %d columns", r.Name, len(r.Cells), len(m.Columns))}
			}
			for k, c := range r.Cells {
				switch c {
				case 1:
					spec += ",+" + m.Columns[k]
				case 0:
					spec += ",-" + m.Columns[k]
				default:
					return nil, &rowError{j, fmt.Errorf("row %s: cell %d is %d, want 1 (on) or 0 (off)", r.Name, k+1, c)}
				}
			}
		}
		for _, kv := range r.Set {
			spec += "," + kv
		}
		out = append(out, fileRow{r.Name, spec, r.Depth, j})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no rows")
	}
	return out, nil
}

func first(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}

func firstInt(v ...int) int {
	for _, x := range v {
		if x != 0 {
			return x
		}
	}
	return 0
}
