package uci

import (
	"fmt"
	"strconv"
	"strings"
)

// Info is a parsed "info" line.
type Info struct {
	Depth, SelDepth int
	Score           int  // centipawns, or moves to mate when Mate
	Mate            bool // Score counts moves to mate (negative: being mated)
	HasScore        bool
	Bound           bool // the score is a lowerbound or an upperbound
	Nodes, NPS      uint64
	TimeMS          int64
	PV              []string
	String          string // info string ...
}

// ParseEngineLine checks one line an engine sends, strictly: it must be one
// of the messages the UCI protocol defines for engines, well formed. It
// returns the message's first word and, for info lines, the parsed info.
func ParseEngineLine(line string) (kind string, info *Info, err error) {
	f := strings.Fields(line)
	if len(f) == 0 {
		return "", nil, nil // empty lines are allowed and ignored
	}
	switch f[0] {
	case "id":
		if len(f) < 3 || (f[1] != "name" && f[1] != "author") {
			return "", nil, fmt.Errorf("malformed id line %q", line)
		}
	case "uciok", "readyok":
		if len(f) != 1 {
			return "", nil, fmt.Errorf("%s takes no arguments: %q", f[0], line)
		}
	case "option":
		if err := checkOption(f); err != nil {
			return "", nil, fmt.Errorf("%v: %q", err, line)
		}
	case "bestmove":
		if len(f) != 2 && !(len(f) == 4 && f[2] == "ponder") {
			return "", nil, fmt.Errorf("malformed bestmove line %q", line)
		}
		if !isUCIMove(f[1]) {
			return "", nil, fmt.Errorf("bestmove %q is not a move in UCI form", f[1])
		}
	case "info":
		in, err := parseInfo(f[1:])
		if err != nil {
			return "", nil, fmt.Errorf("%v: %q", err, line)
		}
		return "info", in, nil
	case "copyprotection", "registration":
	default:
		return "", nil, fmt.Errorf("unknown engine message %q", line)
	}
	return f[0], nil, nil
}

func isUCIMove(s string) bool {
	if s == "0000" || s == "(none)" {
		return true
	}
	if len(s) != 4 && len(s) != 5 {
		return false
	}
	for i := 0; i < 4; i += 2 {
		if s[i] < 'a' || s[i] > 'h' || s[i+1] < '1' || s[i+1] > '8' {
			return false
		}
	}
	return len(s) == 4 || strings.IndexByte("nbrq", s[4]) >= 0
}

func checkOption(f []string) error {
	// option name <id...> type <t> [default <x>] [min <x>] [max <x>] [var <x>]...
	if len(f) < 5 || f[1] != "name" {
		return fmt.Errorf("malformed option")
	}
	ti := -1
	for i, w := range f {
		if w == "type" {
			ti = i
			break
		}
	}
	if ti < 3 || ti+1 >= len(f) {
		return fmt.Errorf("option without a name or type")
	}
	switch f[ti+1] {
	case "check", "spin", "combo", "button", "string":
	default:
		return fmt.Errorf("unknown option type %q", f[ti+1])
	}
	return nil
}

var infoInts = map[string]bool{
	"depth": true, "seldepth": true, "time": true, "nodes": true, "multipv": true,
	"currmovenumber": true, "hashfull": true, "nps": true, "tbhits": true, "sbhits": true, "cpuload": true,
}

