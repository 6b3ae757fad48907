package batsim

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/generators/trace"
)

const small = `{
  "nb_res": 4,
  "jobs": [
    {"id": 0, "subtime": 0, "walltime": 100, "res": 1, "profile": "d10"},
    {"id": "w0!7", "subtime": 3.5, "res": 4, "profile": "ph", "extra_data": "{}"},
    {"id": "9", "subtime": 6, "walltime": -1, "res": 2, "profile": "spread"}
  ],
  "profiles": {
    "d10": {"type": "delay", "delay": 10},
    "ph": {"type": "ParallelTaskHomogeneousProfile", "cpu": 2e9, "com": 0},
    "spread": {"type": "parallel_homogeneous", "cpu": 4e9, "com": 0, "generation_strategy": "DefinedAmountsSpreadUniformly"},
    "unused": {"type": "smpi", "trace": "x"}
  }
}
`

func TestReadProfiles(t *testing.T) {
	w, err := Read([]byte(small), "small.json")
	if err != nil {
		t.Fatal(err)
	}
	if w.NbRes != 4 || len(w.Jobs) != 3 {
		t.Fatalf("nb_res %d, %d jobs", w.NbRes, len(w.Jobs))
	}
	jobs, names, err := w.TraceJobs(1e9)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		id          int
		submit, run float64
		res         int
		reqTime     float64
		line        int
		profile     string
	}{
		{0, 0, 10, 1, 100, 4, "d10"},
		{7, 3.5, 2, 4, -1, 5, "ph"},
		{9, 6, 2, 2, -1, 6, "spread"}, // 4e9 flops spread over 2 hosts at 1e9
	}
	for i, w := range want {
		j := jobs[i]
		if j.ID != w.id || j.Submit != w.submit || j.Run != w.run || j.CPUs() != w.res || j.ReqTime != w.reqTime || j.Line != w.line || names[i] != w.profile {
			t.Errorf("job %d: %+v (profile %s), want %+v", i, j, names[i], w)
		}
	}
	// Without a speed the parallel_homogeneous job cannot be timed.
	if _, _, err := w.TraceJobs(0); err == nil || !strings.Contains(err.Error(), `small.json:5: job 7 uses profile "ph" (line 10)`) || !strings.Contains(err.Error(), "give the CPU speed") {
		t.Errorf("no speed: %v", err)
	}
}

// A parallel_homogeneous profile's run time beyond trace.MaxSeconds at
// the speed given is an error naming the file, the job and the speed (the
// simulator would refuse +Inf without naming them, and take 1e300 s to
// give times of 1e300 and a utilisation of NaN).
func TestRunOverflow(t *testing.T) {
	text := `{"jobs": [{"id": 1, "subtime": 0, "res": 1, "profile": "p"}], "profiles": {"p": {"type": "parallel_homogeneous", "cpu": 1e12, "com": 0}}}`
	w, err := Read([]byte(text), "x.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, speed := range []float64{1e-300, 1e-290, 249} {
		if _, _, err := w.TraceJobs(speed); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("x.json:1: job 1 uses profile \"p\" (line 1): cpu 1e+12 flops at %g flop/s is ", speed)) ||
			!strings.Contains(err.Error(), "beyond the limit of 4e+09 s") {
			t.Errorf("%g flop/s: got %v", speed, err)
		}
	}
	if jobs, _, err := w.TraceJobs(250); err != nil || jobs[0].Run != 4e9 {
		t.Errorf("250 flop/s: %v, %v", jobs, err)
	}
}

