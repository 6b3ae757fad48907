package spaceshared

import (
	"fmt"
	"math"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/internal/radix"
	"github.com/gridbench/gridbench/internal/sim"
)

// Metric names as they appear in runs.csv and timings.csv.
const (
	MDelayed       = "delayed_pct"         // % of deadline jobs ending after their deadline
	MUsage         = "usage_pct"           // machine usage, %
	MUsageEvent    = "usage_event_pct"     // machine usage averaged over event instants, %
	MWeightedUsage = "weighted_usage_pct"  // speed-weighted machine usage, %
	MOpsUsage      = "ops_usage_pct"       // CPU-operations usage, %
	MMakespan      = "makespan"            // s
	MSlowdown      = "slowdown"            // mean (Tw+Te)/Te
	MOfferedLoad   = "offered_load"        // generators/jobstream.OfferedLoad of the instance
	MWait          = "wait"                // mean wait start − submit, s
	MBSLD          = "bsld"                // mean bounded slowdown
	MDecisions     = "decisions"           // number of Decide calls
	MWorkPerDec    = "work_per_decision"   // work steps per decision
	MQueuePerDec   = "queue_per_decision"  // mean queue length when a decision begins
	MMaxQueue      = "max_queue"           // longest queue seen by a decision
	MWorkSlope     = "work_queue_slope"    // least-squares work steps per extra queued job
	MWorkSpearman  = "work_queue_spearman" // Spearman ρ(work, queue length) over decisions
	TSecPerDec     = "seconds_per_decision"
	TWallSlope     = "wall_queue_slope" // least-squares seconds per extra queued job
	TWallSpearman  = "wall_queue_spearman"
	TDecideSeconds = "decide_seconds"           // total wall-clock seconds in Decide
	TCPUPerDec     = "cpu_seconds_per_decision" // mean CPU seconds of the scheduler's thread per decision
	TCPUSlope      = "cpu_queue_slope"          // least-squares CPU seconds per extra queued job, over the sampled decisions
	TCPUSpearman   = "cpu_queue_spearman"
)

// Table is the schedule-quality metrics of one simulation, in the order
// runs.csv records them.
var Table = analysis.MetricTable[Metrics]{
	{Metric: analysis.Metric{Name: MDelayed, Unit: "%", Better: analysis.LowerIsBetter, Label: "delayed jobs",
		Definition: "share of the jobs with a deadline that end after it"},
		Value: func(m Metrics) float64 { return m.DelayedPct }},
	{Metric: analysis.Metric{Name: MUsage, Unit: "%", Better: analysis.HigherIsBetter, Label: "machine usage",
		Definition: "time average, over the instants at which some job is present (submitted, not ended), of busy CPUs / min(CPUs of the platform, CPUs requested by the present jobs); not utilisation: idle gaps with no job present do not count"},
		Value: func(m Metrics) float64 { return m.UsagePct }},
	{Metric: analysis.Metric{Name: MWeightedUsage, Unit: "%", Better: analysis.HigherIsBetter, Label: "weighted machine usage",
		Definition: "Σ speed × busy fraction / Σ speed over the machines, from the first submission to the makespan"},
		Value: func(m Metrics) float64 { return m.WeightedUsagePct }},
	{Metric: analysis.Metric{Name: MOpsUsage, Unit: "%", Better: analysis.HigherIsBetter, Label: "CPU-operations usage",
		Definition: "share of the platform's CPU operations used from the first submission to the makespan"},
		Value: func(m Metrics) float64 { return m.OpsUsagePct }},
	{Metric: analysis.Metric{Name: MMakespan, Unit: "s", Better: analysis.LowerIsBetter, Label: "makespan",
		Definition: "last end − first submit (submit times rebased to 0)"},
		Value: func(m Metrics) float64 { return m.Makespan }},
	{Metric: analysis.Metric{Name: MSlowdown, Better: analysis.LowerIsBetter, Label: "slowdown",
		Definition: "mean over jobs of (wait + run) / run; a job with run time 0 counts as 1"},
		Value: func(m Metrics) float64 { return m.Slowdown }},
	{Metric: analysis.Metric{Name: MOfferedLoad, Better: analysis.LowerIsBetter, Label: "offered load",
		Definition: "the generator's offered load of the instance (set by the caller; 0 when unknown)"},
		Value: func(m Metrics) float64 { return m.OfferedLoad }},
	{Metric: analysis.Metric{Name: MUsageEvent, Unit: "%", Better: analysis.HigherIsBetter, Label: "machine usage over events",
		Definition: "the usage ratio of usage_pct averaged over the event instants rather than over time"},
		Value: func(m Metrics) float64 { return m.UsageEventPct }},
	{Metric: analysis.Metric{Name: MWait, Unit: "s", Better: analysis.LowerIsBetter, Label: "mean wait",
		Definition: "mean over jobs of start − submit"},
		Value: func(m Metrics) float64 { return m.Wait }},
	{Metric: analysis.Metric{Name: MBSLD, Better: analysis.LowerIsBetter, Label: "mean bounded slowdown",
		Definition: "mean over jobs of max(1, (wait + run) / max(run, τ)), τ = 10 s (bounded slowdown)"},
		Value: func(m Metrics) float64 { return m.BSLD }},
}

