package jobsout

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/internal/sim"
)

// What WriteEvalys writes, Read reads back: times, CPUs and ids.
func TestReadEvalysBack(t *testing.T) {
	s := tinySchedule()
	var b bytes.Buffer
	if err := WriteEvalys(&b, s); err != nil {
		t.Fatal(err)
	}
	f, err := Read(&b, "jobs.csv")
	if err != nil {
		t.Fatal(err)
	}
	alloc, _ := Allocate(s.Platform, s.Jobs, s.Records)
	for i, r := range f.Rows {
		j, rec := s.Jobs[i], s.Records[i]
		if r.Submit != j.Submit || r.Start != rec.Start || r.End != rec.End || r.Requested != j.CPUs || !slices.Equal(r.Alloc, alloc[i]) || r.Line != i+2 {
			t.Errorf("row %d: %+v", i, r)
		}
	}
}

// Batsim's own layout (an older one, with jobID, execution_time and
// unsorted ids, as evalys's examples hold) and rejected jobs.
func TestReadBatsim(t *testing.T) {
	text := "jobID,submission_time,requested_number_of_processors,requested_time,success,starting_time,execution_time,finish_time,waiting_time,turnaround_time,stretch,consumed_energy,allocated_processors\n" +
		"0,11.5,4,63,1,11.5,3.5,15,0,3.5,1,-1,10 9 12 11\n" +
		"1,12,1,60,0,,,,,,,,\n"
	f, err := Read(strings.NewReader(text), "out_jobs.csv")
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Rows) != 1 || f.NotStarted != 1 {
		t.Fatalf("%d rows, %d not started", len(f.Rows), f.NotStarted)
	}
	if r := f.Rows[0]; r.End != 15 || r.Alloc.String() != "9-12" || r.CPUs() != 4 {
		t.Errorf("row %+v", r)
	}
	if s, err := ParseSet("999999 0-999998"); err != nil || s.Len() != sim.CPULimit {
		t.Errorf("the largest machine's CPUs: %v (%d CPUs), want %d", err, s.Len(), sim.CPULimit)
	}
	for _, tc := range []struct{ text, want string }{
		{"a,b\n1,2\n", "out.csv:1: not a jobs file"},
		{"job_id,submit,first_start,end,slave\n1,26,26,33,0\n", "out.csv:1: a timeshare jobs file (job_id,submit,first_start,end,slave): its jobs ran in time slices"},
		{"job_id,submit,start,end\n1,0,x,3\n", `out.csv:2: start "x" is not a number`},
		{"job_id,submit,start,end\n1,0,1,3\n2,5,4,6\n", "out.csv:3: job 2 submitted at 5, started at 4"},
		{"job_id,submission_time,starting_time,finish_time,allocated_resources\n1,0,1,3,0-2 2\n", "out.csv:2: allocated_resources: CPU 2 listed twice"},
		{"job_id,submission_time,starting_time,finish_time,allocated_resources\n1,0,1,3,a\n", `"a" is not a CPU id`},
		{"", "empty file"},
		{"job_id,submit,start,end\n\"1", `out.csv:2: extraneous or missing " in quoted-field`}, // (read the line of no record: a panic)
		{"job_id,submit,start,end\n1,0,NaN,3\n", `out.csv:2: start "NaN" is not a finite number of seconds`},
		{"job_id,submit,start,end\n1,0,1,+Inf\n", `out.csv:2: end "+Inf" is not a finite number of seconds`},
		{"job_id,submission_time,starting_time,execution_time\n1,-inf,1,3\n", `out.csv:2: submission_time "-inf" is not a finite`},
		{"job_id,submission_time,starting_time,finish_time,requested_number_of_resources\n1,0,1,3,-5\n", "out.csv:2: requested_number_of_resources -5: want 0 to 1000000 CPUs"},
		{"job_id,submission_time,starting_time,finish_time,requested_number_of_resources\n1,0,1,3,9223372036854775807\n", "requested_number_of_resources 9223372036854775807: want 0 to 1000000"},
		{"job_id,submission_time,starting_time,finish_time,allocated_resources\n1,0,1,3,0-9223372036854775806\n", "out.csv:2: allocated_resources: CPU 9223372036854775806: a machine has at most 1000000 CPUs (ids 0 to 999999)"},
		// Past int64 (and past int on a 32-bit build) the count or id is
		// named as past the limit, not as "not a whole number".
		{"job_id,submission_time,starting_time,finish_time,requested_number_of_resources\n1,0,1,3,99999999999999999999\n", "requested_number_of_resources 99999999999999999999: want 0 to 1000000"},
		{"job_id,submission_time,starting_time,finish_time,allocated_resources\n1,0,1,3,99999999999999999999\n", "allocated_resources: CPU 99999999999999999999: a machine has at most"},
		{"job_id,submission_time,starting_time,finish_time,allocated_resources\n1,0,1,3,3-99999999999999999999\n", "allocated_resources: CPU 99999999999999999999: a machine has at most"},
		{"job_id,submission_time,starting_time,finish_time,allocated_resources\n1,0,1,3,4294967297\n", "allocated_resources: CPU 4294967297: a machine has at most"},
		{"job_id,submission_time,starting_time,finish_time,allocated_resources\n1,0,1,3,5-3\n", `"5-3" is not a CPU id or a range lo-hi`},
		{"job_id,submission_time,starting_time,finish_time,allocated_resources\n1,0,1,3,1000000\n", "CPU 1000000: a machine has at most"},
	} {
		if _, err := Read(strings.NewReader(tc.text), "out.csv"); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want %q", tc.text, err, tc.want)
		}
	}
}

