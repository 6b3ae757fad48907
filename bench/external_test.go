package bench_test

import (
	"os/exec"
	"testing"

	"github.com/gridbench/gridbench/internal/datadir"
	"github.com/gridbench/gridbench/internal/sched"
	"github.com/gridbench/gridbench/internal/sched/external"
	"github.com/gridbench/gridbench/internal/sim"
	"github.com/gridbench/gridbench/internal/sim/simrun"
	_ "github.com/gridbench/gridbench/spaceshared"
)

// BenchmarkExternal runs the first 3,000 KTH jobs on 100 CPUs with a
// built-in scheduler and with its Python twin over the exec: protocol, and
// reports the wall time per decision (an instant at which a job waits: the
// messages easy.py answers). The difference between the two is the
// protocol's per-decision overhead (process start included, amortised).
func BenchmarkExternal(b *testing.B) {
	py, err := exec.LookPath("python3")
	if err != nil {
		b.Skip("skipping: python3 not found on PATH")
	}
	path := datadir.ForTest(b, "pwa-swf/KTH-SP2-1996-2.1-cln.swf.gz")
	jobs, _, err := simrun.LoadSWF(path, 3000, 100, simrun.Requested)
	if err != nil {
		b.Fatal(err)
	}
	p := sim.SingleMachine(100)
	// The decisions external schedulers are asked, counted once.
	probe, _ := external.New(py+" ../examples/schedulers/easy.py", 0)
	if _, err := sim.Simulate(p, jobs, probe); err != nil {
		b.Fatal(err)
	}
	probe.Close()
	decisions := float64(probe.Decisions())
	for _, algo := range []string{"easy", "exec:" + py + " ../examples/schedulers/easy.py"} {
		name := algo
		if algo != "easy" {
			name = "easy.py"
		}
		b.Run("algo="+name+"/jobs=3000", func(b *testing.B) {
			for b.Loop() {
				s, err := sched.New(algo)
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
