package batsim

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"

	"github.com/gridbench/gridbench/generators/trace"
)

// WriteOptions says how Write describes the jobs.
type WriteOptions struct {
	// Speed, when > 0, makes every profile parallel_homogeneous with cpu
	// = run × Speed flops and com 0, for Batsim runs on a platform whose
	// hosts compute Speed flop/s; 0 writes delay profiles, exact for any
	// platform.
	Speed float64
	// NbRes is the workload's nb_res; 0 means the largest res.
	NbRes int
	// Description goes into the file's "description" field.
	Description string
	// Walltime says what a job's walltime is (see Walltime).
	Walltime Walltime
}

// Walltime says how Write sets a job's walltime from its trace record. A
// job whose run time reaches its requested time (513 of KTH-SP2's, 38 of
// them exactly; 7,096 of RICC's, 4 exactly) is killed by Batsim at its
// walltime, as COMPLETED_WALLTIME_REACHED, even one that ends at that
// very instant, while gridbench runs every job to its end:
// WalltimeRequested gives the trace's request, and Batsim a schedule of
// its own for those jobs; WalltimeMax runs them whole in Batsim, as
// gridbench reading the workload back runs them.
type Walltime int

const (
	// WalltimeRequested: the requested time, when the record has one (> 0).
	WalltimeRequested Walltime = iota
	// WalltimeMax: the requested time, when the record has one (> 0), or
	// when the run time reaches it, the run time plus one second. Batsim
	// kills a job whose run time reaches its walltime (a delay job runs
	// whole only when its delay is below the time left, do_delay_task),
	// even at the very instant it ends, and a parallel_homogeneous job's
	// run time is cpu / speed as SimGrid computes it, within its
	// precision: a second above is clear of both.
	WalltimeMax
)

// Written counts what WriteFrom wrote.
type Written struct {
	Jobs int
	// ReachWalltime counts the jobs whose run time reaches their
	// requested time (> 0), equal or beyond: killed by Batsim at their
	// walltime under WalltimeRequested, given their run time plus a
	// second as walltime under WalltimeMax.
	ReachWalltime int
	// AtWalltime counts those of them whose run time equals their
	// requested time: they end at the instant Batsim kills them.
	AtWalltime int
	// NoRun counts the jobs of run time 0: Batsim refuses a delay
	// profile of 0 s, so they share the profile ZeroProfile
	// (parallel_homogeneous, cpu 0) whatever the profiles' type.
	NoRun int
}

// ZeroProfile names the profile of the jobs of run time 0: Batsim refuses
// a delay profile whose delay is not > 0, and runs a parallel_homogeneous
// one of cpu 0 (and com 0) in no time on any platform.
const ZeroProfile = "ph0"

// Write writes jobs (SWF records already selected by the caller: submit
// >= 0, run >= 0, CPUs >= 1) as a Batsim workload, one job per line in the
// order given: id the SWF job number, subtime the submit time, res the
// CPUs, walltime the requested time when the record has one (> 0; see
// Walltime), and profile the one of the job's run time, named
// "delay<run>" (or "ph<run>"), shared by every job of that run time; a job
// of run time 0 gets ZeroProfile, as Batsim refuses a delay of 0.
// Profiles are listed by name. The same jobs and options give the same
// bytes.
func Write(w io.Writer, jobs []trace.Job, opt WriteOptions) error {
	i := 0
	_, err := WriteFrom(w, func() (*trace.Job, error) {
		if i == len(jobs) {
			return nil, nil
		}
		i++
		return &jobs[i-1], nil
	}, opt)
	return err
}

// JobError is a job that WriteFrom cannot write: Line is the job's line
// in the trace it was read from, which the caller can name.
type JobError struct {
	Line, ID int
	Why      string
}

// wide words the jobs wider than nb_res: Batsim rejects a workload with
// one, so WriteFrom reads on to count them and names the first.
func wide(first trace.Job, nbRes, count, widest int) *JobError {
	return &JobError{first.Line, first.ID, fmt.Sprintf("asks for %d resources, more than the workload's nb_res %d, and Batsim rejects a workload with such a job "+
		"(%d %s of the trace %s, the widest %d: give nb_res %d or more)",
		first.CPUs(), nbRes, count, plural(count, "job"), plural(count, "does"), widest, widest)}
}

// plural gives the word for n: job or jobs, does or do.
func plural(n int, word string) string {
	switch {
	case n == 1:
		return word
	case word == "does":
		return "do"
	}
	return word + "s"
}

