package schedbased

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/gridbench/gridbench/internal/sched"
	"github.com/gridbench/gridbench/internal/sim"
	"github.com/gridbench/gridbench/internal/sim/simtest"
)

func schedulers(seed uint64) map[string]func() *Scheduler {
	return map[string]func() *Scheduler{
		"egedf": NewEGEDF,
		"tabu":  func() *Scheduler { return NewTabuScheduler(DefaultTabuOptions(), seed) },
	}
}

// TestSimulateRandom runs both schedulers in the simulator on random
// platforms and workloads (zero run times, inexact estimates, ties) and
// checks the simulator's invariants on the result.
func TestSimulateRandom(t *testing.T) {
	seeds := 200
	if testing.Short() {
		seeds = 40
	}
	for seed := range uint64(seeds) {
		r := rand.New(rand.NewPCG(seed, 3))
		plat := simtest.Platform(r, 4, 8, seed%2 == 0)
		jobs := simtest.Jobs(r, plat, 40)
		for _, name := range []string{"egedf", "tabu"} {
			s := schedulers(seed)[name]()
			recs, err := sim.Simulate(plat, jobs, s)
			if err != nil {
				t.Fatalf("seed %d %s: %v", seed, name, err)
			}
			if err := sim.Check(plat, jobs, recs); err != nil {
				t.Fatalf("seed %d %s: %v", seed, name, err)
			}
		}
	}
}

// TestSettleOnce runs both schedulers on random workloads whose jobs end
// off plan, many at one instant (whole-second times), each beside its
// twin that re-plans at every end off plan: after every decision the two
// plans hold the same jobs at the same times with the same profiles,
// and the schedules are the same. The one re-plan per instant must do
// less work somewhere, or the test did not exercise it.
func TestSettleOnce(t *testing.T) {
	seeds := 150
	if testing.Short() {
		seeds = 30
	}
	less := 0
	for seed := range uint64(seeds) {
		r := rand.New(rand.NewPCG(seed, 15))
		plat := simtest.Platform(r, 3, 8, seed%2 == 0)
		jobs := simtest.Jobs(r, plat, 50)
		for _, name := range []string{"egedf", "tabu"} {
			var sims [2]*sim.Sim
			var ss [2]*Scheduler
			for k := range ss {
				ss[k] = schedulers(seed)[name]()
				ss[k].eager = k == 1
				var err error
				if sims[k], err = sim.New(plat, jobs, ss[k]); err != nil {
					t.Fatal(err)
				}
			}
			for sims[0].Advance() {
				if !sims[1].Advance() {
					t.Fatalf("seed %d %s: the twin ended first", seed, name)
				}
				sims[0].Decide()
				sims[1].Decide()
				if err := samePlan(ss[1].Plan(), ss[0].Plan()); err != nil {
					t.Fatalf("seed %d %s at %v, against re-planning at each end: %v", seed, name, ss[0].Plan().Now(), err)
				}
			}
			for k := range sims {
				if err := sims[k].Err(); err != nil {
					t.Fatalf("seed %d %s: %v", seed, name, err)
				}
			}
			if !slices.Equal(sims[0].Records(), sims[1].Records()) {
				t.Fatalf("seed %d %s: the schedules differ", seed, name)
			}
			switch w0, w1 := sims[0].Work(), sims[1].Work(); {
			case w0 > w1:
				t.Fatalf("seed %d %s: work %d, re-planning at each end %d", seed, name, w0, w1)
			case w0 < w1:
				less++
			}
		}
	}
	if less == 0 {
		t.Fatal("no run re-planned less than its twin: no two jobs ended off plan at one instant on one machine")
	}
}

// TestPlanHolds: with exact run times nothing changes the plan after the
// last arrival, so every job must start exactly where and when the plan
// said at that moment.
func TestPlanHolds(t *testing.T) {
	for seed := range uint64(30) {
		r := rand.New(rand.NewPCG(seed, 4))
		plat := simtest.Platform(r, 4, 8, true)
		jobs := simtest.Jobs(r, plat, 40)
		for i := range jobs {
			jobs[i].Estimate = 0 // exact
			jobs[i].Run++        // positive (see Interpretations)
		}
		for name, mk := range schedulers(seed) {
			s := mk()
			sm, err := sim.New(plat, jobs, s)
			if err != nil {
				t.Fatal(err)
			}
			arrived := 0
			planned := map[int]Entry{}
			where := map[int]int{}
			for sm.Advance() {
				sm.Decide()
				arrived += len(sm.Arrived())
				if arrived == len(jobs) && len(planned) == 0 {
					p := s.Plan()
					for m := range p.Machines() {
						for _, e := range append(p.Running(m), p.Queue(m)...) {
							planned[e.ID], where[e.ID] = e, m
						}
					}
				}
			}
			if err := sm.Err(); err != nil {
				t.Fatalf("seed %d %s: %v", seed, name, err)
			}
			if len(planned) == 0 {
				t.Fatalf("seed %d %s: no plan captured", seed, name)
			}
			recs := sm.Records()
			for id, e := range planned {
				if rc := recs[id]; rc.Start != e.Start || rc.End != e.End || rc.Machine != where[id] {
					t.Fatalf("seed %d %s: job %d ran %v..%v on %d, planned %v..%v on %d", seed, name, id, rc.Start, rc.End, rc.Machine, e.Start, e.End, where[id])
				}
			}
		}
	}
}

// TestWorkCounted: the simulator's work counter gets the plan's steps and
// is the same on a second identical run.
func TestWorkCounted(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	plat := simtest.Platform(r, 4, 8, true)
	jobs := simtest.Jobs(r, plat, 60)
	var w [2]int64
	for i := range w {
		sm, err := sim.New(plat, jobs, schedulers(1)["tabu"]())
		if err != nil {
			t.Fatal(err)
		}
		if err := sm.Run(); err != nil {
			t.Fatal(err)
		}
		w[i] = sm.Work()
	}
	if w[0] <= 0 || w[0] != w[1] {
		t.Fatalf("work %v: want equal and positive", w)
	}
}

func TestRegistered(t *testing.T) {
	for _, name := range []string{"egedf", "tabu"} {
		s, err := sched.New(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := s.(*Scheduler); !ok {
			t.Fatalf("%s: got %T", name, s)
		}
	}
}

// TestAlg3Reading checks that the Algorithm 3 reading differs from the
// default only in AllSources (the naive twin covers AllSources) and that
// its schedules pass the simulator's checks.
func TestAlg3Reading(t *testing.T) {
	d, a := DefaultTabuOptions(), Alg3TabuOptions()
	if !a.AllSources || d.AllSources || a.Iterations != d.Iterations || a.TabuLen != d.TabuLen {
		t.Fatalf("Alg3TabuOptions = %+v, default %+v: want the default with AllSources", a, d)
	}
	for seed := range uint64(40) {
		r := rand.New(rand.NewPCG(seed, 9))
		plat := simtest.Platform(r, 4, 8, seed%2 == 0)
		jobs := simtest.Jobs(r, plat, 40)
		s := NewTabuAlg3(seed)
		recs, err := sim.Simulate(plat, jobs, s)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if err := sim.Check(plat, jobs, recs); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
	}
}
