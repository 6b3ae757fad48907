package trace

import (
	"bytes"
	"fmt"
	"io"
)

// SWFColumns names the 18 SWF columns (Standard Workload Format 2.2) in
// order; error messages use these names.
var SWFColumns = [18]string{
	"job number", "submit time", "wait time", "run time", "allocated processors",
	"average CPU time", "used memory", "requested processors", "requested time",
	"requested memory", "status", "user id", "group id", "executable",
	"queue", "partition", "preceding job", "think time",
}

// SWFReader streams jobs from a Standard Workload Format trace.
type SWFReader struct {
	lines
	job Job
}

// NewSWFReader returns a reader of uncompressed SWF text from r; name is used
// in error messages (usually the file name). Use Open for files and .gz.
func NewSWFReader(r io.Reader, name string) *SWFReader {
	return &SWFReader{lines: newLines(r, name)}
}

// Next parses the next job line. It stops at the first malformed line.
func (r *SWFReader) Next() bool {
	if !r.next() {
		return false
	}
	return r.fast() || r.parse()
}

// parse reads the current record field by field: the general path, which
// takes every number strconv reads and names the field of any error.
func (r *SWFReader) parse() bool {
	r.split()
	if n := len(r.fields); n != len(SWFColumns) {
		msg := fmt.Sprintf("%d fields, want 18: an SWF job line is 18 numbers separated by spaces (job, submit, wait, run, procs, avg CPU, mem, req procs, req time, req mem, status, user, group, exe, queue, partition, preceding, think), -1 for a missing value; comment lines start with ';'", n)
		if n > len(SWFColumns) && bytes.HasPrefix(r.fields[len(SWFColumns)], []byte("{")) {
			// Alea's data sets (wagap-2013.swf) extend each line with the
			// nodes the job ran on, its queue and its PBS request.
			msg += "; this line reads as Alea's extended SWF (18 SWF fields, then {the job's nodes}, its queue and its PBS request): keep the first 18 fields of each line (awk '!/^;/{NF=18} 1' FILE)"
		}
		r.fail(0, "", msg)
		return false
	}
	j := &r.job
	*j = Job{Line: r.line}
	ok := r.common(j, SWFColumns[:])
	in := func(dst *int, i int) {
		if ok {
			*dst, ok = r.integer(i, SWFColumns[i-1])
		}
	}
	sec := func(dst *float64, i int) {
		if ok {
			*dst, ok = r.seconds(i, SWFColumns[i-1])
		}
	}
	in(&j.User, 12)
	in(&j.Group, 13)
	in(&j.Exe, 14)
	in(&j.Queue, 15)
	in(&j.Partition, 16)
	in(&j.Preceding, 17)
	sec(&j.Think, 18)
	return ok
}

// fast reads the current record when it is 18 plain integers (fastInts)
// and its times are within MaxSeconds, as almost every line of an archived
// trace is: one pass over the text, no split. The values are those the
// general path gives such a line (fastInt's, converted alike). On false,
// nothing is decided: the general path reads the line and finds its error.
func (r *SWFReader) fast() bool {
	var v [len(SWFColumns)]int64
	if !fastInts(r.text, v[:]) {
		return false
	}
	for _, i := range [...]int{2, 3, 4, 6, 9, 18} { // the seconds columns
		if v[i-1] > MaxSeconds || v[i-1] < -MaxSeconds {
			return false
		}
	}
	// Field by field: a Job literal is built aside and copied in, 330
	// bytes a line. The text fields stay empty: no SWF reader sets them.
	j := &r.job
	j.ID, j.Submit, j.Wait, j.Run = int(v[0]), float64(v[1]), float64(v[2]), float64(v[3])
	j.Procs, j.AvgCPU, j.Mem, j.ReqProcs = int(v[4]), float64(v[5]), float64(v[6]), int(v[7])
	j.ReqTime, j.ReqMem, j.Status, j.User = float64(v[8]), float64(v[9]), int(v[10]), int(v[11])
	j.Group, j.Exe, j.Queue, j.Partition = int(v[12]), int(v[13]), int(v[14]), int(v[15])
	j.Preceding, j.Think, j.Line = int(v[16]), float64(v[17]), r.line
	return true
}

// Job returns the record Next advanced to.
func (r *SWFReader) Job() Job { return r.job }

// Err returns the first error, nil at a clean end of input.
func (r *SWFReader) Err() error { return r.err }

// Header returns the ';' comment header.
func (r *SWFReader) Header() *Header { return r.hdr }

// Format returns SWF.
func (r *SWFReader) Format() Format { return SWF }

// Name returns the name used in error messages.
func (r *SWFReader) Name() string { return r.name }
