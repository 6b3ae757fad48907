package fcfs

import (
	"math/rand/v2"

	"github.com/gridbench/gridbench/internal/sched"
	"github.com/gridbench/gridbench/internal/sim"
)

func init() {
	sched.Register("fcfs", sched.Info{Label: "FCFS", Family: "queue-based", New: func(rand.Source) sim.Scheduler { return New() }})
}

// FCFS is the First-Come-First-Served scheduler. One work step is one queued
// job examined.
type FCFS struct {
	sim.IgnoreEvents
	order []int // machines, fastest first
}

// New returns an FCFS scheduler.
func New() *FCFS { return &FCFS{} }

// Schedule starts queue heads while they fit.
func (f *FCFS) Schedule(s *sim.State) {
	if f.order == nil {
		f.order = s.Platform().FastestFirst()
	}
	for _, j := range s.Queue() {
		s.Work().Inc()
		m := FirstFit(s, f.order, j)
		if m < 0 {
			return
		}
		s.Start(j, m) // cannot fail: FirstFit checked the CPUs
	}
}

// FirstFit returns the first machine of order on which job j fits now, or -1.
func FirstFit(s *sim.State, order []int, j int) int {
	if len(order) > 1 && s.Job(j).CPUs > s.MaxFree() {
		return -1 // no machine has that many idle CPUs (one is as quick to ask)
	}
	for _, m := range order {
		if s.Fits(j, m) {
			return m
		}
	}
	return -1
}
