package flex_test

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/gridbench/gridbench/internal/sched/easy"
	"github.com/gridbench/gridbench/internal/sched/flex"
	"github.com/gridbench/gridbench/internal/sim"
	"github.com/gridbench/gridbench/internal/sim/simtest"
)

// naive is Flexible backfilling written the slow, obvious way: priorities
// transcribed from the paper's formulas for every waiting job, the order
// found by repeatedly picking the best remaining job, and the backfill
// decision taken as EASY's naive twin takes it — a job may start on the
// reserved machine only if, counted as running, it leaves the head's
// earliest start (found by trying every instant at which a running job's
// estimate ends) unchanged. No sort, no spare-CPU bookkeeping, no pruning.
type naive struct {
	sim.IgnoreEvents
	p      flex.Params
	holder int
}

func newNaive(p flex.Params) *naive { return &naive{p: p, holder: -1} }

func (n *naive) priority(s *sim.State, j int, minext float64) float64 {
	job := s.Job(j)
	pl := s.Platform()
	now := s.Now()
	// Fastest machine with enough CPUs in total; the lowest index among
	// equally fast ones (any gives the same Nxtime).
	bm := -1
	for m, mc := range pl.Machines {
		if mc.CPUs >= job.CPUs && (bm < 0 || mc.Speed > pl.Machines[bm].Speed) {
			bm = m
		}
	}
	nxtime := s.EstDuration(j, bm)
	aging := n.p.AgeFactor * (now - job.Submit)
	deadline := n.p.Min
	if job.HasDeadline {
		extime := now + nxtime
		tJ := job.Deadline - n.p.K*nxtime
		if tJ < extime && extime <= job.Deadline {
			a := (n.p.Max - n.p.Min) / (job.Deadline - tJ)
			deadline = a*(extime-tJ) + n.p.Min
		}
	}
	wait := n.p.BoostValue
	if job.Est() > 0 {
		wait = n.p.BoostValue * (minext / job.Est())
	}
	return aging + deadline + wait
}

func (n *naive) Schedule(s *sim.State) {
	queue := slices.Clone(s.Queue())
	if len(queue) == 0 {
		n.holder = -1
		return
	}
	minext := math.Inf(1)
	for _, j := range queue {
		minext = min(minext, s.Job(j).Est())
	}
	prio := make(map[int]float64)
	for _, j := range queue {
		prio[j] = n.priority(s, j, minext)
	}
	// Selection: the holder, then the highest priority, earliest arrival
	// (queue position) among equals.
	var waiting []int
	left := slices.Clone(queue)
	for len(left) > 0 {
		b := 0
		for i := 1; i < len(left); i++ {
			if left[b] == n.holder {
				break
			}
			if left[i] == n.holder || prio[left[i]] > prio[left[b]] {
				b = i
			}
		}
		waiting = append(waiting, left[b])
		left = slices.Delete(left, b, b+1)
	}

	order := s.Platform().FastestFirst()
	for len(waiting) > 0 {
		j := waiting[0]
		started := false
		for _, m := range order {
			if s.Fits(j, m) {
				s.Start(j, m)
				started = true
				break
			}
		}
		if !started {
			break
		}
		waiting = waiting[1:]
	}
	if len(waiting) == 0 {
		n.holder = -1
		return
	}
	head := waiting[0]
	if !n.p.FloatingReservation {
		n.holder = head
	}
	need := s.Job(head).CPUs
	resM, shadow := -1, math.Inf(1)
	for _, m := range order {
		if t := simtest.Earliest(s, m, need, nil); t < shadow {
			resM, shadow = m, t
		}
	}
	for _, j := range waiting[1:] {
		for _, m := range order {
			if !s.Fits(j, m) {
				continue
			}
			if m == resM {
				x := []simtest.Extra{{CPUs: s.Job(j).CPUs, EstEnd: s.Now() + s.EstDuration(j, m)}}
				if simtest.Earliest(s, m, need, x) > shadow {
					continue
				}
			}
			s.Start(j, m)
			break
		}
	}
}

