package matrix

import (
	"context"
	"testing"
)

func TestShardsPartitionThePlan(t *testing.T) {
	plan, err := Build(Request{LeaveOneOut: []string{"lmr", "lmp", "nmp"}, Options: Options{Positions: "six", Depth: 6}})
	if err != nil {
		t.Fatal(err)
	}
	est, err := plan.Estimate(context.Background(), plan.AllJobs(), 2)
	if err != nil {
		t.Fatal(err)
	}
	a, b := plan.Assign(est, 3), plan.Assign(est, 3)
	seen := map[Job]int{}
	var load [3]float64
	for s := range a {
		if len(a[s]) != len(b[s]) {
			t.Fatal("two assignments differ")
		}
		for i, jb := range a[s] {
			if b[s][i] != jb {
				t.Fatal("two assignments differ")
			}
			seen[jb]++
			load[s] += est[jb]
		}
	}
	if len(seen) != plan.Jobs() {
		t.Errorf("%d jobs assigned of %d", len(seen), plan.Jobs())
	}
	for jb, n := range seen {
		if n != 1 {
			t.Errorf("%s in %d shards", plan.Key(jb), n)
		}
	}
	hi, total := 0.0, 0.0
	for _, l := range load {
		hi, total = max(hi, l), total+l
	}
	if hi > 1.3*total/3 {
		t.Errorf("estimated loads %v", load)
	}
}