func TestReadErrors(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{`{"jobs": [{"id": 1, "subtime": 0, "res": 1, "profile": "p"}], "profiles": {"p": {"type": "smpi", "trace": "t"}}}`,
			`x.json:1: job 1 uses profile "p" (line 1): its type "smpi" gives no run time gridbench can use`},
		{"{\"jobs\": [\n{\"id\": 1, \"subtime\": 0, \"res\": 1, \"profile\": \"p\"}\n], \"profiles\": {\"p\": {\"type\": \"msg_par_hg\", \"cpu\": 1}}}",
			`x.json:2: job 1 uses profile "p" (line 3): its type "msg_par_hg"`},
		{`{"jobs": [{"id": 1, "subtime": 0, "res": 1, "profile": "q"}], "profiles": {}}`, `x.json:1: job 1 uses profile "q", which "profiles" does not define`},
		{"{\"jobs\": [\n{\"id\": 1, \"res\": 1, \"profile\": \"q\"}], \"profiles\": {}}", "x.json:2: job 1 has no subtime"},
		{"{\"jobs\": [\n{\"id\": \"a\", \"subtime\": 0, \"res\": 1, \"profile\": \"q\"}], \"profiles\": {}}", `x.json:2: job id "a"`},
		{"{\"jobs\": [\n{\"id\": 1, \"subtime\": 0, \"res\": 1.5, \"profile\": \"q\"}], \"profiles\": {}}", "x.json:2: job 1: res 1.5 is not a whole number"},
		{"{\"jobs\": [\n{\"id\": 1, \"subtime\": 0, \"res\": 1, \"profile\": \"p\"}], \"profiles\": {\"p\": {\"type\": \"delay\", \"delay\": 1, \"com\": 5, \"cpu\": 1}}}", ""},
		{"{\"jobs\": [\n{\"id\": 1, \"subtime\": 0, \"res\": 1, \"profile\": \"p\"}], \"profiles\": {\"p\": {\"type\": \"parallel_homogeneous\", \"cpu\": 1, \"com\": 5}}}", "com = 5 bytes: gridbench has no network model"},
		{"{\"jobs\": [\n{\"id\": 1, \"subtime\": 0, \"res\": 1, \"profile\": \"p\"}], \"profiles\": {\"p\": {\"type\": \"delay\"}}}", `needs "delay"`},
		{"{\"jobs\": [\n{\"id\": 1, \"subtime\": 0,\n \"res\": 1 \"profile\": \"p\"}], \"profiles\": {}}", "x.json:3: not JSON"},
		{"{\"jobs\": [\n{\"id\": 1, \"subtime\": 0,", "x.json:2: the JSON ends early"},
		{`{"jobs": []}`, `needs "jobs" and "profiles"`},
		{`[1, 2]`, "x.json:1: a Batsim workload must be a JSON object"},
		{"{\"jobs\": {}, \"profiles\": {}}", `x.json:1: "jobs" must be a JSON array`},
		{"{\"jobs\": [], \"profiles\": {}} {}", "text after the workload's closing brace"},
		{"{\"nb_res\": 0, \"jobs\": [], \"profiles\": {}}", "nb_res 0"},
		{"{\"nb_res\": \"\"", `x.json:1: nb_res "" is a string: write the number without quotes`},
		{"{\"jobs\": [\n{\"id\": 1, \"subtime\": 0, \"res\": \"2\", \"profile\": \"q\"}], \"profiles\": {}}", `x.json:2: job 1: res "2" is a string: write the number without quotes`},
		{"{\"jobs\": [\n{\"id\": 1, \"subtime\": null, \"res\": 2, \"profile\": \"q\"}], \"profiles\": {}}", "x.json:2: job 1: subtime null is not a number"},
		{"{\"jobs\": [\n{\"id\": 1, \"subtime\": 0, \"res\": 2, \"profile\": \"q\", \"walltime\": [1]}], \"profiles\": {}}", "x.json:2: job 1: walltime [1] is not a number"},
		// Batsim takes a walltime of -1 (no limit) or > 0 only; any
		// other was read as no limit.
		{"{\"jobs\": [\n{\"id\": 1, \"subtime\": 0, \"res\": 1, \"profile\": \"p\", \"walltime\": -1},\n{\"id\": 4, \"subtime\": 0, \"res\": 1, \"profile\": \"p\", \"walltime\": 0}], \"profiles\": {\"p\": {\"type\": \"delay\", \"delay\": 1}}}",
			"x.json:3: job 4: walltime 0: Batsim takes -1 (no limit) or a time > 0; write -1, or leave walltime out, for a job without a limit, else its requested time in seconds"},
		{"{\"jobs\": [\n{\"id\": 2, \"subtime\": 0, \"res\": 1, \"profile\": \"p\", \"walltime\": -5}], \"profiles\": {\"p\": {\"type\": \"delay\", \"delay\": 1}}}",
			"x.json:2: job 2: walltime -5: Batsim takes -1 (no limit) or a time > 0"},
		{"{\"jobs\": [\n{\"id\": 2, \"subtime\": 0, \"res\": 1, \"profile\": \"p\", \"walltime\": -0.5e0}], \"profiles\": {\"p\": {\"type\": \"delay\", \"delay\": 1}}}",
			"x.json:2: job 2: walltime -0.5e0: Batsim takes"},
		// Times within ±trace.MaxSeconds, as the SWF reader takes them.
		{"{\"jobs\": [\n{\"id\": 1, \"subtime\": -5, \"res\": 1, \"profile\": \"p\"},\n{\"id\": 2, \"subtime\": 1e300, \"res\": 1, \"profile\": \"p\"}], \"profiles\": {\"p\": {\"type\": \"delay\", \"delay\": 1}}}",
			"x.json:3: job 2: subtime 1e300 is beyond the limit of 4e+09 s (about 126 years) for a time"},
		{"{\"jobs\": [\n{\"id\": 1, \"subtime\": -4000000001, \"res\": 1, \"profile\": \"p\"}], \"profiles\": {\"p\": {\"type\": \"delay\", \"delay\": 1}}}",
			"x.json:2: job 1: subtime -4000000001 is beyond the limit of 4e+09 s"},
		{"{\"jobs\": [\n{\"id\": 3, \"subtime\": 4e9, \"res\": 1, \"profile\": \"p\", \"walltime\": 4e9}], \"profiles\": {\"p\": {\"type\": \"delay\", \"delay\": 4e9}}}", ""},
		{"{\"jobs\": [\n{\"id\": 3, \"subtime\": 0, \"res\": 1, \"profile\": \"p\", \"walltime\": 4000000000.5}], \"profiles\": {\"p\": {\"type\": \"delay\", \"delay\": 1}}}",
			"x.json:2: job 3: walltime 4000000000.5 is beyond the limit of 4e+09 s"},
		{"{\"jobs\": [\n{\"id\": 1, \"subtime\": 0, \"res\": 1, \"profile\": \"p\"}], \"profiles\": {\n\"p\": {\"type\": \"delay\", \"delay\": 1e300}}}",
			`x.json:3: profile "p": delay 1e300 s is beyond the limit of 4e+09 s`},
		// Batsim refuses a delay of 0 s (workload convert wrote one for
		// the jobs of no run time): the fix is to reconvert.
		{"{\"jobs\": [\n{\"id\": 1, \"subtime\": 0, \"res\": 1, \"profile\": \"p\"}], \"profiles\": {\"q\": {\"type\": \"delay\", \"delay\": 1},\n\"delay0\": {\"type\": \"delay\", \"delay\": 0}, \"p\": {\"type\": \"delay\", \"delay\": 1}}}",
			`x.json:3: profile "delay0": delay 0: Batsim refuses a delay profile of 0 s; reconvert the workload with gridbench workload convert`},
		{"{\"jobs\": [\n{\"id\": 1, \"subtime\": 0, \"res\": 1, \"profile\": \"z\"}], \"profiles\": {\"z\": {\"delay\": -0.0, \"type\": \"DelayProfile\"}}}",
			`x.json:2: profile "z": delay 0: Batsim refuses`},
		// Batsim refuses a repeated job id (as "duplication of job id"):
		// in the bitset's range, through the decoder (an escape in a
		// name), and past it (a negative id, a large one).
		{"{\"jobs\": [\n{\"id\": 1, \"subtime\": 0, \"res\": 1, \"profile\": \"p\"},\n{\"id\": 2, \"subtime\": 0, \"res\": 1, \"profile\": \"p\"},\n{\"id\": \"w!1\", \"subtime\": 0, \"res\": 1, \"profile\": \"p\"}], \"profiles\": {\"p\": {\"type\": \"delay\", \"delay\": 1}}}",
			"x.json:4: job id 1 repeats (first on line 2): Batsim refuses a workload whose job ids repeat"},
		{"{\"jobs\": [\n{\"id\": 7, \"subtime\": 0, \"res\": 1, \"profile\": \"\\u0070\"},\n{\"id\": 7, \"subtime\": 0, \"res\": 1, \"profile\": \"p\"}], \"profiles\": {\"p\": {\"type\": \"delay\", \"delay\": 1}}}",
			"x.json:3: job id 7 repeats (first on line 2)"},
		{"{\"jobs\": [\n{\"id\": -4, \"subtime\": 0, \"res\": 1, \"profile\": \"p\"},\n{\"id\": 900000000, \"subtime\": 0, \"res\": 1, \"profile\": \"p\"},\n{\"id\": -4, \"subtime\": 0, \"res\": 1, \"profile\": \"p\"}], \"profiles\": {\"p\": {\"type\": \"delay\", \"delay\": 1}}}",
			"x.json:4: job id -4 repeats (first on line 2)"},
		{"{\"jobs\": [\n{\"id\": 900000000, \"subtime\": 0, \"res\": 1, \"profile\": \"p\"},\n{\"id\": 3, \"subtime\": 0, \"res\": 1, \"profile\": \"p\"},\n{\"id\": 900000000, \"subtime\": 0, \"res\": 1, \"profile\": \"p\"}], \"profiles\": {\"p\": {\"type\": \"delay\", \"delay\": 1}}}",
			"x.json:4: job id 900000000 repeats (first on line 2)"},
		{"{\"jobs\": [\n{\"id\": 3, \"subtime\": 0, \"res\": 1, \"profile\": \"p\"},\n{\"id\": 130, \"subtime\": 0, \"res\": 1, \"profile\": \"p\"},\n{\"id\": 2, \"subtime\": 0, \"res\": 1, \"profile\": \"p\"}], \"profiles\": {\"p\": {\"type\": \"delay\", \"delay\": 1}}}", ""},
	} {
		w, err := Read([]byte(tc.text), "x.json")
		if err == nil {
			_, _, err = w.TraceJobs(1)
		}
		if tc.want == "" {
			if err != nil {
				t.Errorf("%s: %v", tc.text, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s:\nerror %v\nwant one line containing %q", tc.text, err, tc.want)
		}
	}
}

// Write then Read gives back every job's id, submit time, CPUs, run time
// and requested time, with delay profiles and with parallel_homogeneous
// ones at a speed.
func TestWriteReadRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var jobs []trace.Job
	for i := range 500 {
		j := trace.Job{ID: i + 1, Submit: float64(rng.IntN(1e7)), Run: float64(rng.IntN(200000)), Procs: 1 + rng.IntN(128), ReqTime: -1, Line: i + 1}
		if i%3 == 0 {
			j.Submit += 0.25
			j.Run = rng.Float64() * 1000
		}
		if i%2 == 0 {
			j.ReqTime = j.Run * 2
		}
		if i%7 == 0 {
			j.Procs, j.ReqProcs = -1, 3 // field 8 stands in
		}
		jobs = append(jobs, j)
	}
	for _, speed := range []float64{0, 1e9, 3.7e6} {
		var b bytes.Buffer
		if err := Write(&b, jobs, WriteOptions{Speed: speed}); err != nil {
			t.Fatal(err)
		}
		w, err := Read(b.Bytes(), "rt.json")
		if err != nil {
			t.Fatal(err)
		}
		got, _, err := w.TraceJobs(speed)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(jobs) {
			t.Fatalf("speed %g: %d jobs back of %d", speed, len(got), len(jobs))
		}
		maxRes := 0
		for i, j := range jobs {
			g := got[i]
			maxRes = max(maxRes, j.CPUs())
			if g.ID != j.ID || g.Submit != j.Submit || g.CPUs() != j.CPUs() || g.ReqTime != j.ReqTime {
				t.Fatalf("speed %g: job %d back as %+v", speed, j.ID, g)
			}
			if speed == 0 && g.Run != j.Run {
				t.Fatalf("delay: job %d runs %v, wrote %v", j.ID, g.Run, j.Run)
			}
			// run × speed / speed is within an ulp or so of run.
			if d := g.Run - j.Run; d > 1e-12*j.Run || d < -1e-12*j.Run {
				t.Fatalf("speed %g: job %d runs %v, wrote %v", speed, j.ID, g.Run, j.Run)
			}
		}
		if w.NbRes != maxRes {
			t.Errorf("nb_res %d, want the widest job's %d", w.NbRes, maxRes)
		}
		wantType := map[bool]string{true: ParallelHomogeneous, false: Delay}[speed > 0]
		for name, p := range w.Profiles {
			if p.Type != wantType {
				t.Errorf("profile %s has type %q, want %q (batsim#55 wrote msg_par_hg)", name, p.Type, wantType)
			}
		}
	}
}

