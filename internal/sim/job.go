package sim

import (
	"math"
	"sort"
)

// Job is one job of a workload as the simulator sees it. Times are seconds
// of logical time; Run and Estimate are measured on a machine of the
// platform's reference speed.
type Job struct {
	ID       int64   // the caller's identifier (e.g. the SWF job number); only reported back
	Submit   float64 // arrival time
	Run      float64 // actual run time at the reference speed; >= 0
	CPUs     int     // CPUs held on one machine from start to end; >= 1
	Estimate float64 // run-time estimate at the reference speed; <= 0 means "exact" (Run)
	User     int     // the submitting user (SWF field 12; -1 or 0 when unknown), for user-history predictors
	Deadline float64 // absolute deadline when HasDeadline
	// HasDeadline tells whether Deadline applies; a job without one can never be late.
	HasDeadline bool
}

// Est returns the run-time estimate at the reference speed that schedulers
// may use: Estimate, or Run when no estimate was given.
func (j *Job) Est() float64 {
	if j.Estimate > 0 {
		return j.Estimate
	}
	return j.Run
}

// Machine is one space-shared machine: all its CPUs have the same speed.
type Machine struct {
	CPUs  int
	Speed float64
}

// Platform is the set of machines. A job runs on one machine; its duration
// there is Run × RefSpeed / Speed.
type Platform struct {
	Machines []Machine
	// RefSpeed is the speed on which job run times are measured; 0 means 1.
	RefSpeed float64
}

// SingleMachine returns a platform of one machine of n CPUs at speed 1,
// the shape of the classic single-cluster trace simulations.
func SingleMachine(cpus int) Platform {
	return Platform{Machines: []Machine{{CPUs: cpus, Speed: 1}}, RefSpeed: 1}
}

// Ref returns the reference speed (RefSpeed, or 1 when unset).
func (p *Platform) Ref() float64 { return p.ref() }

func (p *Platform) ref() float64 {
	if p.RefSpeed == 0 {
		return 1
	}
	return p.RefSpeed
}

// Scale converts a time measured at the reference speed into a time on
// machine m. When the speeds are equal the value is returned unchanged, so
// single-speed simulations stay exact.
func (p *Platform) Scale(t float64, m int) float64 {
	s := p.Machines[m].Speed
	if r := p.ref(); s != r {
		return t * r / s
	}
	return t
}

// CPULimit bounds a machine's CPU count everywhere in gridbench (a
// machine given, read from a trace's header or a Batsim workload, a CPU
// id read from a jobs file): a million is beyond any archived system,
// and the simulators keep per-CPU state.
const CPULimit = 1_000_000

// MaxCPUs returns the CPU count of the largest machine.
func (p *Platform) MaxCPUs() int {
	n := 0
	for _, m := range p.Machines {
		n = max(n, m.CPUs)
	}
	return n
}

// TotalCPUs returns the number of CPUs of all machines.
func (p *Platform) TotalCPUs() int {
	n := 0
	for _, m := range p.Machines {
		n += m.CPUs
	}
	return n
}

// Status is where a job is in its life cycle.
type Status uint8

const (
	Future  Status = iota // not yet submitted
	Waiting               // submitted, not started
	Running               // started, not ended
	Done                  // ended
)

func (s Status) String() string {
	switch s {
	case Future:
		return "future"
	case Waiting:
		return "waiting"
	case Running:
		return "running"
	case Done:
		return "done"
	}
	return "invalid"
}

// Record is what happened to one job. Machine is -1 and Start, End are NaN
// until the job starts.
type Record struct {
	Start, End float64
	Machine    int
}

// Late reports whether the job ended after its deadline.
func (r Record) Late(j *Job) bool { return j.HasDeadline && r.End > j.Deadline }

func unstarted() Record { return Record{Start: math.NaN(), End: math.NaN(), Machine: -1} }

// FastestFirst returns the machine indices ordered by speed, fastest first,
// ties by index: the order in which queue-based schedulers try machines.
func (p *Platform) FastestFirst() []int {
	order := make([]int, len(p.Machines))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool {
		return p.Machines[order[a]].Speed > p.Machines[order[b]].Speed
	})
	return order
}