// BSLDBound is the run-time floor τ of the bounded slowdown (Feitelson's).
const BSLDBound = 10

// BoundedSlowdown is the bounded slowdown of a job that spent inSystem
// seconds from submission to end (its wait plus its run time) and ran
// run seconds: max(1, inSystem / max(run, BSLDBound)). It is the one
// definition: Table's bsld row and the backfilling study (whose paper
// states the same) both use it.
func BoundedSlowdown(inSystem, run float64) float64 {
	return max(1, inSystem/max(run, BSLDBound))
}

// JobBoundedSlowdown is the bounded slowdown of job j given its record:
// its run time is its duration on the machine it used.
func JobBoundedSlowdown(j *sim.Job, r sim.Record) float64 {
	w := r.Start - j.Submit
	return BoundedSlowdown(w+r.End-r.Start, r.End-r.Start) // (w+End)−Start: the rounding the study files' records were made with
}

const percent = 100.0

// Metrics are the quality measures of one finished simulation.
type Metrics struct {
	// DelayedPct is the percentage of jobs with a deadline that end after
	// it; NaN when no job has a deadline.
	DelayedPct float64
	// UsagePct is the time average, over the instants at which some job is
	// present (submitted, not ended), of
	// active CPUs / min(CPUs of the platform, CPUs requested by present jobs).
	UsagePct float64
	// UsageEventPct is the other reading of the longer paper's "computed
	// at each simulation time": the same ratio averaged over the event
	// instants (each distinct submission, start or end with some job
	// present after it) rather than over time.
	UsageEventPct float64
	// WeightedUsagePct is Σ_i s_i·u_i / Σ_i s_i, u_i being machine i's busy
	// fraction (busy CPU-seconds / (CPUs_i · span)) over the span from the
	// first submission to the makespan, s_i its speed.
	WeightedUsagePct float64
	// OpsUsagePct is Σ_i CPUs_i·s_i·u_i / Σ_i CPUs_i·s_i: the share of the
	// platform's CPU operations used over the span.
	OpsUsagePct float64
	Makespan    float64 // last end − first submit
	// Slowdown is the mean over jobs of (Tw+Te)/Te, Tw = start − submit,
	// Te = end − start on the machine used; jobs with Te = 0 count as 1.
	Slowdown    float64
	OfferedLoad float64 // set by the caller; Measure leaves it 0
	Wait        float64 // mean over jobs of start − submit
	// BSLD is the mean over jobs of max(1, (wait+run)/max(run, BSLDBound)).
	BSLD float64
}