// lineAt counts on from the last offset it was asked for, and from the
// start again when asked for an earlier one: the same line as counting
// every newline before the offset, in any order of offsets.
func TestLineAt(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var b []byte
	for range 2000 {
		b = append(b, strings.Repeat("x", rng.IntN(5))...)
		if rng.IntN(3) > 0 {
			b = append(b, '\n')
		}
	}
	p := parser{b: b}
	for i := range 5000 {
		off := int64(rng.IntN(len(b) + 10)) // past the end too
		if i%10 != 0 {
			off = min(p.at+int64(rng.IntN(20)), int64(len(b))) // mostly on, as the parser asks
		}
		want := 1 + bytes.Count(b[:min(off, int64(len(b)))], []byte("\n"))
		if got := p.lineAt(off); got != want {
			t.Fatalf("ask %d: lineAt(%d) = %d, want %d", i, off, got, want)
		}
	}
	// A workload's error deep in the file names its line.
	var w strings.Builder
	w.WriteString("{\"jobs\": [\n")
	for i := range 3000 {
		fmt.Fprintf(&w, "{\"id\": %d, \"subtime\": %d, \"res\": 1, \"profile\": \"p\"},\n", i+1, i)
	}
	w.WriteString("{\"id\": 3001, \"subtime\": 5, \"res\": 0.5, \"profile\": \"p\"}\n], \"profiles\": {\"p\": {\"type\": \"delay\", \"delay\": 1}}}")
	if _, err := Read([]byte(w.String()), "x.json"); err == nil || !strings.HasPrefix(err.Error(), "x.json:3002: job 3001: res 0.5") {
		t.Errorf("error %v, want it at line 3002", err)
	}
}

