package records

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// blanker is a row that may declare a class of its columns unknown.
type blanker interface{ Blank(option string) bool }

// blankSetter is told which classes of columns a file left empty.
type blankSetter interface{ setBlank(option string) }

// A field tagged `csv:"*"` is a set of columns: a Counts, whose names are
// its columns. The set's columns are the row's own (a file's come from its
// first row with names, and must be every row's), so that the records know
// an engine's counters by their names alone.
var countsType = reflect.TypeOf(Counts{})

type column struct {
	name, option string
	field, elem  int // elem: the element of a set of columns, else -1
}

// of is the column's value in the struct v.
func (c column) of(v reflect.Value) reflect.Value {
	if c.elem >= 0 {
		return v.Field(c.field).Field(1).Index(c.elem) // Counts.Values
	}
	return v.Field(c.field)
}

// columnsOf lists the CSV columns of a row of type t, with names as its
// set's columns.
func columnsOf(t reflect.Type, names []string) []column { return columnsBy(t, "csv", names) }

func columnsBy(t reflect.Type, key string, names []string) []column {
	var cols []column
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get(key), ",")
		_, option, _ := strings.Cut(f.Tag.Get("csv"), ",")
		switch {
		case name == "-" || name == "":
		case name == "*":
			for j, n := range names {
				cols = append(cols, column{n, option, i, j})
			}
		default:
			cols = append(cols, column{name, option, i, -1})
		}
	}
	return cols
}

// setField is the index of t's set of columns, or -1.
func setField(t reflect.Type) int {
	for i := 0; i < t.NumField(); i++ {
		if t.Field(i).Type == countsType {
			return i
		}
	}
	return -1
}

// setNames are the names of the set of columns of the rows: the first
// row's that has any. A row with other names is an error: one file holds
// one engine's counters.
func setNames[T any](rows []T) ([]string, error) {
	f := setField(reflect.TypeOf((*T)(nil)).Elem())
	if f < 0 {
		return nil, nil
	}
	var names []string
	for i := range rows {
		c := reflect.ValueOf(&rows[i]).Elem().Field(f).Interface().(Counts)
		switch {
		case len(c.Names) == 0:
		case names == nil:
			names = c.Names
		case !slices.Equal(names, c.Names):
			return nil, fmt.Errorf("row %d counts %s, row 1 %s: one file holds one set of counters",
				i+1, strings.Join(c.Names, ","), strings.Join(names, ","))
		}
	}
	return names, nil
}

func columnNames(t reflect.Type, names []string) []string {
	cols := columnsOf(t, names)
	out := make([]string, len(cols))
	for i, c := range cols {
		out[i] = c.name
	}
	return out
}

func isBlank(row any, option string) bool {
	b, ok := row.(blanker)
	return ok && option != "" && b.Blank(option)
}

// WriteRows writes rows as CSV, a header line first: the columns of the
// rows' struct tags.
func WriteRows[T any](w io.Writer, rows []T) error {
	names, err := setNames(rows)
	if err != nil {
		return err
	}
	cw := csv.NewWriter(w)
	cols := columnsOf(reflect.TypeOf((*T)(nil)).Elem(), names)
	line := make([]string, len(cols))
	for i, c := range cols {
		line[i] = c.name
	}
	if err := cw.Write(line); err != nil {
		return err
	}
	for i := range rows {
		v := reflect.ValueOf(&rows[i]).Elem()
		for j, c := range cols {
			if isBlank(&rows[i], c.option) {
				line[j] = ""
			} else {
				line[j] = formatField(c.of(v))
			}
		}
		if err := cw.Write(line); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

func formatField(f reflect.Value) string {
	switch f.Kind() {
	case reflect.String:
		return f.String()
	case reflect.Int:
		return strconv.FormatInt(f.Int(), 10)
	case reflect.Uint64:
		return strconv.FormatUint(f.Uint(), 10)
	case reflect.Float64:
		return strconv.FormatFloat(f.Float(), 'f', -1, 64)
	case reflect.Bool:
		return strconv.FormatBool(f.Bool())
	}
	panic("results: unsupported field kind " + f.Kind().String())
}

func readCSV[T any](r io.Reader, name string) ([]T, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	header, err := cr.Read()
	if err != nil {
		return nil, fmt.Errorf("%s: no header line: %v", name, err)
	}
	t := reflect.TypeOf((*T)(nil)).Elem()
	index := map[string]column{}
	for _, c := range columnsOf(t, nil) {
		index[c.name] = c
	}
	keys := make([]string, len(header))
	for i, h := range header {
		keys[i] = strings.TrimSpace(h)
		if a, ok := aliases[keys[i]]; ok && !slices.Contains(header, a) {
			keys[i] = a
		}
	}
	colOf, names := placeColumns(t, index, keys)
	known := 0
	for _, c := range colOf {
		if c != nil && c.elem < 0 {
			known++
		}
	}
	set := setField(t)
	if known == 0 {
		return nil, fmt.Errorf("%s:1: no known column in the header", name)
	}
	var out []T
	for line := 2; ; line++ {
		rec, err := cr.Read()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, line, err)
		}
		var row T
		v := reflect.ValueOf(&row).Elem()
		if set >= 0 && len(names) > 0 {
			v.Field(set).Set(reflect.ValueOf(Counts{Names: names, Values: make([]uint64, len(names))}))
		}
		blanks := map[string]bool{}
		for i, cell := range rec {
			if i >= len(colOf) || colOf[i] == nil {
				continue
			}
			c := colOf[i]
			if cell == "" && c.option != "" {
				blanks[c.option] = true
				continue
			}
			if err := parseField(c.of(v), cell); err != nil {
				return nil, fmt.Errorf("%s:%d: column %s: %v", name, line, header[i], err)
			}
		}
		// One empty cell makes its whole class unknown.
		if s, ok := any(&row).(blankSetter); ok {
			for option := range blanks {
				for _, c := range colOf {
					if c != nil && c.option == option {
						c.of(v).SetZero()
					}
				}
				s.setBlank(option)
			}
		}
		out = append(out, row)
	}
}

