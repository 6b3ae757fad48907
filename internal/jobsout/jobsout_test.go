package jobsout

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/generators/trace"
	"github.com/gridbench/gridbench/internal/sim"
)

// naiveAllocate is Allocate's twin over one bool per CPU: the same rule
// (releases first, then starts in job order; the lowest free run long
// enough, else the lowest free ids), with no interval bookkeeping.
func naiveAllocate(p sim.Platform, jobs []sim.Job, recs []sim.Record) []Set {
	offset := make([]int, len(p.Machines))
	busy := make([][]bool, len(p.Machines))
	total := 0
	for m, mc := range p.Machines {
		offset[m] = total
		busy[m] = make([]bool, mc.CPUs)
		total += mc.CPUs
	}
	var times []float64
	for _, r := range recs {
		times = append(times, r.Start, r.End)
	}
	sort.Float64s(times)
	times = slices.Compact(times)
	held := make([][]int, len(jobs))
	out := make([]Set, len(jobs))
	for _, t := range times {
		for i, r := range recs {
			if r.End == t && r.Start < t {
				for _, c := range held[i] {
					busy[r.Machine][c] = false
				}
			}
		}
		for i, r := range recs {
			if r.Start != t {
				continue
			}
			b, n := busy[r.Machine], jobs[i].CPUs
			var ids []int
			for lo := 0; lo < len(b) && ids == nil; lo++ {
				hi := lo
				for hi < len(b) && !b[hi] {
					hi++
				}
				if hi-lo >= n {
					for c := lo; c < lo+n; c++ {
						ids = append(ids, c)
					}
				}
				lo = hi
			}
			if ids == nil {
				// no run long enough: the lowest free ids
				for k := range b {
					if !b[k] && len(ids) < n {
						ids = append(ids, k)
					}
				}
				if len(ids) < n {
					// only a job of no duration starts on a full machine
					ids = nil
					for k := range n {
						ids = append(ids, k)
					}
					held[i] = nil
					for _, c := range ids {
						out[i] = appendID(out[i], c+offset[r.Machine])
					}
					continue
				}
			}
			for _, c := range ids {
				b[c] = true
			}
			if r.End <= r.Start {
				for _, c := range ids {
					b[c] = false
				}
			}
			held[i] = ids
			for _, c := range ids {
				out[i] = appendID(out[i], c+offset[r.Machine])
			}
		}
	}
	return out
}

func appendID(s Set, id int) Set {
	if k := len(s) - 1; k >= 0 && s[k].Hi+1 == id {
		s[k].Hi = id
		return s
	}
	return append(s, Interval{id, id})
}

// randomSchedule simulates random jobs on a random platform with a
// first-fit list scheduler, so the records are a valid schedule.
func randomSchedule(rng *rand.Rand) (sim.Platform, []sim.Job, []sim.Record) {
	p := sim.Platform{RefSpeed: 1}
	for range 1 + rng.IntN(3) {
		p.Machines = append(p.Machines, sim.Machine{CPUs: 1 + rng.IntN(12), Speed: 1})
	}
	n := 1 + rng.IntN(40)
	jobs := make([]sim.Job, n)
	recs := make([]sim.Record, n)
	for i := range jobs {
		m := rng.IntN(len(p.Machines))
		c := 1 + rng.IntN(p.Machines[m].CPUs)
		jobs[i] = sim.Job{ID: int64(i + 1), Submit: float64(rng.IntN(20)), Run: float64(rng.IntN(6)), CPUs: c}
		// the earliest whole instant from submit where c CPUs are free for Run
		for t := jobs[i].Submit; ; t++ {
			ok := true
			for u := t; u <= t+max(jobs[i].Run-1, 0) && ok; u++ {
				used := 0
				for k, r := range recs[:i] {
					if r.Machine == m && r.Start <= u && u < r.End {
						used += jobs[k].CPUs
					}
				}
				ok = used+c <= p.Machines[m].CPUs
			}
			if ok {
				recs[i] = sim.Record{Start: t, End: t + jobs[i].Run, Machine: m}
				break
			}
		}
	}
	return p, jobs, recs
}

func TestAllocateMatchesNaive(t *testing.T) {
	for _, chunk := range []int{arenaChunk, 1, 2} {
		defer func(c int) { arenaChunk = c }(arenaChunk)
		arenaChunk = chunk
		t.Run(fmt.Sprintf("arenaChunk=%d", chunk), testAllocateMatchesNaive)
	}
}