// readAll returns the whole input whatever its size hint (none, short,
// exact, long), and ReadFile reads a workload plain, gzip-compressed, and
// gzip-compressed in two members (whose last trailer gives only the second
// member's size).
func TestReadAllSizes(t *testing.T) {
	data := bytes.Repeat([]byte("0123456789abcdef"), 5000)
	for _, size := range []int64{0, 1, 1000, int64(len(data)), int64(len(data)) + 7, 1 << 20} {
		got, err := readAll(bytes.NewReader(data), size)
		if err != nil || !bytes.Equal(got, data) {
			t.Errorf("size %d: %d bytes, %v; want the %d given", size, len(got), err, len(data))
		}
	}
	dir := t.TempDir()
	text := []byte(small)
	half := len(text) / 2
	var one, two bytes.Buffer
	for _, parts := range []struct {
		buf   *bytes.Buffer
		split [][]byte
	}{{&one, [][]byte{text}}, {&two, [][]byte{text[:half], text[half:]}}} {
		for _, p := range parts.split {
			zw := gzip.NewWriter(parts.buf)
			zw.Write(p)
			zw.Close()
		}
	}
	want, err := Read(text, "w.json")
	if err != nil {
		t.Fatal(err)
	}
	for name, b := range map[string][]byte{"w.json": text, "w.json.gz": one.Bytes(), "two.json.gz": two.Bytes()} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := ReadFile(path)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(got.Jobs) != len(want.Jobs) || len(got.Profiles) != len(want.Profiles) {
			t.Errorf("%s: %d jobs and %d profiles, want %d and %d", name, len(got.Jobs), len(got.Profiles), len(want.Jobs), len(want.Profiles))
		}
	}
}

