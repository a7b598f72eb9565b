package setup

import (
	"fmt"
	"slices"
	"strings"
)

// MovedTechniques compares the techniques a configuration began a result
// with (as its match.json or records list them, comma-separated) with
// those it switches on now: what its preset has gained and lost since
// (full following a new stage). A list naming a technique not in known,
// the subject's vocabulary, is from an older vocabulary renamed since and
// is not compared: nothing moved that can be told.
func MovedTechniques(known []string, began, now string) (gained, lost []string) {
	if began == "" {
		return nil, nil
	}
	vocabulary := map[string]bool{}
	for _, t := range known {
		vocabulary[t] = true
	}
	was := map[string]bool{}
	for _, t := range strings.Split(began, ",") {
		if !vocabulary[t] {
			return nil, nil
		}
		was[t] = true
	}
	is := map[string]bool{}
	for _, t := range strings.Split(now, ",") {
		if t == "" {
			continue
		}
		is[t] = true
		if !was[t] {
			gained = append(gained, t)
		}
	}
	for t := range was {
		if !is[t] {
			lost = append(lost, t)
		}
	}
	slices.Sort(gained)
	slices.Sort(lost)
	return gained, lost
}

// MovedError says that a configuration's preset has moved since a result
// began, naming what it gained and lost.
func MovedError(name, spec string, gained, lost []string) error {
	return fmt.Errorf("%s (%s) has other techniques now than when it began (gained %s; lost %s): "+
		"its preset has moved since; resume with the build that began it, or start again with a spec that names what it played",
		name, spec, listOrNone(gained), listOrNone(lost))
}

func listOrNone(names []string) string {
	if len(names) == 0 {
		return "nothing"
	}
	return strings.Join(names, ", ")
}
