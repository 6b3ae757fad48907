package simrun

import (
	"fmt"
	"io"
	"strconv"

	"github.com/gridbench/gridbench/generators/trace"
	"github.com/gridbench/gridbench/internal/atomicfile"
	"github.com/gridbench/gridbench/internal/sim"
)

// Estimate says which run-time estimate schedulers see.
type Estimate string

const (
	// Exact estimates: the scheduler knows each job's run time.
	Exact Estimate = "runtime"
	// Requested estimates: SWF field 9 when > 0, else the run time.
	Requested Estimate = "requested"
)

// Skipped counts the trace jobs left out, by reason.
type Skipped struct {
	NegativeRun int // run time < 0 (not recorded)
	NoCPUs      int // fewer than 1 CPU (fields 5 and 8 both < 1)
	TooWide     int // more CPUs than the machine has
}

// Total returns the number of jobs skipped.
func (s Skipped) Total() int { return s.NegativeRun + s.NoCPUs + s.TooWide }

func (s Skipped) String() string {
	return fmt.Sprintf("%d (run time < 0: %d, CPUs < 1: %d, more CPUs than the machine: %d)",
		s.Total(), s.NegativeRun, s.NoCPUs, s.TooWide)
}

// LoadSWF reads the first maxJobs valid jobs (all when maxJobs <= 0) of the
// trace at path for a machine of cpus CPUs. A job is valid when its run
// time is >= 0 and it needs 1..cpus CPUs (field 5, or field 8 when field 5
// < 1); invalid jobs are counted in Skipped and do not count towards
// maxJobs. A malformed line stops the read with the reader's file:line error.
func LoadSWF(path string, maxJobs, cpus int, est Estimate) ([]sim.Job, Skipped, error) {
	var sk Skipped
	if est != Exact && est != Requested {
		return nil, sk, fmt.Errorf("--estimate %q: want %q or %q", est, Exact, Requested)
	}
	r, err := trace.Open(path)
	if err != nil {
		return nil, sk, err
	}
	defer r.Close()
	var jobs []sim.Job
	for (maxJobs <= 0 || len(jobs) < maxJobs) && r.Next() {
		if jobs == nil {
			// The header is read once the first record is: size the
			// slice from its MaxJobs so loading never regrows it.
			jobs = make([]sim.Job, 0, trace.Capacity(r.Header(), maxJobs))
		}
		tj := r.Job()
		n := tj.CPUs()
		switch {
		case tj.Run < 0:
			sk.NegativeRun++
			continue
		case n < 1:
			sk.NoCPUs++
			continue
		case n > cpus:
			sk.TooWide++
			continue
		}
		j := sim.Job{ID: int64(tj.ID), Submit: tj.Submit, Run: tj.Run, CPUs: n}
		if est == Requested {
			j.Estimate = tj.Estimate()
		}
		jobs = append(jobs, j)
	}
	if err := r.Err(); err != nil {
		return nil, sk, err
	}
	return jobs, sk, nil
}

// WriteJobsCSV writes one row per job, in job order:
// job_id,submit,start,end,machine, with times in the shortest 'g' form that
// reads back exactly. The file is written under a temporary name and
// renamed, so a reader never sees half a file.
func WriteJobsCSV(path string, jobs []sim.Job, recs []sim.Record) error {
	return writeJobsCSV(path, jobs, recs, nil)
}

// writeJobsCSV is WriteJobsCSV that, with gate set, calls it once the rows
// are written and renames the file into place only if it returns nil.
func writeJobsCSV(path string, jobs []sim.Job, recs []sim.Record, gate func() error) error {
	if len(jobs) != len(recs) {
		return fmt.Errorf("simrun: %d records for %d jobs", len(recs), len(jobs))
	}
	return atomicfile.Write(path, func(w io.Writer) error {
		io.WriteString(w, "job_id,submit,start,end,machine\n")
		var buf []byte
		for i, j := range jobs {
			r := recs[i]
			buf = strconv.AppendInt(buf[:0], j.ID, 10)
			for _, x := range []float64{j.Submit, r.Start, r.End} {
				buf = append(buf, ',')
				buf = strconv.AppendFloat(buf, x, 'g', -1, 64)
			}
			buf = append(buf, ',')
			buf = strconv.AppendInt(buf, int64(r.Machine), 10)
			buf = append(buf, '\n')
			if _, err := w.Write(buf); err != nil {
				return err
			}
		}
		if gate != nil {
			return gate()
		}
		return nil
	})
}

// Result is the outcome of Simulate.
type Result struct {
	Jobs    []sim.Job
	Records []sim.Record
	Skipped Skipped
	Work    int64 // the scheduler's work counter at the end
}

// Simulate loads the trace, runs sched on one machine of cpus CPUs and
// checks the result against the simulator's invariants.
func Simulate(path string, maxJobs, cpus int, est Estimate, sched sim.Scheduler) (*Result, error) {
	res, p, err := simulate(path, maxJobs, cpus, est, sched)
	if err != nil {
		return nil, err
	}
	if err := sim.Check(p, res.Jobs, res.Records); err != nil {
		return nil, err
	}
	return res, nil
}

// SimulateTo is Simulate followed by WriteJobsCSV to jobsOut (unless no
// job is left), with the check and the writing overlapped: the file is
// renamed into place only once the check has passed, so a failed check
// leaves no file, as Simulate's error before the write would.
func SimulateTo(path string, maxJobs, cpus int, est Estimate, sched sim.Scheduler, jobsOut string) (*Result, error) {
	res, p, err := simulate(path, maxJobs, cpus, est, sched)
	if err != nil {
		return nil, err
	}
	checked := make(chan error, 1)
	go func() { checked <- sim.Check(p, res.Jobs, res.Records) }()
	if len(res.Jobs) == 0 {
		return res, <-checked
	}
	var cerr error
	werr := writeJobsCSV(jobsOut, res.Jobs, res.Records, func() error {
		cerr = <-checked
		return cerr
	})
	if cerr != nil {
		return nil, cerr // the check's own message; the file was not renamed
	}
	if werr != nil {
		return nil, werr
	}
	return res, nil
}

func simulate(path string, maxJobs, cpus int, est Estimate, sched sim.Scheduler) (*Result, sim.Platform, error) {
	p := sim.SingleMachine(cpus)
	if cpus < 1 {
		return nil, p, fmt.Errorf("--cpus %d: need at least 1", cpus)
	}
	jobs, sk, err := LoadSWF(path, maxJobs, cpus, est)
	if err != nil {
		return nil, p, err
	}
	s, err := sim.New(p, jobs, sched)
	if err != nil {
		return nil, p, err
	}
	if err := s.Run(); err != nil {
		return nil, p, err
	}
	return &Result{Jobs: jobs, Records: s.Records(), Skipped: sk, Work: s.Work()}, p, nil
}
