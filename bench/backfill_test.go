package bench_test

import (
	"fmt"
	"testing"

	"github.com/gridbench/gridbench/internal/adapt"
	"github.com/gridbench/gridbench/internal/datadir"
	_ "github.com/gridbench/gridbench/internal/sched/backfill"
	"github.com/gridbench/gridbench/internal/sim"
)

// BenchmarkBaselines runs the standard baselines of package backfill
// beside EASY on the bundled KTH-SP2 log with requested times (the
// backfilling study's main case); loading is outside the timed loop.
func BenchmarkBaselines(b *testing.B) {
	path := datadir.ForTest(b, "KTH-SP2/KTH-SP2-1996-2.1-cln.swf.gz")
	jobs, _, err := adapt.LoadSWF(path, 0, 100, adapt.Requested)
	if err != nil {
		b.Fatal(err)
	}
	for _, algo := range []string{"easy", "easy-sjbf", "easy-wfp3", "easypp-reqtime", "easypp-avg2-tsafrir", "easypp-sgd-reqtime", "cons"} {
		b.Run(fmt.Sprintf("trace=KTH-SP2/algo=%s/cpus=100/estimate=requested", algo), func(b *testing.B) {
			runSim(b, sim.SingleMachine(100), jobs, algo)
		})
	}
}
