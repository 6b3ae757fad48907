package timeshare

import "slices"

// PLRR is priority-level round robin. Shah et al. name it (expanding it as
// "Proportional Local Round Robin", after Abawajy 2005) but do not define
// it; the brief reads it as priority-level RR, and this is that reading:
// one FIFO queue per distinct Priority value, strict priority between levels
// (the most urgent non-empty level always gets the next slice), plain RR with
// the fixed quantum (Params.Quantum, default 50 s) inside a level. A
// preempted job returns to the tail of its own level after every job that
// arrived at or before the preemption instant; a more urgent arrival takes
// the CPU at the next slice boundary. It differs from APDRR in having a fixed
// quantum, no cycle structure (arrivals are admitted at every slice
// boundary) and one level per priority value rather than three thresholded
// queues.
type plrr struct{ quantum float64 }

func init() {
	Register("plrr", Info{Family: "round-robin", New: func(p Params) Scheduler { return plrr{quantum: p.quantum()} }})
}

func (s plrr) Schedule(jobs []Job, out []Outcome) int64 {
	return s.scheduleIn(new(scratch), jobs, out)
}

func (s plrr) scheduleIn(sc *scratch, jobs []Job, out []Outcome) int64 {
	sc.lev = slices.Grow(sc.lev[:0], len(jobs))[:len(jobs)]
	lev, n := jobLevelsInto(jobs, sc.lev)
	return levelRR{quantum: s.quantum, lev: lev, levels: max(1, n)}.scheduleIn(sc, jobs, out)
}
