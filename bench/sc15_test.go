package bench_test

import (
	"fmt"
	"testing"

	"github.com/gridbench/gridbench/internal/adapt"
	"github.com/gridbench/gridbench/internal/datadir"
	"github.com/gridbench/gridbench/internal/sched"
	_ "github.com/gridbench/gridbench/internal/sched/backfill"
	"github.com/gridbench/gridbench/internal/sim"
)

// BenchmarkArtefact runs the backfilling study's reference configurations
// on the SC'15 authors' inputs in both event orders: pyss's one pass per
// event (the study's default) against gridbench's one pass per instant.
// Loading is outside the timed loop; logs absent from the data root skip.
func BenchmarkArtefact(b *testing.B) {
	for _, log := range datadir.SC15Logs {
		for _, c := range []struct {
			algo string
			est  adapt.Estimate
		}{{"easy", adapt.Requested}, {"easy-sjbf", adapt.Exact}} {
			for _, o := range []struct {
				name  string
				order sim.EventOrder
			}{{"per-event", sim.PerEvent}, {"batched", sim.Batched}} {
				b.Run(fmt.Sprintf("log=%s/algo=%s/estimate=%s/order=%s", log, c.algo, c.est, o.name), func(b *testing.B) {
					a, err := adapt.LoadArtefact(datadir.ForTest(b, datadir.SC15Dir(log)+"/res_easy_backfill_scheduler_None_None.swf.gz"), c.est)
					if err != nil {
						b.Fatal(err)
					}
					b.ReportAllocs()
					for b.Loop() {
						s, err := sched.New(c.algo)
						if err != nil {
							b.Fatal(err)
						}
						if _, err := sim.SimulateWith(sim.SingleMachine(a.CPUs), a.Jobs, s, sim.Options{Order: o.order}); err != nil {
							b.Fatal(err)
						}
					}
					b.ReportMetric(float64(len(a.Jobs))*float64(b.N)/b.Elapsed().Seconds(), "jobs/s")
				})
			}
		}
	}
}
