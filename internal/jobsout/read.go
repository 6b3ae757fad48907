package jobsout

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/gridbench/gridbench/generators/trace"
	"github.com/gridbench/gridbench/internal/sim"
)

// Row is one job of a jobs file as read.
type Row struct {
	ID                 string
	Submit, Start, End float64
	Requested          int // requested_number_of_resources; 0 when the file has none
	Alloc              Set // allocated_resources; nil when the file has none
	Line               int
	Values             []string // every column, as in the header
}

// CPUs returns the CPUs the job held: its allocation's size, else (no
// allocated_resources column, or an empty one: see NoAlloc) its request.
func (r *Row) CPUs() int {
	if len(r.Alloc) > 0 {
		return r.Alloc.Len()
	}
	return r.Requested
}

// NoAlloc reports whether the file has allocated_resources but this job's
// is empty: it started, yet names no CPU it held.
func (r *Row) NoAlloc() bool { return r.Alloc != nil && len(r.Alloc) == 0 }

// File is a jobs file: its header and the jobs that ran (a Batsim job
// rejected or never started, with no starting_time, is counted in
// NotStarted and left out).
type File struct {
	Name       string
	Columns    []string
	Rows       []Row
	NotStarted int
}

// Column returns the index of a column, or -1.
func (f *File) Column(name string) int { return slices.Index(f.Columns, name) }

// ReadFile reads a jobs file written by gridbench (either format) or by
// Batsim: the columns are found by name (job_id or jobID;
// submission_time or submit; starting_time or start; finish_time or end,
// else starting_time + execution_time; allocated_resources or
// allocated_processors, optional), so Batsim's own jobs.csv reads too.
// Errors name the file and line.
func ReadFile(path string) (*File, error) { return readFile(path, true) }

// ReadSchedule is ReadFile without the columns: each Row's Values is nil,
// and its ID its own string rather than a part of its line's. A row then
// takes some 100 bytes, not the 400 that the line and its fields keep:
// the figures that read only the times and CPUs of a schedule of 447,794
// RICC-2010-2 jobs (70 MB) hold 110 MB less.
func ReadSchedule(path string) (*File, error) { return readFile(path, false) }

func readFile(path string, values bool) (*File, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	if err := trace.NotDir(fh, path, "a jobs file"); err != nil {
		return nil, fmt.Errorf("%w (simulate --jobs-out, Batsim's jobs.csv)", err)
	}
	// A gzip file (as `simulate --jobs-out jobs.csv.gz` writes, by its
	// magic bytes, whatever its name) is read through trace.Gunzip, its
	// rows not counted first.
	br := bufio.NewReaderSize(fh, 256<<10)
	if trace.IsGzip(br) {
		zr, err := trace.NewGunzip(br)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", filepath.Base(path), err)
		}
		return read(zr, filepath.Base(path), 0, values)
	}
	lines, err := countLines(br)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Base(path), err)
	}
	if _, err := fh.Seek(0, io.SeekStart); err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Base(path), err)
	}
	return read(fh, filepath.Base(path), lines, values)
}

// countLines counts the newlines of r, so that ReadFile holds the rows in
// one array of the right size: grown by append, the 400,000 rows of a
// schedule were copied again at every doubling, which a collection under
// way cannot stop (see sim.CloneJobs), and `plot gantt` spent a third of
// its CPU there.
func countLines(r io.Reader) (int, error) {
	buf := make([]byte, 1<<20)
	n := 0
	for {
		k, err := r.Read(buf)
		n += bytes.Count(buf[:k], []byte("\n"))
		if err == io.EOF {
			return n, nil
		}
		if err != nil {
			return n, err
		}
	}
}

// Read is ReadFile over a reader.
func Read(r io.Reader, name string) (*File, error) { return read(r, name, 0, true) }

