package resultdir

import (
	"errors"
	"path/filepath"
	"slices"
	"testing"
)

type growPlan struct {
	Games struct {
		Pairs int    `json:"pairs"`
		Nodes int    `json:"nodes"`
		Order string `json:"order"`
	} `json:"games"`
	Depth int `json:"depth"`
}

func grow(pairs, nodes, depth int) growPlan {
	var p growPlan
	p.Games.Pairs, p.Games.Nodes, p.Games.Order, p.Depth = pairs, nodes, "random", depth
	return p
}

// TestGrown: a plan grows only where it is asked a larger figure of a
// setting that grows, and nothing else changes.
func TestGrown(t *testing.T) {
	grows := []string{"games.pairs"}
	for _, c := range []struct {
		name        string
		stored, now growPlan
		grows       []string
		want        []string
	}{
		{"more pairs", grow(8000, 40000, 10), grow(16000, 40000, 10), grows, []string{"games.pairs: 8000 there, 16000 now"}},
		{"fewer pairs", grow(8000, 40000, 10), grow(4000, 40000, 10), grows, nil},
		{"the same plan", grow(8000, 40000, 10), grow(8000, 40000, 10), grows, nil},
		{"more pairs at other nodes", grow(8000, 40000, 10), grow(16000, 10000, 10), grows, nil},
		{"another depth", grow(8000, 40000, 10), grow(8000, 40000, 12), grows, nil},
		{"nodes do not grow", grow(8000, 40000, 10), grow(8000, 80000, 10), grows, nil},
		{"nothing grows", grow(8000, 40000, 10), grow(16000, 40000, 10), nil, nil},
		{"a key not in the plan", grow(8000, 40000, 10), grow(16000, 40000, 10), []string{"pairs"}, nil},
	} {
		got, err := Grown(c.stored, c.now, c.grows)
		if err != nil || !slices.Equal(got, c.want) {
			t.Errorf("%s: %q, %v; want %q", c.name, got, err, c.want)
		}
	}
}

// TestOpenGrows: an unfinished result asked more of is resumed and says
// what grew; a finished one is refused, saying it is finished; one asked
// less of, refused as another plan.
func TestOpenGrows(t *testing.T) {
	tmp := t.TempDir()
	begun, done := filepath.Join(tmp, "begun"), filepath.Join(tmp, "done")
	writeRun(t, begun, testPlan{Depth: 8}, false)
	writeRun(t, done, testPlan{Depth: 8}, true)
	ask := func(dir string, depth int) Ask {
		a := runAsk(dir, testPlan{Depth: depth}, false)
		a.Grows = []string{"depth"}
		return a
	}

	c, err := Open(ask(begun, 10))
	if err != nil || c.State != Resumed || !slices.Equal(c.Grown, []string{"depth: 8 there, 10 now"}) {
		t.Fatalf("the unfinished run asked deeper: %v, %+v", err, c)
	}
	c.Release()

	c, err = Open(ask(begun, 8))
	if err != nil || c.State != Resumed || c.Grown != nil {
		t.Fatalf("the unfinished run asked the same: %v, %+v", err, c)
	}
	c.Release()

	var changed *PlanChangedError
	if _, err := Open(ask(begun, 6)); !errors.As(err, &changed) || changed.Finished {
		t.Errorf("the unfinished run asked shallower: %v", err)
	}
	if _, err := Open(ask(done, 10)); !errors.As(err, &changed) || !changed.Finished {
		t.Errorf("the finished run asked deeper: %v", err)
	} else if want := "out " + done + " holds a run made with another plan (depth: 8 there, 10 now); it is finished, " +
		"and only an unfinished run goes on to more"; err.Error() != want {
		t.Errorf("the finished run asked deeper:\n%v\nwant\n%s", err, want)
	}
}
