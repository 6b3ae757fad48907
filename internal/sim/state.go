package sim

import (
	"fmt"
	"iter"
)

// RunningJob is a job holding CPUs on a machine.
type RunningJob struct {
	Job    int     // job index
	CPUs   int     // CPUs held
	Start  float64 // start time
	End    float64 // actual end (start + duration on this machine)
	EstEnd float64 // estimated end (start + estimate on this machine); may be before Now
	seq    uint64  // start order; breaks ties between equal EstEnd
}

// State is the simulator state a scheduler sees and acts on. Its accessors
// return views into the simulator's own storage: read them, never modify
// them, and do not keep them across calls of the Scheduler methods.
//
// Jobs are named by their index in the slice given to New.
type State struct {
	plat   Platform
	jobs   []Job
	status []Status
	rec    []Record
	now    float64
	order  EventOrder

	free    []int
	maxFree int // the largest of free, when maxOK
	maxOK   bool
	running []runHeap // per machine
	runPos  []int     // job -> index in its machine's heap while running
	scratch []int     // frontier of Running's ordered walk

	// The waiting queue in arrival order, with lazy removal: Start leaves a
	// hole that the next Queue call closes. Most starts are at the head, so
	// holes there only move qh; holes further in are closed from the first.
	q         []int
	qh        int
	qpos      []int // job -> index in q while waiting
	holes     int
	firstHole int
	waiting   int
	done      int // jobs that ended

	seq    uint64
	events eventHeap
	work   Counter
	err    error
}

// Order returns the order in which the run's events reach the scheduler.
func (s *State) Order() EventOrder { return s.order }

// Now returns the current logical time.
func (s *State) Now() float64 { return s.now }

// Platform returns the machines.
func (s *State) Platform() *Platform { return &s.plat }

// NumJobs returns the number of jobs of the workload.
func (s *State) NumJobs() int { return len(s.jobs) }

// Job returns job j (read-only).
func (s *State) Job(j int) *Job { return &s.jobs[j] }

// Status returns where job j is in its life cycle.
func (s *State) Status(j int) Status { return s.status[j] }

// Record returns job j's start, end and machine (NaN, NaN, -1 until it starts).
func (s *State) Record(j int) Record { return s.rec[j] }

// Free returns the number of idle CPUs of machine m now.
func (s *State) Free(m int) int { return s.free[m] }

// Running yields the jobs running on machine m in order of estimated end
// (ties by start order). Reading the first k of n costs O(k log k), so stop
// as soon as you have what you need; the first walk on a machine also
// orders its running jobs once, in O(n), and starts and ends keep them
// ordered from then on (O(log n) each instead of O(1)). Do not call Start
// while ranging.
func (s *State) Running(m int) iter.Seq[RunningJob] { return s.running[m].ordered(&s.scratch) }

// RunningJobs returns the jobs running on machine m in no particular order
// (read-only; it changes with the next Start or event).
func (s *State) RunningJobs(m int) []RunningJob { return s.running[m].a }

// Duration returns how long job j runs on machine m.
func (s *State) Duration(j, m int) float64 { return s.plat.Scale(s.jobs[j].Run, m) }

// EstDuration returns job j's estimated duration on machine m, the only
// duration a scheduler that does not know run times may use.
func (s *State) EstDuration(j, m int) float64 { return s.plat.Scale(s.jobs[j].Est(), m) }

// MaxFree returns the largest number of idle CPUs of any machine now: a
// job needing more fits nowhere.
func (s *State) MaxFree() int {
	if !s.maxOK {
		s.maxFree = 0
		for _, f := range s.free {
			s.maxFree = max(s.maxFree, f)
		}
		s.maxOK = true
	}
	return s.maxFree
}

// Fits reports whether job j could start on machine m now.
func (s *State) Fits(j, m int) bool { return s.jobs[j].CPUs <= s.free[m] }

// Work returns the scheduler's step counter; schedulers add to it.
func (s *State) Work() *Counter { return &s.work }

// QueueLen returns the number of waiting jobs.
func (s *State) QueueLen() int { return s.waiting }

