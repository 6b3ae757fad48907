package simtest

import (
	"math"

	"github.com/gridbench/gridbench/internal/sim"
)

// Extra is a hypothetical running job: CPUs busy until EstEnd.
type Extra struct {
	CPUs   int
	EstEnd float64
}

// Earliest returns the earliest time at which need CPUs are free on machine
// m by estimate, counting the running jobs and the extra ones, found the
// slow, obvious way: by trying every instant at which an estimate ends. It
// is the naive twin of backfilling's shadow time; a job past its estimate
// counts as ending now.
func Earliest(s *sim.State, m, need int, extra []Extra) float64 {
	now := s.Now()
	type busy struct {
		cpus int
		end  float64
	}
	var bs []busy
	for _, r := range s.RunningJobs(m) {
		bs = append(bs, busy{r.CPUs, math.Max(r.EstEnd, now)})
	}
	for _, e := range extra {
		bs = append(bs, busy{e.CPUs, math.Max(e.EstEnd, now)})
	}
	best := math.Inf(1)
	for _, cand := range append([]busy{{0, now}}, bs...) {
		t := cand.end
		used := 0
		for _, b := range bs {
			if b.end > t {
				used += b.cpus
			}
		}
		if s.Platform().Machines[m].CPUs-used >= need && t < best {
			best = t
		}
	}
	return best
}
