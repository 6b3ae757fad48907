package schedbased

import (
	"fmt"
	"syscall"
	"testing"

	"github.com/gridbench/gridbench/generators/jobstream"
	"github.com/gridbench/gridbench/internal/adapt"
	"github.com/gridbench/gridbench/internal/sim"
)

func BenchmarkZZ(b *testing.B) {
	for _, ia := range []float64{1, 5} {
		spec := jobstream.Default(ia)
		inst, _ := adapt.GenerateDeadline(spec, 1)
		for _, name := range []string{"egedf", "tabu", "alg3"} {
			for _, direct := range []bool{true, false} {
				b.Run(fmt.Sprintf("ia=%v/%s/direct=%v", ia, name, direct), func(b *testing.B) {
					var ru syscall.Rusage
					cpu := func() int64 { syscall.Getrusage(syscall.RUSAGE_SELF, &ru); return ru.Utime.Nano() + ru.Stime.Nano() }
					c0 := cpu()
					for b.Loop() {
						var s *Scheduler
						if name == "alg3" {
							s = NewTabuAlg3(1)
						} else {
							s = schedulers(1)[name]()
						}
						s.direct = direct
						sm, _ := sim.New(inst.Platform, inst.Jobs, s)
						sm.Run()
					}
					b.ReportMetric(float64(cpu()-c0)/float64(b.N), "cpu-ns/op")
				})
			}
		}
	}
}
