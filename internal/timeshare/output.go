package timeshare

import (
	"bufio"
	"fmt"
	"io"
	"strconv"

	"github.com/gridbench/gridbench/internal/atomicfile"
)

// This file renders results; the simulator itself does no I/O.

// JobsCSVHeader is the header line of WriteJobsCSV.
const JobsCSVHeader = "job_id,submit,first_start,end,slave"

// WriteJobsCSV writes one row per dealt job, in input order:
// job_id,submit,first_start,end,slave with times in full float64 precision
// (strconv 'g', -1, so they round-trip) and slave 0-based. Jobs that were not
// dealt (Run < 0) have no row.
func WriteJobsCSV(w io.Writer, jobs []Job, out []Outcome) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	bw.WriteString(JobsCSVHeader + "\n")
	var buf []byte
	for i := range jobs {
		if out[i].Slave < 0 {
			continue
		}
		buf = strconv.AppendInt(buf[:0], jobs[i].ID, 10)
		buf = append(buf, ',')
		buf = strconv.AppendFloat(buf, jobs[i].Submit, 'g', -1, 64)
		buf = append(buf, ',')
		buf = strconv.AppendFloat(buf, out[i].FirstStart, 'g', -1, 64)
		buf = append(buf, ',')
		buf = strconv.AppendFloat(buf, out[i].End, 'g', -1, 64)
		buf = append(buf, ',')
		buf = strconv.AppendInt(buf, int64(out[i].Slave), 10)
		buf = append(buf, '\n')
		bw.Write(buf)
	}
	return bw.Flush()
}

// WriteJobsCSVFile writes WriteJobsCSV's output to path atomically: to a
// temporary file in the same directory, then renamed over path, so a reader
// never sees half a file and a failed run leaves any previous file intact.
func WriteJobsCSVFile(path string, jobs []Job, out []Outcome) error {
	return atomicfile.Write(path, func(w io.Writer) error { return WriteJobsCSV(w, jobs, out) })
}

// WriteSummary prints m and the slice count as aligned "name  value" lines,
// one metric per line, in the order of Shah et al.'s Figures 4-9, then
// the makespan.
func WriteSummary(w io.Writer, m Metrics, slices int64) error {
	g := func(x float64) string { return strconv.FormatFloat(x, 'f', 3, 64) }
	rows := [][2]string{
		{"jobs", strconv.Itoa(m.Jobs)},
		{"avg_waiting_s", g(m.AvgWaiting)},
		{"avg_turnaround_s", g(m.AvgTurnaround)},
		{"avg_response_s", g(m.AvgResponse)},
		{"avg_bounded_slowdown", g(m.AvgBoundedSlowdown)},
		{"total_completion_s", g(m.TotalCompletion)},
		{"max_stretch", g(m.MaxStretch)},
		{"makespan_s", g(m.Makespan)},
		{"slices", strconv.FormatInt(slices, 10)},
	}
	for _, r := range rows {
		if _, err := fmt.Fprintf(w, "%-22s %s\n", r[0], r[1]); err != nil {
			return err
		}
	}
	return nil
}
