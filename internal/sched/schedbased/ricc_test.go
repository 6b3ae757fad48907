package schedbased

import (
	"testing"

	"github.com/gridbench/gridbench/internal/adapt"
	"github.com/gridbench/gridbench/internal/sim"
)

// TestEGEDFMatchesDirectRICC runs the first jobs of RICC-2010-2 (8,192
// CPUs, requested times: queues of thousands, early ends at almost every
// instant, runs of jobs of one shape) through EG-EDF and through its
// twin that re-places whole queues without memos (Plan.direct), and
// checks the two schedules job by job, and the work counted. The random
// lockstep tests use small machines and short queues; this is the scale
// where replanHead skips and moves jobs by the thousand.
func TestEGEDFMatchesDirectRICC(t *testing.T) {
	plat, jobs := adapt.RICCForTest(t, 20000, 2000)
	fast, direct := NewEGEDF(), &Scheduler{direct: true}
	a, err := sim.Simulate(plat, jobs, fast)
	if err != nil {
		t.Fatal(err)
	}
	b, err := sim.Simulate(plat, jobs, direct)
	if err != nil {
		t.Fatal(err)
	}
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("job %d (ID %d): EG-EDF %+v, re-placing whole queues %+v", i, jobs[i].ID, a[i], b[i])
		}
	}
	if wa, wb := fast.plan.Work(), direct.plan.Work(); wa != wb {
		t.Fatalf("work %d, re-placing whole queues %d", wa, wb)
	}
	if fast.plan.settled == 0 {
		t.Fatal("no re-plan stopped before the end of its queue: the test must exercise replanHead")
	}
}