// Measure computes the metrics of a finished simulation whose records
// passed sim.Check. The usage timeline is rebuilt from the records: a
// job is present from its submission to its end and active from its start
// to its end.
func Measure(p sim.Platform, jobs []sim.Job, recs []sim.Record) Metrics {
	var m Metrics
	if len(jobs) == 0 {
		nan := math.NaN()
		return Metrics{DelayedPct: nan, UsagePct: nan, UsageEventPct: nan, WeightedUsagePct: nan, OpsUsagePct: nan, Makespan: nan, Slowdown: nan, Wait: nan, BSLD: nan}
	}
	withDeadline, late := 0, 0
	first, last := math.Inf(1), math.Inf(-1)
	busy := make([]float64, len(p.Machines)) // CPU-seconds per machine
	var slow, wait, bsld float64
	// The usage timeline: job i changes what is present and active at its
	// submission, start and end, items 3i, 3i+1 and 3i+2, sorted by time
	// (never NaN: the records passed sim.Check). The items alone are kept,
	// not a copy of each change: the backfilling study measures logs of
	// 200,000 jobs.
	ch := make([]radix.Item, 0, 3*len(jobs))
	for i := range jobs {
		j, r := &jobs[i], recs[i]
		if j.HasDeadline {
			withDeadline++
			if r.Late(j) {
				late++
			}
		}
		first = min(first, j.Submit)
		last = max(last, r.End)
		te := r.End - r.Start
		busy[r.Machine] += te * float64(j.CPUs)
		if te > 0 {
			slow += (r.Start - j.Submit + te) / te
		} else {
			slow++
		}
		w := r.Start - j.Submit
		wait += w
		bsld += JobBoundedSlowdown(j, r)
		k := 3 * i
		ch = append(ch, radix.Item{Key: radix.Float64Key(j.Submit), Index: k},
			radix.Item{Key: radix.Float64Key(r.Start), Index: k + 1}, radix.Item{Key: radix.Float64Key(r.End), Index: k + 2})
	}
	m.DelayedPct = math.NaN()
	if withDeadline > 0 {
		m.DelayedPct = percent * float64(late) / float64(withDeadline)
	}
	// From the first submission: a study's window starts at 0, a trace
	// read with LoadSWF at its own first submit time.
	m.Makespan = last - first
	m.Slowdown = slow / float64(len(jobs))
	m.Wait, m.BSLD = wait/float64(len(jobs)), bsld/float64(len(jobs))

	// Time-average of the usage ratio over the instants with jobs present.
	// Within an instant only integer sums are taken: any order will do.
	ch = radix.Sort(ch)
	change := func(k int) (t float64, present, active int) {
		i := ch[k].Index / 3
		n := jobs[i].CPUs
		switch ch[k].Index % 3 {
		case 0:
			return jobs[i].Submit, n, 0
		case 1:
			return recs[i].Start, 0, n
		}
		return recs[i].End, -n, -n
	}
	total := p.TotalCPUs()
	present, active := 0, 0
	var area, covered, events float64
	instants := 0
	for k := 0; k < len(ch); {
		t, _, _ := change(k)
		for ; k < len(ch); k++ {
			tk, dp, da := change(k)
			if tk != t {
				break
			}
			present += dp
			active += da
		}
		if k == len(ch) {
			break
		}
		next, _, _ := change(k)
		dt := next - t
		if den := min(total, present); den > 0 && dt > 0 {
			area += dt * float64(active) / float64(den)
			covered += dt
			events += float64(active) / float64(den)
			instants++
		}
	}
	m.UsagePct, m.UsageEventPct = math.NaN(), math.NaN()
	if covered > 0 {
		m.UsagePct = percent * area / covered
		m.UsageEventPct = percent * events / float64(instants)
	}

	span := last - first
	m.WeightedUsagePct, m.OpsUsagePct = math.NaN(), math.NaN()
	if span > 0 {
		var su, s, ou, o float64
		for i, mc := range p.Machines {
			u := busy[i] / (float64(mc.CPUs) * span)
			su += mc.Speed * u
			s += mc.Speed
			ou += float64(mc.CPUs) * mc.Speed * u
			o += float64(mc.CPUs) * mc.Speed
		}
		m.WeightedUsagePct = percent * su / s
		m.OpsUsagePct = percent * ou / o
	}
	return m
}

// DecisionStats summarise a DecisionLog.
type DecisionStats struct {
	Decisions     int
	WorkPerDec    float64 // mean work steps per decision
	QueuePerDec   float64 // mean queue length at the start of a decision
	MaxQueue      int
	WorkSlope     float64 // least-squares slope of work steps on queue length
	WorkSpearman  float64 // Spearman ρ of work steps and queue length
	SecPerDec     float64 // mean wall-clock seconds per decision
	WallSlope     float64 // least-squares slope of seconds on queue length
	WallSpearman  float64
	DecideSeconds float64
	CPUPerDec     float64 // mean CPU seconds of the scheduler's thread per decision, estimated (cpuPerDecision)
	// CPUSlope and CPUSpearman are WallSlope and WallSpearman on the
	// scheduler thread's CPU time, over the decisions it was read in
	// (every CPUEvery-th, with the queue each of them began with).
	CPUSlope    float64
	CPUSpearman float64
}

