package matrix

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ablate-chess/ablate/engine/subject"
)

// A generator turns a list of techniques (or parameter ranges) into
// matrix rows: (name, spec) pairs on a base spec.
type genRow struct{ name, spec string }

func checkTechniques(sub subject.Subject, ts []string) error {
	if len(ts) == 0 {
		return fmt.Errorf("no techniques given")
	}
	known := map[string]bool{}
	for _, t := range sub.Techniques() {
		known[t] = true
	}
	seen := map[string]bool{}
	for _, t := range ts {
		if !known[t] {
			return fmt.Errorf("unknown technique %q (known: %s)", t, strings.Join(sub.Techniques(), ", "))
		}
		if seen[t] {
			return fmt.Errorf("technique %s given twice", t)
		}
		seen[t] = true
	}
	return nil
}

// Ladder: the base with all the techniques off, then each row switches one
// more on, in the order given.
func Ladder(sub subject.Subject, base string, ts []string) ([]genRow, error) {
	if err := checkTechniques(sub, ts); err != nil {
		return nil, err
	}
	spec := base
	for _, t := range ts {
		spec += ",-" + t
	}
	rows := []genRow{{"none", spec}}
	name := ""
	for _, t := range ts {
		spec += ",+" + t
		name += "+" + t
		rows = append(rows, genRow{name, spec})
	}
	return rows, nil
}

// LeaveOneOut: the base, then the base without each technique; a technique
// the base has off is switched on instead, and its row named +technique.
func LeaveOneOut(sub subject.Subject, base string, ts []string) ([]genRow, error) {
	if err := checkTechniques(sub, ts); err != nil {
		return nil, err
	}
	cfg, err := sub.ParseConfig(base)
	if err != nil {
		return nil, err
	}
	rows := []genRow{{base, base}}
	for _, name := range ts {
		sign := "-"
		if !cfg.Has(name) {
			sign = "+"
		}
		rows = append(rows, genRow{sign + name, base + "," + sign + name})
	}
	return rows, nil
}

// Factorial: every combination of the techniques on and off (2^k rows,
// k at most 8), the first with all off.
func Factorial(sub subject.Subject, base string, ts []string) ([]genRow, error) {
	if err := checkTechniques(sub, ts); err != nil {
		return nil, err
	}
	if len(ts) > 8 {
		return nil, fmt.Errorf("factorial over %d techniques is %d configurations; at most 8 techniques", len(ts), 1<<len(ts))
	}
	var rows []genRow
	for mask := 0; mask < 1<<len(ts); mask++ {
		var name, spec strings.Builder
		spec.WriteString(base)
		for i, t := range ts {
			sign := "-"
			if mask&(1<<i) != 0 {
				sign = "+"
			}
			name.WriteString(sign + t)
			spec.WriteString("," + sign + t)
		}
		rows = append(rows, genRow{name.String(), spec.String()})
	}
	return rows, nil
}

// maxGridRows bounds a sweep grid: a thousand configurations is already
// hours of searching.
const maxGridRows = 1000

// Sweep: one row per value of each parameter range name=from:to:step; two
// or more ranges make a grid.
func Sweep(sub subject.Subject, base string, ranges []string) ([]genRow, error) {
	rows := []genRow{{"", base}}
	for _, rg := range ranges {
		name, values, err := parseRange(sub, base, rg)
		if err != nil {
			return nil, err
		}
		if len(rows)*len(values) > maxGridRows {
			return nil, fmt.Errorf("sweep grid of more than %d configurations", maxGridRows)
		}
		var next []genRow
		for _, r := range rows {
			for _, v := range values {
				item := fmt.Sprintf("%s=%d", name, v)
				n := item
				if r.name != "" {
					n = r.name + "," + item
				}
				next = append(next, genRow{n, r.spec + "," + item})
			}
		}
		rows = next
	}
	return rows, nil
}

// parseRange reads name=from:to:step (step defaults to 1) and checks every
// value against the parameter's range.
func parseRange(sub subject.Subject, base, s string) (string, []int, error) {
	name, rng, ok := strings.Cut(s, "=")
	if !ok {
		return "", nil, fmt.Errorf("sweep %q: want name=from:to:step", s)
	}
	parts := strings.Split(rng, ":")
	if len(parts) < 2 || len(parts) > 3 {
		return "", nil, fmt.Errorf("sweep %q: want name=from:to:step", s)
	}
	nums := []int{0, 0, 1}
	for i, p := range parts {
		n, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil {
			return "", nil, fmt.Errorf("sweep %q: %q is not a whole number", s, p)
		}
		nums[i] = n
	}
	from, to, step := nums[0], nums[1], nums[2]
	if step <= 0 || to < from {
		return "", nil, fmt.Errorf("sweep %q: want from <= to and a positive step", s)
	}
	if (to-from)/step+1 > 1000 {
		return "", nil, fmt.Errorf("sweep %q: more than 1000 values", s)
	}
	var values []int
	for v := from; v <= to; v += step {
		if _, err := sub.ParseConfig(fmt.Sprintf("%s,%s=%d", base, name, v)); err != nil {
			return "", nil, fmt.Errorf("sweep %q: %v", s, err)
		}
		values = append(values, v)
	}
	return name, values, nil
}
