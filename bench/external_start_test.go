//go:build unix

package bench_test

import (
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/gridbench/gridbench/internal/sched/external"
	"github.com/gridbench/gridbench/internal/sim"
)

// BenchmarkExternalStart is what an exec: scheduler costs per run before
// its first decision: starting the process (on Linux through the small
// supervisor that ends its process group when gridbench dies), hello and
// ready, one decision, end and exit, through echosched on two jobs. It
// reports the CPU time of this process and of its children (the
// supervisor and the scheduler) per run.
func BenchmarkExternalStart(b *testing.B) {
	echo := filepath.Join(b.TempDir(), "echosched")
	if out, err := exec.Command("go", "build", "-o", echo, "./testdata/echosched").CombinedOutput(); err != nil {
		b.Fatalf("building echosched: %v\n%s", err, out)
	}
	jobs := []sim.Job{{ID: 1, Run: 10, CPUs: 1}, {ID: 2, Submit: 1, Run: 5, CPUs: 1}}
	b.Run("algo=echosched/jobs=2", func(b *testing.B) {
		self0, child0 := cpuTimes(b)
		for b.Loop() {
			s, err := external.New(echo, 0)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := sim.Simulate(sim.SingleMachine(2), jobs, s); err != nil {
				b.Fatal(err)
			}
			if err := s.Close(); err != nil {
				b.Fatal(err)
			}
		}
		// CPU times, which the machine's load does not stretch as it
		// does the wall time.
		self, child := cpuTimes(b)
		b.ReportMetric(float64((self-self0).Nanoseconds())/float64(b.N), "self-cpu-ns/op")
		b.ReportMetric(float64((child-child0).Nanoseconds())/float64(b.N), "child-cpu-ns/op")
	})
}
