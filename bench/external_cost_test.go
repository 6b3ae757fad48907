//go:build unix

package bench_test

import (
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"github.com/gridbench/gridbench/internal/adapt"
	"github.com/gridbench/gridbench/internal/datadir"
	"github.com/gridbench/gridbench/internal/sched"
	"github.com/gridbench/gridbench/internal/sched/external"
	"github.com/gridbench/gridbench/internal/sim"
)

// BenchmarkExternalCost splits a decision of the exec: protocol between
// gridbench's side and the scheduler's. It runs the first 3,000 KTH jobs
// on 100 CPUs through echosched (testdata/echosched: first come, first
// served in Go, about the cheapest scheduler that completes a run, its
// starts checked against the built-in fcfs) and through the shipped
// easy.py, and reports per decision the wall time, the CPU time of this
// process (gridbench's side: encoding, pipes, decoding, applying the
// starts, the simulator), the kernel's part of it (the pipes' system
// calls and wake-ups), and the CPU time of the scheduler process. CPU
// times do not grow with the machine's load as wall times do. go-cpu is
// exact (the scheduler's run-time clock); go-sys is not: where Linux
// accounts CPU time by tick (CONFIG_TICK_CPU_ACCOUNTING), it splits that
// time into user and system in the proportion of the clock ticks (250 a
// second, say) that found the process in each, a few dozen per run here,
// so it moves by a µs or more between runs that do the same work.
func BenchmarkExternalCost(b *testing.B) {
	path := datadir.ForTest(b, "pwa-swf/KTH-SP2-1996-2.1-cln.swf.gz")
	jobs, _, err := adapt.LoadSWF(path, 3000, 100, adapt.Requested)
	if err != nil {
		b.Fatal(err)
	}
	p := sim.SingleMachine(100)
	echo := filepath.Join(b.TempDir(), "echosched")
	if out, err := exec.Command("go", "build", "-o", echo, "./testdata/echosched").CombinedOutput(); err != nil {
		b.Fatalf("building echosched: %v\n%s", err, out)
	}
	cmds := [][2]string{{"echosched", echo}}
	if py, err := exec.LookPath("python3"); err == nil {
		cmds = append(cmds, [2]string{"easy.py", py + " ../examples/schedulers/easy.py"})
	}
	fcfs, err := sched.New("fcfs")
	if err != nil {
		b.Fatal(err)
	}
	want, err := sim.Simulate(p, jobs, fcfs)
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range cmds {
		b.Run("algo="+c[0]+"/jobs=3000", func(b *testing.B) {
			b.ReportAllocs()
			decisions := 0
			self0, child0 := cpuTimes(b)
			sys0 := kernelTime(b)
			for b.Loop() {
				s, err := external.New(c[1], 0)
				if err != nil {
					b.Fatal(err)
				}
				recs, err := sim.Simulate(p, jobs, s)
				if err != nil {
					b.Fatal(err)
				}
				s.Close()
				decisions += s.Decisions()
				if c[0] == "echosched" && !slices.Equal(recs, want) {
					b.Fatal("echosched's starts differ from the built-in fcfs")
				}
			}
			self, child := cpuTimes(b)
			sys := kernelTime(b)
			d := float64(decisions)
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/d, "ns/decision")
			b.ReportMetric(float64((self-self0).Nanoseconds())/d, "go-cpu-ns/decision")
			b.ReportMetric(float64((sys-sys0).Nanoseconds())/d, "go-sys-ns/decision")
			b.ReportMetric(float64((child-child0).Nanoseconds())/d, "child-cpu-ns/decision")
		})
	}
}