// testAllocateMatchesNaive is TestAllocateMatchesNaive for one arenaChunk.
func testAllocateMatchesNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for seed := range 500 {
		p, jobs, recs := randomSchedule(rng)
		if err := sim.Check(p, jobs, recs); err != nil {
			t.Fatalf("seed %d: the test's schedule is invalid: %v", seed, err)
		}
		got, err := Allocate(p, jobs, recs)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		want := naiveAllocate(p, jobs, recs)
		for i := range jobs {
			if !slices.Equal(got[i], want[i]) {
				t.Fatalf("seed %d job %d (%+v %+v): %v, naive %v", seed, jobs[i].ID, jobs[i], recs[i], got[i], want[i])
			}
			if got[i].Len() != jobs[i].CPUs {
				t.Fatalf("seed %d job %d: %d CPUs labelled, needs %d", seed, jobs[i].ID, got[i].Len(), jobs[i].CPUs)
			}
		}
	}
}

func TestAllocateRefusesOvercommit(t *testing.T) {
	p := sim.SingleMachine(4)
	jobs := []sim.Job{{ID: 1, Run: 10, CPUs: 3}, {ID: 2, Run: 10, CPUs: 2}}
	recs := []sim.Record{{Start: 0, End: 10}, {Start: 5, End: 15}}
	if _, err := Allocate(p, jobs, recs); err == nil || !strings.Contains(err.Error(), "job 2 starts at 5 needing 2 CPUs on machine 0, which has 1 free") {
		t.Errorf("error %v", err)
	}
}

// tinySchedule is an EASY-like schedule on 4 CPUs: job 1 holds 0-2 from 0
// to 10, job 2 CPU 3 from 0 to 4; job 3 (2 CPUs) waits for job 1's end;
// job 4, of no duration, takes CPU 3 at 2; job 5 follows job 3.
func tinySchedule() *Schedule {
	return &Schedule{
		Platform: sim.SingleMachine(4),
		Workload: "tiny",
		Jobs: []sim.Job{
			{ID: 1, Submit: 0, Run: 10, CPUs: 3, Estimate: 12},
			{ID: 2, Submit: 0, Run: 4, CPUs: 1, User: 7},
			{ID: 3, Submit: 1, Run: 5, CPUs: 2},
			{ID: 4, Submit: 2, Run: 0, CPUs: 1},
			{ID: 5, Submit: 3, Run: 0.5, CPUs: 3},
		},
		Records: []sim.Record{{Start: 0, End: 10, Machine: 0}, {Start: 0, End: 4, Machine: 0}, {Start: 10, End: 15, Machine: 0}, {Start: 2, End: 2, Machine: 0}, {Start: 15, End: 15.5, Machine: 0}},
	}
}

func TestWriteEvalys(t *testing.T) {
	var b bytes.Buffer
	if err := WriteEvalys(&b, tinySchedule()); err != nil {
		t.Fatal(err)
	}
	want := strings.Join(EvalysColumns, ",") + "\n" +
		"1,tiny,,0,3,12,1,COMPLETED_SUCCESSFULLY,0,10,10,0,10,1,0-2,-1,\n" +
		"2,tiny,,0,1,4,1,COMPLETED_SUCCESSFULLY,0,4,4,0,4,1,3,-1,user=7\n" +
		"3,tiny,,1,2,5,1,COMPLETED_SUCCESSFULLY,10,5,15,9,14,2.8,0-1,-1,\n" +
		// a job of no duration on a full machine is labelled with its first CPU
		"4,tiny,,2,1,0,1,COMPLETED_SUCCESSFULLY,2,0,2,0,0,nan,0,-1,\n" +
		"5,tiny,,3,3,0.5,1,COMPLETED_SUCCESSFULLY,15,0.5,15.5,12,12.5,25,0-2,-1,\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

func TestWriteEvalysMultiMachine(t *testing.T) {
	s := &Schedule{
		Platform: sim.Platform{Machines: []sim.Machine{{CPUs: 2, Speed: 1}, {CPUs: 3, Speed: 1}}},
		Workload: "a,b",
		Profiles: []string{"p1", "p2"},
		Jobs:     []sim.Job{{ID: 1, Run: 1, CPUs: 2, User: 3}, {ID: 2, Run: 1, CPUs: 2}},
		Records:  []sim.Record{{Start: 0, End: 1, Machine: 1}, {Start: 0, End: 1, Machine: 0}},
	}
	var b bytes.Buffer
	if err := WriteEvalys(&b, s); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(b.String(), "\n")
	if want := `1,"a,b",p1,0,2,1,1,COMPLETED_SUCCESSFULLY,0,1,1,0,1,1,2-3,-1,user=3 machine=1`; lines[1] != want {
		t.Errorf("row 1 %q, want %q", lines[1], want)
	}
	if want := `2,"a,b",p2,0,2,1,1,COMPLETED_SUCCESSFULLY,0,1,1,0,1,1,0-1,-1,machine=0`; lines[2] != want {
		t.Errorf("row 2 %q, want %q", lines[2], want)
	}
}

func TestWriteShort(t *testing.T) {
	var b bytes.Buffer
	if err := Write(&b, Short, tinySchedule()); err != nil {
		t.Fatal(err)
	}
	if want := "job_id,submit,start,end,machine\n1,0,0,10,0\n2,0,0,4,0\n3,1,10,15,0\n4,2,2,2,0\n5,3,15,15.5,0\n"; b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
	if _, err := ParseFormat("batsim"); err == nil || !strings.Contains(err.Error(), `"evalys"`) {
		t.Errorf("ParseFormat(batsim): %v", err)
	}
}

// The SWF log reads back through gridbench's own reader with the
// schedule's submit, wait and run times.
func TestWriteSWFReadsBack(t *testing.T) {
	s := tinySchedule()
	s.Jobs[0].Submit = 2_000_000 // no exponent in SWF
	s.Records[0] = sim.Record{Start: 2_000_001, End: 2_000_011}
	var b bytes.Buffer
	if err := WriteSWF(&b, s, "easy on 4 CPUs"); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "e+") {
		t.Errorf("an exponent in the SWF log:\n%s", b.String())
	}
	r := trace.NewSWFReader(&b, "out.swf")
	i := 0
	for r.Next() {
		j, sj, rec := r.Job(), s.Jobs[i], s.Records[i]
		if int64(j.ID) != sj.ID || j.Submit != sj.Submit || j.Wait != rec.Start-sj.Submit || j.Run != rec.End-rec.Start || j.Procs != sj.CPUs || j.Status != 1 || j.User != sj.User {
			t.Errorf("line %d: %+v, want job %+v record %+v", j.Line, j, sj, rec)
		}
		// Field 9 is the estimate the scheduler saw: the run time when
		// it was told none (job 4 ran no time: -1).
		if want := map[bool]float64{true: sj.Est(), false: -1}[sj.Est() > 0]; j.ReqTime != want {
			t.Errorf("job %d: requested time %g, want %g", j.ID, j.ReqTime, want)
		}
		i++
	}
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
	if i != len(s.Jobs) {
		t.Errorf("read %d jobs, wrote %d", i, len(s.Jobs))
	}
	if h := r.Header(); h.MaxProcs != 4 || h.MaxJobs != 5 {
		t.Errorf("header %+v", h)
	}
}

