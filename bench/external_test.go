package bench_test

import (
	"os/exec"
	"testing"

	"github.com/gridbench/gridbench/internal/adapt"
	"github.com/gridbench/gridbench/internal/datadir"
	"github.com/gridbench/gridbench/internal/sched"
	"github.com/gridbench/gridbench/internal/sched/external"
	"github.com/gridbench/gridbench/internal/sim"
	_ "github.com/gridbench/gridbench/spaceshared"
)

// BenchmarkExternal runs the first 3,000 KTH jobs on 100 CPUs with a
// built-in scheduler and with its Python twin over the exec: protocol, and
// reports the wall time per decision (an instant at which a job waits: the
// messages the Python scheduler answers). fcfs.py does almost no work of
// its own, so its time per decision is the protocol's overhead (pipe round
// trip, JSON both ways, process start amortised).
func BenchmarkExternal(b *testing.B) {
	py, err := exec.LookPath("python3")
	if err != nil {
		b.Skip("skipping: python3 not found on PATH")
	}
	path := datadir.ForTest(b, "KTH-SP2/KTH-SP2-1996-2.1-cln.swf.gz")
	jobs, _, err := adapt.LoadSWF(path, 3000, 100, adapt.Requested)
	if err != nil {
		b.Fatal(err)
	}
	p := sim.SingleMachine(100)
	for _, algo := range []string{"fcfs", "easy"} {
		script := py + " ../examples/schedulers/" + algo + ".py"
		// The decisions the external scheduler is asked, counted once.
		probe, _ := external.New(script, 0)
		if _, err := sim.Simulate(p, jobs, probe); err != nil {
			b.Fatal(err)
		}
		probe.Close()
		decisions := float64(probe.Decisions())
		for _, name := range []string{algo, algo + ".py"} {
			full := name
			if name != algo {
				full = "exec:" + script
			}
			b.Run("algo="+name+"/jobs=3000", func(b *testing.B) {
				for b.Loop() {
					s, err := sched.New(full)
					if err != nil {
						b.Fatal(err)
					}
					if _, err := sim.Simulate(p, jobs, s); err != nil {
						b.Fatal(err)
					}
					sched.CloseScheduler(s)
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/decisions, "ns/decision")
			})
		}
	}
}
