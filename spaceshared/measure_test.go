package spaceshared

import (
	"context"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/internal/sched"
	"github.com/gridbench/gridbench/internal/sim"
)

// handInstance is small enough to follow by hand. Machine 1 is twice the
// reference speed, so its jobs take half their run time. FCFS (fastest
// machine first) gives:
//
//	j0 M0 [0,10)  j1 M1 [0,5)  j2 M1 [5,7)  j3 M0 [10,16)
//
// j0 and j1 start at once; j2 (t=2) waits for M1, the fastest machine with
// room once j1 ends at 5; j3 (t=4, 2 CPUs) waits for M0 until j0 ends at 10.
func handInstance() (sim.Platform, []sim.Job) {
	p := sim.Platform{RefSpeed: 300, Machines: []sim.Machine{{CPUs: 2, Speed: 300}, {CPUs: 1, Speed: 600}}}
	jobs := []sim.Job{
		{ID: 0, Submit: 0, Run: 10, CPUs: 2, HasDeadline: true, Deadline: 12},
		{ID: 1, Submit: 0, Run: 10, CPUs: 1, HasDeadline: true, Deadline: 5}, // ends exactly at its deadline: not late
		{ID: 2, Submit: 2, Run: 4, CPUs: 1},
		{ID: 3, Submit: 4, Run: 6, CPUs: 2, HasDeadline: true, Deadline: 14}, // ends at 16: late
	}
	return p, jobs
}

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-9*max(1, math.Abs(b)) }

