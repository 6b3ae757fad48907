package timeshare

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/internal/datadir"
)

func mustRun(t *testing.T, jobs []Job, slaves int, algo string, p Params) Result {
	t.Helper()
	s, err := New(algo, p)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Run(jobs, slaves, s)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// want lists expected (first start, end) per job.
type want [][2]float64

func checkOutcomes(t *testing.T, label string, got []Outcome, w want) {
	t.Helper()
	for i := range w {
		if math.Abs(got[i].FirstStart-w[i][0]) > 1e-9 || math.Abs(got[i].End-w[i][1]) > 1e-9 {
			t.Errorf("%s: job %d: got start %v end %v, want %v %v", label, i, got[i].FirstStart, got[i].End, w[i][0], w[i][1])
		}
	}
}

// Hand-worked schedules on one slave.
func TestHandWorked(t *testing.T) {
	np := []Job{{ID: 0, Submit: 0, Run: 5, Priority: 3}, {ID: 1, Submit: 1, Run: 3, Priority: 2}, {ID: 2, Submit: 1, Run: 1, Priority: 2}, {ID: 3, Submit: 2, Run: 3, Priority: 1}}
	checkOutcomes(t, "fcfs", mustRun(t, np, 1, "fcfs", Params{}).Outcomes, want{{0, 5}, {5, 8}, {8, 9}, {9, 12}})
	// SPN at t=5: J2 (1 s) first, then J1 before J3 (same run, earlier arrival).
	checkOutcomes(t, "spn", mustRun(t, np, 1, "spn", Params{}).Outcomes, want{{0, 5}, {6, 9}, {5, 6}, {9, 12}})
	checkOutcomes(t, "ljf", mustRun(t, np, 1, "ljf", Params{}).Outcomes, want{{0, 5}, {5, 8}, {11, 12}, {8, 11}})
	// P: J3 (priority 1) first, then J1 before J2 by arrival.
	checkOutcomes(t, "p", mustRun(t, np, 1, "p", Params{}).Outcomes, want{{0, 5}, {8, 11}, {11, 12}, {5, 8}})

	// RR, quantum 2: A is preempted at t=2, when C arrives; C goes before A.
	rr := []Job{{Submit: 0, Run: 3}, {Submit: 1, Run: 2}, {Submit: 2, Run: 1}}
	checkOutcomes(t, "rr", mustRun(t, rr, 1, "rr", Params{Quantum: 2}).Outcomes, want{{0, 6}, {2, 4}, {4, 5}})

	// PLRR, quantum 2: B (priority 1) arrives at 1 and takes the CPU at the
	// slice boundary t=2, not before.
	pl := []Job{{Submit: 0, Run: 4, Priority: 2}, {Submit: 1, Run: 3, Priority: 1}}
	checkOutcomes(t, "plrr", mustRun(t, pl, 1, "plrr", Params{Quantum: 2}).Outcomes, want{{0, 7}, {2, 5}})

	// APDRR: cycle 1 at t=0 orders B (priority 1) before A with quantum
	// sqrt((16+4)/2); B finishes in cycle 2 at q+4; A then runs alone.
	ap := []Job{{Submit: 0, Run: 16, Priority: 2}, {Submit: 0, Run: 4, Priority: 1}}
	q := math.Sqrt(10)
	checkOutcomes(t, "apdrr", mustRun(t, ap, 1, "apdrr", Params{}).Outcomes, want{{q, 20}, {0, 4 + q}})
}

func TestDealSkipsInvalidAndSortsArrivals(t *testing.T) {
	jobs := []Job{{Submit: 5, Run: 1}, {Submit: 0, Run: -1}, {Submit: 1, Run: 1}, {Submit: 2, Run: 1}, {Submit: 0, Run: 1}}
	per := Deal(jobs, 2)
	// Valid jobs 0, 2, 3, 4 are the 0th..3rd valid: slaves 0, 1, 0, 1.
	if fmt.Sprint(per) != "[[3 0] [4 2]]" {
		t.Fatalf("Deal = %v, want [[3 0] [4 2]] (slave 0 gets jobs 0 and 3, sorted by submit)", per)
	}
	res := mustRun(t, jobs, 2, "fcfs", Params{})
	if res.Outcomes[1].Slave != -1 || res.Dealt != 4 {
		t.Fatalf("invalid job: slave %d, dealt %d", res.Outcomes[1].Slave, res.Dealt)
	}
	if m := Summarize(jobs, res.Outcomes); m.Jobs != 4 {
		t.Fatalf("Summarize counted %d jobs, want 4", m.Jobs)
	}
}

func TestBadInput(t *testing.T) {
	if _, err := New("sjf", Params{}); err == nil || !strings.Contains(err.Error(), "fcfs, spn, ljf, p, rr, plrr, apdrr") {
		t.Fatalf("New(sjf) error %v should list the valid choices", err)
	}
	if _, err := New("rr", Params{Quantum: -1}); err == nil {
		t.Fatal("negative quantum accepted")
	}
	s, _ := New("rr", Params{})
	if _, err := Run([]Job{{Submit: math.NaN(), Run: 1}}, 1, s); err == nil {
		t.Fatal("NaN submit accepted")
	}
	if _, err := Run(nil, 0, s); err == nil {
		t.Fatal("0 slaves accepted")
	}
}

func TestPriorityRule(t *testing.T) {
	// User 7: 6 jobs, user 1: 3 jobs, users 4 and 5: 1 job each; N = 11.
	// Ascending: 4 (J=0 -> 1), 5 (J=1 -> 1), 1 (J=2 -> 1), 7 (J=5 -> 2).
	var jobs []Job
	for u, c := range map[int]int{7: 6, 1: 3, 4: 1, 5: 1} {
		for range c {
			jobs = append(jobs, Job{User: u, Run: 1})
		}
	}
	jobs = append(jobs, Job{User: 9, Run: -1})
	PriorityRule(jobs)
	for _, j := range jobs {
		w := map[int]int{7: 2, 1: 1, 4: 1, 5: 1, 9: 3}[j.User]
		if j.Priority != w {
			t.Errorf("user %d: priority %d, want %d", j.User, j.Priority, w)
		}
	}
	// Three equal users land on three levels.
	eq := []Job{{User: 3, Run: 1}, {User: 1, Run: 1}, {User: 2, Run: 1}}
	PriorityRule(eq)
	if eq[0].Priority != 3 || eq[1].Priority != 1 || eq[2].Priority != 2 {
		t.Errorf("equal users: got %d %d %d, want 3 1 2", eq[0].Priority, eq[1].Priority, eq[2].Priority)
	}
	if GlobalQueue(1) != 1 || GlobalQueue(2) != 2 || GlobalQueue(3) != 3 || GlobalQueue(9) != 3 {
		t.Error("GlobalQueue does not follow the thresholds")
	}
}

func TestPriorityByRun(t *testing.T) {
	// Six valid jobs: ranks by run 0..5 give levels 1 1 2 2 3 3; the
	// equal runs (5) keep input order; the invalid job gets 3.
	jobs := []Job{{Run: 9}, {Run: 5}, {Run: -1}, {Run: 1}, {Run: 5}, {Run: 0}, {Run: 7}}
	PriorityByRun(jobs)
	for i, w := range []int{3, 2, 3, 1, 2, 1, 3} {
		if jobs[i].Priority != w {
			t.Errorf("job %d (run %v): priority %d, want %d", i, jobs[i].Run, jobs[i].Priority, w)
		}
	}
	if _, err := New("apdrr", Params{APDRRQuantum: -1}); err == nil {
		t.Error("a negative APDRR quantum was accepted")
	}
}

// randomJobs draws a small workload: integer or half-integer times (exact in
// float64), ties in submit and run, zero runs, a few invalid jobs, and submits
// not always sorted.
func randomJobs(r *rand.Rand) []Job {
	n := 1 + r.IntN(40)
	jobs := make([]Job, n)
	span := 1 + r.IntN(400)
	maxRun := 1 + r.IntN(600)
	for i := range jobs {
		jobs[i] = Job{ID: int64(1000 + i), Submit: float64(r.IntN(span)), Run: float64(r.IntN(maxRun)), User: r.IntN(5)}
		if r.IntN(4) == 0 {
			jobs[i].Run += 0.5
		}
		switch r.IntN(20) {
		case 0:
			jobs[i].Run = 0
		case 1:
			jobs[i].Run = -1
		}
	}
	if r.IntN(2) == 0 {
		// Mostly sorted, like real traces.
		for i := 1; i < n; i++ {
			jobs[i].Submit = jobs[i-1].Submit + float64(r.IntN(span/n+2))
		}
	}
	PriorityRule(jobs)
	return jobs
}

// TestAgainstNaive is the property test: the fast schedulers and the naive
// twin agree on first start and end of every job, for every algorithm.
// Runs with a rational quantum agree exactly; APDRR's irrational quantum
// accumulates differently when cycles are jumped, so it gets a relative 1e-9.
func TestAgainstNaive(t *testing.T) {
	cases := 400
	if testing.Short() {
		cases = 100
	}
	for c := range cases {
		r := rand.New(rand.NewPCG(uint64(c), 2012))
		jobs := randomJobs(r)
		slaves := 1 + r.IntN(3)
		q := []float64{1, 2, 7, 50}[r.IntN(4)]
		for _, algo := range Algorithms() {
			res := mustRun(t, jobs, slaves, algo, Params{Quantum: q})
			ref := naiveRun(jobs, slaves, algo, q)
			tol := 0.0
			if algo == "apdrr" {
				tol = 1e-9
			}
			if err := compare(res.Outcomes, ref, tol); err != nil {
				t.Fatalf("case %d, %s, %d slaves, quantum %v: %v\njobs %+v", c, algo, slaves, q, err, jobs)
			}
		}
		// APDRR with the ablation's fixed quantum, on user and on run-time
		// priorities.
		fixed := mustRun(t, jobs, slaves, "apdrr", Params{APDRRQuantum: q})
		if err := compare(fixed.Outcomes, naiveRun(jobs, slaves, "apdrr-fixed", q), 0); err != nil {
			t.Fatalf("case %d, apdrr with fixed quantum %v, %d slaves: %v\njobs %+v", c, q, slaves, err, jobs)
		}
		PriorityByRun(jobs)
		byRun := mustRun(t, jobs, slaves, "apdrr", Params{})
		if err := compare(byRun.Outcomes, naiveRun(jobs, slaves, "apdrr", q), 1e-9); err != nil {
			t.Fatalf("case %d, apdrr on run-time priorities, %d slaves: %v\njobs %+v", c, slaves, err, jobs)
		}
	}
}

func compare(got, ref []Outcome, tol float64) error {
	close := func(a, b float64) bool { return a == b || math.Abs(a-b) <= tol*max(1, math.Abs(b)) }
	for i := range ref {
		g, w := got[i], ref[i]
		if g.Slave != w.Slave || !close(g.FirstStart, w.FirstStart) || !close(g.End, w.End) {
			return fmt.Errorf("job %d: fast (start %v, end %v, slave %d), naive (start %v, end %v, slave %d)",
				i, g.FirstStart, g.End, g.Slave, w.FirstStart, w.End, w.Slave)
		}
	}
	return nil
}

// readSWFPrefix is a minimal SWF reader for tests (job id, submit, run,
// user), so this package's tests do not depend on generators/trace.
func readSWFPrefix(t testing.TB, path string, max int) []Job {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(gz)
	var jobs []Job
	for line := 1; sc.Scan() && len(jobs) < max; line++ {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 || strings.HasPrefix(fields[0], ";") {
			continue
		}
		if len(fields) < 12 {
			t.Fatalf("%s:%d: %d fields, want 18", path, line, len(fields))
		}
		num := func(k int) float64 {
			v, err := strconv.ParseFloat(fields[k], 64)
			if err != nil {
				t.Fatalf("%s:%d: field %d: %v", path, line, k+1, err)
			}
			return v
		}
		jobs = append(jobs, Job{ID: int64(num(0)), Submit: num(1), Run: num(3), User: int(num(11))})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	PriorityRule(jobs)
	return jobs
}

// TestLCGPrefixAgainstNaive checks every algorithm on the first 2000 jobs of
// the real LCG trace, where runs are long (up to 48 h) and arrivals dense,
// so round jumps and arrival-at-boundary ties both occur.
func TestLCGPrefixAgainstNaive(t *testing.T) {
	path := datadir.ForTest(t, "LCG-2005-1/LCG.swf.gz")
	jobs := readSWFPrefix(t, path, 2000)
	if len(jobs) != 2000 {
		t.Fatalf("read %d jobs, want 2000", len(jobs))
	}
	for _, slaves := range []int{16, 128} {
		for _, algo := range Algorithms() {
			res := mustRun(t, jobs, slaves, algo, Params{})
			ref := naiveRun(jobs, slaves, algo, DefaultQuantum)
			tol := 0.0
			if algo == "apdrr" {
				tol = 1e-9
			}
			if err := compare(res.Outcomes, ref, tol); err != nil {
				t.Fatalf("%s, %d slaves: %v", algo, slaves, err)
			}
		}
	}
}
