//go:build unix

package bench_test

import (
	"context"
	"fmt"
	"os"
	"runtime/debug"
	"testing"
	"time"

	_ "github.com/gridbench/gridbench/experiments/all"
	"github.com/gridbench/gridbench/pipeline"
)

// BenchmarkReproduce is `gridbench reproduce --fresh` at paper scale, the
// report included and at the command's garbage-collector target
// (pipeline.GCPercent), per study and for all five, with one and two
// workers. Besides the wall time per op it reports cpu-s/op (CPU seconds,
// which a shared machine does not inflate) and cores (CPU over wall: how
// busy the runner keeps the workers). For the speed-up from -j 1 to -j 2,
// BenchmarkReproduceSpeedup pairs the two. One op takes up to a minute:
// run it with -benchtime=1x -count=3. Optional data sets that are absent
// are left out as reproduce leaves them out.
func BenchmarkReproduce(b *testing.B) {
	// From the module root, as the README runs it, so the data sets are
	// found where reproduce looks for them (data/, ../shared/data).
	b.Chdir("..")
	asTheCommand(b)
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
					if _, err := pipeline.Reproduce(context.Background(), pipeline.Options{
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

// BenchmarkReproduceSpeedup is the runner's speed-up from one worker to
// two, paired: each op runs `reproduce --fresh` of all five studies with
// -j 1, then with -j 2, so a machine whose speed drifts between batches
// (a virtual machine's often does) weighs on both alike. speedup is the
// -j 1 wall time over the -j 2 one, summed over the ops; run it with
// -benchtime=1x -count=3 and quote the median.
func BenchmarkReproduceSpeedup(b *testing.B) {
	b.Chdir("..")
	asTheCommand(b)
	var wall [3]time.Duration // by workers
	for b.Loop() {
		for _, workers := range []int{1, 2} {
			out := b.TempDir()
			t0 := time.Now()
			if _, err := pipeline.Reproduce(context.Background(), pipeline.Options{
				Out: out, Workers: workers, Fresh: true, Report: true, Version: "bench"}); err != nil {
				b.Fatal(err)
			}
			wall[workers] += time.Since(t0)
		}
	}
	b.ReportMetric(wall[1].Seconds()/wall[2].Seconds(), "speedup")
	b.ReportMetric(wall[2].Seconds()/float64(b.N), "j2-s/op")
}

// asTheCommand sets the garbage collector's target that the reproduce
// command sets (pipeline.GCPercent) unless GOGC is set, until b ends.
func asTheCommand(b *testing.B) {
	if os.Getenv("GOGC") == "" {
		old := debug.SetGCPercent(pipeline.GCPercent)
		b.Cleanup(func() { debug.SetGCPercent(old) })
	}
}
