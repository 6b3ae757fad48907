package backfill

import (
	"math"
	"slices"
	"testing"

	"github.com/gridbench/gridbench/internal/sim"
)

// naiveCONS is conservative backfilling written the slow, obvious way:
// reservations in a map, the machine's use as a list of intervals, and a
// job's earliest start found by trying now and every interval end and
// summing the CPUs in use at the start and at every interval start inside
// the job's window.
type naiveCONS struct {
	res   map[int]naiveRes
	early bool
}

type naiveRes struct {
	t float64
	m int
}

type interval struct {
	from, to float64
	cpus     int
	m        int
}

func (n *naiveCONS) OnArrival(*sim.State, int) {}

func (n *naiveCONS) OnCompletion(s *sim.State, j int) {
	r := s.Record(j)
	if r.End < r.Start+s.EstDuration(j, r.Machine) {
		n.early = true
	}
}

func fitsAt(cap, need int, t, dur float64, m int, iv []interval) bool {
	points := []float64{t}
	for _, x := range iv {
		if x.m == m && x.from > t && x.from < t+dur {
			points = append(points, x.from)
		}
	}
	for _, p := range points {
		used := 0
		for _, x := range iv {
			if x.m == m && x.from <= p && p < x.to {
				used += x.cpus
			}
		}
		if cap-used < need {
			return false
		}
	}
	return true
}

func (n *naiveCONS) place(s *sim.State, j int, iv []interval) ([]interval, naiveRes) {
	now := s.Now()
	best := naiveRes{math.Inf(1), -1}
	for _, m := range s.Platform().FastestFirst() {
		cap := s.Platform().Machines[m].CPUs
		if cap < s.Job(j).CPUs {
			continue
		}
		cands := []float64{now}
		for _, x := range iv {
			if x.m == m && x.to > now {
				cands = append(cands, x.to)
			}
		}
		slices.Sort(cands)
		for _, t := range cands {
			if fitsAt(cap, s.Job(j).CPUs, t, s.EstDuration(j, m), m, iv) {
				if t < best.t {
					best = naiveRes{t, m}
				}
				break
			}
		}
	}
	return append(iv, interval{best.t, best.t + s.EstDuration(j, best.m), s.Job(j).CPUs, best.m}), best
}

func (n *naiveCONS) Schedule(s *sim.State) {
	if n.res == nil {
		n.res = map[int]naiveRes{}
	}
	now := s.Now()
	var iv []interval
	for m := range s.Platform().Machines {
		for _, r := range s.RunningJobs(m) {
			iv = append(iv, interval{now, math.Max(now, r.EstEnd), r.CPUs, m})
		}
	}
	compress := n.early
	n.early = false
	var old, fresh []int // queue order is arrival order
	for _, j := range s.Queue() {
		if r, ok := n.res[j]; ok {
			old = append(old, j)
			if r.t < now {
				compress = true
			}
		} else {
			fresh = append(fresh, j)
		}
	}
	if compress {
		slices.SortStableFunc(old, func(a, b int) int {
			switch {
			case n.res[a].t < n.res[b].t:
				return -1
			case n.res[a].t > n.res[b].t:
				return 1
			}
			return 0
		})
		for _, j := range old {
			iv, n.res[j] = n.place(s, j, iv)
		}
	} else {
		for _, j := range old {
			r := n.res[j]
			iv = append(iv, interval{r.t, r.t + s.EstDuration(j, r.m), s.Job(j).CPUs, r.m})
		}
	}
	for _, j := range fresh {
		iv, n.res[j] = n.place(s, j, iv)
	}
	for _, j := range s.Queue() {
		if r := n.res[j]; r.t <= now && s.Fits(j, r.m) {
			s.Start(j, r.m)
			delete(n.res, j)
		}
	}
}

func TestCONSMatchesNaive(t *testing.T) {
	agree(t, "cons", 300,
		func() sim.Scheduler { return NewCONS() },
		func() sim.Scheduler { return &naiveCONS{} })
}

// TestCONSReservations is a hand-checked case on 4 CPUs: every waiting
// job holds a reservation, so a later job may not take CPUs that the
// second waiting job (not only the head, as in EASY) was promised.
func TestCONSReservations(t *testing.T) {
	p := sim.SingleMachine(4)
	jobs := []sim.Job{
		{ID: 1, Submit: 0, Run: 10, CPUs: 2},              // running until 10
		{ID: 2, Submit: 1, Run: 10, CPUs: 4},              // reserved [10, 20)
		{ID: 3, Submit: 2, Run: 5, CPUs: 3},               // reserved [20, 25)
		{ID: 4, Submit: 3, Run: 30, CPUs: 2},              // would overlap 2 and 3: [25, 55)
		{ID: 5, Submit: 4, Run: 2, CPUs: 2, Estimate: 6},  // fits before 10: starts at 4
		{ID: 6, Submit: 4, Run: 1, CPUs: 1, Estimate: 16}, // 1 CPU beside job 3, then beside job 4
	}
	recs, err := sim.Simulate(p, jobs, NewCONS())
	if err != nil {
		t.Fatal(err)
	}
	var starts []float64
	for _, r := range recs {
		starts = append(starts, r.Start)
	}
	// Job 5 ends early (at 6 instead of 10): compression moves nothing,
	// since job 1 still holds its CPUs until 10 by estimate.
	want := []float64{0, 10, 20, 25, 4, 20}
	if !slices.Equal(starts, want) {
		t.Errorf("CONS starts = %v, want %v", starts, want)
	}
}