func parseField(f reflect.Value, s string) error {
	switch f.Kind() {
	case reflect.String:
		f.SetString(s)
	case reflect.Int:
		if s == "" {
			return nil
		}
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return fmt.Errorf("%q is not a whole number", s)
		}
		f.SetInt(n)
	case reflect.Uint64:
		if s == "" {
			return nil
		}
		n, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			return fmt.Errorf("%q is not a count", s)
		}
		f.SetUint(n)
	case reflect.Float64:
		if s == "" {
			return nil
		}
		x, err := strconv.ParseFloat(s, 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return fmt.Errorf("%q is not a finite number", s)
		}
		f.SetFloat(x)
	case reflect.Bool:
		if s == "" {
			return nil
		}
		b, err := strconv.ParseBool(s)
		if err != nil {
			return fmt.Errorf("%q is not true or false", s)
		}
		f.SetBool(b)
	}
	return nil
}

// placeColumns finds the columns of a file's keys (its header, or a JSON
// object's keys in order): the struct's named columns, and, in a struct
// with a set of columns, the unknown keys that stand where the set does
// (after the named columns before it, before those after it), in their
// order. Other unknown keys are nil: skipped, as a newer file's are.
func placeColumns(t reflect.Type, index map[string]column, keys []string) (cols []*column, names []string) {
	set := setField(t)
	cols = make([]*column, len(keys))
	for i, k := range keys {
		if c, ok := index[k]; ok {
			cols[i] = &c
		}
	}
	if set < 0 {
		return cols, nil
	}
	for i, k := range keys {
		if cols[i] != nil && cols[i].elem < 0 {
			continue
		}
		before, after := -1, t.NumField()
		for j := i - 1; j >= 0 && before < 0; j-- {
			if c, ok := index[keys[j]]; ok {
				before = c.field
			}
		}
		for j := i + 1; j < len(keys) && after == t.NumField(); j++ {
			if c, ok := index[keys[j]]; ok {
				after = c.field
			}
		}
		if before < set && set < after {
			cols[i] = &column{k, setOption(t, set), set, len(names)}
			names = append(names, k)
		}
	}
	return cols, names
}

// setOption is the option of t's set of columns ("counter").
func setOption(t reflect.Type, set int) string {
	_, option, _ := strings.Cut(t.Field(set).Tag.Get("csv"), ",")
	return option
}

// marshalOrdered writes a struct as a JSON object in field order, with null
// for the columns it declares unknown.
func marshalOrdered(row any) ([]byte, error) {
	v := reflect.ValueOf(row).Elem()
	var names []string
	if set := setField(v.Type()); set >= 0 {
		names = v.Field(set).Interface().(Counts).Names
	}
	var b bytes.Buffer
	b.WriteByte('{')
	for i, c := range columnsBy(v.Type(), "json", names) {
		if i > 0 {
			b.WriteByte(',')
		}
		key, _ := json.Marshal(c.name)
		b.Write(key)
		b.WriteByte(':')
		if isBlank(row, c.option) {
			b.WriteString("null")
			continue
		}
		val, err := json.Marshal(c.of(v).Interface())
		if err != nil {
			return nil, err
		}
		b.Write(val)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// unmarshalOrdered reads what marshalOrdered writes: a null in a column of
// a class marks the class unknown; a missing key leaves the field zero.
// With a set of columns, the keys the struct does not name are the set's,
// in the object's order.
func unmarshalOrdered(data []byte, row any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return fmt.Errorf("not a JSON object")
	}
	type field struct {
		key string
		val json.RawMessage
	}
	var fields []field
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		var val json.RawMessage
		if err := dec.Decode(&val); err != nil {
			return err
		}
		fields = append(fields, field{tok.(string), val})
	}
	v := reflect.ValueOf(row).Elem()
	t := v.Type()
	index := map[string]column{}
	for _, c := range columnsBy(t, "json", nil) {
		index[c.name] = c
	}
	keys := make([]string, len(fields))
	for i, f := range fields {
		keys[i] = f.key
		if a, ok := aliases[f.key]; ok && !slices.Contains(keys, a) {
			keys[i] = a
		}
	}
	placed, names := placeColumns(t, index, keys)
	if set := setField(t); set >= 0 && len(names) > 0 {
		v.Field(set).Set(reflect.ValueOf(Counts{Names: names, Values: make([]uint64, len(names))}))
	}
	var cols []column
	var vals []json.RawMessage
	for i, c := range placed {
		if c != nil {
			cols, vals = append(cols, *c), append(vals, fields[i].val)
		}
	}
	blanks := map[string]bool{}
	for i, c := range cols {
		if string(vals[i]) == "null" {
			if c.option != "" {
				blanks[c.option] = true
			}
			continue
		}
		if err := json.Unmarshal(vals[i], c.of(v).Addr().Interface()); err != nil {
			return fmt.Errorf("%s: %v", c.name, err)
		}
	}
	if s, ok := row.(blankSetter); ok {
		for option := range blanks {
			for _, c := range cols {
				if c.option == option {
					c.of(v).SetZero()
				}
			}
			s.setBlank(option)
		}
	}
	return nil
}
