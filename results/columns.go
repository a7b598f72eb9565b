package results

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"reflect"
	"strconv"
	"strings"
)

// The files' schemas come from struct tags: `csv:"name"` names a column, in
// field order; `csv:"name,option"` puts it in a class of columns that a row
// may declare unknown (a record's "counter" columns when its engine does not
// report them, a summary's "total" columns when positions were cut short).
// Unknown cells are written empty in CSV and null in JSON, never as zeros.

// blanker is a row that may declare a class of its columns unknown.
type blanker interface{ blank(option string) bool }

// blankSetter is told which classes of columns a file left empty.
type blankSetter interface{ setBlank(option string) }

// A field tagged `csv:"*"` is a set of columns: an array whose type names
// each element's column (columnSet), as the search's counters do, so that
// the columns come from the table that defines the counters.
type columnSet interface{ ColumnNames() []string }

type column struct {
	name, option string
	field, elem  int // elem: the element of a set of columns, else -1
}

// of is the column's value in the struct v.
func (c column) of(v reflect.Value) reflect.Value {
	if c.elem >= 0 {
		return v.Field(c.field).Index(c.elem)
	}
	return v.Field(c.field)
}

// columnsOf lists a struct's columns under the tag key ("csv" or "json").
func columnsOf(t reflect.Type) []column { return columnsBy(t, "csv") }

func columnsBy(t reflect.Type, key string) []column {
	var cols []column
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get(key), ",")
		_, option, _ := strings.Cut(f.Tag.Get("csv"), ",")
		switch {
		case name == "-" || name == "":
		case name == "*":
			set := reflect.Zero(f.Type).Interface().(columnSet)
			for j, n := range set.ColumnNames() {
				if n != "" {
					cols = append(cols, column{n, option, i, j})
				}
			}
		default:
			cols = append(cols, column{name, option, i, -1})
		}
	}
	return cols
}

func columnNames(t reflect.Type) []string {
	cols := columnsOf(t)
	names := make([]string, len(cols))
	for i, c := range cols {
		names[i] = c.name
	}
	return names
}

func isBlank(row any, option string) bool {
	b, ok := row.(blanker)
	return ok && option != "" && b.blank(option)
}

func writeCSV[T any](w io.Writer, rows []T) error {
	cw := csv.NewWriter(w)
	cols := columnsOf(reflect.TypeOf((*T)(nil)).Elem())
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
	index := map[string]column{}
	for _, c := range columnsOf(reflect.TypeOf((*T)(nil)).Elem()) {
		index[c.name] = c
	}
	colOf := make([]*column, len(header))
	known := 0
	for i, h := range header {
		if c, ok := index[strings.TrimSpace(h)]; ok {
			colOf[i] = &c
			known++
		}
	}
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
				s.setBlank(option)
				for _, c := range index {
					if c.option == option {
						c.of(v).SetZero()
					}
				}
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

// jsonColumns are a struct's fields that JSON carries, with their keys.
func jsonColumns(t reflect.Type) []column { return columnsBy(t, "json") }

// marshalOrdered writes a struct as a JSON object in field order, with null
// for the columns it declares unknown.
func marshalOrdered(row any) ([]byte, error) {
	v := reflect.ValueOf(row).Elem()
	var b bytes.Buffer
	b.WriteByte('{')
	for i, c := range jsonColumns(v.Type()) {
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
func unmarshalOrdered(data []byte, row any) error {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return err
	}
	v := reflect.ValueOf(row).Elem()
	cols := jsonColumns(v.Type())
	blanks := map[string]bool{}
	for _, c := range cols {
		val, ok := raw[c.name]
		if !ok {
			continue
		}
		if string(val) == "null" {
			if c.option != "" {
				blanks[c.option] = true
			}
			continue
		}
		if err := json.Unmarshal(val, c.of(v).Addr().Interface()); err != nil {
			return fmt.Errorf("%s: %v", c.name, err)
		}
	}
	if s, ok := row.(blankSetter); ok {
		for option := range blanks {
			s.setBlank(option)
			for _, c := range cols {
				if c.option == option {
					c.of(v).SetZero()
				}
			}
		}
	}
	return nil
}
