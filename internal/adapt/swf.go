package adapt

import (
	"errors"
	"fmt"
	"math"

	"github.com/gridbench/gridbench/generators/batsim"
	"github.com/gridbench/gridbench/generators/trace"
	"github.com/gridbench/gridbench/internal/sim"
)

// Estimate says which run-time estimate schedulers see.
type Estimate string

const (
	// Exact estimates: the scheduler knows each job's run time.
	Exact Estimate = "runtime"
	// Requested estimates: SWF field 9 when > 0, else the run time.
	Requested Estimate = "requested"
	// DefaultEstimate is the estimate of `simulate` and of study files
	// that name none: what a production scheduler sees (the user's
	// request), as the backfilling literature evaluates it. Exact run
	// times are an oracle no real scheduler has.
	DefaultEstimate = Requested
)

// Skipped counts the trace jobs left out, by reason.
type Skipped struct {
	NoSubmit    int // submit time < 0 (not recorded; see the package rule)
	NegativeRun int // run time < 0 (not recorded)
	NoCPUs      int // fewer than 1 CPU (fields 5 and 8 both < 1)
	TooWide     int // more CPUs than the machine has
}

// Total returns the number of jobs skipped.
func (s Skipped) Total() int { return s.NoSubmit + s.NegativeRun + s.NoCPUs + s.TooWide }

func (s Skipped) String() string {
	return fmt.Sprintf("%d (submit time < 0: %d, run time < 0: %d, CPUs < 1: %d, more CPUs than the machine: %d)",
		s.Total(), s.NoSubmit, s.NegativeRun, s.NoCPUs, s.TooWide)
}

// LoadSWF reads the first maxJobs valid jobs (all when maxJobs <= 0) of the
// trace at path for a machine of cpus CPUs (when cpus <= 0, the size its
// header's MaxProcs gives; an error if none). A job is valid when its submit
// and run times are >= 0 and it needs 1..cpus CPUs (field 5, or field 8 when field 5
// < 1); invalid jobs are counted in Skipped and do not count towards
// maxJobs. A malformed line stops the read with the reader's file:line
// error. A Batsim workload (.json, .json.gz) is read as LoadWorkload
// reads it with no speed: its jobs must use delay profiles.
func LoadSWF(path string, maxJobs, cpus int, est Estimate) ([]sim.Job, Skipped, error) {
	w, err := LoadWorkload(path, maxJobs, cpus, est, 0)
	return w.Jobs, w.Skipped, err
}

// Workload is what LoadWorkload read.
type Workload struct {
	Jobs    []sim.Job
	Skipped Skipped
	// Profiles has each job's Batsim profile name (nil for an SWF or GWF
	// trace).
	Profiles []string
	// NbRes is a Batsim workload's nb_res (0 when it gives none, and for
	// a trace).
	NbRes int
	// CPUs is the machine's CPUs the jobs were selected for: cpus, or
	// when cpus <= 0 a Batsim workload's NbRes or a trace's MaxProcs.
	CPUs int
	// Header is a trace's comment header (nil for a Batsim workload).
	Header *trace.Header
	// Kept has each job's record fields a schedule written as SWF keeps
	// (nil unless LoadWorkloadKeeping was asked for them).
	Kept []trace.Kept
	// PastWalltime counts a Batsim workload's jobs kept whose run time
	// reaches their walltime (> 0): Batsim kills them at it
	// (COMPLETED_WALLTIME_REACHED), gridbench runs them to their end, as
	// a trace's jobs that outlive their request.
	PastWalltime int
	// Repeated counts the jobs kept whose id an earlier one kept has, and
	// FirstRepeated names the first ("job 7, line 12"): a schedule
	// written out repeats their ids, which evalys and other tools read
	// as one job's.
	Repeated      int
	FirstRepeated string
}

// LoadWorkload is LoadSWF for a trace or a Batsim JSON workload (a name
// ending in .json or .json.gz; generators/batsim), whose jobs go through
// the same rules as a trace's: run times from their delay profiles, or
// from parallel_homogeneous ones at speed flop/s (a *NoSpeedError when
// speed is 0), requested times from their walltimes. cpus <= 0 means a Batsim
// workload's nb_res, or a trace header's MaxProcs (an error naming the
// file when there is none).
func LoadWorkload(path string, maxJobs, cpus int, est Estimate, speed float64) (Workload, error) {
	return LoadWorkloadKeeping(path, maxJobs, cpus, est, speed, false)
}

