package sim

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// naiveOvercommit is the capacity part of Check written the obvious way:
// per machine, the starts sorted by time then CPUs (job order among
// equals), the ends by time, swept with ends first at equal times.
func naiveOvercommit(p Platform, jobs []Job, recs []Record) error {
	for m, mc := range p.Machines {
		var starts, ends []edge
		for i, r := range recs {
			if r.Machine == m {
				starts = append(starts, edge{r.Start, jobs[i].CPUs, i})
				ends = append(ends, edge{r.End, jobs[i].CPUs, i})
			}
		}
		slices.SortStableFunc(starts, func(a, b edge) int {
			if c := cmp.Compare(a.t, b.t); c != 0 {
				return c
			}
			return cmp.Compare(a.cpus, b.cpus)
		})
		slices.SortStableFunc(ends, func(a, b edge) int { return cmp.Compare(a.t, b.t) })
		busy, k := 0, 0
		for _, e := range starts {
			for k < len(ends) && ends[k].t <= e.t {
				busy -= ends[k].cpus
				k++
			}
			if busy += e.cpus; busy > mc.CPUs {
				return fmt.Errorf("sim: check: machine %d has %d of %d CPUs busy at t=%g (job %d starting)", m, busy, mc.CPUs, e.t, e.job)
			}
		}
	}
	return nil
}

// TestCheckCapacityMatchesNaive: on random schedules, most of them
// overcommitted somewhere, with many equal times, zero-length jobs and
// more than the radix sort's 256-edge threshold, Check accepts exactly
// what the naive sweep accepts and names the same machine, instant and
// job.
func TestCheckCapacityMatchesNaive(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 9))
	over := 0
	for round := range 400 {
		p := Platform{RefSpeed: 1}
		for range 1 + r.IntN(3) {
			p.Machines = append(p.Machines, Machine{CPUs: 4 + r.IntN(60), Speed: 1})
		}
		n := 1 + r.IntN(40)
		if round%4 == 0 {
			n = 300 + r.IntN(700)
		}
		jobs := make([]Job, n)
		recs := make([]Record, n)
		for i := range jobs {
			m := r.IntN(len(p.Machines))
			start := float64(r.IntN(1 + n/2))
			run := float64(r.IntN(4)) * float64(r.IntN(6))
			jobs[i] = Job{ID: int64(i + 1), Submit: start, Run: run, CPUs: 1 + r.IntN(p.Machines[m].CPUs)}
			recs[i] = Record{Start: start, End: start + run, Machine: m}
		}
		want := naiveOvercommit(p, jobs, recs)
		got := Check(p, jobs, recs)
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("round %d: Check says %v, the naive sweep %v", round, got, want)
		}
		if want != nil {
			over++
		}
	}
	if over < 100 || over > 390 {
		t.Fatalf("%d of 400 schedules overcommitted: the test needs both kinds", over)
	}
}