// at evaluates a step function at t (0 before its first step).
func at(s Step, t float64) float64 {
	y := 0.0
	for i, ti := range s.T {
		if ti <= t {
			y = s.Y[i]
		}
	}
	return y
}

// Used, Waiting and Backfilled against their definitions, evaluated job
// by job, on random schedules.
func TestSeriesMatchNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for seed := range 300 {
		p, jobs, recs := randomSchedule(rng)
		alloc, err := Allocate(p, jobs, recs)
		if err != nil {
			t.Fatal(err)
		}
		rows := make([]Row, len(jobs))
		for i := range jobs {
			rows[i] = Row{Submit: jobs[i].Submit, Start: recs[i].Start, End: recs[i].End, Alloc: alloc[i]}
		}
		used, waiting, bf := Used(rows), Waiting(rows), Backfilled(rows)
		for _, r := range rows {
			for _, tt := range []float64{r.Submit, r.Start, r.End, r.Start + 0.5} {
				var u, w float64
				for _, q := range rows {
					if q.Start <= tt && tt < q.End {
						u += float64(q.CPUs())
					}
					if q.Submit <= tt && tt < q.Start {
						w++
					}
				}
				if at(used, tt) != u || at(waiting, tt) != w {
					t.Fatalf("seed %d t=%g: used %g waiting %g, naive %g %g", seed, tt, at(used, tt), at(waiting, tt), u, w)
				}
			}
		}
		for i, r := range rows {
			want := false
			for k, q := range rows {
				if (q.Submit < r.Submit || q.Submit == r.Submit && k < i) && q.Start > r.Start {
					want = true
				}
			}
			if bf[i] != want {
				t.Fatalf("seed %d job %d: backfilled %v, naive %v", seed, i, bf[i], want)
			}
		}
	}
}

// ReadFile reads what Read reads, into rows it made room for first (the
// file's newlines): a file with and without its last newline, with CRLF
// line ends, and with a field quoted across lines; ReadSchedule the same
// rows without their Values.
func TestReadFileRows(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{
		"lf.csv":     "job_id,submit,start,end\n1,0,1,3\n2,1,3,6\n3,2,6,7\n",
		"nolast.csv": "job_id,submit,start,end\n1,0,1,3\n2,1,3,6",
		"crlf.csv":   "job_id,submit,start,end\r\n1,0,1,3\r\n2,1,3,6\r\n",
		"quoted.csv": "job_id,submit,start,end,note\n1,0,1,3,\"two\nlines\"\n2,1,3,6,x\n",
	} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := ReadFile(path)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		want, err := Read(strings.NewReader(text), name)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got.Rows, want.Rows) || got.NotStarted != want.NotStarted {
			t.Errorf("%s: ReadFile %+v, Read %+v", name, got.Rows, want.Rows)
		}
		if lines := strings.Count(text, "\n"); cap(got.Rows) != max(lines, len(got.Rows)) {
			t.Errorf("%s: room for %d rows, want %d (the newlines) unless more were read", name, cap(got.Rows), lines)
		}
		// ReadSchedule: the same rows without their columns.
		lean, err := ReadSchedule(path)
		if err != nil {
			t.Fatalf("%s: ReadSchedule: %v", name, err)
		}
		for i := range want.Rows {
			want.Rows[i].Values = nil
		}
		if !reflect.DeepEqual(lean.Rows, want.Rows) || lean.NotStarted != want.NotStarted {
			t.Errorf("%s: ReadSchedule %+v, want %+v", name, lean.Rows, want.Rows)
		}
	}
}

// A bad value is named by its column, in both ways of reading: ReadSchedule
// reuses one record's array for every row, the header's too if it kept it.
func TestReadNamesTheColumnOfABadValue(t *testing.T) {
	header := "job_id,submission_time,starting_time,finish_time,requested_number_of_resources,allocated_resources"
	good := "1,0,0,10,2,0-1"
	for _, tc := range []struct{ row, want string }{
		{"2,zz,0,10,2,0-1", `jobs.csv:3: submission_time "zz" is not a number`},
		{"2,0,zz,10,2,0-1", `jobs.csv:3: starting_time "zz" is not a number`},
		{"2,0,0,zz,2,0-1", `jobs.csv:3: finish_time "zz" is not a number`},
		{"2,0,0,10,zz,0-1", `jobs.csv:3: requested_number_of_resources "zz" is not a whole number`},
		{"2,0,0,10,-1,0-1", `jobs.csv:3: requested_number_of_resources -1: want 0 to`},
		{"2,0,0,10,2,zz", `jobs.csv:3: allocated_resources: "zz" is not a CPU id`},
	} {
		text := header + "\n" + good + "\n" + tc.row + "\n"
		for _, values := range []bool{true, false} {
			if _, err := read(strings.NewReader(text), "jobs.csv", 0, values); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("values %v, row %q: %v, want %q", values, tc.row, err, tc.want)
			}
		}
	}
	text := "job_id,submit,start,execution_time\n1,0,0,10\n2,0,0,zz\n"
	for _, values := range []bool{true, false} {
		if _, err := read(strings.NewReader(text), "jobs.csv", 0, values); err == nil || !strings.Contains(err.Error(), `jobs.csv:3: execution_time "zz" is not a number`) {
			t.Errorf("values %v: %v, want execution_time named", values, err)
		}
		f, err := read(strings.NewReader("job_id,submit,start,end\n1,0,0,10\n2,3,4,5\n"), "jobs.csv", 0, values)
		if err != nil || strings.Join(f.Columns, ",") != "job_id,submit,start,end" {
			t.Errorf("values %v: columns %q (%v), want the header's", values, f.Columns, err)
		}
	}
}

// A jobs file written gzip-compressed (`simulate --jobs-out jobs.csv.gz`)
// reads as the plain one, by its magic bytes whatever its name; one cut
// short is an error, never fewer rows.
func TestReadFileGzip(t *testing.T) {
	dir := t.TempDir()
	var text strings.Builder
	text.WriteString("job_id,submit,start,end\n")
	for i := range 500 {
		fmt.Fprintf(&text, "%d,%d,%d,%d\n", i+1, i, i+1, i+3)
	}
	var z bytes.Buffer
	zw := gzip.NewWriter(&z)
	zw.Write([]byte(text.String()))
	zw.Close()
	want, err := Read(strings.NewReader(text.String()), "jobs.csv")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"jobs.csv.gz", "misnamed.csv"} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, z.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := ReadFile(path)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !reflect.DeepEqual(got.Rows, want.Rows) {
			t.Errorf("%s: %d rows read, want the plain file's %d", name, len(got.Rows), len(want.Rows))
		}
		if _, err := ReadSchedule(path); err != nil {
			t.Errorf("%s: ReadSchedule: %v", name, err)
		}
	}
	cut := filepath.Join(dir, "cut.csv.gz")
	if err := os.WriteFile(cut, z.Bytes()[:z.Len()/2], 0o644); err != nil {
		t.Fatal(err)
	}
	if f, err := ReadFile(cut); err == nil || !strings.Contains(err.Error(), "cut.csv.gz") {
		t.Errorf("a gzip file cut short: %v rows, error %v; want an error naming it", f, err)
	}
}
