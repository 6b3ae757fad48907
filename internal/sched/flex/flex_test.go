package flex_test

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/internal/sched"
	"github.com/gridbench/gridbench/internal/sched/easy"
	"github.com/gridbench/gridbench/internal/sched/flex"
	"github.com/gridbench/gridbench/internal/sim"
)

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-12*math.Max(1, math.Abs(b)) }

// TestHeuristicsByHand checks each heuristic against values worked out by
// hand from the formulas of Baraglia et al. 2008, section 3.1, with the
// default parameters.
func TestHeuristicsByHand(t *testing.T) {
	p := flex.DefaultParams()
	j := &sim.Job{Submit: 0, Run: 100, HasDeadline: true, Deadline: 500}
	// Nxtime 100, so t_J = 500 − 2·100 = 300 and the slope is
	// (20 − 0.1) / 200 = 0.0995.
	for _, c := range []struct {
		now, want float64
	}{
		{100, 0.1},                    // Extime 200 <= t_J: Min
		{200, 0.1},                    // Extime 300 = t_J: still Min
		{350, 0.0995*150 + 0.1},       // Extime 450: 15.025
		{400, 20},                     // Extime 500 = Deadline: Max
		{400.5, 0.1},                  // Extime past the deadline: Min
		{250, 0.0995*(350-300) + 0.1}, // 5.075
	} {
		if got := p.Deadline(j, c.now, 100); !near(got, c.want) {
			t.Errorf("Deadline at now=%g = %g, want %g", c.now, got, c.want)
		}
	}
	if got := p.Deadline(&sim.Job{Run: 100}, 450, 100); got != 0.1 {
		t.Errorf("Deadline without a deadline = %g, want Min 0.1", got)
	}
	// A zero Nxtime: the ramp is empty.
	z := &sim.Job{Submit: 0, HasDeadline: true, Deadline: 10}
	if got := p.Deadline(z, 10, 0); got != 0.1 {
		t.Errorf("Deadline with zero Nxtime at the deadline = %g, want 0.1", got)
	}
	if got := p.Aging(&sim.Job{Submit: 30}, 280); !near(got, 2.5) {
		t.Errorf("Aging after 250 s = %g, want 2.5", got)
	}
	if got := p.WaitMinimization(&sim.Job{Run: 100}, 50); got != 1 {
		t.Errorf("WaitMinimization est 100, minext 50 = %g, want 1", got)
	}
	if got := p.WaitMinimization(&sim.Job{Run: 100, Estimate: 400}, 50); got != 0.25 {
		t.Errorf("WaitMinimization uses the estimate: got %g, want 0.25", got)
	}
	if got := p.WaitMinimization(&sim.Job{Run: 0}, 0); got != 2 {
		t.Errorf("WaitMinimization of a zero estimate = %g, want boostvalue 2", got)
	}
	// P = 0.01·350 + 15.025 + 2·50/100.
	if got := p.Priority(j, 350, 100, 50); !near(got, 3.5+15.025+1) {
		t.Errorf("Priority = %g, want %g", got, 3.5+15.025+1)
	}
}

func TestValidate(t *testing.T) {
	if err := flex.DefaultParams().Validate(); err != nil {
		t.Fatalf("defaults: %v", err)
	}
	for name, mod := range map[string]func(*flex.Params){
		"K":         func(p *flex.Params) { p.K = 0 },
		"Max":       func(p *flex.Params) { p.Max = p.Min - 1 },
		"AgeFactor": func(p *flex.Params) { p.AgeFactor = math.NaN() },
		"BoostValue": func(p *flex.Params) {
			p.BoostValue = math.Inf(1)
		},
	} {
		p := flex.DefaultParams()
		mod(&p)
		err := p.Validate()
		if err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("%s: Validate() = %v, want an error naming it", name, err)
		}
	}
	defer func() {
		if r := recover(); r == nil {
			t.Error("New with K = -1 did not panic")
		}
	}()
	flex.New(flex.Params{K: -1})
}

