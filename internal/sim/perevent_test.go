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

// freeLogger records the calls with the free CPUs each pass sees.
type freeLogger struct {
	greedy
	log []string
}

func (l *freeLogger) OnArrival(s *sim.State, j int) {
	l.log = append(l.log, fmt.Sprintf("t=%g arrive %d", s.Now(), j))
}
func (l *freeLogger) OnCompletion(s *sim.State, j int) {
	l.log = append(l.log, fmt.Sprintf("t=%g end %d", s.Now(), j))
}
func (l *freeLogger) Schedule(s *sim.State) {
	l.log = append(l.log, fmt.Sprintf("t=%g pass free=%d queue=%v", s.Now(), s.Free(0), s.Queue()))
	l.greedy.Schedule(s)
}

// TestPerEvent checks the pyss order: one pass per event, arrivals before
// ends, a job ending before its estimate holding its CPUs until its end
// is handled and one ending at its estimate released first.
func TestPerEvent(t *testing.T) {
	p := sim.SingleMachine(4)
	jobs := []sim.Job{
		{ID: 10, Submit: 0, Run: 5, Estimate: 100, CPUs: 2}, // ends at 5, long before its estimate
		{ID: 11, Submit: 0, Run: 5, Estimate: 5, CPUs: 1},   // ends at 5, at its estimate
		{ID: 12, Submit: 5, Run: 1, CPUs: 3},
		{ID: 13, Submit: 5, Run: 1, CPUs: 2},
	}
	l := &freeLogger{}
	s, err := sim.NewWith(p, jobs, l, sim.Options{Order: sim.PerEvent})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Run(); err != nil {
		t.Fatal(err)
	}
	want := strings.Join([]string{
		"t=0 arrive 0", "t=0 pass free=4 queue=[0]",
		"t=0 arrive 1", "t=0 pass free=2 queue=[1]",
		// 1 ended at its estimate: gone before the arrivals. 0 ended
		// early: its 2 CPUs are held through the arrivals' passes.
		"t=5 end 1",
		"t=5 arrive 2", "t=5 pass free=2 queue=[2]",
		// 13 fits the two CPUs left while 0 holds its own: it starts.
		"t=5 arrive 3", "t=5 pass free=2 queue=[2 3]",
		"t=5 end 0", "t=5 pass free=2 queue=[2]",
		"t=5 pass free=2 queue=[2]", // 1's end
		"t=6 end 3", "t=6 pass free=4 queue=[2]",
		"t=7 end 2", "t=7 pass free=4 queue=[]",
	}, "\n")
	if got := strings.Join(l.log, "\n"); got != want {
		t.Errorf("calls:\n%s\nwant:\n%s", got, want)
	}
	recs := s.Records()
	if err := sim.Check(p, jobs, recs); err != nil {
		t.Fatal(err)
	}
	if got := []float64{recs[2].Start, recs[3].Start}; !slices.Equal(got, []float64{6, 5}) {
		t.Errorf("starts of 12, 13: %v, want [6 5]", got)
	}
	// Batched, 0's CPUs are free when 12 and 13 are looked at: 12 first.
	batched, err := sim.Simulate(p, jobs, greedy{})
	if err != nil {
		t.Fatal(err)
	}
	if got := []float64{batched[2].Start, batched[3].Start}; !slices.Equal(got, []float64{5, 6}) {
		t.Errorf("batched starts of 12, 13: %v, want [5 6]", got)
	}
	if _, err := sim.NewWith(p, jobs, l, sim.Options{Order: 7}); err == nil {
		t.Error("event order 7 accepted")
	}
}

// TestPerEventExact: with exact estimates no job ever holds CPUs past its
// end, so a scheduler that starts jobs in queue order (FCFS-like greedy)
// makes the same schedule in both orders, and every schedule is valid.
func TestPerEventExact(t *testing.T) {
	for seed := range uint64(100) {
		r := rand.New(rand.NewPCG(seed, 7))
		p := sim.SingleMachine(1 + r.IntN(8))
		jobs := simtest.Jobs(r, p, 60)
		for i := range jobs {
			jobs[i].Submit = float64(int(jobs[i].Submit)) // ties
			jobs[i].Estimate = 0
		}
		a, err := sim.Simulate(p, jobs, greedy{})
		if err != nil {
			t.Fatal(err)
		}
		b, err := sim.SimulateWith(p, jobs, greedy{}, sim.Options{Order: sim.PerEvent})
		if err != nil {
			t.Fatal(err)
		}
		if err := sim.Check(p, jobs, b); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		for i := range a {
			if a[i].Start != b[i].Start {
				t.Fatalf("seed %d: job %d starts at %g batched, %g per event", seed, i, a[i].Start, b[i].Start)
			}
		}
	}
}

// endAt is a freeLogger that expects every job to end at its run time
// (as a scheduler whose prediction turned out exact).
type endAt struct{ freeLogger }

func (e *endAt) EstimatedEnd(s *sim.State, j int) float64 {
	return s.Record(j).Start + s.Job(j).Run
}

// TestPerEventEndEstimator: the scheduler's expected end, not the job's
// estimate, decides whether a job ending now holds its CPUs through the
// arrivals' passes (pyss frees a job at its predicted end).
func TestPerEventEndEstimator(t *testing.T) {
	p := sim.SingleMachine(4)
	jobs := []sim.Job{
		{ID: 10, Submit: 0, Run: 5, Estimate: 100, CPUs: 2}, // long before its estimate, at its expected end
		{ID: 11, Submit: 5, Run: 1, CPUs: 3},
		{ID: 12, Submit: 5, Run: 1, CPUs: 2},
	}
	e := &endAt{}
	recs, err := sim.SimulateWith(p, jobs, e, sim.Options{Order: sim.PerEvent})
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Join([]string{
		"t=0 arrive 0", "t=0 pass free=4 queue=[0]",
		"t=5 end 0", // released before the arrivals: the scheduler expected it
		"t=5 arrive 1", "t=5 pass free=4 queue=[1]",
		"t=5 arrive 2", "t=5 pass free=1 queue=[2]",
		"t=5 pass free=1 queue=[2]", // 0's end
		"t=6 end 1", "t=6 pass free=4 queue=[2]",
		"t=7 end 2", "t=7 pass free=4 queue=[]",
	}, "\n")
	if got := strings.Join(e.log, "\n"); got != want {
		t.Errorf("calls:\n%s\nwant:\n%s", got, want)
	}
	if got := []float64{recs[1].Start, recs[2].Start}; !slices.Equal(got, []float64{5, 6}) {
		t.Errorf("starts of 11, 12: %v, want [5 6]", got)
	}
}