// LoadWorkloadKeeping is LoadWorkload that, with kept set, also keeps
// each job's record fields a schedule written as SWF keeps
// (Workload.Kept; a Batsim workload's jobs have none of them: -1).
func LoadWorkloadKeeping(path string, maxJobs, cpus int, est Estimate, speed float64, kept bool) (Workload, error) {
	var w Workload
	if est != Exact && est != Requested {
		return w, fmt.Errorf("--estimate %q: want %q or %q", est, Exact, Requested)
	}
	sel := selector{maxJobs: maxJobs, cpus: cpus, est: est, keep: kept}
	if batsim.IsWorkload(path) {
		bw, err := batsim.ReadFile(path)
		if err != nil {
			return w, err
		}
		if cpus <= 0 {
			if bw.NbRes < 1 {
				return w, fmt.Errorf("%s: the workload gives no nb_res: %w", bw.Name, ErrNoSize)
			}
			sel.cpus = bw.NbRes
		}
		// Every job is timed from its profile, so one that cannot be is an
		// error whatever maxJobs keeps; the records are made one by one.
		sel.size(len(bw.Jobs))
		for i := range bw.Jobs {
			tj, err := bw.TraceJob(i, speed)
			if err != nil {
				return w, noSpeed(bw, i, speed, err)
			}
			if !sel.full() && sel.add(&tj) {
				w.Profiles = append(w.Profiles, bw.Jobs[i].Profile)
				if tj.ReqTime > 0 && tj.Run >= tj.ReqTime {
					w.PastWalltime++
				}
			}
		}
		w.Jobs, w.Skipped, w.NbRes, w.CPUs, w.Kept = sel.jobs, sel.sk, bw.NbRes, sel.cpus, sel.kept
		w.Repeated, w.FirstRepeated = sel.repeated, sel.firstRepeated
		return w, nil
	}
	r, err := trace.Open(path)
	if err != nil {
		return w, err
	}
	defer r.Close()
	for !sel.full() && r.Next() {
		if sel.jobs == nil {
			// The header is read once the first record is: size the
			// slice from its MaxJobs so loading never regrows it, and
			// take the machine's size from its MaxProcs if not given.
			sel.size(trace.CapacityOf(r, maxJobs))
			if sel.cpus, err = headerCPUs(path, r.Header(), cpus); err != nil {
				return w, err
			}
		}
		tj := r.Job()
		sel.add(&tj)
	}
	if err := r.Err(); err != nil {
		return w, err
	}
	if sel.jobs == nil { // no record: the header alone
		if sel.cpus, err = headerCPUs(path, r.Header(), cpus); err != nil {
			return w, err
		}
	}
	w.Jobs, w.Skipped, w.CPUs, w.Header, w.Kept = sel.jobs, sel.sk, sel.cpus, r.Header(), sel.kept
	w.Repeated, w.FirstRepeated = sel.repeated, sel.firstRepeated
	return w, nil
}

// NoSpeedError is the error of a Batsim workload loaded with no CPU speed
// (speed <= 0) whose job has a parallel_homogeneous profile of cpu > 0,
// which runs cpu / speed seconds. Its text tells a library caller to give
// the loader's speed argument; a caller that takes the speed some other
// way (a command-line flag, a study file's key) says that one with
// AdviseSpeed.
type NoSpeedError struct {
	Where string // "FILE:LINE: job ID uses profile \"NAME\" (line L)"
	Type  string // the profile's type
	How   string // what gives the speed; "" for the loader's argument
}

func (e *NoSpeedError) Error() string {
	how := e.How
	if how == "" {
		how = "the speed argument of LoadWorkload, or Input.Speed of spaceshared.Load"
	}
	return fmt.Sprintf("%s: a %s profile runs cpu / speed seconds: give the CPU speed in flop/s (%s)", e.Where, e.Type, how)
}