// Queue returns the waiting jobs in arrival order (submit time, then input
// order). Jobs started during the current pass stay in the returned slice
// (check Status) until the next call to Queue, which may reuse its storage:
// iterate over one result while starting jobs, then call Queue again.
//
// That call closes the holes by moving the jobs after the first one, so a
// scheduler that starts jobs from deep in a long queue at every pass (a
// backfill in an order of its own) pays for the queue's length at every
// pass: EASY and EASY-SJBF keep their own list in arrival order instead,
// entered in OnArrival (arrivals come in this order) and read from the
// first job still waiting.
func (s *State) Queue() []int {
	if s.holes > 0 {
		s.compact()
	}
	return s.q[s.qh:]
}

func (s *State) compact() {
	for s.qh < len(s.q) && s.status[s.q[s.qh]] != Waiting {
		s.qh++
		s.holes--
	}
	if s.holes > 0 {
		w := max(s.firstHole, s.qh)
		for r := w; r < len(s.q); r++ {
			if j := s.q[r]; s.status[j] == Waiting {
				s.q[w] = j
				s.qpos[j] = w
				w++
			}
		}
		s.q = s.q[:w]
		s.holes = 0
	}
	// Reclaim the consumed prefix once it dominates, so memory stays
	// proportional to the queue, not to the trace.
	if s.qh > 4096 && s.qh > len(s.q)/2 {
		n := copy(s.q, s.q[s.qh:])
		s.q = s.q[:n]
		for i, j := range s.q {
			s.qpos[j] = i
		}
		s.qh = 0
	}
	s.firstHole = len(s.q)
}

// Start starts waiting job j on machine m now. It fails, and the simulation
// stops with that error, if j is not waiting, m does not exist, or m has
// fewer free CPUs than j needs.
func (s *State) Start(j, m int) error {
	if j < 0 || j >= len(s.jobs) {
		return s.fail(fmt.Errorf("sim: t=%g: start of job index %d: no such job", s.now, j))
	}
	if st := s.status[j]; st != Waiting {
		return s.fail(fmt.Errorf("sim: t=%g: start of job %d (ID %d): job is %v, not waiting", s.now, j, s.jobs[j].ID, st))
	}
	if m < 0 || m >= len(s.plat.Machines) {
		return s.fail(fmt.Errorf("sim: t=%g: start of job %d (ID %d) on machine %d: no such machine", s.now, j, s.jobs[j].ID, m))
	}
	job := &s.jobs[j]
	if job.CPUs > s.free[m] {
		return s.fail(fmt.Errorf("sim: t=%g: start of job %d (ID %d) on machine %d: needs %d CPUs, %d free", s.now, j, job.ID, m, job.CPUs, s.free[m]))
	}
	end := s.now + s.Duration(j, m)
	rj := RunningJob{Job: j, CPUs: job.CPUs, Start: s.now, End: end, EstEnd: s.now + s.EstDuration(j, m), seq: s.seq}
	s.seq++
	s.status[j] = Running
	s.rec[j] = Record{Start: s.now, End: end, Machine: m}
	if s.free[m] == s.maxFree {
		s.maxOK = false // it may have been the only machine with that many
	}
	s.free[m] -= job.CPUs
	s.running[m].push(rj)
	s.events.push(event{t: end, seq: rj.seq, job: j})
	s.waiting--
	s.holes++
	s.firstHole = min(s.firstHole, s.qpos[j])
	return nil
}

// Fail stops the simulation with err (the first error wins): a scheduler
// that cannot decide — an external process that crashed or answered
// nonsense — ends its run this way instead of panicking.
func (s *State) Fail(err error) error { return s.fail(err) }

func (s *State) fail(err error) error {
	if s.err == nil {
		s.err = err
	}
	return err
}

func runningLess(a, b *RunningJob) bool {
	if a.EstEnd != b.EstEnd {
		return a.EstEnd < b.EstEnd
	}
	return a.seq < b.seq
}

// finish retires job j at its end event.
func (s *State) finish(j int) {
	m := s.rec[j].Machine
	s.status[j] = Done
	s.done++
	s.free[m] += s.jobs[j].CPUs
	s.maxFree = max(s.maxFree, s.free[m]) // a bound that holds while !maxOK too
	s.running[m].remove(j)
}

// arrive puts job j at the back of the waiting queue.
func (s *State) arrive(j int) {
	s.status[j] = Waiting
	s.qpos[j] = len(s.q)
	s.q = append(s.q, j)
	s.waiting++
}
