package jobsout

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/gridbench/gridbench/generators/trace"
	"github.com/gridbench/gridbench/internal/sim"
)

// Format names a jobs file layout.
type Format string

const (
	// Evalys is Batsim's jobs.csv, which evalys's JobSet.from_csv reads.
	Evalys Format = "evalys"
	// Short is job_id,submit,start,end,machine.
	Short Format = "short"
)

// ParseFormat reads a --jobs-format value.
func ParseFormat(s string) (Format, error) {
	switch f := Format(s); f {
	case Evalys, Short:
		return f, nil
	}
	return "", fmt.Errorf("jobs format %q: want %q (Batsim/evalys jobs.csv) or %q (job_id,submit,start,end,machine)", s, Evalys, Short)
}

// EvalysColumns is the header of Batsim's jobs output, in its order.
var EvalysColumns = []string{
	"job_id", "workload_name", "profile", "submission_time", "requested_number_of_resources",
	"requested_time", "success", "final_state", "starting_time", "execution_time", "finish_time",
	"waiting_time", "turnaround_time", "stretch", "allocated_resources", "consumed_energy", "metadata",
}

// ShortColumns is the header of the short format.
var ShortColumns = []string{"job_id", "submit", "start", "end", "machine"}

// Schedule is a checked schedule with what the files say about it beyond
// the jobs and their records.
type Schedule struct {
	Platform sim.Platform
	Jobs     []sim.Job
	Records  []sim.Record
	// Workload names the workload (evalys's workload_name), e.g. the
	// trace's file name without its extensions.
	Workload string
	// Profiles, if not nil, has each job's Batsim profile name (a job read
	// from a Batsim workload); otherwise the profile column is empty,
	// Batsim's "none".
	Profiles []string
	// Origin are the header lines of the trace the jobs came from that
	// still hold for the schedule (OriginOf), "Key: value", for WriteSWF.
	Origin []string
	// Kept, if not nil, has each job's record fields of the trace it came
	// from that WriteSWF keeps; otherwise they are written unknown (-1).
	Kept []trace.Kept
}

func (s *Schedule) check() error {
	if len(s.Jobs) != len(s.Records) {
		return fmt.Errorf("jobsout: %d records for %d jobs", len(s.Records), len(s.Jobs))
	}
	if s.Profiles != nil && len(s.Profiles) != len(s.Jobs) {
		return fmt.Errorf("jobsout: %d profiles for %d jobs", len(s.Profiles), len(s.Jobs))
	}
	if s.Kept != nil && len(s.Kept) != len(s.Jobs) {
		return fmt.Errorf("jobsout: %d kept records for %d jobs", len(s.Kept), len(s.Jobs))
	}
	return nil
}

// Write writes the schedule in format f.
func Write(w io.Writer, f Format, s *Schedule) error {
	switch f {
	case Evalys:
		return WriteEvalys(w, s)
	case Short:
		return WriteShort(w, s)
	}
	_, err := ParseFormat(string(f))
	return err
}

// block is the size of the chunks rows go out in: one Write per about
// 64 KiB rather than one per row.
const block = 64 << 10

// rows writes the header and one row per job through row, in blocks.
func rows(w io.Writer, header []string, n int, row func(buf []byte, i int) []byte) error {
	buf := make([]byte, 0, block+1024)
	buf = append(buf, strings.Join(header, ",")...)
	buf = append(buf, '\n')
	for i := range n {
		buf = row(buf, i)
		buf = append(buf, '\n')
		if len(buf) >= block {
			if _, err := w.Write(buf); err != nil {
				return err
			}
			buf = buf[:0]
		}
	}
	_, err := w.Write(buf)
	return err
}