// AdviseSpeed returns err saying how as what gives the CPU speed when err
// is a *NoSpeedError, and err otherwise. Only an error as the loaders
// return it, not wrapped, is rewritten: a copy of one inside a wrapper
// would lose the wrapper's words.
func AdviseSpeed(err error, how string) error {
	if e, ok := err.(*NoSpeedError); ok {
		c := *e
		c.How = how
		return &c
	}
	return err
}

// noSpeed returns err, the error of timing job i of bw at speed, as a
// *NoSpeedError when the speed alone is wanting: when speed is not > 0
// and the job is timed at any speed (the largest: batsim's own checks
// decide, not a copy of them here).
func noSpeed(bw *batsim.Workload, i int, speed float64, err error) error {
	if speed > 0 {
		return err
	}
	if _, e := bw.TraceJob(i, math.MaxFloat64); e != nil {
		return err
	}
	j := bw.Jobs[i]
	pr := bw.Profiles[j.Profile]
	return &NoSpeedError{Where: fmt.Sprintf("%s:%d: job %d uses profile %q (line %d)", bw.Name, j.Line, j.ID, j.Profile, pr.Line), Type: pr.Type}
}

// headerCPUs is the machine's CPUs for a trace: cpus, or when cpus <= 0
// the header's MaxProcs (the Parallel Workloads Archive's number of
// processors of the machine the log comes from), as pyss and Batsim's
// converters read it.
// ErrNoSize is the error of a trace or a workload that gives no machine
// size, asked for one: its text is simulate's advice, and a caller with
// another way to give the size says that one.
var ErrNoSize = errors.New("give the machine's CPUs (--cpus N)")

func headerCPUs(path string, h *trace.Header, cpus int) (int, error) {
	if cpus > 0 {
		return cpus, nil
	}
	if h.MaxProcs < 1 {
		return 0, fmt.Errorf("%s: the header gives no MaxProcs (a line \"; MaxProcs: N\"): %w", path, ErrNoSize)
	}
	return h.MaxProcs, nil
}

// selector keeps the first maxJobs valid jobs of a trace for a machine of
// cpus CPUs and counts the others.
type selector struct {
	maxJobs, cpus int
	est           Estimate
	jobs          []sim.Job
	sk            Skipped
	keep          bool         // keep each job's record fields in kept
	kept          []trace.Kept // (see Workload.Kept)
	// ids are the ids of the jobs kept; repeated and firstRepeated are
	// Workload's.
	ids           IDs
	repeated      int
	firstRepeated string
}

// size makes room for n jobs, so that loading never regrows the slices.
func (s *selector) size(n int) {
	s.jobs = make([]sim.Job, 0, n)
	if s.keep {
		s.kept = make([]trace.Kept, 0, n)
	}
}

func (s *selector) full() bool { return s.maxJobs > 0 && len(s.jobs) >= s.maxJobs }

// add keeps tj if it is valid and reports whether it did.
func (s *selector) add(tj *trace.Job) bool {
	n := tj.CPUs()
	switch {
	case !HasSubmit(tj):
		s.sk.NoSubmit++
		return false
	case tj.Run < 0:
		s.sk.NegativeRun++
		return false
	case n < 1:
		s.sk.NoCPUs++
		return false
	case n > s.cpus:
		s.sk.TooWide++
		return false
	}
	j := sim.Job{ID: int64(tj.ID), Submit: tj.Submit, Run: tj.Run, CPUs: n, User: tj.User}
	if s.est == Requested {
		j.Estimate = tj.Estimate()
	}
	s.jobs = append(s.jobs, j)
	if s.keep {
		s.kept = append(s.kept, tj.Kept())
	}
	s.noteID(j.ID, tj.Line)
	return true
}

// noteID counts the job of id (on line) if a job kept before has its id.
func (s *selector) noteID(id int64, line int) {
	earlier := func(yield func(int64) bool) {
		for _, j := range s.jobs[:len(s.jobs)-1] {
			if !yield(j.ID) {
				return
			}
		}
	}
	if s.ids.Add(id, earlier) {
		if s.repeated++; s.firstRepeated == "" {
			s.firstRepeated = fmt.Sprintf("job %d, line %d", id, line)
		}
	}
}

// HasSubmit is the package rule on submit times: a job with a negative
// submit time (not recorded) is left out of every simulation.
func HasSubmit(j *trace.Job) bool { return j.Submit >= 0 }