// Decisions summarises a trace. Slopes and correlations are NaN when the
// queue length never varies; every mean is NaN for a log of no decision.
// It panics when tr is nil (a run that failed has no log: SimulateTimed
// returns nil with its error), when tr's Work or Wall is shorter than
// its Queue (one value each per decision) or when its CPU is longer than
// the decisions it samples (one per CPUEvery).
func Decisions(tr *DecisionLog) DecisionStats {
	if tr == nil {
		panic("spaceshared: Decisions of a nil *DecisionLog (SimulateTimed returns nil only with an error)")
	}
	n := len(tr.Queue)
	if len(tr.Work) < n || len(tr.Wall) < n {
		panic(fmt.Sprintf("spaceshared: Decisions of a DecisionLog of %d decisions with %d Work and %d Wall values; want one each per decision", n, len(tr.Work), len(tr.Wall)))
	}
	if sampled := (n + CPUEvery - 1) / CPUEvery; len(tr.CPU) > sampled {
		panic(fmt.Sprintf("spaceshared: Decisions of a DecisionLog of %d decisions with %d CPU values; want at most %d, one per %d decisions", n, len(tr.CPU), sampled, CPUEvery))
	}
	d := DecisionStats{Decisions: n}
	if n == 0 {
		nan := math.NaN()
		d.WorkPerDec, d.QueuePerDec, d.SecPerDec, d.CPUPerDec = nan, nan, nan, nan
		d.WorkSlope, d.WorkSpearman, d.WallSlope, d.WallSpearman = nan, nan, nan, nan
		d.CPUSlope, d.CPUSpearman = nan, nan
		return d
	}
	q := make([]float64, n)
	w := make([]float64, n)
	for i := range n {
		q[i] = float64(tr.Queue[i])
		w[i] = float64(tr.Work[i])
		d.MaxQueue = max(d.MaxQueue, tr.Queue[i])
		d.DecideSeconds += tr.Wall[i]
	}
	d.QueuePerDec = mean(q)
	d.WorkPerDec = mean(w)
	d.SecPerDec = d.DecideSeconds / float64(n)
	d.WorkSlope = Slope(q, w)
	d.WallSlope = Slope(q, tr.Wall)
	rho, _ := analysis.SpearmanEach(q, w, tr.Wall)
	d.WorkSpearman, d.WallSpearman = rho[0], rho[1]
	if len(tr.CPU) == 0 { // a log made without the thread clock
		d.CPUPerDec, d.CPUSlope, d.CPUSpearman = d.SecPerDec, d.WallSlope, d.WallSpearman
		return d
	}
	d.CPUPerDec = cpuPerDecision(tr, d.DecideSeconds)
	qs := make([]float64, len(tr.CPU))
	for k := range qs {
		qs[k] = q[k*CPUEvery]
	}
	d.CPUSlope = Slope(qs, tr.CPU)
	d.CPUSpearman, _ = analysis.Spearman(qs, tr.CPU)
	return d
}

// cpuPerDecision estimates the scheduler thread's mean CPU time per
// decision (see DecisionLog) from total, the wall clock of every
// decision: the mean wall-clock duration of the decisions whose CPU time
// was not read (reading it slows the decision, by 0.3 µs for an FCFS
// decision of 0.2 µs), times the share of the run's wall clock in which
// the thread ran, at most 1. Without the run's CPU time (no per-thread
// clock) the share is 1; a run of one decision is its own estimate. It
// reads only the decisions whose clock was read, one in CPUEvery.
func cpuPerDecision(tr *DecisionLog, total float64) float64 {
	n := len(tr.Queue)
	read, k := 0.0, 0
	for i := 0; i < n; i += CPUEvery {
		read, k = read+tr.Wall[i], k+1
	}
	mean := tr.Wall[0]
	if n > k {
		mean = (total - read) / float64(n-k)
	}
	share := 1.0
	if tr.LoopWall > 0 {
		share = min(1, tr.LoopCPU/tr.LoopWall)
	}
	return mean * share
}

