package bench_test

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/gridbench/gridbench/cmd/gridbench/simrun"
	"github.com/gridbench/gridbench/internal/adapt"
	"github.com/gridbench/gridbench/internal/datadir"
	"github.com/gridbench/gridbench/internal/sched"
	"github.com/gridbench/gridbench/internal/sim"
)

// BenchmarkJobsCSV times the simulate command's output alone: the job CSV
// of an EASY run on a RICC prefix (times of the order of 10^7 seconds, the
// 'g' form's exponent case), written and renamed into place.
func BenchmarkJobsCSV(b *testing.B) {
	const n = 100000
	b.Run(fmt.Sprintf("trace=RICC/jobs=%d", n), func(b *testing.B) {
		path := datadir.ForTest(b, riccPath)
		jobs, _, err := adapt.LoadSWF(path, n, 8192, adapt.Requested)
		if err != nil {
			b.Fatal(err)
		}
		s, err := sched.New("easy")
		if err != nil {
			b.Fatal(err)
		}
		recs, err := sim.Simulate(sim.SingleMachine(8192), jobs, s)
		if err != nil {
			b.Fatal(err)
		}
		out := filepath.Join(b.TempDir(), "jobs.csv")
		b.ReportAllocs()
		for b.Loop() {
			if err := simrun.WriteJobsCSV(out, jobs, recs); err != nil {
				b.Fatal(err)
			}
		}
	})
}
