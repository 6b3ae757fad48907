package bench_test

import (
	"fmt"
	"testing"

	"github.com/gridbench/gridbench/internal/adapt"
	"github.com/gridbench/gridbench/internal/datadir"
	"github.com/gridbench/gridbench/internal/gridway"
)

// BenchmarkFederation times one federation run per policy (three users of
// 550 jobs) continuing from the shared background prefix at the start of
// day 2, with the whole LCG trace as background at the calibrated scale;
// SO and SO-AS include their Normal training run. cpu-ns/op is the
// process's CPU time per run (user and system, all threads), which a
// shared machine inflates far less than the wall time. The trace is read and
// the prefix built once, outside the timer, as the experiment's executor
// does. events/op is the deterministic work count of the policy's run
// (without the training run).
func BenchmarkFederation(b *testing.B) {
	cfg, bg, pre := federationPrefix(b)
	for _, p := range gridway.Names {
		b.Run(fmt.Sprintf("policy=%s/bg=%d", p, len(bg)), func(b *testing.B) {
			var events int64
			c0 := processCPU()
			for b.Loop() {
				res, _, err := gridway.Simulate(cfg, bg, pre, p)
				if err != nil {
					b.Fatal(err)
				}
				events = res.Events
			}
			reportCPU(b, c0)
			b.ReportMetric(float64(events), "events/op")
		})
	}
}

// federationPrefix reads the LCG trace and builds the paper's background
// prefix up to the start of day 2.
func federationPrefix(b testing.TB) (gridway.Config, []gridway.BGJob, *gridway.Sim) {
	path := datadir.ForTest(b, "LCG-2005-1/LCG.swf.gz")
	bg, err := adapt.Background(path, 0)
	if err != nil {
		b.Fatal(err)
	}
	cfg := gridway.DefaultConfig()
	pre, err := gridway.Prefix(cfg, bg, gridway.Day)
	if err != nil {
		b.Fatal(err)
	}
	return cfg, bg, pre
}

// BenchmarkFederationSaturation times the background-only saturation the
// federation page reports: free PEs at the three submissions and the share
// of 30 s cycles with a free PE over the 2 h and 6 h after each.
func BenchmarkFederationSaturation(b *testing.B) {
	cfg, _, pre := federationPrefix(b)
	at := []float64{gridway.PaperSubmit(0), gridway.PaperSubmit(1), gridway.PaperSubmit(2)}
	c0 := processCPU()
	for b.Loop() {
		gridway.BackgroundSaturation(pre, at, []float64{2 * 3600, 6 * 3600}, cfg.SchedulingInterval)
	}
	reportCPU(b, c0)
}

// BenchmarkFederationBackground times the background-only simulation of the
// LCG testbed (FCFS, 2,000 PEs) over graded prefixes of the trace, the
// part of every run that the shared prefix saves.
func BenchmarkFederationBackground(b *testing.B) {
	path := datadir.ForTest(b, "LCG-2005-1/LCG.swf.gz")
	bg, err := adapt.Background(path, 0)
	if err != nil {
		b.Fatal(err)
	}
	cfg := gridway.DefaultConfig()
	for _, days := range []int{1, 4, 11} {
		b.Run(fmt.Sprintf("days=%d", days), func(b *testing.B) {
			c0 := processCPU()
			for b.Loop() {
				if _, err := gridway.Prefix(cfg, bg, float64(days)*gridway.Day); err != nil {
					b.Fatal(err)
				}
			}
			reportCPU(b, c0)
		})
	}
}
