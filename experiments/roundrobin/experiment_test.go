package roundrobin

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/bench"
	"github.com/gridbench/gridbench/experiments"
	"github.com/gridbench/gridbench/internal/datadir"
	"github.com/gridbench/gridbench/internal/timeshare"
	"github.com/gridbench/gridbench/pipeline"
	"github.com/gridbench/gridbench/timeshared"
)

// isolate makes the data lookup see only dir (no GRIDBENCH_DATA, ./data
// or ../shared/data from the developer's machine, nor the binary's own).
func isolate(t *testing.T, dir string) {
	t.Helper()
	t.Setenv(datadir.EnvVar, dir)
	datadir.HideEmbeddedForTest(t)
	t.Chdir(t.TempDir())
	datadir.IgnorePinsForTest(t) // synthetic traces stand under the LCG name
}

// lcgRoot returns a data root whose LCG trace is a copy of the given file
// (so Plan and Report find it under the name they look for).
func lcgRoot(t *testing.T, src string) string {
	t.Helper()
	root := t.TempDir()
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(root, "LCG-2005-1"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "LCG-2005-1", "LCG.swf.gz"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	return root
}

// syntheticRoot writes an SWF trace of n single-CPU jobs over about three
// days (Poisson arrivals, exponential run times, a few users) as the LCG
// trace of a fresh data root.
func syntheticRoot(t *testing.T, n int) string {
	t.Helper()
	root := t.TempDir()
	dir := filepath.Join(root, "LCG-2005-1")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(filepath.Join(dir, "LCG.swf.gz"))
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriter(f)
	fmt.Fprintln(w, "; Version: 2.2")
	r := rand.New(rand.NewPCG(1, 2))
	sub := 0.0
	for i := 1; i <= n; i++ {
		sub += r.ExpFloat64() * 3 * 86400 / float64(n)
		run := math.Round(r.ExpFloat64() * 600)
		fmt.Fprintf(w, "%d %d -1 %d 1 -1 -1 1 -1 -1 1 %d 1 -1 -1 -1 -1 -1\n", i, int(sub), int(run), 1+r.IntN(1+r.IntN(8)))
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return root
}

func TestVdc(t *testing.T) {
	for r, want := range map[uint64]float64{0: 0, 1: 0.5, 2: 0.25, 3: 0.75, 4: 0.125, 5: 0.625, 6: 0.375} {
		if got := vdc(r); got != want {
			t.Errorf("vdc(%d) = %g, want %g", r, got, want)
		}
	}
}

func TestWindowStart(t *testing.T) {
	const total, n = 188041, 9402
	if s := WindowStart(total, n, 0, 12345); s != 0 {
		t.Fatalf("rep 0 starts at %d, want the prefix", s)
	}
	// Twenty windows avoid the prefix, stay inside the trace and leave no
	// eighth of the eligible range empty.
	lo, hi := n, total-n
	var bins [8]int
	seen := map[int]bool{}
	for rep := 1; rep <= 20; rep++ {
		s := WindowStart(total, n, rep, WindowSeed(Pct(5), rep))
		if s < lo || s > hi {
			t.Fatalf("rep %d starts at %d, outside [%d, %d]", rep, s, lo, hi)
		}
		if s != WindowStart(total, n, rep, WindowSeed(Pct(5), rep)) {
			t.Fatal("window start is not deterministic")
		}
		seen[s] = true
		bins[(s-lo)*8/(hi-lo+1)]++
	}
	for i, c := range bins {
		if c == 0 {
			t.Errorf("no window starts in eighth %d of the trace: %v", i, bins)
		}
	}
	if len(seen) != 20 {
		t.Errorf("%d distinct starts for 20 reps", len(seen))
	}
	// Different sizes and reps get different seeds; P is not part of it.
	if WindowSeed(Pct(3), 1) == WindowSeed(Pct(5), 1) || WindowSeed(Pct(3), 1) == WindowSeed(Pct(3), 2) || WindowSeed(Pct(3), 1) == WindowSeed(Jobs(3), 1) {
		t.Error("window seeds collide")
	}
	// A trace shorter than two windows: the window stays inside it.
	for rep := 1; rep < 10; rep++ {
		if s := WindowStart(100, 60, rep, uint64(rep)); s < 0 || s > 40 {
			t.Fatalf("short trace: rep %d starts at %d", rep, s)
		}
	}
}

func TestWorkloadID(t *testing.T) {
	if WorkloadID(Jobs(12125), 16) != "n=12125/P=16" || Jobs(9).Family() != FamilyJobs || Pct(9).Family() != FamilyPercent {
		t.Error("workload ids or families changed")
	}
	if Jobs(10).Len(9) != 0 || Jobs(10).Len(10) != 10 || Pct(3).Len(188041) != 5641 {
		t.Error("window lengths")
	}
}

func TestPlanShape(t *testing.T) {
	const records = 21000 // room for the paper's 20,208-record windows
	root := syntheticRoot(t, records)
	isolate(t, root)
	for _, tc := range []struct {
		quick       bool
		reps        int
		sizes, ps   int
		wantWindows int
	}{{false, 20, 4, 4, 21}, {true, 3, 2, 2, 4}} {
		pl, err := Experiment{}.plan(experiments.Config{Reps: tc.reps, Quick: tc.quick, DataDir: root})
		if err != nil {
			t.Fatal(err)
		}
		plan := pl.Bench()
		if plan.Experiment != Name {
			t.Fatal("plan without name")
		}
		// The load sweep comes last: its loads on the smallest and largest P
		// of the first size, every window, the algorithms and its variants.
		sw := pl.Config.Sweep
		var sweep []bench.Run
		for len(plan.Runs) > 0 {
			last := plan.Runs[len(plan.Runs)-1]
			spec, ok := specOf(t, pl, last).(SweepSpec)
			if !ok {
				break
			}
			if spec.Size != sw.Size || !slices.Contains(sw.Slaves, spec.Slaves) || spec.Len != sw.Size.Len(records) {
				t.Fatalf("sweep run %s: spec %+v", last.Key(), spec)
			}
			sweep = append(sweep, last)
			plan.Runs = plan.Runs[:len(plan.Runs)-1]
		}
		if want := len(SweepLoads) * 2 * tc.wantWindows * (len(Algorithms) + len(SweepVariants)); len(sweep) != want {
			t.Fatalf("quick=%v: %d sweep runs, want %d", tc.quick, len(sweep), want)
		}
		// The simulations, then the trace's facts and each size's windows.
		if want := tc.sizes*tc.ps*tc.wantWindows*(len(Algorithms)+len(Variants)) + 1 + tc.sizes*tc.wantWindows; len(plan.Runs) != want {
			t.Fatalf("quick=%v: %d runs, want %d", tc.quick, len(plan.Runs), want)
		}
		c := pl.Config
		if c.TraceJobs != records || c.Quick != tc.quick {
			t.Errorf("config %+v", c)
		}
		// Identities are unique; the algorithms of one window share the
		// workload seed and the window; every P of a size sees the same
		// window for a rep.
		ids := map[string]bool{}
		window := map[string]Spec{}
		var facts []bench.Run
		for _, r := range plan.Runs {
			id := r.Key().String()
			if ids[id] {
				t.Fatalf("run %s planned twice", id)
			}
			ids[id] = true
			if r.Algorithm == AlgoFacts {
				facts = append(facts, r)
				continue
			}
			if len(facts) > 0 {
				t.Fatalf("run %s after the facts runs", id)
			}
			s := specOf(t, pl, r).(Spec)
			if s.Len != s.Size.Len(records) || s.Start+s.Len > records {
				t.Fatalf("run %s: window [%d, +%d)", id, s.Start, s.Len)
			}
			// The paper's prefix is a workload of its own (one run per
			// algorithm); the repetitions 1..reps are the other windows.
			if prefix := r.Workload == PrefixWorkload(WorkloadID(s.Size, s.Slaves)); prefix && (r.Rep != 0 || s.Start != 0) ||
				!prefix && (r.Workload != WorkloadID(s.Size, s.Slaves) || r.Rep < 1 || r.Rep > tc.reps) {
				t.Fatalf("run %s: window [%d, +%d)", id, s.Start, s.Len)
			}
			key := fmt.Sprintf("%s/%d", s.Size.ID(), r.Rep)
			if w, ok := window[key]; ok && (w.Start != s.Start || w.Len != s.Len) {
				t.Fatalf("%s: windows differ across P or algorithms", key)
			}
			window[key] = s
		}
		// The window facts describe the windows the simulations ran on.
		if _, ok := specOf(t, pl, facts[0]).(TraceSpec); !ok || facts[0].Workload != WorkloadTrace {
			t.Fatalf("first facts run %s is not the trace's", facts[0].Key())
		}
		for _, r := range facts[1:] {
			ws := specOf(t, pl, r).(WindowSpec)
			size := strings.TrimSuffix(strings.TrimPrefix(r.Workload, "windows/"), "/prefix")
			w, ok := window[fmt.Sprintf("%s/%d", size, r.Rep)]
			if !ok || w.Start != ws.Start || w.Len != ws.Len {
				t.Fatalf("facts run %s: window [%d, +%d), simulated [%d, +%d)", r.Key(), ws.Start, ws.Len, w.Start, w.Len)
			}
		}
	}
}

func TestPlanWithoutTraceNamesBothFiles(t *testing.T) {
	empty := t.TempDir()
	isolate(t, empty)
	_, err := Experiment{}.Plan(experiments.Config{DataDir: empty})
	if err == nil {
		t.Fatal("no error without data")
	}
	for _, want := range []string{"auvergrid/anon_jobs.gwf", "LCG-2005-1/LCG.swf.gz", "gwa.ewi.tudelft.nl", "Parallel Workloads Archive"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error does not mention %q:\n%v", want, err)
		}
	}
	if !errors.Is(err, datadir.ErrMissing) {
		t.Error("error does not wrap datadir.ErrMissing")
	}
}

func TestPlanBadTraceNamesLine(t *testing.T) {
	root := lcgRoot(t, "testdata/bad.swf")
	isolate(t, root)
	_, err := Experiment{}.Plan(experiments.Config{DataDir: root})
	if err == nil || !strings.Contains(err.Error(), "LCG.swf.gz:3") {
		t.Fatalf("error %v does not name the file and line 3", err)
	}
}

// TestExecutorByHand runs the four-job fixture on two slaves; the expected
// metrics are worked out in the comments.
func TestExecutorByHand(t *testing.T) {
	root := lcgRoot(t, "testdata/tiny.swf")
	isolate(t, root)
	path, src, err := FindTrace(root)
	if err != nil {
		t.Fatal(err)
	}
	c := DefaultConfig(src.Rel, 4, false)
	c.Percents, c.Counts, c.Slaves, c.Algorithms, c.Ablation = []int{100}, nil, []int{2}, []string{"fcfs", "rr"}, nil
	c.Sweep = Sweep{}
	pl, err := PlanConfig(c, path, src, 0)
	if err != nil {
		t.Fatal(err)
	}
	plan, exec := pl.Bench(), pl.Execute
	if len(plan.Runs) != 4 {
		t.Fatalf("%d runs, want 2 simulations and 2 facts runs", len(plan.Runs))
	}
	// Slave 0 gets jobs 1 (0, 100 s) and 3 (10, 30 s); slave 1 jobs 2 (0,
	// 10 s) and 4 (20, 5 s), which never wait.
	// FCFS: job 1 runs 0-100, job 3 100-130.
	// RR (50 s): job 1 0-50, job 3 50-80, job 1 80-130.
	// Total completion: slave 1 sums 10 + 25 = 35; slave 0 sums
	// 100 + 130 = 230 under FCFS and 130 + 80 = 210 under RR.
	want := map[string]map[string]float64{
		"fcfs": {timeshared.MWaiting: (0 + 90 + 0 + 0) / 4.0, timeshared.MTurnaround: (100 + 120 + 10 + 5) / 4.0, timeshared.MResponse: 90 / 4.0,
			timeshared.MSlowdown: (1 + 4 + 1 + 1) / 4.0, timeshared.MCompletion: 230, timeshared.MStretch: 4, timeshared.MMakespan: 130, timeshared.MSlices: 4, timeshared.MJobs: 4},
		"rr": {timeshared.MWaiting: (30 + 40 + 0 + 0) / 4.0, timeshared.MTurnaround: (130 + 70 + 10 + 5) / 4.0, timeshared.MResponse: 40 / 4.0,
			timeshared.MSlowdown: (1.3 + 70.0/30 + 1 + 1) / 4, timeshared.MCompletion: 210, timeshared.MStretch: 70.0 / 30, timeshared.MMakespan: 130, timeshared.MSlices: 5, timeshared.MJobs: 4},
	}
	// The facts: the whole trace is the one window; run times sum to 145 s
	// over submits 0..20 s.
	facts := map[string]map[string]float64{
		WorkloadTrace:             {FRecords: 4, FUsers: 3, FSkipped: 0, FFirstSubmit: 0, FCountWidth: 1024},
		WindowsWorkload(Pct(100)): {WStart: 0, WRecords: 4, WDealt: 4, WUsers: 3, WFirstSubmit: 0, WLastSubmit: 20, WWork: 145, WLoad1: 145.0 / 20},
	}
	for _, r := range plan.Runs {
		out, err := exec(context.Background(), r)
		if err != nil {
			t.Fatal(err)
		}
		if r.Algorithm == AlgoFacts {
			got := map[string]float64{}
			for _, m := range out.Metrics {
				got[m.Name] = m.Value
			}
			for name, w := range facts[r.Workload] {
				if got[name] != w {
					t.Errorf("%s %s = %g, want %g", r.Workload, name, got[name], w)
				}
			}
			continue
		}
		if len(out.Metrics) != len(want[r.Algorithm]) {
			t.Fatalf("%s: %d metrics", r.Algorithm, len(out.Metrics))
		}
		for _, m := range out.Metrics {
			if w := want[r.Algorithm][m.Name]; math.Abs(m.Value-w) > 1e-9 {
				t.Errorf("%s %s = %g, want %g", r.Algorithm, m.Name, m.Value, w)
			}
		}
		if len(out.Timings) == 0 {
			t.Errorf("%s: no timings", r.Algorithm)
		}
	}
	if _, err := exec(context.Background(), bench.NewRun(Name, "x", "fcfs", 0)); err == nil {
		t.Error("a run not in the plan was accepted")
	}
}

// TestMakespanSameForAllAlgorithms is the property the report's makespan
// section rests on: with fixed dealing and work-conserving local
// schedulers, the last completion does not depend on the algorithm; the
// total completion time (Figure 8) does.
func TestMakespanSameForAllAlgorithms(t *testing.T) {
	root := syntheticRoot(t, 2000)
	tr, err := readTrace(filepath.Join(root, "LCG-2005-1", "LCG.swf.gz"), Sources[1])
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []int{1, 3, 16} {
		jobs, err := Window(tr, 500, 1000)
		if err != nil {
			t.Fatal(err)
		}
		var first timeshare.Metrics
		for i, a := range Algorithms {
			m, err := Simulate(jobs, p, a, timeshare.DefaultQuantum)
			if err != nil {
				t.Fatal(err)
			}
			if i == 0 {
				first = m.Metrics
			} else if math.Abs(m.Makespan-first.Makespan) > tieTolerance*first.Makespan {
				t.Errorf("P=%d: %s makespan %g, FCFS %g", p, a, m.Makespan, first.Makespan)
			}
			// At P = 16 this window hardly queues (offered load ~0.4),
			// so only the overloaded P must separate the two.
			if a == "spn" && p < 16 && !(m.TotalCompletion < first.TotalCompletion) {
				t.Errorf("P=%d: SPN total completion %g not below FCFS's %g", p, m.TotalCompletion, first.TotalCompletion)
			}
		}
	}
	if tr.Jobs[600].Priority != 0 {
		t.Error("Window modified the shared trace")
	}
}

func TestEvaluate(t *testing.T) {
	// Made-up values: APDRR lowest by a factor on every metric, LJF
	// highest, total completion equal for everyone, over 21 windows.
	var recs []analysis.Record
	r := rand.New(rand.NewPCG(7, 7))
	ws := []Workload{{WorkloadID(Pct(3), 16), Pct(3), 16}, {WorkloadID(Pct(3), 64), Pct(3), 64}}
	for _, w := range ws {
		for rep := 0; rep <= 20; rep++ {
			base := 100 + 50*r.Float64()
			for k, a := range Algorithms {
				f := 2 + float64(k)*0.1
				switch a {
				case "apdrr":
					f = 1
				case "ljf":
					f = 5
				}
				for _, m := range six {
					v := base * f * 16 / float64(w.Slaves)
					if m == timeshared.MCompletion {
						v = base * 16 / float64(w.Slaves)
					}
					recs = append(recs, analysis.Record{Experiment: Name, Workload: w.ID, Algorithm: a, Rep: rep, Metric: m, Value: v})
				}
			}
		}
	}
	got := map[string]*Verdict{}
	for _, v := range Evaluate(recs, ws) {
		got[v.ID] = v
	}
	if len(got) != len(Claims) {
		t.Fatalf("%d verdicts for %d claims", len(got), len(Claims))
	}
	for id, want := range map[string]string{
		"T1": "held", "X1": "held", "W2": "held", "R3": "held", "W3": "held",
		"C1": "not held", "K1": "not held", "C3": "held",
		"W1": "not held", // SPN is not below the others here
	} {
		if s := got[id].Status(); s != want {
			t.Errorf("claim %s: %s, want %s; failures %v", id, s, want, got[id].Failures(3))
		}
	}
	if got["C1"].Identical != len(got["C1"].Tests) {
		t.Errorf("C1: %d of %d comparisons identical", got["C1"].Identical, len(got["C1"].Tests))
	}
}

// TestSharedWindow checks the executor's window reuse: the same window as
// Window, reused while recent, and never modified by a variant that sets
// its own priorities.
func TestSharedWindow(t *testing.T) {
	root := syntheticRoot(t, 2000)
	tr, err := readTrace(filepath.Join(root, "LCG-2005-1", "LCG.swf.gz"), Sources[1])
	if err != nil {
		t.Fatal(err)
	}
	want, _ := Window(tr, 100, 500)
	got, err := sharedWindow(tr, 100, 500)
	if err != nil || !slices.Equal(got, want) {
		t.Fatalf("shared window differs from Window (err %v)", err)
	}
	for start := range recentWindows - 1 {
		if _, err := sharedWindow(tr, start, 10); err != nil {
			t.Fatal(err)
		}
	}
	if again, _ := sharedWindow(tr, 100, 500); &again[0] != &got[0] {
		t.Error("a recent window was prepared again")
	}
	for _, v := range Variants {
		if _, err := Simulate(got, 4, v.Name, timeshare.DefaultQuantum); err != nil {
			t.Fatal(err)
		}
	}
	if !slices.Equal(got, want) {
		t.Error("a variant modified the shared window")
	}
	// The runs' path, with the variants' priorities kept per window, the
	// second time from the memo, measures what Simulate measures.
	spec := Spec{Slaves: 4, Start: 100, Len: 500, Quantum: timeshare.DefaultQuantum}
	for _, name := range append(VariantNames(), "apdrr") {
		want, err := Simulate(got, 4, name, timeshare.DefaultQuantum)
		if err != nil {
			t.Fatal(err)
		}
		for range 2 {
			o, err := simulateWindow(tr, spec, got, name)
			if err != nil || o.Metrics != want.Metrics || o.Result.Slices != want.Result.Slices {
				t.Fatalf("%s: %+v (err %v), Simulate %+v", name, o.Metrics, err, want.Metrics)
			}
		}
	}
	if !slices.Equal(got, want) {
		t.Error("a variant's kept priorities modified the shared window")
	}
	sw := SweepSpec{Spec: spec, Load: 2}
	scaled := sharedScaled(tr, sw, got)
	if !slices.Equal(scaled, ScaleLoad(got, 4, 2)) {
		t.Error("a shared scaled window differs from ScaleLoad")
	}
	if again := sharedScaled(tr, sw, got); &again[0] != &scaled[0] {
		t.Error("a recent scaled window was scaled again")
	}
	if other := sharedScaled(tr, SweepSpec{Spec: spec, Load: 4}, got); !slices.Equal(other, ScaleLoad(got, 4, 4)) {
		t.Error("another load reused a scaled window")
	}
	if _, err := sharedWindow(tr, 1900, 500); err == nil {
		t.Error("a window past the trace's end was accepted")
	}
}

func TestOfferedLoad(t *testing.T) {
	// 300 s of work submitted over 100 s: 3 per CPU on one slave, 0.75 on
	// four; the job without a run time counts for nothing.
	jobs := []timeshare.Job{{Submit: 10, Run: 100}, {Submit: 60, Run: 200}, {Submit: 110, Run: 0}, {Submit: 500, Run: -1}}
	if l := OfferedLoad(jobs, 1); l != 3 {
		t.Errorf("load on 1 slave %v, want 3", l)
	}
	if l := OfferedLoad(jobs, 4); l != 0.75 {
		t.Errorf("load on 4 slaves %v, want 0.75", l)
	}
	if l := OfferedLoad(jobs[:1], 1); !math.IsNaN(l) {
		t.Errorf("one submit instant: load %v, want NaN", l)
	}
}

// TestAblationSubstitute checks that a variant is judged in APDRR's place:
// with made-up values where the variant is lowest everywhere, T1 holds for
// it and not for APDRR as written.
func TestAblationSubstitute(t *testing.T) {
	var recs []analysis.Record
	ws := []Workload{{WorkloadID(Jobs(100), 16), Jobs(100), 16}}
	r := rand.New(rand.NewPCG(3, 3))
	for rep := 0; rep <= 20; rep++ {
		base := 100 + 50*r.Float64()
		for k, a := range append(slices.Clone(Algorithms), "apdrr-runtime") {
			v := base * (2 + float64(k)*0.1)
			if a == "apdrr-runtime" {
				v = base
			}
			recs = append(recs, analysis.Record{Experiment: Name, Workload: ws[0].ID, Algorithm: a, Rep: rep, Metric: timeshared.MTurnaround, Value: v})
		}
	}
	status := func(recs []analysis.Record) string {
		for _, v := range Evaluate(recs, ws) {
			if v.ID == "T1" {
				return v.Status()
			}
		}
		return "missing"
	}
	if s := status(recs); s != "not held" {
		t.Errorf("APDRR as written: T1 %s, want not held", s)
	}
	if s := status(analysis.Substitute(recs, "apdrr-runtime", "apdrr")); s != "held" {
		t.Errorf("run-time variant in APDRR's place: T1 %s, want held", s)
	}
	for _, v := range Variants {
		if _, _, err := scheduler(v.Name, timeshare.DefaultQuantum); err != nil {
			t.Errorf("variant %s: %v", v.Name, err)
		}
	}
	if _, _, err := scheduler("apdrr-nope", 50); err == nil || !strings.Contains(err.Error(), "apdrr-q50") {
		t.Errorf("unknown variant: %v", err)
	}
}

// TestReportQuick runs the quick configuration end to end on a synthetic
// trace in a temporary folder: plan, runner, report.
func TestReportQuick(t *testing.T) {
	root := syntheticRoot(t, 3000)
	isolate(t, root)
	out := t.TempDir()
	opts := pipeline.Options{Only: []string{Name}, Config: experiments.Config{Reps: 3, Quick: true, DataDir: root},
		Out: out, Workers: 2, Report: true}
	outcomes, err := pipeline.Reproduce(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(outcomes) != 1 || outcomes[0].Report == nil {
		t.Fatal("no report")
	}
	rep := outcomes[0].Report
	b, err := os.ReadFile(filepath.Join(pipeline.PaperDir(out), rep.Page))
	if err != nil {
		t.Fatal(err)
	}
	page := string(b)
	for _, c := range Claims {
		if !strings.Contains(page, "| "+c.ID+" |") || !strings.Contains(page, c.Text) {
			t.Errorf("page does not list claim %s", c.ID)
		}
	}
	for _, want := range []string{"Quick configuration", "Trace: LCG-2005-1", "AuverGrid", "Interpretations", "Dominant period",
		timeshare.PriorityRuleText, "Metric definitions", "## Claims ledger", "## Load sweep", "## Makespan (algorithm-independent)",
		"## APDRR ablation", "APDRR, q = 50 s", "APDRR, run-time priorities", "Offered load per CPU", "| n=2000/P=16 |", "| 1%/P=64 |",
		"paper-sized windows: C1"} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	// Three windows cannot decide a claim: none is called a non-reproduction.
	for _, gone := range []string{"identical across algorithms", "mismatch with Figure 8", "non-reproduction of APDRR as published"} {
		if strings.Contains(page, gone) {
			t.Errorf("page still says %q", gone)
		}
	}
	for _, f := range append(figures, figure{file: "fig2-count-process"}) {
		for _, ext := range []string{".png", ".svg"} {
			rel := "figures/" + Name + "-" + f.file + ext
			if _, err := os.Stat(filepath.Join(pipeline.PaperDir(out), rel)); err != nil {
				t.Errorf("figure %s missing: %v", rel, err)
			}
		}
		if !strings.Contains(page, "(figures/"+Name+"-"+f.file+".png)") {
			t.Errorf("page does not link %s", f.file)
		}
	}
	svg, err := os.ReadFile(filepath.Join(pipeline.PaperDir(out), "figures", Name+"-fig4-waiting.svg"))
	if err != nil || !strings.Contains(string(svg), "LCG-2005-1") {
		t.Error("Figure 4 does not name the trace")
	}
	if !strings.Contains(rep.Headline, "LCG-2005-1") || len(rep.Sheets) < 4 {
		t.Errorf("headline %q, %d sheets", rep.Headline, len(rep.Sheets))
	}
	if _, err := os.Stat(pipeline.WorkbookPath(out)); err != nil {
		t.Error(err)
	}
	if _, err := os.Stat(filepath.Join(pipeline.PaperDir(out), Name+".claims.json")); err != nil {
		t.Error(err)
	}
	// The cost of the runs goes to the results folder, never to the page.
	tb, err := os.ReadFile(filepath.Join(pipeline.ResultsDir(out, Name), "timings.md"))
	if err != nil || !strings.Contains(string(tb), "slices per second") {
		t.Errorf("results/%s/timings.md lacks the cost (%v)", Name, err)
	}
	if strings.Contains(page, "reused from an earlier invocation") || strings.Contains(page, "slices per second") {
		t.Error("the page shows the machine's timings")
	}
	// A report from the same records with other timings (another machine,
	// a re-run reusing results) gives the same page, ledger and figures.
	study, err := Experiment{}.Plan(opts.Config)
	if err != nil {
		t.Fatal(err)
	}
	other := *outcomes[0].Result
	other.Timings = slices.Clone(other.Timings)
	for i := range other.Timings {
		other.Timings[i].Value *= 2 + float64(i%5)
	}
	m := *other.Manifest
	m.WallSecs, m.CPUSecs, m.Reused, m.Executed, m.Workers = m.WallSecs*3+1, m.CPUSecs*2+1, m.Executed, 0, 7
	other.Manifest = &m
	out2 := t.TempDir()
	pdir2 := pipeline.PaperDir(out2)
	rep2, err := study.Report(context.Background(), experiments.ReportInput{Result: &other, PaperDir: pdir2})
	if err != nil {
		t.Fatal(err)
	}
	if err := pipeline.WritePage(out2, Name, rep2); err != nil {
		t.Fatal(err)
	}
	pdir := pipeline.PaperDir(out)
	err = filepath.WalkDir(pdir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(pdir, path)
		if rel == "README.md" || rel == "index.json" {
			return nil // the index, written by reproduce, not by the study
		}
		a, _ := os.ReadFile(path)
		b, err := os.ReadFile(filepath.Join(pdir2, rel))
		if err != nil || !bytes.Equal(a, b) {
			t.Errorf("paper/%s differs when only the timings differ (%v)", rel, err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestLCGPrefix runs the paper's 1% prefix of the real LCG trace when it is
// present: every algorithm dealt the same jobs, and the rankings the
// time-sharing model guarantees (RR responds sooner than FCFS).
func TestLCGPrefix(t *testing.T) {
	path := datadir.ForTest(t, "LCG-2005-1/LCG.swf.gz")
	tr, err := LoadTrace(path, Sources[1])
	if err != nil {
		t.Fatal(err)
	}
	if len(tr.Jobs) != 188041 {
		t.Fatalf("%d records, want 188041", len(tr.Jobs))
	}
	jobs, err := Window(tr, 0, WindowLen(len(tr.Jobs), 1))
	if err != nil {
		t.Fatal(err)
	}
	fc, err := Simulate(jobs, 16, "fcfs", timeshare.DefaultQuantum)
	if err != nil {
		t.Fatal(err)
	}
	rr, err := Simulate(jobs, 16, "rr", timeshare.DefaultQuantum)
	if err != nil {
		t.Fatal(err)
	}
	if fc.Result.Dealt != 1880 || !(rr.AvgResponse < fc.AvgResponse) {
		t.Errorf("dealt %d; response RR %g, FCFS %g", fc.Result.Dealt, rr.AvgResponse, fc.AvgResponse)
	}
}

// TestScaleLoad: scaling a window's arrivals gives exactly the load asked
// for, keeps the first arrival and the order, and leaves the input alone.
func TestScaleLoad(t *testing.T) {
	jobs := []timeshare.Job{{Submit: 100, Run: 50}, {Submit: 110, Run: -1}, {Submit: 130, Run: 70}, {Submit: 200, Run: 30}}
	for _, load := range []float64{0.5, 1, 4} {
		got := ScaleLoad(jobs, 2, load)
		if l := OfferedLoad(got, 2); math.Abs(l-load) > 1e-12 {
			t.Errorf("load %g: scaled window has load %g", load, l)
		}
		if got[0].Submit != 100 || !(got[1].Submit < got[2].Submit && got[2].Submit < got[3].Submit) {
			t.Errorf("load %g: submits %v", load, got)
		}
	}
	if jobs[3].Submit != 200 {
		t.Error("ScaleLoad modified its input")
	}
}

// specOf is the spec of run r of pl.
func specOf(t *testing.T, pl *Plan, r bench.Run) spec {
	t.Helper()
	s, err := pl.runs.Spec(r)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestWindowsFoldPrefix: the report sees the prefix workload's records as
// window 0 of its workload, beside repetitions 1..reps, and nothing else
// moves.
func TestWindowsFoldPrefix(t *testing.T) {
	root := syntheticRoot(t, 21000)
	isolate(t, root)
	pl, err := Experiment{}.plan(experiments.Config{Reps: 2, Quick: true, DataDir: root})
	if err != nil {
		t.Fatal(err)
	}
	var recs []analysis.Record
	for i, r := range pl.Bench().Runs {
		recs = append(recs, analysis.Record{Experiment: Name, Workload: r.Workload, Algorithm: r.Algorithm, Rep: r.Rep, Seed: r.Seed, Metric: "m", Value: float64(i)})
	}
	res := pl.windows(&bench.Result{Records: recs, Timings: recs[:1]})
	if len(res.Records) != len(recs) || len(res.Timings) != 1 {
		t.Fatalf("%d records, %d timings after folding %d, 1", len(res.Records), len(res.Timings), len(recs))
	}
	reps := map[string][]int{} // windowed workload × algorithm -> windows
	prefixes := 0
	for i, got := range res.Records {
		want := recs[i]
		if w, ok := strings.CutSuffix(want.Workload, "/prefix"); ok {
			want.Workload = w
			prefixes++
		}
		if got != want {
			t.Fatalf("record %d folded to %+v, want %+v", i, got, want)
		}
		if got.Algorithm != AlgoFacts && got.Workload != WorkloadTrace {
			k := got.Workload + " " + got.Algorithm
			reps[k] = append(reps[k], got.Rep)
		}
	}
	if prefixes == 0 {
		t.Fatal("no prefix workload planned")
	}
	for k, rs := range reps {
		if !slices.Equal(rs, []int{0, 1, 2}) {
			t.Errorf("%s: windows %v, want [0 1 2] (the prefix, then the repetitions)", k, rs)
		}
	}
	if recs[0].Workload != pl.Bench().Runs[0].Workload {
		t.Error("folding changed its input")
	}
}
