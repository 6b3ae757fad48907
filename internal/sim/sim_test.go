package sim_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/internal/sim"
	"github.com/gridbench/gridbench/internal/sim/simtest"
)

// greedy starts every waiting job that fits somewhere, in queue order, on
// the first machine that fits: the simplest scheduler that can exercise the
// core (it backfills without any reservation).
type greedy struct{ sim.IgnoreEvents }

func (greedy) Schedule(s *sim.State) {
	for _, j := range s.Queue() {
		for m := range s.Platform().Machines {
			if s.Fits(j, m) {
				if err := s.Start(j, m); err != nil {
					panic(err)
				}
				break
			}
		}
	}
}

// logger records the calls the simulator makes, to check their order.
type logger struct {
	greedy
	log []string
}

func (l *logger) OnArrival(s *sim.State, j int) {
	l.log = append(l.log, fmt.Sprintf("t=%g arrive %d", s.Now(), j))
}
func (l *logger) OnCompletion(s *sim.State, j int) {
	l.log = append(l.log, fmt.Sprintf("t=%g end %d", s.Now(), j))
}
func (l *logger) Schedule(s *sim.State) {
	l.log = append(l.log, fmt.Sprintf("t=%g pass queue=%v", s.Now(), s.Queue()))
	l.greedy.Schedule(s)
}

func TestEventOrder(t *testing.T) {
	p := sim.SingleMachine(2)
	jobs := []sim.Job{
		{ID: 10, Submit: 0, Run: 5, CPUs: 2},
		{ID: 11, Submit: 5, Run: 1, CPUs: 1}, // arrives exactly when 10 ends
		{ID: 12, Submit: 5, Run: 0, CPUs: 2}, // zero length, same instant
		{ID: 13, Submit: 1, Run: 2, CPUs: 1}, // out of input order in time
	}
	l := &logger{}
	s, err := sim.New(p, jobs, l)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Run(); err != nil {
		t.Fatal(err)
	}
	want := strings.Join([]string{
		"t=0 arrive 0", "t=0 pass queue=[0]",
		"t=1 arrive 3", "t=1 pass queue=[3]",
		// Ends before arrivals; the queue keeps arrival (not input) order.
		"t=5 end 0", "t=5 arrive 1", "t=5 arrive 2", "t=5 pass queue=[3 1 2]",
		"t=6 end 1", "t=6 pass queue=[2]",
		"t=7 end 3", "t=7 pass queue=[2]",
		// A zero-length job ends at its start instant, in a new decision.
		"t=7 end 2", "t=7 pass queue=[]",
	}, "\n")
	recs := s.Records()
	if err := sim.Check(p, jobs, recs); err != nil {
		t.Fatal(err)
	}
	got := strings.Join(l.log, "\n")
	if got != want {
		t.Errorf("calls:\n%s\nwant:\n%s", got, want)
	}
	wantRecs := []sim.Record{rec(0, 5, 0), rec(5, 6, 0), rec(7, 7, 0), rec(5, 7, 0)}
	if !slices.Equal(recs, wantRecs) {
		t.Errorf("records = %v, want %v\nlog:\n%s", recs, wantRecs, got)
	}
}

func TestRandomInvariants(t *testing.T) {
	for seed := range uint64(200) {
		r := rand.New(rand.NewPCG(seed, 1))
		p := simtest.Platform(r, 4, 8, seed%2 == 1)
		jobs := simtest.Jobs(r, p, 1+r.IntN(60))
		recs, err := sim.Simulate(p, jobs, greedy{})
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if err := sim.Check(p, jobs, recs); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
	}
}

// TestCheckCatches makes sure the invariant checker is not vacuous: each
// corruption of a valid result must be reported.
func TestCheckCatches(t *testing.T) {
	p := sim.SingleMachine(2)
	jobs := []sim.Job{{ID: 1, Submit: 0, Run: 4, CPUs: 2}, {ID: 2, Submit: 1, Run: 3, CPUs: 1}}
	good := []sim.Record{rec(0, 4, 0), rec(4, 7, 0)}
	if err := sim.Check(p, jobs, good); err != nil {
		t.Fatalf("valid result rejected: %v", err)
	}
	for name, bad := range map[string][]sim.Record{
		"overcommit":   {rec(0, 4, 0), rec(3, 6, 0)},
		"before":       {rec(0, 4, 0), rec(0.5, 3.5, 0)},
		"preempted":    {rec(0, 4, 0), rec(4, 8, 0)},
		"never ran":    {rec(0, 4, 0), rec(4, 7, -1)},
		"no such mach": {rec(0, 4, 0), rec(4, 7, 1)},
	} {
		if sim.Check(p, jobs, bad) == nil {
			t.Errorf("%s: not detected", name)
		}
	}
}