// The schedule of a trace's jobs keeps the lines of its header that still
// hold, so that its arrivals are read in the log's time zone: the time
// origin and the log's provenance; not its sizes, its end or its notes.
func TestWriteSWFKeepsTheTracesOrigin(t *testing.T) {
	in := "; Version: 2.2\n; Computer: IBM SP2\n; Installation: KTH\n; Information: http://a/\n;              http://b/\n" +
		"; UnixStartTime: 843480031\n; TimeZone: 3600\n; TimeZoneString: Europe/Stockholm\n; StartTime: Mon Sep 23 14:00:31 CEST 1996\n" +
		"; EndTime: Fri Aug 29 10:55:01 CEST 1997\n; MaxJobs: 28490\n; MaxProcs: 100\n; Note: uses the EASY scheduler\n" +
		"1 0 -1 10 1 -1 -1 1 20 -1 1 1 -1 -1 -1 -1 -1 -1\n"
	r := trace.NewSWFReader(strings.NewReader(in), "in.swf")
	for r.Next() {
	}
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
	s := tinySchedule()
	s.Origin = OriginOf(r.Header())
	var b bytes.Buffer
	if err := WriteSWF(&b, s, "easy"); err != nil {
		t.Fatal(err)
	}
	out := trace.NewSWFReader(&b, "out.swf")
	for out.Next() {
	}
	if err := out.Err(); err != nil {
		t.Fatal(err)
	}
	h := out.Header()
	if h.UnixStartTime != 843480031 || h.TimeZone != 3600 || h.TimeZoneString != "Europe/Stockholm" || h.Installation != "KTH" ||
		h.Get("Information") != "http://a/ http://b/" || h.StartTime == "" {
		t.Errorf("origin lost: %+v", h)
	}
	if h.Computer != "gridbench simulation" || h.EndTime != "" || h.MaxJobs != 5 || h.MaxProcs != 4 || slices.Contains(h.Notes, "uses the EASY scheduler") {
		t.Errorf("the log's own lines kept: %+v", h)
	}
	if OriginOf(nil) != nil {
		t.Error("a workload without a header gave origin lines")
	}
}

// TestReadFileDirectory: a folder given for a jobs file is named as one,
// with the fix, rather than as a failed read.
func TestReadFileDirectory(t *testing.T) {
	dir := t.TempDir()
	for _, read := range []func(string) (*File, error){ReadFile, ReadSchedule} {
		if _, err := read(dir); err == nil || !strings.Contains(err.Error(), dir+": is a directory, not a file: give the path of a jobs file in it") {
			t.Errorf("err = %v", err)
		}
	}
}
