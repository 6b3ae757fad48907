package bench_test

import (
	"bytes"
	"fmt"
	"path/filepath"
	"testing"

	"gonum.org/v1/plot/vg"

	"github.com/gridbench/gridbench/internal/adapt"
	"github.com/gridbench/gridbench/internal/datadir"
	"github.com/gridbench/gridbench/internal/jobsout"
	"github.com/gridbench/gridbench/internal/sched"
	"github.com/gridbench/gridbench/internal/sim"
	"github.com/gridbench/gridbench/plots"
)

// BenchmarkScheduleFigures times what `gridbench simulate --jobs-out` and
// `gridbench plot` do on an EASY run of a 100,000-job RICC prefix (8192
// CPUs): writing the evalys jobs.csv (the interval allocator included),
// reading it back, and drawing the Gantt chart (aggregated on cells) and
// the utilisation curve (binned) to PNG.
func BenchmarkScheduleFigures(b *testing.B) {
	const n, cpus = 100000, 8192
	path := datadir.ForTest(b, riccPath)
	jobs, _, err := adapt.LoadSWF(path, n, cpus, adapt.Requested)
	if err != nil {
		b.Fatal(err)
	}
	s, err := sched.New("easy")
	if err != nil {
		b.Fatal(err)
	}
	recs, err := sim.Simulate(sim.SingleMachine(cpus), jobs, s)
	if err != nil {
		b.Fatal(err)
	}
	sched := &jobsout.Schedule{Platform: sim.SingleMachine(cpus), Jobs: jobs, Records: recs, Workload: "RICC"}
	var csv bytes.Buffer
	if err := jobsout.WriteEvalys(&csv, sched); err != nil {
		b.Fatal(err)
	}
	file, err := jobsout.Read(bytes.NewReader(csv.Bytes()), "jobs.csv")
	if err != nil {
		b.Fatal(err)
	}
	name := fmt.Sprintf("trace=RICC/jobs=%d", n)
	b.Run(name+"/step=write-evalys", func(b *testing.B) {
		var buf bytes.Buffer
		for b.Loop() {
			buf.Reset()
			if err := jobsout.WriteEvalys(&buf, sched); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run(name+"/step=read", func(b *testing.B) {
		for b.Loop() {
			if _, err := jobsout.Read(bytes.NewReader(csv.Bytes()), "jobs.csv"); err != nil {
				b.Fatal(err)
			}
		}
	})
	out := filepath.Join(b.TempDir(), "fig")
	b.Run(name+"/step=gantt-png", func(b *testing.B) {
		for b.Loop() {
			spec := plots.CPUGanttSpec{Title: "RICC"}
			for _, r := range file.Rows {
				j := plots.CPUJob{Start: r.Start, End: r.End}
				for _, iv := range r.Alloc {
					j.CPUs = append(j.CPUs, [2]int{iv.Lo, iv.Hi})
				}
				spec.Jobs = append(spec.Jobs, j)
			}
			p, err := plots.CPUGantt(spec)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := plots.Save(p, 9*vg.Inch, 5*vg.Inch, out, "png"); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run(name+"/step=utilisation-png", func(b *testing.B) {
		for b.Loop() {
			u := jobsout.Used(file.Rows)
			p, err := plots.Steps(plots.StepSpec{Series: []plots.StepSeries{{Name: "used", T: u.T, Y: u.Y, TEnd: u.T[len(u.T)-1]}}})
			if err != nil {
				b.Fatal(err)
			}
			if _, err := plots.Save(p, 9*vg.Inch, 5*vg.Inch, out, "png"); err != nil {
				b.Fatal(err)
			}
		}
	})
}
