package fcfs_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/gridbench/gridbench/internal/sched/fcfs"
	"github.com/gridbench/gridbench/internal/sim"
	"github.com/gridbench/gridbench/internal/sim/simtest"
)

func TestHeadBlocks(t *testing.T) {
	p := sim.SingleMachine(4)
	jobs := []sim.Job{
		{ID: 1, Submit: 0, Run: 10, CPUs: 3},
		{ID: 2, Submit: 1, Run: 5, CPUs: 4}, // blocks until 10
		{ID: 3, Submit: 2, Run: 1, CPUs: 1}, // fits now, but FCFS keeps order
	}
	recs, err := sim.Simulate(p, jobs, fcfs.New())
	if err != nil {
		t.Fatal(err)
	}
	want := []sim.Record{rec(0, 10, 0), rec(10, 15, 0), rec(15, 16, 0)}
	if !slices.Equal(recs, want) {
		t.Errorf("records = %v, want %v", recs, want)
	}
}

func TestFastestFirst(t *testing.T) {
	p := sim.Platform{RefSpeed: 1, Machines: []sim.Machine{{CPUs: 2, Speed: 1}, {CPUs: 2, Speed: 2}, {CPUs: 2, Speed: 2}}}
	jobs := []sim.Job{{ID: 1, Run: 4, CPUs: 2}, {ID: 2, Run: 4, CPUs: 2}, {ID: 3, Run: 4, CPUs: 1}}
	recs, err := sim.Simulate(p, jobs, fcfs.New())
	if err != nil {
		t.Fatal(err)
	}
	want := []sim.Record{rec(0, 2, 1), rec(0, 2, 2), rec(0, 4, 0)}
	if !slices.Equal(recs, want) {
		t.Errorf("records = %v, want %v", recs, want)
	}
}

// TestStartsInOrder checks FCFS's defining property on random inputs:
// start times never decrease along the queue's arrival order.
func TestStartsInOrder(t *testing.T) {
	for seed := range uint64(200) {
		r := rand.New(rand.NewPCG(seed, 3))
		p := simtest.Platform(r, 3, 8, seed%2 == 0)
		jobs := simtest.Jobs(r, p, 1+r.IntN(60))
		recs, err := sim.Simulate(p, jobs, fcfs.New())
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if err := sim.Check(p, jobs, recs); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		// simtest.Jobs submits in input order, so input order is queue order.
		for i := 1; i < len(recs); i++ {
			if recs[i].Start < recs[i-1].Start {
				t.Fatalf("seed %d: job %d starts at %g before job %d at %g", seed, i, recs[i].Start, i-1, recs[i-1].Start)
			}
		}
	}
}

func rec(start, end float64, m int) sim.Record { return sim.Record{Start: start, End: end, Machine: m} }
