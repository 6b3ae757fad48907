// Package simrun is the driver of `gridbench simulate`: it loads the first
// valid jobs of an SWF trace (internal/adapt), runs a registered scheduler
// on one machine, checks the result and writes one CSV row per job. It keeps
// I/O out of internal/sim, which stays a pure state machine.
package simrun

import (
	"fmt"
	"io"
	"math"
	"strconv"

	"github.com/gridbench/gridbench/internal/adapt"
	"github.com/gridbench/gridbench/internal/atomicfile"
	"github.com/gridbench/gridbench/internal/sched"
	"github.com/gridbench/gridbench/internal/sim"
)

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
		return fmt.Errorf("simulate: %d records for %d jobs", len(recs), len(jobs))
	}
	return atomicfile.Write(path, func(w io.Writer) error {
		io.WriteString(w, "job_id,submit,start,end,machine\n")
		// Rows go out in blocks of about 64 KiB, one Write each, rather
		// than one Write per row.
		const block = 64 << 10
		buf := make([]byte, 0, block+256)
		for i, j := range jobs {
			r := recs[i]
			buf = strconv.AppendInt(buf, j.ID, 10)
			for _, x := range [...]float64{j.Submit, r.Start, r.End} {
				buf = append(buf, ',')
				buf = appendG(buf, x)
			}
			buf = append(buf, ',')
			buf = strconv.AppendInt(buf, int64(r.Machine), 10)
			buf = append(buf, '\n')
			if len(buf) >= block || i == len(jobs)-1 {
				if _, err := w.Write(buf); err != nil {
					return err
				}
				buf = buf[:0]
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
	Skipped adapt.Skipped
	Work    int64 // the scheduler's work counter at the end
}

// Simulate loads the trace, runs sched on one machine of cpus CPUs and
// checks the result against the simulator's invariants.
func Simulate(path string, maxJobs, cpus int, est adapt.Estimate, sched sim.Scheduler) (*Result, error) {
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
func SimulateTo(path string, maxJobs, cpus int, est adapt.Estimate, sched sim.Scheduler, jobsOut string) (*Result, error) {
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

func simulate(path string, maxJobs, cpus int, est adapt.Estimate, sc sim.Scheduler) (*Result, sim.Platform, error) {
	p := sim.SingleMachine(cpus)
	if cpus < 1 {
		return nil, p, fmt.Errorf("--cpus %d: need at least 1", cpus)
	}
	jobs, sk, err := adapt.LoadSWF(path, maxJobs, cpus, est)
	if err != nil {
		return nil, p, err
	}
	s, err := sim.New(p, jobs, sc)
	if err != nil {
		return nil, p, err
	}
	if err := s.Run(); err != nil {
		return nil, p, err
	}
	// An exec: scheduler that wrote more lines than it was asked for had
	// its answers read one message late: its run does not count, and its
	// jobs CSV is not written.
	if err := sched.CloseScheduler(sc); err != nil {
		return nil, p, err
	}
	return &Result{Jobs: jobs, Records: s.Records(), Skipped: sk, Work: s.Work()}, p, nil
}

// appendG appends x as strconv.AppendFloat(buf, x, 'g', -1, 64) does, with
// a short path for whole numbers below 2^53 — every time of an SWF trace —
// which is most of the CSV's cost otherwise. Their shortest exact form is
// their own digits with trailing zeros dropped (doubles there are at most
// 1 apart, so no shorter string reads back the same), printed like 'g':
// plainly below 10^6, as d.ddde+XX from there.
func appendG(buf []byte, x float64) []byte {
	if !(x > 0 && x < 1<<53) || x != math.Trunc(x) {
		return strconv.AppendFloat(buf, x, 'g', -1, 64)
	}
	n := uint64(x)
	if n < 1e6 {
		return strconv.AppendUint(buf, n, 10)
	}
	var d [20]byte
	k := len(strconv.AppendUint(d[:0], n, 10))
	exp := k - 1
	for d[k-1] == '0' {
		k--
	}
	buf = append(buf, d[0])
	if k > 1 {
		buf = append(buf, '.')
		buf = append(buf, d[1:k]...)
	}
	buf = append(buf, 'e', '+')
	if exp < 10 {
		buf = append(buf, '0')
	}
	return strconv.AppendInt(buf, int64(exp), 10)
}