// Bytes after a whole gzip workload are an error saying so, not "unexpected
// EOF" (one byte) or "invalid header" (more); a workload cut short says that.
func TestReadFileGzipTrailingBytes(t *testing.T) {
	var z bytes.Buffer
	zw := gzip.NewWriter(&z)
	zw.Write([]byte(small))
	zw.Close()
	path := filepath.Join(t.TempDir(), "w.json.gz")
	for _, tc := range []struct{ b, want string }{
		{z.String() + "x", "w.json.gz: 1 byte after the end of the gzip data, not gzip data"},
		{z.String() + "trailing\n", "w.json.gz: 9 bytes after the end of the gzip data, not gzip data"},
		{z.String()[:z.Len()-2], "w.json.gz: gzip data cut short"},
	} {
		if err := os.WriteFile(path, []byte(tc.b), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := ReadFile(path); err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("got %v, want %q...", err, tc.want)
		}
	}
}

// A job whose id was written before is refused by the writer, naming its
// line in the trace (a log of partial executions repeats job numbers),
// as Batsim would refuse the workload; the bytes written before it are
// no workload.
func TestWriteRefusesARepeatedID(t *testing.T) {
	jobs := []trace.Job{{ID: 5, Run: 10, Procs: 1, ReqTime: -1, Line: 3}, {ID: 6, Run: 10, Procs: 1, ReqTime: -1, Line: 4}, {ID: 5, Submit: 9, Run: 20, Procs: 1, ReqTime: -1, Line: 7}}
	err := Write(io.Discard, jobs, WriteOptions{})
	var je *JobError
	if !errors.As(err, &je) || je.Line != 7 || je.ID != 5 || !strings.HasPrefix(je.Why, "repeats the id of a job written before it: Batsim refuses") {
		t.Errorf("got %v", err)
	}
}

