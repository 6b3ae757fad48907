// Package simtest makes small random platforms and workloads for tests of
// the simulator and its schedulers. Draws come from the *rand.Rand passed
// in, so a failing case is reproduced from its seed.
package simtest

import (
	"math/rand/v2"

	"github.com/gridbench/gridbench/internal/sim"
)

// Platform draws 1..maxMachines machines with 1..maxCPUs CPUs. When hetero
// is false all speeds are 1; otherwise speeds are drawn from {1, 2, 3, 4}
// and the reference speed is 2, so durations change from machine to machine.
func Platform(r *rand.Rand, maxMachines, maxCPUs int, hetero bool) sim.Platform {
	p := sim.Platform{RefSpeed: 1}
	if hetero {
		p.RefSpeed = 2
	}
	n := 1 + r.IntN(maxMachines)
	for range n {
		m := sim.Machine{CPUs: 1 + r.IntN(maxCPUs), Speed: 1}
		if hetero {
			m.Speed = float64(1 + r.IntN(4))
		}
		p.Machines = append(p.Machines, m)
	}
	return p
}

// Jobs draws n jobs that fit on p. Submit and run times are small integers
// so that ends, arrivals and estimated ends often coincide — ties are where
// event-order bugs hide. Estimates are exact, over or under the run time
// (under exercises "past its estimate"), or absent; one job in five has a
// deadline.
func Jobs(r *rand.Rand, p sim.Platform, n int) []sim.Job {
	maxCPUs := p.MaxCPUs()
	jobs := make([]sim.Job, n)
	t := 0.0
	for i := range jobs {
		t += float64(r.IntN(4))
		run := float64(r.IntN(20))
		j := sim.Job{ID: int64(i + 1), Submit: t, Run: run, CPUs: 1 + r.IntN(maxCPUs)}
		switch r.IntN(4) {
		case 0:
			j.Estimate = run
		case 1:
			j.Estimate = run + float64(r.IntN(20))
		case 2:
			j.Estimate = float64(1 + r.IntN(20))
		}
		if r.IntN(5) == 0 {
			j.HasDeadline = true
			j.Deadline = t + run*(1.5+r.Float64()*2.5)
		}
		jobs[i] = j
	}
	return jobs
}