// WriteShort writes job_id,submit,start,end,machine per job, in job order,
// times in the shortest form that reads back exactly.
func WriteShort(w io.Writer, s *Schedule) error {
	if err := s.check(); err != nil {
		return err
	}
	return rows(w, ShortColumns, len(s.Jobs), func(buf []byte, i int) []byte {
		j, r := &s.Jobs[i], s.Records[i]
		buf = strconv.AppendInt(buf, j.ID, 10)
		for _, x := range [...]float64{j.Submit, r.Start, r.End} {
			buf = append(buf, ',')
			buf = AppendG(buf, x)
		}
		buf = append(buf, ',')
		return strconv.AppendInt(buf, int64(r.Machine), 10)
	})
}

// WriteEvalys writes Batsim's jobs.csv: every job completed
// (success 1, final_state COMPLETED_SUCCESSFULLY), requested_time the
// run-time estimate the scheduler saw, allocated_resources the CPU ids
// Allocate gives, consumed_energy -1 (not simulated, as evalys's examples
// write it), stretch turnaround / execution time ("inf" for a job of no
// duration that waited, "nan" for one that did not, as Batsim prints
// them), and metadata key=value pairs separated by spaces: user=U when the
// job has a user (> 0), machine=M on a platform of several machines;
// empty when neither applies. Times are in the shortest form that reads back exactly.
func WriteEvalys(w io.Writer, s *Schedule) error {
	if err := s.check(); err != nil {
		return err
	}
	alloc, err := Allocate(s.Platform, s.Jobs, s.Records)
	if err != nil {
		return err
	}
	name := csvField(s.Workload)
	multi := len(s.Platform.Machines) > 1
	return rows(w, EvalysColumns, len(s.Jobs), func(buf []byte, i int) []byte {
		j, r := &s.Jobs[i], s.Records[i]
		buf = strconv.AppendInt(buf, j.ID, 10)
		buf = append(buf, ',')
		buf = append(buf, name...)
		buf = append(buf, ',')
		if s.Profiles != nil {
			buf = append(buf, csvField(s.Profiles[i])...)
		}
		buf = append(buf, ',')
		buf = AppendG(buf, j.Submit)
		buf = append(buf, ',')
		buf = strconv.AppendInt(buf, int64(j.CPUs), 10)
		buf = append(buf, ',')
		buf = AppendG(buf, j.Est())
		buf = append(buf, ",1,COMPLETED_SUCCESSFULLY"...)
		exec, wait, turn := r.End-r.Start, r.Start-j.Submit, r.End-j.Submit
		for _, x := range [...]float64{r.Start, exec, r.End, wait, turn, turn / exec} {
			buf = append(buf, ',')
			buf = AppendG(buf, x)
		}
		buf = append(buf, ',')
		buf = alloc[i].append(buf)
		buf = append(buf, ",-1,"...)
		if j.User > 0 {
			buf = append(buf, "user="...)
			buf = strconv.AppendInt(buf, int64(j.User), 10)
		}
		if multi {
			if j.User > 0 {
				buf = append(buf, ' ')
			}
			buf = append(buf, "machine="...)
			buf = strconv.AppendInt(buf, int64(r.Machine), 10)
		}
		return buf
	})
}

// csvField quotes s as RFC 4180 wants when it holds a comma, a quote or a
// line break.
func csvField(s string) string {
	if !strings.ContainsAny(s, ",\"\r\n") {
		return s
	}
	return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
}

// AppendG appends x as strconv.AppendFloat(buf, x, 'g', -1, 64) does, with
// a short path for whole numbers below 2^53 — every time of an SWF trace —
// which is most of a jobs file's cost otherwise. Their shortest exact form
// is their own digits with trailing zeros dropped (doubles there are at
// most 1 apart, so no shorter string reads back the same), printed like
// 'g': plainly below 10^6, as d.ddde+XX from there. Infinities and NaN are
// written "inf", "-inf" and "nan", as C's printf (and so Batsim) writes
// them and pandas reads them.
func AppendG(buf []byte, x float64) []byte {
	switch {
	case math.IsNaN(x):
		return append(buf, "nan"...)
	case math.IsInf(x, 1):
		return append(buf, "inf"...)
	case math.IsInf(x, -1):
		return append(buf, "-inf"...)
	}
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