// A job that runs as long as it requested or longer is counted: Batsim
// kills it at its walltime under WalltimeRequested, even one whose delay
// equals its walltime (job 3); WalltimeMax gives it its run time plus a
// second. A job without a request gets no walltime either way.
func TestWriteWalltime(t *testing.T) {
	jobs := []trace.Job{
		{ID: 1, Run: 50, Procs: 1, ReqTime: 100, Line: 2},
		{ID: 2, Run: 150, Procs: 1, ReqTime: 100, Line: 3},
		{ID: 3, Run: 100, Procs: 1, ReqTime: 100, Line: 4},
		{ID: 4, Run: 70, Procs: 1, ReqTime: -1, Line: 5},
		{ID: 5, Run: 7.5, Procs: 1, ReqTime: 7, Line: 6},
	}
	for _, tc := range []struct {
		mode Walltime
		want []float64 // each job's walltime read back (-1: none)
	}{
		{WalltimeRequested, []float64{100, 100, 100, -1, 7}},
		{WalltimeMax, []float64{100, 151, 101, -1, 8.5}},
	} {
		var b bytes.Buffer
		n, err := WriteFrom(&b, each(jobs), WriteOptions{Walltime: tc.mode})
		if err != nil || n.Jobs != 5 || n.ReachWalltime != 3 || n.AtWalltime != 1 {
			t.Fatalf("mode %d: %+v, %v; want 5 jobs, 3 reaching their walltime, 1 of them exactly", tc.mode, n, err)
		}
		w, err := Read(b.Bytes(), "w.json")
		if err != nil {
			t.Fatal(err)
		}
		for k, j := range w.Jobs {
			if j.Walltime != tc.want[k] {
				t.Errorf("mode %d, job %d: walltime %g, want %g", tc.mode, j.ID, j.Walltime, tc.want[k])
			}
		}
	}
}

