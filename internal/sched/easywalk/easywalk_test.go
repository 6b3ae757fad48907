package easywalk_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/gridbench/gridbench/generators/jobstream"
	"github.com/gridbench/gridbench/internal/adapt"
	"github.com/gridbench/gridbench/internal/sched"
	"github.com/gridbench/gridbench/internal/sched/easy"
	"github.com/gridbench/gridbench/internal/sched/easywalk"
	"github.com/gridbench/gridbench/internal/sim"
	"github.com/gridbench/gridbench/internal/sim/simtest"
)

// same simulates jobs with the fast EASY and the walking one, fails on the
// first job whose record differs, and returns how many jobs started before
// an earlier-submitted job (backfills, so the comparison is not vacuous).
func same(t *testing.T, ctx string, p sim.Platform, jobs []sim.Job) int {
	t.Helper()
	fast, err := sim.Simulate(p, jobs, easy.New())
	if err != nil {
		t.Fatalf("%s: easy: %v", ctx, err)
	}
	walk, err := sim.Simulate(p, jobs, easywalk.New())
	if err != nil {
		t.Fatalf("%s: easywalk: %v", ctx, err)
	}
	if err := sim.Check(p, jobs, walk); err != nil {
		t.Fatalf("%s: %v", ctx, err)
	}
	ahead := 0
	for i := range fast {
		if fast[i] != walk[i] {
			t.Fatalf("%s: job %d (%+v): easy %+v, easywalk %+v", ctx, i, jobs[i], fast[i], walk[i])
		}
		for k := range i {
			if walk[i].Start < walk[k].Start && jobs[k].Submit < jobs[i].Submit {
				ahead++
				break
			}
		}
	}
	return ahead
}

// TestSameSchedulesRandom: small random platforms (single machine,
// homogeneous and heterogeneous speeds) and workloads with exact, over-,
// under- and absent estimates.
func TestSameSchedulesRandom(t *testing.T) {
	ahead := 0
	for seed := range uint64(400) {
		r := rand.New(rand.NewPCG(seed, 7))
		p := simtest.Platform(r, 4, 10, seed%3 == 2)
		if seed%3 == 0 {
			p = sim.SingleMachine(1 + r.IntN(16))
		}
		jobs := simtest.Jobs(r, p, 1+r.IntN(100))
		ahead += same(t, fmt.Sprintf("seed %d", seed), p, jobs)
	}
	if ahead == 0 {
		t.Fatal("no job was backfilled: the comparison proves nothing about backfilling")
	}
}

// TestSameSchedulesDeadlineStreams: the deadline study's own generator
// (heterogeneous machines, exact run times) at its heaviest and lightest
// streams, on a reduced platform so that queues are long.
func TestSameSchedulesDeadlineStreams(t *testing.T) {
	ahead := 0
	for _, ia := range []float64{1, 5} {
		for seed := range uint64(4) {
			spec := jobstream.Default(0)
			spec.Jobs, spec.Machines, spec.MeanInterArrival = 600, 30, ia
			inst, err := adapt.GenerateDeadline(spec, seed)
			if err != nil {
				t.Fatal(err)
			}
			ahead += same(t, fmt.Sprintf("ia=%g seed %d", ia, seed), inst.Platform, inst.Jobs)
		}
	}
	if ahead == 0 {
		t.Fatal("no job was backfilled on the deadline streams")
	}
}

// TestWalkGrowsWithQueue: one CPU held by a long job and n one-CPU jobs
// arriving one by one behind a wide head; every pass walks the whole
// queue, so the work of n arrivals grows as n², while the fast EASY's
// barely grows with n.
func TestWalkGrowsWithQueue(t *testing.T) {
	work := func(s sim.Scheduler, n int) int64 {
		jobs := []sim.Job{{ID: 1, Submit: 0, Run: 1e6, CPUs: 1}, {ID: 2, Submit: 0, Run: 1, CPUs: 2}}
		for i := range n {
			jobs = append(jobs, sim.Job{ID: int64(i + 3), Submit: float64(1 + i), Run: 1e7, CPUs: 1})
		}
		sm, err := sim.New(sim.SingleMachine(2), jobs, s)
		if err != nil {
			t.Fatal(err)
		}
		if err := sm.Run(); err != nil {
			t.Fatal(err)
		}
		return sm.Work()
	}
	w1, w2 := work(easywalk.New(), 200), work(easywalk.New(), 400)
	if g := float64(w2) / float64(w1); g < 3.5 {
		t.Errorf("walking EASY: work %d for 200 queued jobs, %d for 400: growth %.2f, want about 4", w1, w2, g)
	}
	f1, f2 := work(easy.New(), 200), work(easy.New(), 400)
	if g := float64(f2) / float64(f1); g > 2.5 {
		t.Errorf("fast EASY: work %d for 200 queued jobs, %d for 400: growth %.2f, want about 2", f1, f2, g)
	}
}

func TestRegistered(t *testing.T) {
	s, err := sched.New("easywalk")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := s.(*easywalk.EASY); !ok {
		t.Fatalf("easywalk is a %T", s)
	}
}