func TestRegistered(t *testing.T) {
	s, err := sched.New("flex")
	if err != nil {
		t.Fatal(err)
	}
	if f, ok := s.(*flex.Flex); !ok || f.Params() != flex.DefaultParams() {
		t.Errorf("sched.New(\"flex\") = %#v, want a *flex.Flex with DefaultParams", s)
	}
}

func starts(t *testing.T, p sim.Platform, jobs []sim.Job, s sim.Scheduler) []float64 {
	t.Helper()
	recs, err := sim.Simulate(p, jobs, s)
	if err != nil {
		t.Fatal(err)
	}
	if err := sim.Check(p, jobs, recs); err != nil {
		t.Fatal(err)
	}
	out := make([]float64, len(recs))
	for i, r := range recs {
		out[i] = r.Start
	}
	return out
}

// TestShortJobFirst: two jobs arrive together behind a running one; Wait
// Minimization puts the short one first (EASY keeps arrival order).
func TestShortJobFirst(t *testing.T) {
	p := sim.SingleMachine(2)
	jobs := []sim.Job{
		{ID: 1, Submit: 0, Run: 10, CPUs: 2},
		{ID: 2, Submit: 1, Run: 100, CPUs: 2}, // P = 0.1 + 2·10/100 = 0.3
		{ID: 3, Submit: 1, Run: 10, CPUs: 2},  // P = 0.1 + 2 = 2.1
	}
	if got, want := starts(t, p, jobs, flex.New(flex.DefaultParams())), []float64{0, 20, 10}; !slices.Equal(got, want) {
		t.Errorf("flex starts = %v, want %v", got, want)
	}
	if got, want := starts(t, p, jobs, easy.New()), []float64{0, 10, 110}; !slices.Equal(got, want) {
		t.Errorf("easy starts = %v, want %v", got, want)
	}
}

// TestDeadlineFirst: of two equal jobs arriving together, the one whose
// estimated end is within k·Nxtime of its deadline goes first; a deadline
// that is far or already missed scores Min and arrival order decides.
func TestDeadlineFirst(t *testing.T) {
	for _, c := range []struct {
		deadline float64
		want     []float64
	}{
		{25, []float64{0, 20, 10}},  // t_J = 5 < Extime 11 <= 25: boosted
		{100, []float64{0, 10, 20}}, // Extime 11 <= t_J = 80: Min, a tie
		{5, []float64{0, 10, 20}},   // Extime 11 > 5: missed, Min, a tie
	} {
		p := sim.SingleMachine(1)
		jobs := []sim.Job{
			{ID: 1, Submit: 0, Run: 10, CPUs: 1},
			{ID: 2, Submit: 1, Run: 10, CPUs: 1},
			{ID: 3, Submit: 1, Run: 10, CPUs: 1, HasDeadline: true, Deadline: c.deadline},
		}
		if got := starts(t, p, jobs, flex.New(flex.DefaultParams())); !slices.Equal(got, c.want) {
			t.Errorf("deadline %g: starts = %v, want %v", c.deadline, got, c.want)
		}
	}
}

// TestReservationKept: the job reserved at t=1 keeps its reservation when a
// job of higher priority arrives at t=2; with FloatingReservation the
// newcomer takes it.
func TestReservationKept(t *testing.T) {
	p := sim.SingleMachine(2)
	jobs := []sim.Job{
		{ID: 1, Submit: 0, Run: 10, CPUs: 2},
		{ID: 2, Submit: 1, Run: 100, CPUs: 2}, // alone at t=1: reserved
		{ID: 3, Submit: 2, Run: 10, CPUs: 2},  // P 2.1 against 0.31 at t=2
	}
	if got, want := starts(t, p, jobs, flex.New(flex.DefaultParams())), []float64{0, 10, 110}; !slices.Equal(got, want) {
		t.Errorf("kept: starts = %v, want %v", got, want)
	}
	fp := flex.DefaultParams()
	fp.FloatingReservation = true
	if got, want := starts(t, p, jobs, flex.New(fp)), []float64{0, 20, 10}; !slices.Equal(got, want) {
		t.Errorf("floating: starts = %v, want %v", got, want)
	}
}

