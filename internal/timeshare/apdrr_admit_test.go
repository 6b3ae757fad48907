package timeshare

import (
	"math"
	"math/rand/v2"
	"testing"
)

func runAdmit(t *testing.T, jobs []Job, slaves int) Result {
	t.Helper()
	res, err := Run(jobs, slaves, NewAPDRRAdmit(0))
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestAPDRRAdmitHand: an urgent job arriving during a cycle is served at
// the next slice boundary, before the less urgent job still waiting for its
// turn; the published APDRR keeps it for the next cycle.
func TestAPDRRAdmitHand(t *testing.T) {
	jobs := []Job{
		{ID: 1, Submit: 0, Run: 100, Priority: 3},
		{ID: 2, Submit: 0, Run: 100, Priority: 3},
		{ID: 3, Submit: 5, Run: 10, Priority: 1},
	}
	// Quantum sqrt(100) = 10: job 1 runs [0, 10), job 3 (admitted at 10)
	// [10, 20) and ends, job 2 [20, 30).
	got := runAdmit(t, jobs, 1).Outcomes
	if got[2].FirstStart != 10 || got[2].End != 20 || got[1].FirstStart != 20 {
		t.Errorf("admit: job 3 start %v end %v, job 2 start %v; want 10, 20, 20", got[2].FirstStart, got[2].End, got[1].FirstStart)
	}
	pub := mustRun(t, jobs, 1, "apdrr", Params{}).Outcomes
	if pub[2].FirstStart != 20 {
		t.Errorf("published APDRR: job 3 starts at %v, want 20 (the next cycle)", pub[2].FirstStart)
	}
}

// TestAPDRRAdmitProperties: with every job submitted at once there is no
// arrival within a cycle, so the variant is APDRR; on any workload it is
// work-conserving (each slave's last end is FCFS's) and every job starts
// after its submission and ends after its start.
func TestAPDRRAdmitProperties(t *testing.T) {
	for c := range 200 {
		r := rand.New(rand.NewPCG(uint64(c), 77))
		jobs := randomJobs(r)
		slaves := 1 + r.IntN(3)
		res := runAdmit(t, jobs, slaves)
		fcfs := mustRun(t, jobs, slaves, "fcfs", Params{})
		last := func(out []Outcome) map[int]float64 {
			m := map[int]float64{}
			for _, o := range out {
				if o.Slave >= 0 {
					m[o.Slave] = math.Max(m[o.Slave], o.End)
				}
			}
			return m
		}
		lr, lf := last(res.Outcomes), last(fcfs.Outcomes)
		for s, e := range lf {
			if math.Abs(lr[s]-e) > 1e-9*math.Max(1, e) {
				t.Fatalf("case %d slave %d: last end %v, FCFS %v (not work-conserving)", c, s, lr[s], e)
			}
		}
		for i, o := range res.Outcomes {
			if o.Slave >= 0 && (o.FirstStart < jobs[i].Submit || o.End < o.FirstStart) {
				t.Fatalf("case %d job %d: submit %v start %v end %v", c, i, jobs[i].Submit, o.FirstStart, o.End)
			}
		}
		for i := range jobs {
			jobs[i].Submit = 0
		}
		if err := compare(runAdmit(t, jobs, slaves).Outcomes, mustRun(t, jobs, slaves, "apdrr", Params{}).Outcomes, 1e-9); err != nil {
			t.Fatalf("case %d, all submitted at 0: admit differs from APDRR: %v", c, err)
		}
	}
}
