package bench_test

import (
	"fmt"
	"testing"

	"github.com/gridbench/gridbench/internal/adapt"
	"github.com/gridbench/gridbench/internal/datadir"
	"github.com/gridbench/gridbench/internal/sched"
	"github.com/gridbench/gridbench/internal/sim"
)

// BenchmarkCheck times sim.Check alone on an EASY run of a RICC prefix, the
// check the simulate command runs beside writing the job CSV.
func BenchmarkCheck(b *testing.B) {
	for _, n := range []int{100000, 400000} {
		b.Run(fmt.Sprintf("trace=RICC/algo=easy/jobs=%d", n), func(b *testing.B) {
			path := datadir.ForTest(b, riccPath)
			jobs, _, err := adapt.LoadSWF(path, n, 8192, adapt.Requested)
			if err != nil {
				b.Fatal(err)
			}
			s, err := sched.New("easy")
			if err != nil {
				b.Fatal(err)
			}
			p := sim.SingleMachine(8192)
			recs, err := sim.Simulate(p, jobs, s)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if err := sim.Check(p, jobs, recs); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