// A job wider than nb_res is refused (Batsim rejects the workload), naming
// the first and counting them all, and the widest; nb_res from the jobs
// is never too small.
func TestWriteRefusesJobsWiderThanNbRes(t *testing.T) {
	jobs := []trace.Job{
		{ID: 1, Run: 5, Procs: 1, Line: 2},
		{ID: 2, Run: 5, Procs: 2, Line: 3},
		{ID: 3, Run: 5, Procs: 1, Line: 4},
		{ID: 4, Run: 5, Procs: 4, Line: 5},
	}
	err := Write(io.Discard, jobs, WriteOptions{NbRes: 1})
	var je *JobError
	if !errors.As(err, &je) || je.Line != 3 || je.ID != 2 || !strings.Contains(je.Why, "asks for 2 resources, more than the workload's nb_res 1") ||
		!strings.Contains(je.Why, "2 jobs of the trace do, the widest 4: give nb_res 4 or more") {
		t.Errorf("got %v", err)
	}
	for _, nb := range []int{0, 4} {
		if err := Write(io.Discard, jobs, WriteOptions{NbRes: nb}); err != nil {
			t.Errorf("nb_res %d: %v", nb, err)
		}
	}
}

// A job of run time 0 gets the profile ph0, parallel_homogeneous of cpu
// 0, with delay profiles too (Batsim refuses a delay of 0), and reads
// back as run time 0 at any speed, none given included.
func TestWriteZeroRun(t *testing.T) {
	jobs := []trace.Job{
		{ID: 1, Run: 0, Procs: 1, ReqTime: -1, Line: 2},
		{ID: 2, Run: 5, Procs: 1, ReqTime: -1, Line: 3},
		{ID: 3, Submit: 1, Run: math.Copysign(0, -1), Procs: 2, ReqTime: 10, Line: 4},
	}
	for _, speed := range []float64{0, 1e9} {
		var b bytes.Buffer
		n, err := WriteFrom(&b, each(jobs), WriteOptions{Speed: speed})
		if err != nil || n.Jobs != 3 || n.NoRun != 2 {
			t.Fatalf("speed %g: %+v, %v; want 3 jobs, 2 of no run time", speed, n, err)
		}
		if want := `"ph0": {"type": "parallel_homogeneous", "cpu": 0, "com": 0}`; !strings.Contains(b.String(), want) || strings.Contains(b.String(), `"delay": 0`) {
			t.Errorf("speed %g: want %s, no delay 0:\n%s", speed, want, b.String())
		}
		w, err := Read(b.Bytes(), "z.json")
		if err != nil {
			t.Fatal(err)
		}
		got, names, err := w.TraceJobs(speed)
		if err != nil {
			t.Fatalf("speed %g: %v", speed, err)
		}
		for k, j := range got {
			if j.Run != max(jobs[k].Run, 0) || (jobs[k].Run == 0) != (names[k] == ZeroProfile) {
				t.Errorf("speed %g, job %d: run %g, profile %q", speed, j.ID, j.Run, names[k])
			}
		}
	}
}

// each returns the jobs one by one, as WriteFrom reads them, then nil.
func each(jobs []trace.Job) func() (*trace.Job, error) {
	i := 0
	return func() (*trace.Job, error) {
		if i == len(jobs) {
			return nil, nil
		}
		i++
		return &jobs[i-1], nil
	}
}