// DecisionTable is the deterministic decision metrics (runs.csv), in
// order.
var DecisionTable = analysis.MetricTable[DecisionStats]{
	{Metric: analysis.Metric{Name: MDecisions, Better: analysis.LowerIsBetter, Label: "decisions",
		Definition: "number of scheduling decisions (Decide calls)"},
		Value: func(d DecisionStats) float64 { return float64(d.Decisions) }},
	{Metric: analysis.Metric{Name: MWorkPerDec, Better: analysis.LowerIsBetter, Label: "work per decision",
		Definition: "mean work steps (the scheduler's deterministic counter) per decision"},
		Value: func(d DecisionStats) float64 { return d.WorkPerDec }},
	{Metric: analysis.Metric{Name: MQueuePerDec, Better: analysis.LowerIsBetter, Label: "queue per decision",
		Definition: "mean queue length when a decision begins"},
		Value: func(d DecisionStats) float64 { return d.QueuePerDec }},
	{Metric: analysis.Metric{Name: MMaxQueue, Better: analysis.LowerIsBetter, Label: "longest queue",
		Definition: "longest queue a decision began with"},
		Value: func(d DecisionStats) float64 { return float64(d.MaxQueue) }},
	{Metric: analysis.Metric{Name: MWorkSlope, Better: analysis.LowerIsBetter, Label: "work slope",
		Definition: "least-squares work steps per extra queued job, over the decisions"},
		Value: func(d DecisionStats) float64 { return d.WorkSlope }},
	{Metric: analysis.Metric{Name: MWorkSpearman, Better: analysis.LowerIsBetter, Label: "work–queue correlation",
		Definition: "Spearman ρ of work steps and queue length over the decisions"},
		Value: func(d DecisionStats) float64 { return d.WorkSpearman }},
}

// TimingTable is the measured decision metrics, on the wall clock and on
// the scheduler thread's CPU clock (timings.csv: not deterministic), in
// order.
var TimingTable = analysis.MetricTable[DecisionStats]{
	{Metric: analysis.Metric{Name: TSecPerDec, Unit: "s", Better: analysis.LowerIsBetter, Label: "wall time per decision",
		Definition: "mean wall-clock seconds per decision"},
		Value: func(d DecisionStats) float64 { return d.SecPerDec }},
	{Metric: analysis.Metric{Name: TWallSlope, Unit: "s", Better: analysis.LowerIsBetter, Label: "wall slope",
		Definition: "least-squares wall-clock seconds per extra queued job, over the decisions"},
		Value: func(d DecisionStats) float64 { return d.WallSlope }},
	{Metric: analysis.Metric{Name: TWallSpearman, Better: analysis.LowerIsBetter, Label: "wall–queue correlation",
		Definition: "Spearman ρ of wall-clock time and queue length over the decisions"},
		Value: func(d DecisionStats) float64 { return d.WallSpearman }},
	{Metric: analysis.Metric{Name: TDecideSeconds, Unit: "s", Better: analysis.LowerIsBetter, Label: "time in Decide",
		Definition: "total wall-clock seconds in Decide"},
		Value: func(d DecisionStats) float64 { return d.DecideSeconds }},
	{Metric: analysis.Metric{Name: TCPUPerDec, Unit: "s", Better: analysis.LowerIsBetter, Label: "CPU time per decision",
		Definition: "mean CPU seconds of the scheduler's thread per decision: the wall clock of the decisions whose CPU clock was not read, times the share of the run " +
			"in which the thread ran (Linux's CLOCK_THREAD_CPUTIME_ID over the wall clock, read once for the run; the wall clock where the system has no per-thread clock)"},
		Value: func(d DecisionStats) float64 { return d.CPUPerDec }},
	{Metric: analysis.Metric{Name: TCPUSlope, Unit: "s", Better: analysis.LowerIsBetter, Label: "CPU slope",
		Definition: fmt.Sprintf("least-squares CPU seconds of the scheduler's thread per extra queued job, over the decisions whose CPU time was read (every %dth)", CPUEvery)},
		Value: func(d DecisionStats) float64 { return d.CPUSlope }},
	{Metric: analysis.Metric{Name: TCPUSpearman, Better: analysis.LowerIsBetter, Label: "CPU–queue correlation",
		Definition: fmt.Sprintf("Spearman ρ of the scheduler thread's CPU time and queue length over the decisions whose CPU time was read (every %dth)", CPUEvery)},
		Value: func(d DecisionStats) float64 { return d.CPUSpearman }},
}

func mean(xs []float64) float64 {
	var s float64
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

// Slope is the least-squares slope of y on x; NaN when x is constant or
// there are fewer than two points.
func Slope(x, y []float64) float64 {
	if len(x) < 2 || len(x) != len(y) {
		return math.NaN()
	}
	mx, my := mean(x), mean(y)
	var sxy, sxx float64
	for i := range x {
		sxy += (x[i] - mx) * (y[i] - my)
		sxx += (x[i] - mx) * (x[i] - mx)
	}
	if sxx == 0 {
		return math.NaN()
	}
	return sxy / sxx
}
