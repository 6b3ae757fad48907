package sim

import (
	"math/rand/v2"
	"testing"
)

// maxScheduler starts random waiting jobs on random machines where they fit
// and checks MaxFree against a scan of Free at every call.
type maxScheduler struct {
	t *testing.T
	r *rand.Rand
}

func (m maxScheduler) check(s *State) {
	want := 0
	for i := range s.Platform().Machines {
		want = max(want, s.Free(i))
	}
	if got := s.MaxFree(); got != want {
		m.t.Fatalf("t=%g: MaxFree %d, the machines' largest Free %d", s.Now(), got, want)
	}
}

func (m maxScheduler) OnArrival(s *State, j int)    {}
func (m maxScheduler) OnCompletion(s *State, j int) {}

// Schedule starts each waiting job that fits somewhere on a machine drawn
// at random among those it fits.
func (m maxScheduler) Schedule(s *State) {
	m.check(s)
	for _, j := range s.Queue() {
		if s.Status(j) != Waiting {
			continue
		}
		var fit []int
		for k := range s.Platform().Machines {
			if s.Fits(j, k) {
				fit = append(fit, k)
			}
		}
		if (len(fit) > 0) != (s.Job(j).CPUs <= s.MaxFree()) {
			m.t.Fatalf("t=%g: job %d fits on %d machines, MaxFree %d", s.Now(), j, len(fit), s.MaxFree())
		}
		if len(fit) > 0 {
			if err := s.Start(j, fit[m.r.IntN(len(fit))]); err != nil {
				m.t.Fatal(err)
			}
			m.check(s)
		}
	}
}

// TestMaxFreeIsTheLargestFree: MaxFree, kept incrementally, equals a scan
// of every machine's idle CPUs after each start and each end.
func TestMaxFreeIsTheLargestFree(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	p := Platform{RefSpeed: 1}
	for range 5 {
		p.Machines = append(p.Machines, Machine{CPUs: 4 + r.IntN(5), Speed: 1})
	}
	var jobs []Job
	for i := range 400 {
		jobs = append(jobs, Job{ID: int64(i), Submit: float64(i / 3), Run: float64(1 + r.IntN(20)), CPUs: 1 + r.IntN(4)})
	}
	if _, err := Simulate(p, jobs, maxScheduler{t, r}); err != nil {
		t.Fatal(err)
	}
}