// TestMatchesNaive runs random small workloads (single machines, uniform
// and heterogeneous platforms; exact, over- and under-estimates; deadlines)
// through Flex and its naive twin with both reservation rules and demands
// the same records. It also checks the simulator's invariants, and that the
// workloads are not trivial: priority order must change some schedules
// against EASY, and keeping the reservation must differ from floating it.
func TestMatchesNaive(t *testing.T) {
	seeds := uint64(300)
	if testing.Short() {
		seeds = 100
	}
	diffEasy, diffFloat := 0, 0
	for seed := range seeds {
		r := rand.New(rand.NewPCG(seed, 7))
		p := simtest.Platform(r, 3, 10, seed%3 == 2)
		if seed%3 == 0 {
			p = sim.SingleMachine(1 + r.IntN(16))
		}
		jobs := simtest.Jobs(r, p, 1+r.IntN(80))
		var kept []sim.Record
		for _, floating := range []bool{false, true} {
			fp := flex.DefaultParams()
			fp.FloatingReservation = floating
			fast, err := sim.Simulate(p, jobs, flex.New(fp))
			if err != nil {
				t.Fatalf("seed %d floating=%v: %v", seed, floating, err)
			}
			if err := sim.Check(p, jobs, fast); err != nil {
				t.Fatalf("seed %d floating=%v: %v", seed, floating, err)
			}
			slow, err := sim.Simulate(p, jobs, newNaive(fp))
			if err != nil {
				t.Fatalf("seed %d floating=%v: naive: %v", seed, floating, err)
			}
			for i := range fast {
				if fast[i] != slow[i] {
					t.Fatalf("seed %d floating=%v: job %d (%+v): flex %+v, naive %+v", seed, floating, i, jobs[i], fast[i], slow[i])
				}
			}
			if !floating {
				kept = fast
			} else if !slices.Equal(kept, fast) {
				diffFloat++
			}
		}
		e, err := sim.Simulate(p, jobs, easy.New())
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(kept, e) {
			diffEasy++
		}
	}
	t.Logf("%d seeds: %d differ from EASY, %d differ between kept and floating reservations", seeds, diffEasy, diffFloat)
	if diffEasy < int(seeds)/10 || diffFloat == 0 {
		t.Errorf("workloads too easy: %d of %d differ from EASY, %d kept/floating", diffEasy, seeds, diffFloat)
	}
}

// TestOtherParams: the twins must also agree away from the defaults, where
// Aging dominates (ordering close to FCFS) or Deadline dominates, and with
// a negative AgeFactor or BoostValue, which Flex does not bound (see
// Flex.bounded) and ranks in full.
func TestOtherParams(t *testing.T) {
	for _, fp := range []flex.Params{
		{AgeFactor: 1, K: 1, Max: 0.5, Min: 0, BoostValue: 0.1},
		{AgeFactor: 0, K: 5, Max: 100, Min: 1, BoostValue: 0},
		{AgeFactor: 0.3, K: 0.5, Max: 3, Min: 3, BoostValue: 7, FloatingReservation: true},
		{AgeFactor: -0.05, K: 2, Max: 20, Min: 0.1, BoostValue: 2},
		{AgeFactor: 0.01, K: 2, Max: 20, Min: 0.1, BoostValue: -2, FloatingReservation: true},
	} {
		for seed := range uint64(60) {
			r := rand.New(rand.NewPCG(seed, 11))
			p := simtest.Platform(r, 4, 8, seed%2 == 1)
			jobs := simtest.Jobs(r, p, 1+r.IntN(60))
			fast, err := sim.Simulate(p, jobs, flex.New(fp))
			if err != nil {
				t.Fatal(err)
			}
			slow, err := sim.Simulate(p, jobs, newNaive(fp))
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(fast, slow) {
				t.Fatalf("params %+v seed %d: flex %v, naive %v", fp, seed, fast, slow)
			}
		}
	}
}
