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
}

// Write writes jobs (SWF records already selected by the caller: submit
// >= 0, run >= 0, CPUs >= 1) as a Batsim workload, one job per line in the
// order given: id the SWF job number, subtime the submit time, res the
// CPUs, walltime the requested time when the record has one (> 0), and
// profile the one of the job's run time, named "delay<run>" (or
// "ph<run>"), shared by every job of that run time. Profiles are listed by
// name. The same jobs and options give the same bytes.
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

func (e *JobError) Error() string {
	return fmt.Sprintf("batsim: line %d: job %d %s", e.Line, e.ID, e.Why)
}

// WriteFrom is Write for jobs handed over one at a time, so that a trace
// is never held whole (RICC-2010-2's 447,794 records are 147 MB as
// trace.Jobs): next returns the next job, or nil and the error that ended
// the jobs, if any. It returns the jobs written.
func WriteFrom(w io.Writer, next func() (*trace.Job, error), opt WriteOptions) (int, error) {
	typ, prefix := Delay, "delay"
	if opt.Speed > 0 {
		typ, prefix = ParallelHomogeneous, "ph"
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
	n := 0
	var ids idSet // (see checkIDs)
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
		if opt.NbRes == 0 {
			nbRes = max(nbRes, res)
		}
		name := prefix + num(j.Run)
		runs[name] = j.Run
		if n > 0 {
			buf = append(buf, ",\n"...) // the job before was not the last
		}
		n++
		buf = fmt.Appendf(buf, "    {\"id\": %d, \"subtime\": %s, \"res\": %d, \"profile\": %q", j.ID, num(j.Submit), res, name)
		if j.ReqTime > 0 {
			buf = fmt.Appendf(buf, ", \"walltime\": %s", num(j.ReqTime))
		}
		buf = append(buf, '}')
		if len(buf) > 64<<10 {
			if _, err := w.Write(buf); err != nil {
				return n, err
			}
			buf = buf[:0]
		}
	}
	if n > 0 {
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
		if opt.Speed > 0 {
			buf = fmt.Appendf(buf, "    %q: {\"type\": %q, \"cpu\": %s, \"com\": 0}", n, typ, num(runs[n]*opt.Speed))
		} else {
			buf = fmt.Appendf(buf, "    %q: {\"type\": %q, \"delay\": %s}", n, typ, num(runs[n]))
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