// read is Read, with room made for rows rows, keeping each row's Values
// or not (ReadSchedule).
func read(r io.Reader, name string, rows int, values bool) (*File, error) {
	cr := csv.NewReader(r)
	cr.ReuseRecord = !values
	header, err := cr.Read()
	if err != nil {
		if errors.Is(err, io.EOF) {
			return nil, fmt.Errorf("%s: empty file: a jobs file starts with its header line", name)
		}
		return nil, fmt.Errorf("%s:1: %w", name, err)
	}
	// With ReuseRecord, the next Read writes its fields into header's
	// array: the column names the errors and f.Columns give would be
	// the values of the row read last.
	header = slices.Clone(header)
	if len(header) > 0 {
		header[0] = strings.TrimPrefix(header[0], "\xef\xbb\xbf")
	}
	f := &File{Name: name, Columns: header, Rows: make([]Row, 0, rows)}
	col := func(names ...string) int {
		for _, n := range names {
			if i := f.Column(n); i >= 0 {
				return i
			}
		}
		return -1
	}
	id, sub, start := col("job_id", "jobID"), col("submission_time", "submit"), col("starting_time", "start")
	end, exec := col("finish_time", "end"), col("execution_time")
	req, alloc := col("requested_number_of_resources", "requested_number_of_processors"), col("allocated_resources", "allocated_processors")
	if slices.Contains(header, "first_start") && slices.Contains(header, "slave") {
		return nil, fmt.Errorf("%s:1: a timeshare jobs file (job_id,submit,first_start,end,slave): its jobs ran in time slices between first_start and end, not on CPUs held from start to end, which is what plot draws", name)
	}
	if id < 0 || sub < 0 || start < 0 || (end < 0 && exec < 0) {
		return nil, fmt.Errorf("%s:1: not a jobs file: want the columns job_id, submission_time, starting_time and finish_time (Batsim's jobs.csv, gridbench simulate --jobs-out), or job_id,submit,start,end; got %s", name, strings.Join(header, ","))
	}
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				return nil, fmt.Errorf("%s:%d: %v", name, pe.Line, pe.Err)
			}
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		line, _ := cr.FieldPos(0) // (only after a record was read: it panics after an error)
		num := func(i int, what string) (float64, error) {
			x, err := strconv.ParseFloat(strings.TrimSpace(rec[i]), 64)
			if err != nil {
				return 0, fmt.Errorf("%s:%d: %s %q is not a number", name, line, what, rec[i])
			}
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return 0, fmt.Errorf("%s:%d: %s %q is not a finite number of seconds", name, line, what, rec[i])
			}
			return x, nil
		}
		if strings.TrimSpace(rec[start]) == "" {
			f.NotStarted++
			continue
		}
		row := Row{ID: rec[id], Line: line, Values: rec}
		if !values {
			row.ID, row.Values = strings.Clone(rec[id]), nil
		}
		if row.Submit, err = num(sub, header[sub]); err != nil {
			return nil, err
		}
		if row.Start, err = num(start, header[start]); err != nil {
			return nil, err
		}
		if end >= 0 {
			row.End, err = num(end, header[end])
		} else {
			var d float64
			d, err = num(exec, header[exec])
			row.End = row.Start + d
		}
		if err != nil {
			return nil, err
		}
		if row.End < row.Start || row.Start < row.Submit {
			return nil, fmt.Errorf("%s:%d: job %s submitted at %g, started at %g, ended at %g: not a schedule", name, line, row.ID, row.Submit, row.Start, row.End)
		}
		if req >= 0 {
			// Read at 64 bits whatever int's size, so a count past the
			// limit is named as one on a 32-bit build too (past int64,
			// ParseInt gives the largest magnitude, past the limit too).
			n, err := strconv.ParseInt(strings.TrimSpace(rec[req]), 10, 64)
			if err != nil && !errors.Is(err, strconv.ErrRange) {
				return nil, fmt.Errorf("%s:%d: %s %q is not a whole number", name, line, header[req], rec[req])
			}
			if n < 0 || n > sim.CPULimit {
				return nil, fmt.Errorf("%s:%d: %s %s: want 0 to %d CPUs", name, line, header[req], strings.TrimSpace(rec[req]), sim.CPULimit)
			}
			row.Requested = int(n)
		}
		if alloc >= 0 {
			if row.Alloc, err = ParseSet(rec[alloc]); err != nil {
				return nil, fmt.Errorf("%s:%d: %s: %v", name, line, header[alloc], err)
			}
		}
		f.Rows = append(f.Rows, row)
	}
	return f, nil
}

// ParseSet reads an interval set in evalys's notation: ids and ranges
// "lo-hi" separated by spaces, in any order ("0-3 8", "10 9 16"). The
// result is sorted and merged.
func ParseSet(s string) (Set, error) {
	out := Set{}
	for _, tok := range strings.Fields(s) {
		a, b, rng := strings.Cut(tok, "-")
		// Ids are read at 64 bits whatever int's size, so an id past
		// the limit is named as one on a 32-bit build too (a number
		// past int64 is one).
		lo, err1 := strconv.ParseUint(a, 10, 64)
		hi := lo
		var err2 error
		if rng {
			hi, err2 = strconv.ParseUint(b, 10, 64)
		}
		over := errors.Is(err1, strconv.ErrRange) || errors.Is(err2, strconv.ErrRange)
		if !over && (err1 != nil || err2 != nil || hi < lo) {
			return nil, fmt.Errorf("%q is not a CPU id or a range lo-hi", tok)
		}
		if over || hi >= sim.CPULimit {
			id := a // the id past the limit
			if rng && (errors.Is(err2, strconv.ErrRange) || err2 == nil && hi >= sim.CPULimit) {
				id = b
			}
			return nil, fmt.Errorf("CPU %s: a machine has at most %d CPUs (ids 0 to %d)", id, sim.CPULimit, sim.CPULimit-1)
		}
		out = append(out, Interval{int(lo), int(hi)})
	}
	slices.SortFunc(out, func(x, y Interval) int { return x.Lo - y.Lo })
	merged := out[:0]
	for _, iv := range out {
		if k := len(merged) - 1; k >= 0 && merged[k].Hi+1 >= iv.Lo {
			if merged[k].Hi+1 > iv.Lo {
				return nil, fmt.Errorf("CPU %d listed twice", iv.Lo)
			}
			merged[k].Hi = max(merged[k].Hi, iv.Hi)
			continue
		}
		merged = append(merged, iv)
	}
	return merged, nil
}
