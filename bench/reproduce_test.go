//go:build unix

package bench_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/gridbench/gridbench/experiments"
	_ "github.com/gridbench/gridbench/experiments/all"
)

// BenchmarkReproduce is `gridbench reproduce --fresh` at paper scale, the
// report included, per study and for all five, with one and two workers.
// Besides the wall time per op it reports cpu-s/op (CPU seconds, which a
// shared machine does not inflate) and cores (CPU over wall: how busy the
// runner keeps the workers). The speed-up from -j 1 to -j 2 is the ratio of
// the two sub-benchmarks' sec/op. One op takes up to a minute: run it with
// -benchtime=1x -count=3. Optional data sets that are absent are left out
// as reproduce leaves them out.
func BenchmarkReproduce(b *testing.B) {
	// From the module root, as the README runs it, so the data sets are
	// found where reproduce looks for them (data/, ../shared/data).
	b.Chdir("..")
	studies := [][]string{{"immediate"}, {"deadline"}, {"roundrobin"}, {"federation"}, {"backfilling"}, nil}
	for _, only := range studies {
		name := "all"
		if only != nil {
			name = only[0]
		}
		for _, workers := range []int{1, 2} {
			b.Run(fmt.Sprintf("study=%s/workers=%d", name, workers), func(b *testing.B) {
				var cpu, wall time.Duration
				for b.Loop() {
					out := b.TempDir()
					c0, _ := cpuTimes(b)
					t0 := time.Now()
					if _, err := experiments.Reproduce(context.Background(), experiments.Options{
						Only: only, Out: out, Workers: workers, Fresh: true, Report: true, Version: "bench"}); err != nil {
						b.Fatal(err)
					}
					c1, _ := cpuTimes(b)
					cpu += c1 - c0
					wall += time.Since(t0)
				}
				b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/op")
				b.ReportMetric(cpu.Seconds()/wall.Seconds(), "cores")
			})
		}
	}
}
