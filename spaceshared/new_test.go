package spaceshared_test

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/gridbench/gridbench/spaceshared"
)

// TestNewWithoutSource: New with a nil source builds every registered
// scheduler with the fixed default one, rand.NewPCG(1, 2), and the
// schedule is the one that source gives. Tabu, the one built-in that
// draws, dereferenced the nil source: a panic where every other name
// worked.
func TestNewWithoutSource(t *testing.T) {
	jobs := []spaceshared.Job{
		{ID: 1, Submit: 0, Run: 10, CPUs: 3, Estimate: 12, Deadline: 30, HasDeadline: true},
		{ID: 2, Submit: 1, Run: 5, CPUs: 4, Estimate: 5, Deadline: 12, HasDeadline: true},
		{ID: 3, Submit: 2, Run: 8, CPUs: 1, Estimate: 9, Deadline: 11, HasDeadline: true},
		{ID: 4, Submit: 2, Run: 3, CPUs: 2, Estimate: 4, Deadline: 40, HasDeadline: true},
	}
	p := spaceshared.SingleMachine(4)
	run := func(name string, src rand.Source) (recs []spaceshared.Record, err error) {
		defer func() {
			if v := recover(); v != nil {
				t.Errorf("%s: panic: %v", name, v)
			}
		}()
		s, err := spaceshared.New(name, src)
		if err != nil {
			return nil, err
		}
		defer spaceshared.Close(s)
		return spaceshared.Simulate(p, jobs, s)
	}
	for _, name := range spaceshared.Names() {
		got, err := run(name, nil)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		want, err := run(name, rand.NewPCG(1, 2))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s with no source: %v, with rand.NewPCG(1, 2): %v", name, got, want)
		}
	}
}