// TestBackfillByPriority on 4 CPUs: a 4-CPU head with a close deadline
// reserves t=10 with no spare CPU. Of two 1-CPU jobs that could use the one
// free CPU, the shorter (higher priority) backfills; the other, which
// would end after the shadow time, is held even when a CPU frees at t=5.
// EASY backfills the earlier-arrived one instead.
func TestBackfillByPriority(t *testing.T) {
	p := sim.SingleMachine(4)
	jobs := []sim.Job{
		{ID: 1, Submit: 0, Run: 10, CPUs: 3},
		{ID: 2, Submit: 1, Run: 5, CPUs: 4, HasDeadline: true, Deadline: 12}, // P 8.06 + 1.6
		{ID: 3, Submit: 1, Run: 8, CPUs: 1},                                  // P 0.1 + 1
		{ID: 4, Submit: 1, Run: 4, CPUs: 1},                                  // P 0.1 + 2
	}
	if got, want := starts(t, p, jobs, flex.New(flex.DefaultParams())), []float64{0, 10, 15, 1}; !slices.Equal(got, want) {
		t.Errorf("flex starts = %v, want %v", got, want)
	}
	if got, want := starts(t, p, jobs, easy.New()), []float64{0, 10, 1, 15}; !slices.Equal(got, want) {
		t.Errorf("easy starts = %v, want %v", got, want)
	}
}

// TestFastestSuitableMachine: Nxtime is the estimate on the fastest machine
// with enough CPUs in total, not on the fastest machine. Job 3 needs 2 CPUs,
// which only the slow machine has, so its Nxtime is 20, not 5, which puts
// its estimated end inside the deadline ramp and ahead of job 2.
func TestFastestSuitableMachine(t *testing.T) {
	p := sim.Platform{RefSpeed: 2, Machines: []sim.Machine{{CPUs: 1, Speed: 4}, {CPUs: 2, Speed: 1}}}
	jobs := []sim.Job{
		{ID: 1, Submit: 0, Run: 5, CPUs: 2},                                   // 10 s on machine 1
		{ID: 2, Submit: 0, Run: 40, CPUs: 1},                                  // 20 s on machine 0
		{ID: 3, Submit: 1, Run: 10, CPUs: 1},                                  // waits for machine 0
		{ID: 4, Submit: 1, Run: 10, CPUs: 2, HasDeadline: true, Deadline: 60}, // Nxtime 20: t_J 20 < Extime 21
	}
	// At t=1 job 4 scores 2 + 0.4975·(21−20) + 0.1 against job 3's 2.1,
	// so it is reserved and takes machine 1 when it frees at t=10; job 3
	// waits for machine 0 (t=20). Read from the fastest machine, job 4's
	// score would be Min, a tie, and job 3 would take machine 1 at t=10.
	got := starts(t, p, jobs, flex.New(flex.DefaultParams()))
	want := []float64{0, 0, 20, 10}
	if !slices.Equal(got, want) {
		t.Errorf("starts = %v, want %v", got, want)
	}
	// The priorities themselves: with Nxtime from the fastest machine (5)
	// job 4's Extime 6 would be far below t_J = 50: Min.
	pp := flex.DefaultParams()
	if d := pp.Deadline(&jobs[3], 1, 20); !(d > pp.Min) {
		t.Errorf("Deadline with Nxtime 20 = %g, want above Min", d)
	}
	if d := pp.Deadline(&jobs[3], 1, 5); d != pp.Min {
		t.Errorf("Deadline with Nxtime 5 = %g, want Min", d)
	}
}