func (e *JobError) Error() string {
	return fmt.Sprintf("batsim: line %d: job %d %s", e.Line, e.ID, e.Why)
}

// WriteFrom is Write for jobs handed over one at a time, so that a trace
// is never held whole (RICC-2010-2's 447,794 records are 147 MB as
// trace.Jobs): next returns the next job, or nil and the error that ended
// the jobs, if any. It returns the jobs written. A job wider than
// opt.NbRes is an error (a JobError naming the first and counting them all,
// after reading every job).
func WriteFrom(w io.Writer, next func() (*trace.Job, error), opt WriteOptions) (Written, error) {
	prefix := "delay"
	if opt.Speed > 0 {
		prefix = "ph"
	}
	nbRes := opt.NbRes
	runs := map[string]float64{}
	var buf []byte
	buf = append(buf, "{\n"...)
	if opt.Description != "" {
		d, _ := json.Marshal(opt.Description)
		buf = fmt.Appendf(buf, "  \"description\": %s,\n", d)
	}
	buf = append(buf, "  \"jobs\": [\n"...)
	var n Written
	var ids idSet // (see checkIDs)
	var firstWide trace.Job
	var wides, widest int
	for {
		j, err := next()
		if err != nil {
			return n, err
		}
		if j == nil {
			break
		}
		res := j.CPUs()
		if res < 1 || j.Run < 0 || j.Submit < 0 {
			return n, &JobError{j.Line, j.ID, fmt.Sprintf("(submit %g, run %g, %d CPUs) is not a job Batsim can run", j.Submit, j.Run, res)}
		}
		if !ids.add(j.ID) {
			return n, &JobError{j.Line, j.ID, "repeats the id of a job written before it: Batsim refuses a workload whose job ids repeat " +
				"(an SWF log of partial executions, status 2 to 4, has a line per part; its cleaned version has one per job)"}
		}
		widest = max(widest, res)
		if opt.NbRes == 0 {
			nbRes = widest
		} else if res > opt.NbRes {
			if wides == 0 {
				firstWide = *j
			}
			wides++
		}
		if wides > 0 {
			continue // (nothing more is written: the workload is refused)
		}
		walltime := j.ReqTime
		if walltime > 0 && j.Run >= walltime {
			n.ReachWalltime++
			if j.Run == walltime {
				n.AtWalltime++
			}
			if opt.Walltime == WalltimeMax {
				walltime = j.Run + 1
			}
		}
		name, run := prefix+num(j.Run), j.Run
		if run == 0 {
			n.NoRun++
			name, run = ZeroProfile, 0 // (a run of -0 too)
		}
		runs[name] = run
		if n.Jobs > 0 {
			buf = append(buf, ",\n"...) // the job before was not the last
		}
		n.Jobs++
		buf = fmt.Appendf(buf, "    {\"id\": %d, \"subtime\": %s, \"res\": %d, \"profile\": %q", j.ID, num(j.Submit), res, name)
		if walltime > 0 {
			buf = fmt.Appendf(buf, ", \"walltime\": %s", num(walltime))
		}
		buf = append(buf, '}')
		if len(buf) > 64<<10 {
			if _, err := w.Write(buf); err != nil {
				return n, err
			}
			buf = buf[:0]
		}
	}
	if wides > 0 {
		return n, wide(firstWide, opt.NbRes, wides, widest)
	}
	if n.Jobs > 0 {
		buf = append(buf, '\n')
	}
	buf = append(buf, "  ],\n"...)
	buf = fmt.Appendf(buf, "  \"nb_res\": %d,\n  \"profiles\": {\n", nbRes)
	names := make([]string, 0, len(runs))
	for n := range runs {
		names = append(names, n)
	}
	slices.Sort(names)
	for i, n := range names {
		if opt.Speed > 0 || runs[n] == 0 {
			buf = fmt.Appendf(buf, "    %q: {\"type\": %q, \"cpu\": %s, \"com\": 0}", n, ParallelHomogeneous, num(runs[n]*opt.Speed))
		} else {
			buf = fmt.Appendf(buf, "    %q: {\"type\": %q, \"delay\": %s}", n, Delay, num(runs[n]))
		}
		if i < len(names)-1 {
			buf = append(buf, ',')
		}
		buf = append(buf, '\n')
	}
	buf = append(buf, "  }\n}\n"...)
	_, err := w.Write(buf)
	return n, err
}

// num writes x in the shortest form that reads back exactly, without an
// exponent (so profile names read as seconds), as JSON
// allows (no NaN or infinity reach here: trace times are finite).
func num(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }
