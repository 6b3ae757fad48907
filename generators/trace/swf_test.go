package trace

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

const smallSWF = `; Version: 2.2
; Computer: Linux cluster (Seth)
; Information: http://www.hpc2n.umu.se/
;              http://www.cs.huji.ac.il/labs/parallel/workload/
; MaxJobs: 527371
; UnixStartTime: 1027839845
; TimeZone: 3600
; TimeZoneString: Europe/Stockholm
; MaxNodes: 240
; MaxProcs: 240
; Note: uses MAUI scheduler
; Note: THIS IS A CLEANED VERSION
;       filter: job<=14
; Partition:  1 DEFAULT
; Partition:  2 ALL
;
    1        0 308434  31405   30  31405    -1   30  37980    -1  1   1   1  -1 -1  1 -1 -1

   12   342343      5    553   -1 552.21    -1   40  43200    -1  1   4   1  -1 -1  1 -1 -1
	13	342350	7	12	2	-1	-1	2	-1	-1	5	4	1	-1	-1	2	12	30.5
`

func readAllString(t *testing.T, r Reader) []Job {
	t.Helper()
	var jobs []Job
	for r.Next() {
		jobs = append(jobs, r.Job())
	}
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
	return jobs
}

func TestSWFRead(t *testing.T) {
	r := NewSWFReader(strings.NewReader(smallSWF), "small.swf")
	jobs := readAllString(t, r)
	if len(jobs) != 3 {
		t.Fatalf("%d jobs, want 3", len(jobs))
	}
	want := Job{ID: 12, Submit: 342343, Wait: 5, Run: 553, Procs: -1, AvgCPU: 552.21, Mem: -1, ReqProcs: 40,
		ReqTime: 43200, ReqMem: -1, Status: 1, User: 4, Group: 1, Exe: -1, Queue: -1, Partition: 1,
		Preceding: -1, Think: -1, Line: 19}
	if jobs[1] != want {
		t.Errorf("job 2:\n got %+v\nwant %+v", jobs[1], want)
	}
	if j := jobs[2]; j.Line != 20 || j.Preceding != 12 || j.Think != 30.5 || j.Status != 5 || j.CPUs() != 2 || j.Estimate() != 12 {
		t.Errorf("tab-separated job: %+v (CPUs %d, Estimate %v)", j, j.CPUs(), j.Estimate())
	}
	if c, e := jobs[1].CPUs(), jobs[1].Estimate(); c != 40 || e != 43200 {
		t.Errorf("CPUs %d Estimate %v, want the requested 40 and 43200", c, e)
	}
	h := r.Header()
	if h.Version != "2.2" || h.MaxJobs != 527371 || h.UnixStartTime != 1027839845 || h.TimeZone != 3600 ||
		h.TimeZoneString != "Europe/Stockholm" || h.MaxNodes != 240 || h.MaxProcs != 240 || h.MaxRecords != -1 {
		t.Errorf("header %+v", h)
	}
	if got := h.Fields["Partition"]; len(got) != 2 || got[0] != "1 DEFAULT" || got[1] != "2 ALL" {
		t.Errorf("Partition %q", got)
	}
	if len(h.Notes) != 2 || h.Notes[1] != "THIS IS A CLEANED VERSION\nfilter: job<=14" {
		t.Errorf("Notes %q", h.Notes)
	}
	if got := h.Get("Information"); got != "http://www.hpc2n.umu.se/\nhttp://www.cs.huji.ac.il/labs/parallel/workload/" {
		t.Errorf("Information %q", got)
	}
	if h.Keys[0] != "Version" || h.Keys[len(h.Keys)-1] != "Partition" {
		t.Errorf("Keys %q", h.Keys)
	}
}

func TestSWFErrors(t *testing.T) {
	good := "1 0 5 10 1 -1 -1 1 100 -1 1 1 1 -1 -1 1 -1 -1"
	for _, tc := range []struct {
		name, text, want string
	}{
		{"few fields", "; c\n" + good + "\n1 2 3\n", "bad.swf:3: 3 fields, want 18"},
		{"many fields", good + " 7\n", "bad.swf:1: 19 fields, want 18"},
		{"Alea's extended SWF", good + " {1241,1241} q_1d 1:ppn=2\n", "bad.swf:1: 21 fields, want 18: an SWF job line is 18 numbers separated by spaces (job, submit, wait, run, procs, avg CPU, mem, req procs, req time, req mem, status, user, group, exe, queue, partition, preceding, think), -1 for a missing value; comment lines start with ';'; this line reads as Alea's extended SWF (18 SWF fields, then {the job's nodes}, its queue and its PBS request): keep the first 18 fields of each line (awk '!/^;/{NF=18} 1' FILE)"},
		{"not a number", good + "\n\n2 10 -1 x 1 -1 -1 1 100 -1 1 1 1 -1 -1 1 -1 -1\n", `bad.swf:3: field 4 (run time) "x" is not a number`},
		{"fraction in count", "2 10 -1 5 2.5 -1 -1 1 100 -1 1 1 1 -1 -1 1 -1 -1\n", `bad.swf:1: field 5 (allocated processors) "2.5" is not a whole number`},
		{"NaN", "2 NaN -1 5 2 -1 -1 1 100 -1 1 1 1 -1 -1 1 -1 -1\n", `bad.swf:1: field 2 (submit time) "NaN" is not a number`},
		{"last field", "2 1 -1 5 2 -1 -1 1 100 -1 1 1 1 -1 -1 1 -1 1e\n", `bad.swf:1: field 18 (think time) "1e"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := NewSWFReader(strings.NewReader(tc.text), "bad.swf")
			for r.Next() {
			}
			err := r.Err()
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
				t.Fatalf("error %v, want prefix %q", err, tc.want)
			}
			var pe *ParseError
			if !errors.As(err, &pe) || pe.File != "bad.swf" {
				t.Errorf("not a *ParseError naming the file: %#v", err)
			}
			if r.Next() {
				t.Error("Next after an error returned true")
			}
		})
	}
}

func TestSWFLongLine(t *testing.T) {
	text := "1 0 5 10 1 -1 -1 1 100 -1 1 1 1 -1 -1 1 -1 -1\n" + strings.Repeat("9", maxLine+1) + "\n"
	r := NewSWFReader(strings.NewReader(text), "long.swf")
	for r.Next() {
	}
	if err := r.Err(); err == nil || !strings.HasPrefix(err.Error(), "long.swf:2: line longer") {
		t.Fatalf("error %v", err)
	}
}

func TestOpenGzipAndSniff(t *testing.T) {
	dir := t.TempDir()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write([]byte(smallSWF))
	zw.Close()
	gwf, err := os.ReadFile("testdata/auvergrid.gwf")
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{
		"a.swf.gz":   buf.Bytes(),
		"a.SWF":      []byte(smallSWF),
		"noext":      []byte(smallSWF),
		"misnamed":   buf.Bytes(), // gzip without .gz, sniffed after decompression
		"jobs.txt":   gwf,
		"b.gwf":      gwf,
		"garbage.gz": []byte("hello world\n"),
		// A byte order mark before the first comment, as some Windows
		// editors save UTF-8: it once made the comment a record of 3 fields.
		"bom.txt": append([]byte("\xef\xbb\xbf"), smallSWF...),
		"bom.gwf": append([]byte("\xef\xbb\xbf"), gwf...),
	}
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for name, want := range map[string]struct {
		f    Format
		jobs int
	}{"a.swf.gz": {SWF, 3}, "a.SWF": {SWF, 3}, "noext": {SWF, 3}, "misnamed": {SWF, 3}, "jobs.txt": {GWF, 30}, "b.gwf": {GWF, 30}, "bom.txt": {SWF, 3}, "bom.gwf": {GWF, 30}} {
		r, err := Open(filepath.Join(dir, name))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		jobs := readAllString(t, r)
		if r.Format() != want.f || len(jobs) != want.jobs || r.Name() != name {
			t.Errorf("%s: format %v, %d jobs, name %q", name, r.Format(), len(jobs), r.Name())
		}
		if err := r.Close(); err != nil {
			t.Error(err)
		}
	}
	if _, err := Open(filepath.Join(dir, "garbage.gz")); err == nil || !strings.Contains(err.Error(), "garbage.gz: not a recognised trace") {
		t.Errorf("garbage: %v", err)
	}
	// A Batsim workload given where a trace goes is told apart.
	wl := filepath.Join(dir, "w.json")
	if err := os.WriteFile(wl, []byte(`{"nb_res": 4, "jobs": [], "profiles": {}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(wl); err == nil || !strings.Contains(err.Error(), "w.json: a Batsim workload, not a trace: this command reads SWF and GWF traces (simulate") {
		t.Errorf("a Batsim workload: %v", err)
	}
	if _, err := Open(filepath.Join(dir, "absent.swf")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("absent: %v", err)
	}
	jobs, h, err := ReadAll(filepath.Join(dir, "a.swf.gz"), 2)
	if err != nil || len(jobs) != 2 || h.MaxJobs != 527371 {
		t.Errorf("ReadAll max 2: %d jobs, %v", len(jobs), err)
	}
}

func TestFastIntAgreesWithStrconv(t *testing.T) {
	// fastInt is the fast twin of strconv for plain integers.
	for _, s := range []string{"0", "-1", "+7", "123456789012345", "-000042", "", "-", "1.0", "1e3", "1234567890123456", "12a"} {
		v, ok := ShortInt([]byte(s))
		r := NewSWFReader(strings.NewReader(""), "x")
		r.fields = [][]byte{[]byte(s)}
		f, fok := r.num(1, "x")
		if ok && (!fok || float64(v) != f) {
			t.Errorf("%q: fastInt %d, strconv %v %v", s, v, f, fok)
		}
	}
}

func FuzzSWF(f *testing.F) {
	f.Add(smallSWF)
	f.Add("1 0 5 10 1 -1 -1 1 100 -1 1 1 1 -1 -1 1 -1 -1\n")
	f.Add("; MaxJobs: x\n;\n1 0 5 10 1 -1 -1 1 1e400 -1 1 1 1 -1 -1 1 -1 -1\n")
	f.Fuzz(func(t *testing.T, s string) {
		r := NewSWFReader(strings.NewReader(s), "fuzz.swf")
		n := 0
		for r.Next() {
			n++
			if j := r.Job(); j.Line < n {
				t.Fatalf("line %d for job %d", j.Line, n)
			}
		}
		if err := r.Err(); err != nil && !strings.HasPrefix(err.Error(), "fuzz.swf:") {
			t.Fatalf("error without file name: %v", err)
		}
		_ = r.Header().Get("MaxJobs")
		_ = Sniff([]byte(s))
	})
}

func TestCapacity(t *testing.T) {
	h := newHeader()
	for _, c := range []struct{ header, max, want int }{
		{-1, 0, 0}, {-1, 50, 50}, {100, 0, 100}, {100, 50, 50}, {100, 500, 100}, {1 << 30, 0, 1 << 22},
	} {
		h.MaxJobs = c.header
		if got := Capacity(h, c.max); got != c.want {
			t.Errorf("Capacity(MaxJobs %d, %d) = %d, want %d", c.header, c.max, got, c.want)
		}
	}
	if got := Capacity(nil, 7); got != 7 {
		t.Errorf("Capacity(nil, 7) = %d, want 7", got)
	}
}

// TestSWFFastMatchesParse: whenever the one-pass path takes a line, the
// field-by-field path takes it too and reads the same job; the lines it
// refuses are left to the general path whole. Lines mix plain integers at
// the edges fastInt and MaxSeconds draw with signs, decimals, exponents,
// stray bytes, every separator and wrong field counts.
func TestSWFFastMatchesParse(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	tokens := []string{"0", "-1", "+7", "-0", "12", "4000000000", "-4000000000", "4000000001", "-4000000001",
		"123456789012345", "-123456789012345", "1234567890123456", "1.0", "2.5", "1e3", "-", "+", "", "0x1", "1_0", "7a", "a7"}
	seps := []string{" ", "  ", "\t", " \t ", "\r", "\v", "\f"}
	fast := 0
	for range 200000 {
		n := 18
		if r.IntN(10) == 0 {
			n = 16 + r.IntN(5)
		}
		var b strings.Builder
		if r.IntN(4) == 0 {
			b.WriteString(seps[r.IntN(len(seps))])
		}
		for k := range n {
			if k > 0 {
				b.WriteString(seps[r.IntN(len(seps))])
			}
			if r.IntN(6) == 0 {
				b.WriteString(tokens[r.IntN(len(tokens))])
			} else {
				b.WriteString(strconv.Itoa(r.IntN(2000000) - 1000))
			}
		}
		if r.IntN(4) == 0 {
			b.WriteString(seps[r.IntN(len(seps))])
		}
		line := b.String()
		a := &SWFReader{lines: lines{name: "x.swf", line: 1, text: []byte(line)}}
		if !a.fast() {
			continue
		}
		fast++
		g := &SWFReader{lines: lines{name: "x.swf", line: 1, text: []byte(line)}}
		if !g.parse() {
			t.Fatalf("%q: fast path read it, the general path fails: %v", line, g.Err())
		}
		if a.Job() != g.Job() {
			t.Fatalf("%q: fast path %+v, general path %+v", line, a.Job(), g.Job())
		}
	}
	if fast < 10000 {
		t.Fatalf("only %d lines took the fast path", fast)
	}
}

// TestCapacityOf: a file whose header gives no MaxJobs (the SC'15
// artefact's schedules) is sized from its text, plain or gzip, at
// bytesPerJob a job; the header's MaxJobs and maxJobs still bound it; a
// reader of no file knows nothing more than Capacity.
func TestCapacityOf(t *testing.T) {
	// 1,000 jobs, varied as a log's are: a text that compresses more than
	// 64 times has a gzip trailer TextSize does not trust.
	rng := rand.New(rand.NewPCG(1, 2))
	var b strings.Builder
	for i := range 1000 {
		fmt.Fprintf(&b, "%d %d 0 %d 1 -1 -1 1 %d -1 1 %d 1 -1 1 -1 -1 -1\n", i+1, 10*i, rng.IntN(100000), rng.IntN(100000), rng.IntN(500))
	}
	text := b.String()
	want := len(text) / bytesPerJob
	dir := t.TempDir()
	plain := filepath.Join(dir, "t.swf")
	if err := os.WriteFile(plain, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(text))
	zw.Close()
	zipped := filepath.Join(dir, "t.swf.gz")
	if err := os.WriteFile(zipped, gz.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	withHeader := filepath.Join(dir, "h.swf")
	if err := os.WriteFile(withHeader, []byte("; MaxJobs: 1000\n"+text), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		path      string
		max, want int
	}{
		{plain, 0, want}, {zipped, 0, want}, {plain, 50, 50}, {zipped, 5000, want},
		{withHeader, 0, 1000}, {withHeader, 50, 50},
	} {
		r, err := Open(c.path)
		if err != nil {
			t.Fatal(err)
		}
		if !r.Next() {
			t.Fatalf("%s: no job: %v", c.path, r.Err())
		}
		if got := CapacityOf(r, c.max); got != c.want {
			t.Errorf("CapacityOf(%s, %d) = %d, want %d", filepath.Base(c.path), c.max, got, c.want)
		}
		r.Close()
	}
	r := NewSWFReader(strings.NewReader(text), "mem.swf")
	r.Next()
	if got := CapacityOf(r, 0); got != 0 {
		t.Errorf("CapacityOf(a reader of no file, 0) = %d, want 0", got)
	}
}

// TestTextSize: a plain file's size, a gzip file's text size from its
// trailer, 0 for a trailer that claims too much, and the offset kept.
func TestTextSize(t *testing.T) {
	dir := t.TempDir()
	text := make([]byte, 10000) // incompressible: see TestCapacityOf
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range text {
		text[i] = byte(rng.Uint32())
	}
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(text)
	zw.Close()
	lying := bytes.Clone(gz.Bytes())
	binary.LittleEndian.PutUint32(lying[len(lying)-4:], 1<<31)
	for _, c := range []struct {
		name string
		data []byte
		want int64
	}{
		{"plain", text, int64(len(text))}, {"gzip", gz.Bytes(), int64(len(text))},
		{"gzip, trailer over 64 times the file", lying, 0}, {"a few bytes", []byte("; x\n"), 4},
	} {
		p := filepath.Join(dir, "f")
		if err := os.WriteFile(p, c.data, 0o644); err != nil {
			t.Fatal(err)
		}
		f, err := os.Open(p)
		if err != nil {
			t.Fatal(err)
		}
		f.Seek(3, io.SeekStart)
		if got := TextSize(f); got != c.want {
			t.Errorf("%s: TextSize = %d, want %d", c.name, got, c.want)
		}
		if off, _ := f.Seek(0, io.SeekCurrent); off != 3 {
			t.Errorf("%s: offset %d after TextSize, want 3", c.name, off)
		}
		f.Close()
	}
}
