package jobsout

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/gridbench/gridbench/generators/trace"
)

// WriteSWF writes the schedule as a Standard Workload Format log (version
// 2.2), one line per job in job order, as the Parallel Workloads Archive
// writes a log: field 3 (wait) is start - submit and field 4 (run) end -
// start, both filled; field 5 the CPUs; field 9 the run-time estimate the
// scheduler saw (sim.Job.Est: the request, or the run time when it was
// told none, as under --estimate runtime, where -1 was written; -1 for a
// job of no run time told none); field 12 the user; field
// 16 (partition) the machine, numbered from 1, on a platform of several
// machines. The fields a schedule does not change are the trace's
// (s.Kept): 6 and 7, what the job used; 8 and 10, what it asked for; 11,
// its status; 13 to 15, its group, executable and queue; 16 on one
// machine; 17 and 18, the job it waited for and how long after it. Where
// the trace gives none (or s.Kept is nil), field 8 is the CPUs, 11 is 1
// (completed: the simulation ran the job to its end) and the others -1.
// Times are written plainly (no exponent), whole seconds without a
// decimal point. The header gives MaxJobs, MaxRecords
// and MaxProcs, notes what wrote the file, and keeps the input trace's
// lines that still hold (s.Origin: where and when its times count from).
func WriteSWF(w io.Writer, s *Schedule, note string) error {
	if err := s.check(); err != nil {
		return err
	}
	cpus := 0
	for _, m := range s.Platform.Machines {
		cpus += m.CPUs
	}
	var head []byte
	head = fmt.Appendf(head, "; Version: 2.2\n; Computer: gridbench simulation\n")
	if s.Workload != "" {
		head = fmt.Appendf(head, "; Note: schedule of workload %s\n", s.Workload)
	}
	if note != "" {
		head = fmt.Appendf(head, "; Note: %s\n", note)
	}
	for _, l := range s.Origin {
		head = fmt.Appendf(head, "; %s\n", l)
	}
	head = fmt.Appendf(head, "; MaxJobs: %d\n; MaxRecords: %d\n; MaxProcs: %d\n", len(s.Jobs), len(s.Jobs), cpus)
	if _, err := w.Write(head); err != nil {
		return err
	}
	multi := len(s.Platform.Machines) > 1
	buf := make([]byte, 0, block+1024)
	for i := range s.Jobs {
		j, r := &s.Jobs[i], s.Records[i]
		est := j.Est() // (as jobs.csv's requested_time)
		if est <= 0 {
			est = -1 // (a job of no run time, told no estimate)
		}
		k := unknown
		if s.Kept != nil {
			k = s.Kept[i]
		}
		if k.ReqProcs < 1 {
			k.ReqProcs = j.CPUs
		}
		if k.Status < 0 {
			k.Status = 1 // (the simulation ran it to its end)
		}
		if multi {
			k.Partition = r.Machine + 1
		}
		buf = strconv.AppendInt(buf, j.ID, 10)
		for _, x := range [...]float64{j.Submit, r.Start - j.Submit, r.End - r.Start} {
			buf = append(buf, ' ')
			buf = strconv.AppendFloat(buf, x, 'f', -1, 64)
		}
		buf = append(buf, ' ')
		buf = appendInts(buf, j.CPUs)
		buf = appendFloats(buf, k.AvgCPU, k.Mem)
		buf = appendInts(buf, k.ReqProcs)
		buf = appendFloats(buf, est, k.ReqMem)
		buf = appendInts(buf, k.Status, j.User, k.Group, k.Exe, k.Queue, k.Partition, k.Preceding)
		buf = strconv.AppendFloat(buf, k.Think, 'f', -1, 64)
		buf = append(buf, '\n')
		if len(buf) >= block || i == len(s.Jobs)-1 {
			if _, err := w.Write(buf); err != nil {
				return err
			}
			buf = buf[:0]
		}
	}
	return nil
}

// unknown are the kept fields of a job whose trace gave none.
var unknown = trace.Kept{AvgCPU: -1, Mem: -1, ReqMem: -1, Think: -1, ReqProcs: -1, Status: -1,
	Group: -1, Exe: -1, Queue: -1, Partition: -1, Preceding: -1}

// appendFloats appends each of xs written plainly and a space.
func appendFloats(buf []byte, xs ...float64) []byte {
	for _, x := range xs {
		buf = append(strconv.AppendFloat(buf, x, 'f', -1, 64), ' ')
	}
	return buf
}

// appendInts appends each of ns and a space.
func appendInts(buf []byte, ns ...int) []byte {
	for _, n := range ns {
		buf = append(strconv.AppendInt(buf, int64(n), 10), ' ')
	}
	return buf
}

// originKeys are the header keys of an input trace that still hold for a
// schedule of its jobs: the submit times are the trace's, so the time
// they count from (UnixStartTime, TimeZone, TimeZoneString, StartTime)
// and where the log came from (Installation, Acknowledge, Information,
// Conversion) stay true; `trace stats` reads the hours and
// weekdays of the schedule's arrivals in the log's own time zone. The
// sizes (MaxJobs, MaxRecords, MaxProcs) are the schedule's, written
// anew, and the rest (EndTime, which a schedule of its first jobs ends
// before; Computer, Version, Note, queues and partitions) describe the
// log, not the simulation.
var originKeys = []string{"Installation", "Acknowledge", "Information", "Conversion",
	"UnixStartTime", "TimeZone", "TimeZoneString", "StartTime"}

// OriginOf returns the lines of h (nil: none) that a schedule of its
// jobs keeps (originKeys), "Key: value", in the header's order.
func OriginOf(h *trace.Header) []string {
	if h == nil {
		return nil
	}
	var out []string
	for _, k := range h.Keys {
		if !slices.Contains(originKeys, k) {
			continue
		}
		for _, v := range h.Fields[k] {
			out = append(out, k+": "+strings.ReplaceAll(v, "\n", " "))
		}
	}
	return out
}
