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
// start, both filled; field 5 and 8 the CPUs; field 9 the run-time
// estimate the scheduler saw when it was told one (else -1); field 11
// status 1 (completed); field 12 the user; field 16 (partition) the
// machine, numbered from 1, on a platform of several machines. Times are
// written plainly (no exponent), whole seconds without a decimal point.
// Fields the simulator knows nothing of are -1. The header gives MaxJobs, MaxRecords
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
		est := -1.0
		if j.Estimate > 0 {
			est = j.Estimate
		}
		part := int64(-1)
		if multi {
			part = int64(r.Machine) + 1
		}
		buf = strconv.AppendInt(buf, j.ID, 10)
		for _, x := range [...]float64{j.Submit, r.Start - j.Submit, r.End - r.Start} {
			buf = append(buf, ' ')
			buf = strconv.AppendFloat(buf, x, 'f', -1, 64)
		}
		buf = fmt.Appendf(buf, " %d -1 -1 %d ", j.CPUs, j.CPUs)
		buf = strconv.AppendFloat(buf, est, 'f', -1, 64)
		buf = fmt.Appendf(buf, " -1 1 %d -1 -1 -1 %d -1 -1\n", j.User, part)
		if len(buf) >= block || i == len(s.Jobs)-1 {
			if _, err := w.Write(buf); err != nil {
				return err
			}
			buf = buf[:0]
		}
	}
	return nil
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