func TestSimulateAndMeasureByHand(t *testing.T) {
	p, jobs := handInstance()
	s, err := sched.New("fcfs")
	if err != nil {
		t.Fatal(err)
	}
	recs, tr, err := SimulateTimed(context.Background(), p, jobs, s)
	if err != nil {
		t.Fatal(err)
	}
	want := []sim.Record{{Start: 0, End: 10, Machine: 0}, {Start: 0, End: 5, Machine: 1}, {Start: 5, End: 7, Machine: 1}, {Start: 10, End: 16, Machine: 0}}
	if !slices.Equal(recs, want) {
		t.Fatalf("records %v, want %v", recs, want)
	}
	// Decisions at 0, 2, 4, 5, 7, 10, 16; queue when each begins.
	if wantQ := []int{2, 1, 2, 2, 1, 1, 0}; !slices.Equal(tr.Queue, wantQ) {
		t.Errorf("queue trace %v, want %v", tr.Queue, wantQ)
	}
	if len(tr.Work) != 7 || len(tr.Wall) != 7 || len(tr.CPU) != 1 {
		t.Errorf("trace lengths work %d wall %d cpu %d, want 7, 7 and 1 (every 16th decision)", len(tr.Work), len(tr.Wall), len(tr.CPU))
	}

	m := Measure(p, jobs, recs)
	// Usage: ratio 1 on [0,7) and [10,16); on [7,10) 2 active of
	// min(3 CPUs, 4 requested) = 2/3. (7 + 2 + 6)/16.
	// Busy: M0 2·10 + 2·6 = 32 CPU-s → u0 = 32/(2·16) = 1; M1 5 + 2 = 7 → u1 = 7/16.
	for _, c := range []struct {
		name      string
		got, want float64
	}{
		{"delayed %", m.DelayedPct, 100.0 / 3},
		{"usage %", m.UsagePct, 100 * 15.0 / 16},
		// Event instants with jobs present after them: 0, 2, 4, 5, 7, 10;
		// the ratio is 1 after each but 7 (2/3).
		{"usage % (event average)", m.UsageEventPct, 100 * (5 + 2.0/3) / 6},
		{"weighted usage %", m.WeightedUsagePct, 100 * (300*1 + 600*7.0/16) / 900},
		{"ops usage %", m.OpsUsagePct, 100 * (2*300*1 + 1*600*7.0/16) / 1200},
		{"makespan", m.Makespan, 16},
		{"slowdown", m.Slowdown, (1 + 1 + 2.5 + 2) / 4},
		// Waits 0, 0, 3, 6; bounded slowdowns 1, max(1, 5/10), max(1, 5/10), 12/10.
		{"wait", m.Wait, 9.0 / 4},
		{"bsld", m.BSLD, (1 + 1 + 1 + 1.2) / 4},
	} {
		if !near(c.got, c.want) {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
	// The table reads every row off Metrics, in its order.
	vals := Table.ValueMap(m)
	if len(vals) != len(Table) || vals[MWait] != m.Wait || vals[MMakespan] != m.Makespan || vals[MDelayed] != m.DelayedPct {
		t.Errorf("table values %v disagree with %+v", vals, m)
	}
	for i, v := range Table.Values(m) {
		if v.Name != Table[i].Name || v.Name == "" || Table[i].Definition == "" {
			t.Errorf("row %d: value %q for row %q (definition %q)", i, v.Name, Table[i].Name, Table[i].Definition)
		}
	}
}

func TestMeasureEdgeCases(t *testing.T) {
	p, jobs := handInstance()
	for i := range jobs {
		jobs[i].HasDeadline = false
	}
	recs := []sim.Record{{Start: 0, End: 10, Machine: 0}, {Start: 0, End: 5, Machine: 1}, {Start: 5, End: 7, Machine: 1}, {Start: 10, End: 16, Machine: 0}}
	if m := Measure(p, jobs, recs); !math.IsNaN(m.DelayedPct) {
		t.Errorf("no deadline jobs: delayed %v, want NaN", m.DelayedPct)
	}
	if m := Measure(p, nil, nil); !math.IsNaN(m.UsagePct) || !math.IsNaN(m.Makespan) {
		t.Errorf("no jobs: %+v, want NaN metrics", m)
	}
}

func TestSlope(t *testing.T) {
	x := []float64{1, 2, 3, 4, 5}
	if s := Slope(x, []float64{3, 5, 7, 9, 11}); !near(s, 2) {
		t.Errorf("slope %v, want 2", s)
	}
	if s := Slope([]float64{2, 2, 2}, []float64{1, 2, 3}); !math.IsNaN(s) {
		t.Errorf("constant x: slope %v, want NaN", s)
	}
}

func TestDecisions(t *testing.T) {
	tr := &DecisionLog{Queue: []int{0, 1, 2, 3}, Work: []int64{1, 3, 5, 7}, Wall: []float64{1e-6, 2e-6, 3e-6, 4e-6}}
	d := Decisions(tr)
	if d.Decisions != 4 || d.MaxQueue != 3 || !near(d.QueuePerDec, 1.5) || !near(d.WorkPerDec, 4) ||
		!near(d.WorkSlope, 2) || !near(d.WorkSpearman, 1) || !near(d.SecPerDec, 2.5e-6) || !near(d.WallSlope, 1e-6) ||
		!near(d.DecideSeconds, 1e-5) {
		t.Errorf("Decisions = %+v", d)
	}
	// No CPU sample (a log made without the thread clock): the CPU
	// metrics are the wall clock's.
	if d.CPUPerDec != d.SecPerDec || d.CPUSlope != d.WallSlope || d.CPUSpearman != d.WallSpearman {
		t.Errorf("no CPU sample: CPU %v, %v, %v, want the wall clock's %v, %v, %v", d.CPUPerDec, d.CPUSlope, d.CPUSpearman, d.SecPerDec, d.WallSlope, d.WallSpearman)
	}
	if d := Decisions(&DecisionLog{}); d.Decisions != 0 || !math.IsNaN(d.WorkPerDec) || !math.IsNaN(d.CPUSlope) || !math.IsNaN(d.CPUSpearman) {
		t.Errorf("empty trace: %+v", d)
	}
}

// TestCPUPerDecisionEstimate: a decision's CPU time is its wall clock
// times the share of the run in which the thread ran, over the decisions
// whose CPU time was not read: those read carry the clock's own cost
// (here 3 µs in each reading) and are slowed by it (here 100 µs of wall
// clock), and neither reaches the estimate. The share is at most 1.
func TestCPUPerDecisionEstimate(t *testing.T) {
	const n = 4 * CPUEvery
	tr := &DecisionLog{Queue: make([]int, n), Work: make([]int64, n), Wall: make([]float64, n)}
	for i := range n {
		tr.Wall[i] = 2e-6
		if i%CPUEvery == 0 {
			tr.Wall[i] = 100e-6
			tr.CPU = append(tr.CPU, 3e-6+100e-6)
		}
	}
	tr.LoopCPU, tr.LoopWall = 0.3, 0.4
	if got := Decisions(tr).CPUPerDec; !near(got, 1.5e-6) {
		t.Errorf("CPU per decision %v, want 1.5e-06 (2 µs of wall clock, the thread running 3/4 of the run)", got)
	}
	tr.LoopCPU = 0.5 // (clocks that disagree: never more than the wall clock)
	if got := Decisions(tr).CPUPerDec; !near(got, 2e-6) {
		t.Errorf("CPU per decision %v with more CPU than wall clock in the run, want 2e-06", got)
	}
}

// TestDecisionsCPUOverSampledDecisions: the CPU slope and correlation pair
// each CPU reading with the queue of the decision it was read in (0, 16,
// 32), not with the first decisions' queues, and owe nothing to the wall
// clock, which here falls as the queue grows.
func TestDecisionsCPUOverSampledDecisions(t *testing.T) {
	const n = 2*CPUEvery + 1
	tr := &DecisionLog{Queue: make([]int, n), Work: make([]int64, n), Wall: make([]float64, n)}
	for i := range n {
		tr.Queue[i] = i
		tr.Wall[i] = float64(n-i) * 1e-6
	}
	tr.CPU = []float64{1e-6, 3e-6, 5e-6} // queues 0, 16, 32: 1/8 µs per queued job
	d := Decisions(tr)
	if !near(d.CPUSlope, 2e-6/CPUEvery) || !near(d.CPUSpearman, 1) {
		t.Errorf("CPU slope %v, ρ %v; want %v, 1", d.CPUSlope, d.CPUSpearman, 2e-6/CPUEvery)
	}
	// The level is the decisions not read (cpuPerDecision): 33 - i µs
	// for i in 1..31 but 16, 17 µs on average.
	if !near(d.CPUPerDec, 17e-6) {
		t.Errorf("CPU per decision %v, want 1.7e-05 (the mean wall clock of the decisions not read)", d.CPUPerDec)
	}
	if !near(d.WallSlope, -1e-6) || !near(d.WallSpearman, -1) {
		t.Errorf("wall slope %v, ρ %v; want -1e-06, -1", d.WallSlope, d.WallSpearman)
	}
	vals := TimingTable.ValueMap(d)
	if vals[TCPUSlope] != d.CPUSlope || vals[TCPUSpearman] != d.CPUSpearman || vals[TWallSlope] != d.WallSlope {
		t.Errorf("timing table %v disagrees with %+v", vals, d)
	}
}

// The orders runs.csv and timings.csv record, which earlier results were
// written in.
func TestTableOrder(t *testing.T) {
	for _, c := range []struct {
		got, want []string
	}{
		{Table.Names(), []string{"delayed_pct", "usage_pct", "weighted_usage_pct", "ops_usage_pct", "makespan", "slowdown",
			"offered_load", "usage_event_pct", "wait", "bsld"}},
		{DecisionTable.Names(), []string{"decisions", "work_per_decision", "queue_per_decision", "max_queue", "work_queue_slope", "work_queue_spearman"}},
		{TimingTable.Names(), []string{"seconds_per_decision", "wall_queue_slope", "wall_queue_spearman", "decide_seconds", "cpu_seconds_per_decision",
			"cpu_queue_slope", "cpu_queue_spearman"}},
	} {
		if !slices.Equal(c.got, c.want) {
			t.Errorf("names %v, want %v", c.got, c.want)
		}
	}
}

// TestMeasureShiftedInTime: every metric of a schedule is the same when
// all its times are shifted, as a trace read with LoadSWF keeps its own
// time origin where a study's window starts at 0. The makespan was the
// last end, so a library user's LoadSWF + Simulate + Measure read 16 s
// more than `study run` on the same jobs (a window whose first job the
// trace submits at 16 s).
func TestMeasureShiftedInTime(t *testing.T) {
	p, jobs := handInstance()
	recs := []sim.Record{{Start: 0, End: 10, Machine: 0}, {Start: 0, End: 5, Machine: 1}, {Start: 5, End: 7, Machine: 1}, {Start: 10, End: 16, Machine: 0}}
	want := Measure(p, jobs, recs)
	const shift = 1000
	for i := range jobs {
		jobs[i].Submit += shift
		jobs[i].Deadline += shift
		recs[i].Start += shift
		recs[i].End += shift
	}
	got := Measure(p, jobs, recs)
	for _, row := range Table {
		if g, w := row.Value(got), row.Value(want); !near(g, w) && !(math.IsNaN(g) && math.IsNaN(w)) {
			t.Errorf("%s shifted by %d s: %v, want %v", row.Name, shift, g, w)
		}
	}
}

// panicsWith runs f and checks that it panics with a message of this
// package's naming the misuse, not a runtime error.
func panicsWith(t *testing.T, what string, f func(), want string) {
	t.Helper()
	defer func() {
		t.Helper()
		r := recover()
		msg, ok := r.(string)
		if !ok || !strings.HasPrefix(msg, "spaceshared: ") || !strings.Contains(msg, want) {
			t.Errorf("%s: panic %v (%T), want a spaceshared: message containing %q", what, r, r, want)
		}
	}()
	f()
}

// TestMisusePanicsClearly: the misuses the doc comments name panic with a
// message that says what was wrong, not an index or nil error.
func TestMisusePanicsClearly(t *testing.T) {
	panicsWith(t, "Decisions(nil)", func() { Decisions(nil) }, "nil *DecisionLog")
	panicsWith(t, "Decisions, short Work", func() {
		Decisions(&DecisionLog{Queue: []int{1, 2}, Work: []int64{1}, Wall: []float64{1, 2}})
	}, "2 decisions with 1 Work and 2 Wall values")
	panicsWith(t, "Decisions, a CPU value too many", func() {
		Decisions(&DecisionLog{Queue: []int{1, 2}, Work: []int64{1, 1}, Wall: []float64{1, 2}, CPU: []float64{1, 2}})
	}, "2 decisions with 2 CPU values; want at most 1")
	p := sim.SingleMachine(2)
	jobs := []sim.Job{{Submit: 0, Run: 10, CPUs: 1}}
	recs := []sim.Record{{Start: 0, End: 10}}
	panicsWith(t, "UtilisationSeries, bins 0", func() { UtilisationSeries(p, jobs, recs, 0) }, "0 bins; want at least 1")
	panicsWith(t, "UtilisationSeries, bins -1", func() { UtilisationSeries(p, jobs, recs, -1) }, "-1 bins")
	panicsWith(t, "UtilisationSeries, a record too many", func() {
		UtilisationSeries(p, jobs, append(recs, sim.Record{Start: 0, End: 5}), 4)
	}, "2 records for 1 jobs")
	if got := UtilisationSeries(p, jobs, recs, 2); len(got) != 2 || got[0].Value != 0.5 || got[1].Value != 0.5 {
		t.Errorf("UtilisationSeries of one 1-CPU job on 2 CPUs in 2 bins = %+v, want 0.5 twice", got)
	}
}