func TestQueueCompaction(t *testing.T) {
	// A scheduler that starts random waiting jobs, checking Queue against
	// the brute-force list of waiting jobs in arrival order at every pass.
	r := rand.New(rand.NewPCG(7, 7))
	p := sim.SingleMachine(8)
	jobs := simtest.Jobs(r, p, 3000)
	var failed error
	sch := &funcSched{fn: func(s *sim.State) {
		want := []int{}
		for j := range s.NumJobs() {
			if s.Status(j) == sim.Waiting {
				want = append(want, j)
			}
		}
		slices.SortStableFunc(want, func(a, b int) int {
			sa, sb := s.Job(a).Submit, s.Job(b).Submit
			if sa != sb {
				if sa < sb {
					return -1
				}
				return 1
			}
			return a - b
		})
		if got := s.Queue(); !slices.Equal(got, want) && failed == nil {
			failed = fmt.Errorf("t=%g: Queue() = %v, want %v", s.Now(), got, want)
		}
		if s.QueueLen() != len(want) && failed == nil {
			failed = fmt.Errorf("t=%g: QueueLen() = %d, want %d", s.Now(), s.QueueLen(), len(want))
		}
		for _, j := range s.Queue() {
			if s.Fits(j, 0) && r.IntN(3) == 0 {
				s.Start(j, 0)
			}
		}
	}}
	s, _ := sim.New(p, jobs, sch)
	for s.Advance() {
		s.Decide()
	}
	if failed != nil {
		t.Fatal(failed)
	}
}

type funcSched struct {
	sim.IgnoreEvents
	fn func(*sim.State)
}

func (f *funcSched) Schedule(s *sim.State) { f.fn(s) }

func TestErrors(t *testing.T) {
	p := sim.Platform{Machines: []sim.Machine{{CPUs: 4, Speed: 1}, {CPUs: 2, Speed: 2}}}
	if _, err := sim.New(p, []sim.Job{{ID: 9, Run: 1, CPUs: 5}}, greedy{}); err == nil || !strings.Contains(err.Error(), "ID 9") {
		t.Errorf("too-large job: err = %v", err)
	}
	if _, err := sim.New(p, []sim.Job{{ID: 9, Run: -1, CPUs: 1}}, greedy{}); err == nil {
		t.Error("negative run time accepted")
	}
	big := sim.MaxMachineCPUs
	big++
	huge := sim.Platform{Machines: []sim.Machine{{CPUs: 4, Speed: 1}, {CPUs: big, Speed: 1}}}
	if _, err := sim.New(huge, []sim.Job{{ID: 9, Run: 1, CPUs: 1}}, greedy{}); err == nil || !strings.Contains(err.Error(), "machine 1") {
		t.Errorf("a machine of 2^31 CPUs: err = %v", err)
	}
	// A scheduler that never starts anything deadlocks: Run must say so.
	idle := &funcSched{fn: func(*sim.State) {}}
	_, err := sim.Simulate(p, []sim.Job{{ID: 3, Run: 1, CPUs: 1}}, idle)
	if err == nil || !strings.Contains(err.Error(), "never ran") {
		t.Errorf("deadlock: err = %v", err)
	}
	// A bad Start stops the run with its error.
	bad := &funcSched{fn: func(s *sim.State) {
		for _, j := range s.Queue() {
			s.Start(j, 1) // 3 CPUs on a 2-CPU machine
		}
	}}
	_, err = sim.Simulate(p, []sim.Job{{ID: 3, Run: 1, CPUs: 3}}, bad)
	if err == nil || !strings.Contains(err.Error(), "needs 3 CPUs, 2 free") {
		t.Errorf("bad start: err = %v", err)
	}
}

func TestHeterogeneousDuration(t *testing.T) {
	p := sim.Platform{RefSpeed: 300, Machines: []sim.Machine{{CPUs: 1, Speed: 600}}}
	recs, err := sim.Simulate(p, []sim.Job{{ID: 1, Submit: 2, Run: 1000, CPUs: 1}}, greedy{})
	if err != nil {
		t.Fatal(err)
	}
	if recs[0].End != 502 {
		t.Errorf("end = %g, want 2 + 1000*300/600 = 502", recs[0].End)
	}
}

func rec(start, end float64, m int) sim.Record { return sim.Record{Start: start, End: end, Machine: m} }