func parseInfo(f []string) (*Info, error) {
	in := &Info{}
	for i := 0; i < len(f); i++ {
		key := f[i]
		switch {
		case key == "string":
			in.String = strings.Join(f[i+1:], " ")
			return in, nil
		case key == "pv":
			for _, m := range f[i+1:] {
				if !isUCIMove(m) {
					return nil, fmt.Errorf("pv move %q is not in UCI form", m)
				}
			}
			in.PV = f[i+1:]
			return in, nil
		case key == "score":
			if i+2 >= len(f) {
				return nil, fmt.Errorf("score without a value")
			}
			v, err := strconv.Atoi(f[i+2])
			if err != nil || (f[i+1] != "cp" && f[i+1] != "mate") {
				return nil, fmt.Errorf("malformed score")
			}
			in.Score, in.Mate, in.HasScore = v, f[i+1] == "mate", true
			i += 2
			if i+1 < len(f) && (f[i+1] == "lowerbound" || f[i+1] == "upperbound") {
				in.Bound = true
				i++
			}
		case key == "currmove":
			if i+1 >= len(f) || !isUCIMove(f[i+1]) {
				return nil, fmt.Errorf("malformed currmove")
			}
			i++
		case key == "wdl":
			i += 3
		case infoInts[key]:
			if i+1 >= len(f) {
				return nil, fmt.Errorf("%s without a value", key)
			}
			v, err := strconv.ParseInt(f[i+1], 10, 64)
			if err != nil {
				return nil, fmt.Errorf("%s %q is not a number", key, f[i+1])
			}
			switch key {
			case "depth":
				in.Depth = int(v)
			case "seldepth":
				in.SelDepth = int(v)
			case "time":
				in.TimeMS = v
			case "nodes":
				in.Nodes = uint64(v)
			case "nps":
				in.NPS = uint64(v)
			}
			i++
		default:
			return nil, fmt.Errorf("unknown info field %q", key)
		}
	}
	return in, nil
}

// Option is an option an engine announces.
type Option struct {
	Name     string
	Type     string // check, spin, combo, button or string
	Default  string
	Min, Max int // spin options
	Vars     []string
}

// ParseOption reads "option name <id> type <t> [default <x>] [min <n>]
// [max <n>] [var <x>]...". Names and values may hold spaces.
func ParseOption(line string) (Option, error) {
	f := strings.Fields(line)
	if err := checkOption(f); err != nil {
		return Option{}, fmt.Errorf("%v: %q", err, line)
	}
	var o Option
	key := ""
	var val []string
	flush := func() error {
		v := strings.Join(val, " ")
		switch key {
		case "name":
			o.Name = v
		case "type":
			o.Type = v
		case "default":
			o.Default = v
		case "min", "max":
			n, err := strconv.Atoi(v)
			if err != nil {
				return fmt.Errorf("option %s: %s %q is not a number", o.Name, key, v)
			}
			if key == "min" {
				o.Min = n
			} else {
				o.Max = n
			}
		case "var":
			o.Vars = append(o.Vars, v)
		}
		val = nil
		return nil
	}
	for _, w := range f[1:] {
		switch {
		case w == "name" && key == "", w == "type" && key == "name",
			(w == "default" || w == "min" || w == "max" || w == "var") && key != "name" && key != "":
			if err := flush(); err != nil {
				return Option{}, err
			}
			key = w
		default:
			val = append(val, w)
		}
	}
	if err := flush(); err != nil {
		return Option{}, err
	}
	if o.Type == "spin" && o.Min > o.Max {
		return Option{}, fmt.Errorf("option %s: min %d above max %d", o.Name, o.Min, o.Max)
	}
	return o, nil
}

// Check says whether value is a valid value of the option.
func (o *Option) Check(value string) error {
	switch o.Type {
	case "check":
		if value != "true" && value != "false" {
			return fmt.Errorf("option %q is a check: true or false, not %q", o.Name, value)
		}
	case "spin":
		n, err := strconv.Atoi(value)
		if err != nil || n < o.Min || n > o.Max {
			return fmt.Errorf("option %q takes %d to %d, not %q", o.Name, o.Min, o.Max, value)
		}
	case "combo":
		for _, v := range o.Vars {
			if strings.EqualFold(v, value) {
				return nil
			}
		}
		return fmt.Errorf("option %q takes one of %q, not %q", o.Name, o.Vars, value)
	case "button":
		if value != "" {
			return fmt.Errorf("option %q is a button: it takes no value", o.Name)
		}
	}
	return nil
}
